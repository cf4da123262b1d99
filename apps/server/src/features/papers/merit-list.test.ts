// The merit list's text (merit-list.ts): who is listed, ties at the cut, and the fit to a message.
import { MESSAGE_MAX_LENGTH } from '@academy/contract';
import { describe, expect, it } from 'vitest';
import { meritListText, meritRows, type MeritRow } from './merit-list';

const row = (rank: number, name: string, school = 'Royal College', marks = 50 - rank): MeritRow => ({ rank, name, school, marks });

describe('the merit list', () => {
  const rows = [row(3, 'Chamari Silva'), row(1, 'Amal Perera'), row(5, 'Eshan Fernando'), row(3, 'Bimal Jayasuriya'), row(2, 'Dilki Ranasinghe')];

  it('includes everyone tied with the Nth, ordered by rank then name', () => {
    expect(meritRows(rows, 3).map((r) => r.name)).toEqual(['Amal Perera', 'Dilki Ranasinghe', 'Bimal Jayasuriya', 'Chamari Silva']);
    expect(meritRows(rows, 4)).toHaveLength(4);
    expect(meritRows(rows, 5)).toHaveLength(5);
    expect(meritRows(rows, 1)).toHaveLength(1);
  });

  it('lists rank, name, school and marks under a header', () => {
    const list = meritListText({ title: 'Paper 7: the Kandyan Kingdom', maxMarks: 50, sat: 1834, top: 3, rows: [...rows, row(4, 'Fathima Rizvi', '')] });
    expect(list).toEqual({
      text: [
        'Merit list: Paper 7: the Kandyan Kingdom',
        'Top 3 of 1,834 who sat',
        '',
        '1. Amal Perera, Royal College: 49/50',
        '2. Dilki Ranasinghe, Royal College: 48/50',
        '3. Bimal Jayasuriya, Royal College: 47/50',
        '3. Chamari Silva, Royal College: 47/50',
      ].join('\n'),
      listed: 4,
      omitted: 0,
    });
  });

  it('leaves out an empty school, and keeps each row on one line', () => {
    const list = meritListText({ title: 'Paper 1', maxMarks: 10, sat: 1, top: 1, rows: [row(1, 'Amal\nPerera', '', 9)] });
    expect(list.text.split('\n').at(-1)).toBe('1. Amal Perera: 9/10');
  });

  it('shortens long names and schools before leaving anyone out', () => {
    const long = Array.from({ length: 30 }, (_, i) => row(i + 1, `${'ශ්‍රී '.repeat(25)}${i}`, 'Visakha Vidyalaya, Colombo 05 '.repeat(4)));
    const list = meritListText({ title: 'Paper 2', maxMarks: 100, sat: 400, top: 30, rows: long });
    expect(list.text.length).toBeLessThanOrEqual(MESSAGE_MAX_LENGTH);
    expect(list).toMatchObject({ listed: 30, omitted: 0 });
    expect(list.text).toContain('…');
  });

  it('never cuts a Sinhala letter from its vowel sign', () => {
    const list = meritListText({ title: 'P', maxMarks: 1, sat: 1, top: 1, rows: [row(1, 'කා'.repeat(40), '', 1)] }, 80);
    expect(list.listed).toBe(1);
    expect(list.text.split('\n').at(-1)).toMatch(/^1\. (කා)+…: 1\/1$/);
  });

  it('leaves off the last rows, saying how many, only when shortening is not enough', () => {
    const tied = Array.from({ length: 400 }, (_, i) => row(1, `Student number ${i}`, 'Ananda College', 50));
    const list = meritListText({ title: 'Paper 3', maxMarks: 50, sat: 400, top: 10, rows: tied });
    expect(list.text.length).toBeLessThanOrEqual(MESSAGE_MAX_LENGTH);
    expect(list.listed + list.omitted).toBe(400);
    expect(list.omitted).toBeGreaterThan(0);
    expect(list.text.endsWith(`…and ${list.omitted} more`)).toBe(true);
  });

  it('keeps as many rows as the limit holds', () => {
    const tied = Array.from({ length: 50 }, (_, i) => row(1, `Student ${i}`, '', 50));
    for (let limit = 80; limit <= 140; limit += 4) {
      const list = meritListText({ title: 'Paper 4', maxMarks: 50, sat: 50, top: 1, rows: tied }, limit);
      expect(list.text.length).toBeLessThanOrEqual(limit);
      const oneMore = meritListText({ title: 'Paper 4', maxMarks: 50, sat: 50, top: 1, rows: tied }, limit + 25);
      expect(oneMore.listed).toBeGreaterThan(list.listed);
    }
  });

  it('says who sat when no one is listed', () => {
    expect(meritListText({ title: 'Paper 5', maxMarks: 50, sat: 0, top: 10, rows: [] }).text).toBe('Merit list: Paper 5\nTop 10 of 0 who sat');
  });
});

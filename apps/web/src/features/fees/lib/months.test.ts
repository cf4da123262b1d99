import { afterAll, describe, expect, it } from 'vitest';
import { addMonths, dayLabel, englishMonthsInLanguage, monthLabel, monthRange, shortDayLabel, sinhalaDayLabel, sinhalaMonthLabel, sriLankaDay, sriLankaMonth } from './months';

// Months and days are Sri Lanka's whatever the device's zone (docs/fees.md 'Time'): the
// same labels on a device set to Sri Lanka, UTC or New York (Node applies a TZ set at run time).

const ZONES = ['Asia/Colombo', 'UTC', 'America/New_York'];
const startingZone = process.env.TZ;

afterAll(() => {
  if (startingZone === undefined) delete process.env.TZ;
  else process.env.TZ = startingZone;
});

describe.each(ZONES)('on a device set to %s', (zone) => {
  it('names months by Intl in English and Sinhala', () => {
    process.env.TZ = zone;
    expect(monthLabel('2026-11', 'en')).toBe('November 2026');
    expect(monthLabel('2027-01', 'en')).toBe('January 2027');
    const sinhala = monthLabel('2026-11', 'si');
    expect(sinhala).toBe(new Intl.DateTimeFormat('si-LK', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 15))));
    expect(sinhala).toMatch(/2026/);
    expect(sinhala).toMatch(/[\u0D80-\u0DFF]/);
    expect(monthLabel('not a month', 'en')).toBe('not a month');
  });

  it('says a Sri Lanka day, and an instant, as the day it is in Sri Lanka', () => {
    process.env.TZ = zone;
    expect(shortDayLabel('2026-11-10', 'en')).toBe(new Intl.DateTimeFormat('en-LK', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 10))));
    expect(shortDayLabel('2026-11-10', 'en')).toMatch(/10/);
    // The grace end: 23:59:59.999 on 15 November in Sri Lanka is still the 15th, whatever the zone.
    expect(shortDayLabel('2026-11-15T18:29:59.999Z', 'en')).toMatch(/15/);
    // The due day's start: 00:00 on 10 November in Sri Lanka is 9 November in UTC.
    expect(shortDayLabel('2026-11-09T18:30:00.000Z', 'en')).toMatch(/10/);
    expect(dayLabel('2026-11-10', 'en')).toMatch(/2026/);
  });

  it('knows the Sri Lanka month and day of an instant', () => {
    process.env.TZ = zone;
    // 31 October 19:00 UTC is 1 November 00:30 in Sri Lanka.
    expect(sriLankaMonth(Date.parse('2026-10-31T19:00:00Z'))).toBe('2026-11');
    expect(sriLankaDay(Date.parse('2026-10-31T19:00:00Z'))).toBe('2026-11-01');
    expect(sriLankaMonth(Date.parse('2026-10-31T18:29:59Z'))).toBe('2026-10');
  });
});

describe('without Sinhala date data in the browser', () => {
  it('months are still said in Sinhala', () => {
    expect(sinhalaMonthLabel('2026-11')).toBe('නොවැම්බර් 2026');
    expect(sinhalaMonthLabel('2027-01')).toBe('ජනවාරි 2027');
    expect(sinhalaMonthLabel('2026-13')).toBe('2026-13');
  });

  it.each(ZONES)('days are said as the Sri Lanka day, on a device set to %s', (zone) => {
    process.env.TZ = zone;
    // The grace end, 23:59:59.999 on 15 November in Sri Lanka.
    expect(sinhalaDayLabel(new Date('2026-11-15T18:29:59.999Z'), false)).toBe('නොවැම්බර් 15');
    expect(sinhalaDayLabel(new Date('2026-11-09T18:30:00.000Z'), true)).toBe('2026 නොවැම්බර් 10');
  });
});

describe('month arithmetic', () => {
  it('counts across years', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(addMonths('2026-06', 13)).toBe('2027-07');
    expect(monthRange('2026-11', '2027-02')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthRange('2026-11', '2026-10')).toEqual([]);
  });
});

describe("the server's English months", () => {
  it('are said in the reader’s language', () => {
    expect(englishMonthsInLanguage('November 2026, December 2026', 'en')).toBe('November 2026, December 2026');
    expect(englishMonthsInLanguage('November 2026, December 2026', 'si')).toBe(`${monthLabel('2026-11', 'si')}, ${monthLabel('2026-12', 'si')}`);
    expect(englishMonthsInLanguage('Nimal', 'si')).toBe('Nimal');
  });
});

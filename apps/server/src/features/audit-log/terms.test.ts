import { describe, expect, it } from 'vitest';
import { searchRanges, termsOf } from './terms';

describe('search words', () => {
  it('stores lower-cased words split on spaces, punctuation trimmed at their ends, e-mails and ids whole, once each', () => {
    expect(termsOf(['Kasun  Perera', '(Kasun.P@Example.lk)', 'Lesson 3 - Colonial era.mp4', 'kasun'])).toEqual([
      'kasun',
      'perera',
      'kasun.p@example.lk',
      'lesson',
      '3',
      'colonial',
      'era.mp4',
    ]);
    expect(termsOf(['සඳුනි සිල්වා'])).toEqual(['සඳුනි', 'සිල්වා']);
    expect(termsOf(['x'.repeat(300)])[0]).toHaveLength(200);
  });

  it('turns each typed word of two or more characters into the range of the terms that start with it, at most five', () => {
    expect(searchRanges('Kas')).toEqual([['kas', 'kat']]);
    expect(searchRanges('perera 25T')).toEqual([
      ['perera', 'pererb'],
      ['25t', '25u'],
    ]);
    expect(searchRanges(' -- % ')).toEqual([]);
    expect(searchRanges('lesson 3 a')).toEqual([['lesson', 'lessoo']]);
    expect(searchRanges('ab cd ef gh ij kl mn')).toHaveLength(5);
  });
});

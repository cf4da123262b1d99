// Money's string arithmetic (money.ts): cents to PayHere's amount and back, without a float.
import { describe, expect, it } from 'vitest';
import { amountToCents, centsToAmount, referenceKey, rupeesToCents } from './money';

describe('cents as PayHere amounts', () => {
  it('writes two decimals, a point and no thousands separator', () => {
    expect(centsToAmount(250000)).toBe('2500.00');
    expect(centsToAmount(125050)).toBe('1250.50');
    expect(centsToAmount(5)).toBe('0.05');
    expect(centsToAmount(0)).toBe('0.00');
    expect(centsToAmount(240_000_000)).toBe('2400000.00');
  });

  it('refuses what is not whole cents', () => {
    expect(() => centsToAmount(12.5)).toThrow(RangeError);
    expect(() => centsToAmount(-1)).toThrow(RangeError);
  });

  it('reads PayHere amounts back, with or without commas and decimals', () => {
    expect(amountToCents('2500.00')).toBe(250000);
    expect(amountToCents('1,250.50')).toBe(125050);
    expect(amountToCents('1,250.5')).toBe(125050);
    expect(amountToCents('2500')).toBe(250000);
    expect(amountToCents('0.05')).toBe(5);
    expect(amountToCents('999999999.99')).toBe(99_999_999_999);
  });

  it('refuses anything else', () => {
    for (const bad of ['', '.5', '2500.', '2500.000', '-1.00', '1e3', ' 2500.00', '2500.00 ', '0x10', '1234567890.00', 'LKR 2500']) {
      expect(amountToCents(bad), bad).toBeNull();
    }
  });

  it('goes both ways for every cent value it writes', () => {
    for (const cents of [0, 1, 9, 10, 99, 100, 101, 12_345, 250_000, 10_000_000]) expect(amountToCents(centsToAmount(cents))).toBe(cents);
  });

  it('turns whole rupees into cents', () => {
    expect(rupeesToCents(2500)).toBe(250000);
    expect(rupeesToCents(100_000)).toBe(10_000_000);
  });
});

describe('reference keys', () => {
  it('match references that differ only in case, spaces, dashes and slashes, at the same bank', () => {
    expect(referenceKey('BOC', 'ab-12 / 3')).toBe(referenceKey('BOC', 'AB123'));
    expect(referenceKey('BOC', 'AB123')).toBe('BOC:AB123');
    expect(referenceKey('BOC', 'AB123')).not.toBe(referenceKey('HNB', 'AB123'));
  });
});

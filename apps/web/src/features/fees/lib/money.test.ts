import { describe, expect, it } from 'vitest';
import { centsToRupeesText, formatMoney, rupeesTextToCents } from './money';

/** Intl keeps the currency and the figure together with a no-break space. */
const NBSP = '\u00a0';

// Amounts as the fees screens show and read them (docs/fees.md 'Money'): whole cents in,
// Intl's words out, in English and Sinhala; typed rupees read back by string arithmetic.

describe('money on the screen', () => {
  it('says cents as rupees in English and Sinhala', () => {
    expect(formatMoney(250_000, 'en')).toBe(`LKR${NBSP}2,500.00`);
    expect(formatMoney(250_000, 'si')).toBe(`රු.${NBSP}2,500.00`);
    expect(formatMoney(125_050, 'en')).toBe(`LKR${NBSP}1,250.50`);
    expect(formatMoney(1, 'en')).toBe(`LKR${NBSP}0.01`);
    expect(formatMoney(0, 'si')).toBe(`රු.${NBSP}0.00`);
    // A 24-month payment at the largest fee.
    expect(formatMoney(240_000_000, 'en')).toBe(`LKR${NBSP}2,400,000.00`);
  });

  it('half of an odd fee in cents is said to the cent', () => {
    expect(formatMoney(Math.floor(250_001 / 2), 'en')).toBe(`LKR${NBSP}1,250.00`);
  });
});

describe('typed rupees', () => {
  it('are read into cents without a float', () => {
    expect(rupeesTextToCents('2500')).toBe(250_000);
    expect(rupeesTextToCents('2,500.5')).toBe(250_050);
    expect(rupeesTextToCents(' 1 250.05 ')).toBe(125_005);
    expect(rupeesTextToCents('0.29')).toBe(29);
    expect(rupeesTextToCents('1.005')).toBeNull();
    expect(rupeesTextToCents('-5')).toBeNull();
    expect(rupeesTextToCents('')).toBeNull();
    expect(rupeesTextToCents(`LKR${NBSP}5`)).toBeNull();
  });

  it('and cents are written back as a plain figure', () => {
    expect(centsToRupeesText(250_000)).toBe('2500.00');
    expect(centsToRupeesText(5)).toBe('0.05');
    expect(centsToRupeesText(125_050)).toBe('1250.50');
  });
});

import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../../i18n/en';
import { si } from '../../../i18n/si';
import { feeStateLine, payable, standingOfItem, type MonthStanding } from './fee-states';
import { formatMoney } from './money';
import { monthLabel, shortDayLabel } from './months';

// Every state line of docs/fees.md 'What a student sees', in English and Sinhala, on a
// device set to Sri Lanka, UTC or New York: the days are Sri Lanka's whatever the device's zone.

const ZONES = ['Asia/Colombo', 'UTC', 'America/New_York'];
const startingZone = process.env.TZ;

/** November 2026: LKR 2,500.00 due on 10 November (00:00 Sri Lanka), grace to the end of 15 November. */
const NOVEMBER = {
  month: '2026-11',
  amountCents: 250_000,
  dueOn: '2026-11-09T18:30:00.000Z',
  graceEndsOn: '2026-11-15T18:29:59.999Z',
} as const;

function standing(overrides: Partial<MonthStanding>): MonthStanding {
  return { ...NOVEMBER, access: 'locked', ...overrides };
}

beforeAll(async () => {
  await i18next.init({ lng: 'en', fallbackLng: 'en', resources: { en: { translation: en }, si: { translation: si } }, interpolation: { escapeValue: false } });
});

afterAll(async () => {
  await i18next.changeLanguage('en');
  if (startingZone === undefined) delete process.env.TZ;
  else process.env.TZ = startingZone;
});

describe.each(ZONES)('state lines on a device set to %s', (zone) => {
  beforeAll(async () => {
    process.env.TZ = zone;
    await i18next.changeLanguage('en');
  });

  it('locked: the amount and the due day', () => {
    expect(feeStateLine(standing({}))).toBe(`LKR\u00a02,500.00 · due ${shortDayLabel('2026-11-10', 'en')}`);
    expect(shortDayLabel(NOVEMBER.dueOn, 'en')).toBe(shortDayLabel('2026-11-10', 'en'));
    expect(feeStateLine(standing({ overdue: true }))).toBe(`LKR\u00a02,500.00 · was due ${shortDayLabel('2026-11-10', 'en')}`);
  });

  it('grace: open until the grace end, pay to keep it', () => {
    expect(feeStateLine(standing({ access: 'grace' }))).toBe(`Open until ${shortDayLabel('2026-11-15', 'en')}: pay November 2026 to keep it`);
  });

  it('pending: a slip under review, or PayHere processing, in grace or locked', () => {
    expect(feeStateLine(standing({ pending: 'slip' }))).toBe('Bank slip under review');
    expect(feeStateLine(standing({ pending: 'order' }))).toBe('PayHere is processing');
    expect(feeStateLine(standing({ access: 'grace', pending: 'slip' }))).toBe('Bank slip under review');
  });

  it('open: paid with its receipt, free, opened by the academy, or simply open in a listing', () => {
    expect(feeStateLine(standing({ access: 'open', state: 'paid', receiptNo: 123 }))).toBe('Paid · Receipt No. 000123');
    expect(feeStateLine(standing({ access: 'open', state: 'free' }))).toBe('Free');
    expect(feeStateLine(standing({ access: 'open', state: 'exception' }))).toBe('Opened by the academy');
    expect(feeStateLine(standingOfItem({ month: '2026-11', state: 'open' }))).toBe('Open');
  });

  it('a reversed payment says so', () => {
    expect(feeStateLine(standing({ state: 'unpaid', reversed: true }))).toBe('Your bank reversed this payment');
  });

  it('in Sinhala: the same lines in Sinhala words, with Sinhala money and months', async () => {
    await i18next.changeLanguage('si');
    try {
      const locked = feeStateLine(standing({}));
      expect(locked).toContain(formatMoney(250_000, 'si'));
      expect(locked).toContain(shortDayLabel('2026-11-10', 'si'));
      expect(feeStateLine(standing({ access: 'grace' }))).toContain(monthLabel('2026-11', 'si'));
      for (const line of [locked, feeStateLine(standing({ pending: 'slip' })), feeStateLine(standing({ access: 'open', state: 'paid', receiptNo: 7 }))]) {
        expect(line).toMatch(/[\u0D80-\u0DFF]/);
      }
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});

describe('what can be paid', () => {
  it('a locked or grace month with nothing pending; never an open or pending one', () => {
    expect(payable(standing({}))).toBe(true);
    expect(payable(standing({ access: 'grace' }))).toBe(true);
    expect(payable(standing({ pending: 'slip' }))).toBe(false);
    expect(payable(standing({ access: 'open' }))).toBe(false);
    expect(payable(standing({ access: 'open', state: 'paid' }))).toBe(false);
    expect(payable(standing({ access: 'grace', state: 'unpaid' }))).toBe(true);
  });
});

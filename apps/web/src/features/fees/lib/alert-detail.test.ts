import { describe, expect, it } from 'vitest';
import { alertFacts } from './alert-detail';

describe("an alert's facts", () => {
  it('reads the months, the receipt and the amount', () => {
    expect(alertFacts({ months: ['2026-11', '2026-12'], receiptNo: 123, amountCents: 500_000, requestId: 'x' })).toEqual({
      months: ['2026-11', '2026-12'],
      receiptNo: 123,
      amountCents: 500_000,
    });
  });

  it('takes one month, and leaves out what is not of its kind', () => {
    expect(alertFacts({ month: '2026-11', receiptNo: '7', amountCents: 1.5 })).toEqual({ months: ['2026-11'], receiptNo: null, amountCents: null });
    expect(alertFacts({ months: ['November', 3, '2026-01'] })).toEqual({ months: ['2026-01'], receiptNo: null, amountCents: null });
    expect(alertFacts({})).toEqual({ months: [], receiptNo: null, amountCents: null });
  });
});

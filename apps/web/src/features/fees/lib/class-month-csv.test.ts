import { describe, expect, it } from 'vitest';
import { classMonthCsv, type ClassMonthCsvWords } from './class-month-csv';

const WORDS: ClassMonthCsvWords = {
  columns: ['Name', 'Reg no', 'Batch', 'State', 'Method', 'Receipt', 'Amount', 'Reminded'],
  state: (state) => ({ paid: 'Paid', unpaid: 'Unpaid' })[state] ?? state,
  method: (method) => ({ cash: 'Cash' })[method] ?? method,
  receipt: (receiptNo) => String(receiptNo).padStart(6, '0'),
};

describe("the month page's CSV", () => {
  it('has a row per student with their state, method and receipt, formula-guarded, with a byte-order mark', () => {
    const text = classMonthCsv(
      [
        { name: 'Kasun Perera', regNo: 'R-1', batch: '2026', state: 'paid', method: 'cash', receiptNo: 123, amountCents: 250_000 },
        { name: '=HYPERLINK("x")', regNo: null, batch: null, state: 'unpaid', amountCents: 250_000, remindedAt: '2026-11-20T04:00:00.000Z' },
      ],
      WORDS,
    );
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toEqual([
      '"Name","Reg no","Batch","State","Method","Receipt","Amount","Reminded"',
      '"Kasun Perera","R-1","2026","Paid","Cash","000123","2500.00",""',
      '"\'=HYPERLINK(""x"")","","","Unpaid","","","2500.00","2026-11-20T04:00:00.000Z"',
    ]);
  });
});

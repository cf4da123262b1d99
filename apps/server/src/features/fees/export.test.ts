import { describe, expect, it } from 'vitest';
import { receiptNumberLabel, type Payment } from '@academy/contract';
import { parseCsv } from '../../lib/csv';
import { useTestApp } from '../../../test/test-app';
import { adminHeaders } from '../class-material/test-helpers';
import { EXPORT_COLUMNS } from './export-csv';
import { cashBody, postPayment } from './payment-test-helpers';
import { classWithPlanFor } from './slip-test-helpers';
import { feeClock } from './test-helpers';

// The accountant's CSV: what Excel opens (a byte-order mark), nothing it would run (the formula
// guard), a line per payment and per refund in the days asked, and a line in the audit log.

const clock = feeClock('2026-11-20T06:00:00.000Z');
const t = useTestApp({}, { feesClock: clock.now });

describe('the CSV export', () => {
  it('writes a line per payment and refund of the range, UTF-8 with a byte-order mark, formula-guarded, and audits it', async () => {
    const admin = await adminHeaders(t.app);
    clock.set('2026-11-20T06:00:00.000Z');
    const { classFolder, student } = await classWithPlanFor(t.app, admin);
    const bank = await postPayment(
      t.app,
      admin,
      cashBody(student.student._id, classFolder.id, ['2026-11'], { method: 'bank', bank: 'Bank of Ceylon', reference: '=HYPERLINK("http://x")', receivedOn: '2026-11-19' }),
    );
    expect(bank.statusCode, bank.body).toBe(200);
    const payment = bank.json<{ data: Payment }>().data;
    const outside = await postPayment(t.app, admin, cashBody(student.student._id, classFolder.id, ['2026-12'], { receivedOn: '2026-10-30' }));
    expect(outside.statusCode, outside.body).toBe(200);
    clock.set('2026-11-25T20:00:00.000Z'); // 26 November in Sri Lanka: after the range
    const refund = await t.app.inject({ method: 'POST', url: `/api/fees/payments/${payment.id}/refund`, headers: admin, payload: { months: ['2026-11'], way: 'bank', reason: 'Paid twice' } });
    expect(refund.statusCode, refund.body).toBe(200);

    const auditsBefore = await t.database.db.selectFrom('audit_log').select('id').where('action', '=', 'fee.export').execute();
    const inRange = await t.app.inject({ url: '/api/fees/export?from=2026-11-01&to=2026-11-30', headers: admin });
    expect(inRange.statusCode, inRange.body).toBe(200);
    expect(inRange.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(inRange.headers['content-disposition']).toBe('attachment; filename="fees-2026-11-01-to-2026-11-30.csv"');
    expect(inRange.headers['cache-control']).toBe('no-store');
    expect(inRange.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    const [header, ...lines] = parseCsv(inRange.body);
    expect(header).toEqual([...EXPORT_COLUMNS]);
    const mine = lines.filter((line) => line[2] === student.student.name);
    expect(mine).toEqual([
      [receiptNumberLabel(payment.receiptNo), '2026-11-19', student.student.name, student.student.regNo ?? '', classFolder.name, '2026-11', 'bank', 'Bank of Ceylon', `'=HYPERLINK("http://x")`, '2500.00', '2500.00', 'refunded', expect.any(String)],
      [receiptNumberLabel(payment.receiptNo), '2026-11-26', student.student.name, student.student.regNo ?? '', classFolder.name, '2026-11', 'refund (bank)', 'Bank of Ceylon', `'=HYPERLINK("http://x")`, '', '2500.00', 'refund', expect.any(String)],
    ]);
    const audits = await t.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'fee.export').execute();
    expect(audits).toHaveLength(auditsBefore.length + 1);
    expect(audits.at(-1)?.summary).toMatch(/^Exported \d+ payments? and \d+ refunds? \(2026-11-01 to 2026-11-30\) as a CSV file$/);

    // The October payment is outside November's range; a day range the wrong way round is 400.
    const october = await t.app.inject({ url: '/api/fees/export?from=2026-10-01&to=2026-10-31', headers: admin });
    expect(parseCsv(october.body).filter((line) => line[2] === student.student.name).map((line) => line[5])).toEqual(['2026-12']);
    expect((await t.app.inject({ url: '/api/fees/export?from=2026-11-30&to=2026-11-01', headers: admin })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/fees/export?from=2026-11-01&to=2026-11-30', headers: student.headers })).statusCode).toBe(403);
  });
});

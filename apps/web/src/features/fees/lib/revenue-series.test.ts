import { describe, expect, it } from 'vitest';
import { lastMonths, revenueTable } from './revenue-series';

describe('the revenue table', () => {
  it('nets refunds in their month, a column per class by name, months oldest first', () => {
    const table = revenueTable([
      {
        month: '2026-11',
        classes: [
          { classFolderId: 'b', className: 'Sinhala', receivedCents: 500_000, refundedCents: 250_000 },
          { classFolderId: 'a', className: 'History', receivedCents: 1_000_000, refundedCents: 0 },
        ],
      },
      { month: '2026-10', classes: [{ classFolderId: 'a', className: 'History', receivedCents: 250_000, refundedCents: 0 }] },
      { month: '2026-12', classes: [] },
    ]);
    expect(table.classes).toEqual([
      { classFolderId: 'a', className: 'History' },
      { classFolderId: 'b', className: 'Sinhala' },
    ]);
    expect(table.rows).toEqual([
      { month: '2026-10', netCents: [250_000, 0], totalCents: 250_000 },
      { month: '2026-11', netCents: [1_000_000, 250_000], totalCents: 1_250_000 },
      { month: '2026-12', netCents: [0, 0], totalCents: 0 },
    ]);
    expect(table.totalCents).toBe(1_500_000);
  });

  it('lets a month of more refunds than money in go below zero', () => {
    const table = revenueTable([{ month: '2027-01', classes: [{ classFolderId: 'a', className: 'History', receivedCents: 0, refundedCents: 250_000 }] }]);
    expect(table.rows[0]?.totalCents).toBe(-250_000);
  });
});

describe("the chart's months", () => {
  it('are the last twelve Sri Lanka months up to this one', () => {
    expect(lastMonths(12, new Date('2026-11-28T02:00:00Z'))).toEqual({ from: '2025-12', to: '2026-11' });
    // 31 October 2026 19:00 UTC is already 1 November in Colombo.
    expect(lastMonths(12, new Date('2026-10-31T19:00:00Z'))).toEqual({ from: '2025-12', to: '2026-11' });
  });
});

import { describe, expect, it } from 'vitest';
import { OpenPeriods } from './use-integrity-events';

function periods() {
  let made = 0;
  return new OpenPeriods(() => `period-${++made}`);
}

const AT = Date.parse('2026-12-12T14:40:00.000Z');

describe('page-away and offline periods', () => {
  it('records a period when it ends, from its first beginning', () => {
    const open = periods();
    open.begin('away', AT);
    // A second 'hidden' (a phone locked while already in another app) keeps the first beginning.
    open.begin('away', AT + 5000);
    expect(open.end('away', AT + 42_000)).toEqual({ id: 'period-1', kind: 'away', from: '2026-12-12T14:40:00.000Z', to: '2026-12-12T14:40:42.000Z' });
    expect(open.end('away', AT + 50_000)).toBeNull();
  });

  it('keeps the page-away and the offline periods apart', () => {
    const open = periods();
    open.begin('offline', AT);
    open.begin('away', AT + 1000);
    expect(open.end('away', AT + 2000)?.kind).toBe('away');
    expect(open.end('offline', AT + 3000)).toMatchObject({ kind: 'offline', from: '2026-12-12T14:40:00.000Z', to: '2026-12-12T14:40:03.000Z' });
  });

  it('never ends a period before it began, when the clock estimate moved back meanwhile', () => {
    const open = periods();
    open.begin('offline', AT);
    expect(open.end('offline', AT - 800)).toMatchObject({ from: '2026-12-12T14:40:00.000Z', to: '2026-12-12T14:40:00.000Z' });
  });

  it('ends every period under way when the screen is left', () => {
    const open = periods();
    open.begin('offline', AT);
    open.begin('away', AT + 1000);
    expect(open.endAll(AT + 9000).map((event) => event.kind).sort()).toEqual(['away', 'offline']);
    expect(open.endAll(AT + 10_000)).toEqual([]);
  });
});

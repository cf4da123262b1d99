import { describe, expect, it } from 'vitest';
import { LocalBudgetCounts } from './budget-counts';

describe('request budget counts in this process', () => {
  it('counts a client within its window and starts again when the window ends', () => {
    const counts = new LocalBudgetCounts(60_000);
    expect(counts.count('GET /api/ping 10.0.0.1', 1_000)).toEqual({ used: 1, resetAt: 61_000 });
    expect(counts.count('GET /api/ping 10.0.0.1', 30_000)).toEqual({ used: 2, resetAt: 61_000 });
    // Another client or route has its own count.
    expect(counts.count('GET /api/ping 10.0.0.2', 30_000)).toEqual({ used: 1, resetAt: 90_000 });
    expect(counts.count('GET /api/health 10.0.0.1', 30_000)).toEqual({ used: 1, resetAt: 90_000 });
    expect(counts.count('GET /api/ping 10.0.0.1', 61_000)).toEqual({ used: 1, resetAt: 121_000 });
  });

  it('forgets the client whose window opened longest ago when it holds as many as it may', () => {
    const counts = new LocalBudgetCounts(100_000, 2);
    counts.count('a', 0);
    counts.count('b', 1);
    expect(counts.count('a', 2).used).toBe(2);
    counts.count('c', 3);
    // Every window is still open: 'b' was kept, 'a' (the oldest window) forgotten.
    expect(counts.count('b', 4).used).toBe(2);
    expect(counts.count('a', 5).used).toBe(1);
  });
});

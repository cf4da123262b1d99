import { describe, expect, it } from 'vitest';
import { betterSample, clockSample, ServerClock, serverNow } from './server-clock';

const iso = (ms: number) => new Date(ms).toISOString();

describe("the server's clock as the phone estimates it", () => {
  it('puts the server reading at the middle of the round trip', () => {
    // Sent at 1,000, answered at 1,200 on the phone; the server read 6,100: 5,000 ms ahead.
    expect(clockSample(1000, 1200, iso(6100))).toEqual({ offsetMs: 5000, rttMs: 200 });
    expect(clockSample(1000, 1000, 3000)).toEqual({ offsetMs: 2000, rttMs: 0 });
  });

  it('keeps the estimate of the quickest round trip', () => {
    const clock = new ServerClock(null, () => 10_000);
    clock.observe(0, 400, iso(200 + 5100));
    expect(clock.sample).toEqual({ offsetMs: 5100, rttMs: 400 });
    clock.observe(1000, 1100, iso(1050 + 4990));
    expect(clock.sample).toEqual({ offsetMs: 4990, rttMs: 100 });
    // Slower than the kept one and consistent with it: the kept one stays.
    clock.observe(2000, 2300, iso(2150 + 5050));
    expect(clock.sample).toEqual({ offsetMs: 4990, rttMs: 100 });
    expect(clock.now()).toBe(10_000 + 4990);
  });

  it('takes the next answer at once when a clock has jumped since the kept estimate', () => {
    const kept = { offsetMs: 5000, rttMs: 100 };
    // The phone was set back a minute: the new estimate cannot be reconciled with the kept one.
    expect(betterSample(kept, { offsetMs: 65_000, rttMs: 500 })).toEqual({ offsetMs: 65_000, rttMs: 500 });
    // Within both round trips' uncertainty: still the quicker one.
    expect(betterSample(kept, { offsetMs: 5200, rttMs: 500 })).toBe(kept);
    expect(betterSample(null, kept)).toBe(kept);
  });

  it('ignores an exchange during which the phone clock ran backwards, or without a server time', () => {
    expect(clockSample(2000, 1500, iso(9000))).toBeNull();
    expect(clockSample(1000, 1200, 'not a time')).toBeNull();
    const clock = new ServerClock({ offsetMs: 7, rttMs: 50 }, () => 100);
    expect(clock.observe(2000, 1500, iso(9000))).toEqual({ offsetMs: 7, rttMs: 50 });
    expect(clock.now()).toBe(107);
  });

  it('reads the local clock when nothing is known yet', () => {
    expect(serverNow(null, 1234)).toBe(1234);
    expect(serverNow({ offsetMs: -34, rttMs: 10 }, 1234)).toBe(1200);
  });
});

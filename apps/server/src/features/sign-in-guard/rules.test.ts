import { describe, expect, it } from 'vitest';
import { DEFAULT_SIGN_IN_RULES as rules } from '../../../test/sign-in-defaults';
import { delayAfterFailures, judgeTry, type OpenTry, type TryFacts } from './rules';

// The rules alone, at the defaults: the integration tests (hall, attacks) prove them end to end.

const NOW = Date.parse('2026-11-25T08:00:00Z');
const HALL = '203.0.113.1';
const none = { failures: 0, successes: 0, oldestFailureAt: null };

function facts(tries: OpenTry[], extra: Partial<TryFacts> = {}): TryFacts {
  return { now: NOW, address: HALL, device: null, accountTries: tries, addressTally: none, ...extra };
}
const failures = (count: number, address = HALL, device: string | null = null, secondsApart = 60) =>
  Array.from({ length: count }, (_, i) => ({ at: NOW - (count - i) * secondsApart * 1000, address, device, pending: false }));

describe('sign-in rules at their defaults', () => {
  it('let a student who mistyped five times straight in', () => {
    expect(judgeTry(rules, facts(failures(5, HALL, null, 0.1)))).toEqual({ allowed: true });
  });

  it('slow an account after that: 1 s, doubling, at most SIGN_IN_DELAY_MAX', () => {
    const waits = [5, 6, 7, 8, 9, 12, 19].map((count) => delayAfterFailures(rules, count));
    expect(waits).toEqual([0, 1000, 2000, 4000, 8000, 60_000, 60_000]);
    const verdict = judgeTry(rules, facts(failures(7, '198.51.100.1', null, 0.1)));
    expect(verdict).toEqual({ allowed: false, reason: 'delay', retryAfterMs: 1900 });
  });

  it('refuse a place that failed SIGN_IN_PLACE_LIMIT times until the oldest failure leaves the window', () => {
    const verdict = judgeTry(rules, facts(failures(rules.placeLimit)));
    expect(verdict).toEqual({ allowed: false, reason: 'place', retryAfterMs: rules.windowMs - rules.placeLimit * 60_000 });
  });

  it('lock an account for unknown devices after SIGN_IN_ACCOUNT_LIMIT failures from anywhere, but not for its known device', () => {
    const spread = Array.from({ length: rules.accountLimit }, (_, i) => ({ at: NOW - 120_000 + i, address: `198.51.100.${i}`, device: null, pending: false }));
    expect(judgeTry(rules, facts(spread))).toMatchObject({ allowed: false, reason: 'account' });
    expect(judgeTry(rules, facts(spread, { device: 'phone' }))).toEqual({ allowed: true });
    expect(judgeTry(rules, facts([...spread, ...failures(rules.placeLimit, HALL, 'phone', 1)], { device: 'phone' }))).toMatchObject({ reason: 'place' });
  });

  it('count tries still being checked against the limits, but wait only after failures', () => {
    const inFlight = failures(rules.placeLimit - 1, HALL, null, 0).map((t) => ({ ...t, pending: true }));
    expect(judgeTry(rules, facts(inFlight))).toEqual({ allowed: true });
    expect(judgeTry(rules, facts([...inFlight, { ...inFlight[0]!, pending: true }]))).toMatchObject({ allowed: false, reason: 'place' });
  });

  it("throttle an address on its share of failures, not on a hall's typos", () => {
    const hall = { failures: 55, successes: 0, oldestFailureAt: NOW - 60_000 };
    expect(judgeTry(rules, facts([], { addressTally: hall }))).toEqual({ allowed: true });
    const busy = { failures: 400, successes: 2000, oldestFailureAt: NOW - 60_000 };
    expect(judgeTry(rules, facts([], { addressTally: busy }))).toEqual({ allowed: true });
    const stuffing = { failures: rules.addressFloor, successes: 3, oldestFailureAt: NOW - 60_000 };
    expect(judgeTry(rules, facts([], { addressTally: stuffing }))).toEqual({ allowed: false, reason: 'address', retryAfterMs: rules.windowMs - 60_000 });
  });
});

import { describe, expect, it } from 'vitest';
import { crossedWarning, secondsLeft } from './use-countdown';

const MINUTE = 60 * 1000;

describe('the countdown', () => {
  it('warns once as 10, 5 and 1 minute left are crossed', () => {
    expect(crossedWarning(10 * MINUTE + 200, 10 * MINUTE - 50)).toBe(10);
    expect(crossedWarning(10 * MINUTE - 50, 10 * MINUTE - 300)).toBeNull();
    expect(crossedWarning(5 * MINUTE + 1, 5 * MINUTE)).toBe(5);
    expect(crossedWarning(MINUTE + 250, MINUTE - 10)).toBe(1);
  });

  it('says nothing on its first reading, as after a reload with 4 minutes left', () => {
    expect(crossedWarning(null, 4 * MINUTE)).toBeNull();
  });

  it('says the nearest warning when a phone that slept skipped several, and none once the time is up', () => {
    expect(crossedWarning(11 * MINUTE, 4 * MINUTE)).toBe(5);
    expect(crossedWarning(11 * MINUTE, 30 * 1000)).toBe(1);
    expect(crossedWarning(3 * MINUTE, 0)).toBeNull();
    expect(crossedWarning(3 * MINUTE, -5000)).toBeNull();
  });

  it('shows whole seconds rounded up, and 0 only once the time is up', () => {
    expect(secondsLeft(61_000)).toBe(61);
    expect(secondsLeft(60_001)).toBe(61);
    expect(secondsLeft(1)).toBe(1);
    expect(secondsLeft(0)).toBe(0);
    expect(secondsLeft(-3000)).toBe(0);
  });
});

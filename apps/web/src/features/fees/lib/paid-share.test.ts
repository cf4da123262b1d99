import { describe, expect, it } from 'vitest';
import { settledShare, shareTone } from './paid-share';

describe("the overview cell's tone", () => {
  it('is none for a class without students', () => {
    expect(settledShare({ students: 0, pending: 0, unpaid: 0 })).toBeNull();
    expect(shareTone({ students: 0, pending: 0, unpaid: 0 })).toBe('none');
  });

  it('counts free cards and exceptions as settled: only the unpaid and the pending lower it', () => {
    expect(settledShare({ students: 150, pending: 2, unpaid: 30 })).toBeCloseTo(118 / 150);
    expect(shareTone({ students: 150, pending: 0, unpaid: 0 })).toBe('all');
    expect(shareTone({ students: 150, pending: 2, unpaid: 30 })).toBe('most');
    // A slip not yet approved is money not yet in.
    expect(shareTone({ students: 2, pending: 2, unpaid: 0 })).toBe('low');
  });

  it('steps at 75 % and 40 %', () => {
    expect(shareTone({ students: 100, pending: 5, unpaid: 20 })).toBe('most');
    expect(shareTone({ students: 100, pending: 0, unpaid: 26 })).toBe('some');
    expect(shareTone({ students: 100, pending: 0, unpaid: 60 })).toBe('some');
    expect(shareTone({ students: 100, pending: 1, unpaid: 60 })).toBe('low');
    expect(shareTone({ students: 100, pending: 0, unpaid: 100 })).toBe('low');
  });
});

import { describe, expect, it } from 'vitest';
import type { SessionAccount } from '../../plugins/auth';
import { CallerCache } from './caller-cache';

const caller: SessionAccount = {
  id: 'a1',
  accountType: 'student',
  isAdmin: false,
  sessionId: 's1',
  batch: '2026',
  classType: 'Theory',
  historyType: 'Indian',
};
const at = (ms: number) => new Date(Date.UTC(2026, 10, 23) + ms);
const LATER = at(3_600_000).toISOString();

describe('CallerCache', () => {
  it('remembers a caller for its lifetime, for that token version only', () => {
    const cache = new CallerCache(5000);
    cache.set(cache.begin(), caller, 3, LATER, at(0));
    expect(cache.get('s1', 3, at(4999))).toBe(caller);
    expect(cache.get('s1', 4, at(1000))).toBeNull();
    cache.set(cache.begin(), caller, 3, LATER, at(0));
    expect(cache.get('s1', 3, at(5000))).toBeNull();
  });

  it('never answers past the session’s own expiry', () => {
    const cache = new CallerCache(60_000);
    cache.set(cache.begin(), caller, 3, at(1000).toISOString(), at(0));
    expect(cache.get('s1', 3, at(1000))).toBeNull();
  });

  it('forgets everything on clear, and refuses a read that began before the clear', () => {
    const cache = new CallerCache(5000);
    cache.set(cache.begin(), caller, 3, LATER, at(0));
    const readStarted = cache.begin();
    cache.clear();
    expect(cache.get('s1', 3, at(1))).toBeNull();
    cache.set(readStarted, caller, 3, LATER, at(2));
    expect(cache.get('s1', 3, at(3))).toBeNull();
  });

  it('keeps at most its size, dropping the oldest', () => {
    const cache = new CallerCache(5000, 2);
    for (const sessionId of ['s1', 's2', 's3']) cache.set(cache.begin(), { ...caller, sessionId }, 3, LATER, at(0));
    expect(cache.get('s1', 3, at(1))).toBeNull();
    expect(cache.get('s3', 3, at(1))?.sessionId).toBe('s3');
  });
});

import { describe, expect, it } from 'vitest';
import { progressWrites } from './progress-writes';

describe('progress writes', () => {
  it('writes at most once per interval, in order, and a write after settled() is the last to land', async () => {
    const landed: number[] = [];
    // A slow store: each write takes 30 ms, so offers pile up behind one another.
    const writes = progressWrites(async (percent) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      landed.push(percent);
    }, 0);
    for (const percent of [10, 20, 30]) writes.offer(percent);
    await writes.settled();
    landed.push(100);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(landed).toEqual([10, 20, 30, 100]);
  });

  it('skips offers inside the interval', async () => {
    const landed: number[] = [];
    const writes = progressWrites(async (percent) => {
      landed.push(percent);
    }, 60_000);
    for (const percent of [5, 6, 7]) writes.offer(percent);
    await writes.settled();
    expect(landed).toEqual([5]);
  });

  it('goes on after a failed write', async () => {
    const landed: number[] = [];
    const writes = progressWrites(async (percent) => {
      if (percent === 1) throw new Error('store down');
      landed.push(percent);
    }, 0);
    writes.offer(1);
    writes.offer(2);
    await writes.settled();
    expect(landed).toEqual([2]);
  });
});

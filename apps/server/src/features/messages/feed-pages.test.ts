import type { MessageListAnswer } from '@academy/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeedPages } from './feed-pages';
import type { Audience } from './targeting';

const audience: Audience = { everyone: false, batch: '2026', region: 'Indian', classTypes: ['Theory'] };
const page = (total: number): MessageListAnswer => ({ code: 200, message: 'ok', data: [], paging: { total, before: null } });

// The first page of each audience, kept in memory; `atHand` answers it at once once it is loaded.
describe('the feed pages in memory', () => {
  afterEach(() => vi.useRealTimers());

  it('has a page at hand only once it is loaded, and the same object every time', async () => {
    const pages = new FeedPages(5000);
    const loading = pages.get(audience, async () => page(1));
    expect(pages.atHand(audience)).toBeNull();
    const loaded = await loading;
    expect(pages.atHand(audience)).toBe(loaded);
    expect(await pages.get(audience, async () => page(2))).toBe(loaded);
    expect(pages.atHand({ ...audience, batch: '2027' })).toBeNull();
  });

  it('has none at hand after a message changed, after its time, or when its load failed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const pages = new FeedPages(5000);
    await pages.get(audience, async () => page(1));
    pages.clear();
    expect(pages.atHand(audience)).toBeNull();
    await pages.get(audience, async () => page(2));
    vi.setSystemTime(Date.now() + 5000);
    expect(pages.atHand(audience)).toBeNull();
    await expect(pages.get(audience, async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(pages.atHand(audience)).toBeNull();
  });
});

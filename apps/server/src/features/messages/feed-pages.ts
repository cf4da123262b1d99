import type { MessageListAnswer } from '@academy/contract';
import type { Audience } from './targeting';

/**
 * The first page of each audience's feed, kept in memory: every student of one batch, region and
 * class type gets the same page, so a crowd opening the feed after an announcement costs one query.
 * Any change to a message, on any instance (the live event), empties it at once; views counts,
 * which change without an event, are at most `ttlMs` old. Concurrent misses share one load.
 */
export class FeedPages {
  private readonly pages = new Map<string, { generation: number; loadedAt: number; page: Promise<MessageListAnswer> }>();
  private generation = 0;

  constructor(private readonly ttlMs: number) {}

  /** The same answer object to every caller until it expires, so it is serialised once (routes.ts). */
  get(audience: Audience, load: () => Promise<MessageListAnswer>): Promise<MessageListAnswer> {
    const key = audience.everyone ? '*' : `${audience.batch}|${audience.region ?? ''}|${audience.classTypes.join(',')}`;
    const now = Date.now();
    const cached = this.pages.get(key);
    if (cached && cached.generation === this.generation && now - cached.loadedAt < this.ttlMs) return cached.page;
    const entry = { generation: this.generation, loadedAt: now, page: load() };
    this.pages.set(key, entry);
    // A failed load is not kept: the next request tries again.
    entry.page.catch(() => {
      if (this.pages.get(key) === entry) this.pages.delete(key);
    });
    return entry.page;
  }

  /** A message changed: every page loaded before now, or loading now, is out of date. */
  clear(): void {
    this.generation += 1;
    this.pages.clear();
  }
}

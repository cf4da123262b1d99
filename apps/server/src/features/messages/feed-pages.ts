import type { MessageListAnswer } from '@academy/contract';
import type { Audience } from './targeting';

/**
 * The first page of each audience's feed, kept in memory: every student of one batch, region and
 * class type gets the same page, so a crowd opening the feed after an announcement costs one query.
 * Any change to a message, on any instance (the live event), empties it at once; views counts,
 * which change without an event, are at most `ttlMs` old. Concurrent misses share one load.
 */
interface Entry {
  generation: number;
  loadedAt: number;
  page: Promise<MessageListAnswer>;
  /** The page once loaded, for `atHand`. */
  loaded?: MessageListAnswer;
}

export class FeedPages {
  private readonly pages = new Map<string, Entry>();
  private generation = 0;

  constructor(private readonly ttlMs: number) {}

  /** The same answer object to every caller until it expires, so it is serialised once (routes.ts). */
  get(audience: Audience, load: () => Promise<MessageListAnswer>): Promise<MessageListAnswer> {
    const key = keyOf(audience);
    const now = Date.now();
    const cached = this.pages.get(key);
    if (cached && this.current(cached, now)) return cached.page;
    const entry: Entry = { generation: this.generation, loadedAt: now, page: load() };
    this.pages.set(key, entry);
    entry.page.then(
      (answer) => {
        entry.loaded = answer;
      },
      // A failed load is not kept: the next request tries again.
      () => {
        if (this.pages.get(key) === entry) this.pages.delete(key);
      },
    );
    return entry.page;
  }

  /**
   * The page `get` would answer, when it is loaded already and still current: at once, so a feed
   * served from memory need not wait on a promise. Null when only `get` can tell.
   */
  atHand(audience: Audience): MessageListAnswer | null {
    const cached = this.pages.get(keyOf(audience));
    return cached?.loaded && this.current(cached, Date.now()) ? cached.loaded : null;
  }

  /** A message changed: every page loaded before now, or loading now, is out of date. */
  clear(): void {
    this.generation += 1;
    this.pages.clear();
  }

  private current(entry: Entry, now: number): boolean {
    return entry.generation === this.generation && now - entry.loadedAt < this.ttlMs;
  }
}

function keyOf(audience: Audience): string {
  return audience.everyone ? '*' : `${audience.batch}|${audience.region ?? ''}|${audience.classTypes.join(',')}`;
}

import type { NotificationStats } from '@academy/contract';

/** One notification's counts, without its subject. */
export type Counts = Omit<NotificationStats, 'subjectKey'>;

/** How long one instance answers a notification's counts from memory (notifications.md, 'What admins see'). */
export const STATS_CACHE_MS = 10_000;

/**
 * Counts worked out in the last 10 s, per notification, on this instance: an admin screen polling
 * 5,000-recipient notifications costs one grouped query per notification per 10 s at most.
 */
export class StatsCache {
  private readonly entries = new Map<string, { at: number; counts: Counts }>();

  constructor(private readonly clock: () => number) {}

  /** The counts of `ids`: fresh ones from memory, the others from `load` (one call for all of them). */
  async get(ids: string[], load: (missing: string[]) => Promise<Map<string, Counts>>): Promise<Map<string, Counts>> {
    const now = this.clock();
    for (const [id, entry] of this.entries) if (now - entry.at >= STATS_CACHE_MS) this.entries.delete(id);
    const missing = ids.filter((id) => !this.entries.has(id));
    const loaded = missing.length > 0 ? await load(missing) : new Map<string, Counts>();
    for (const [id, counts] of loaded) this.entries.set(id, { at: now, counts });
    return new Map(ids.flatMap((id) => {
      const counts = loaded.get(id) ?? this.entries.get(id)?.counts;
      return counts ? [[id, counts] as const] : [];
    }));
  }
}

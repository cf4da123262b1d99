/**
 * What this instance has already written for an account's feed: the bell marker it moved and the
 * views it recorded. Both only ever grow in the database, so what is noted here is never more than
 * is stored, and a student reopening an unchanged feed costs no query for them. Bounded: the
 * oldest accounts are forgotten first, and forgetting only means checking the database again.
 */
export class ServedFeeds {
  private readonly accounts = new Map<string, { markedUpTo: string; viewed: Set<string> }>();

  constructor(
    private readonly maxAccounts = 20_000,
    private readonly maxViewsPerAccount = 500,
  ) {}

  isDone(accountId: string, newest: string, ids: string[], needsViews: boolean): boolean {
    const noted = this.accounts.get(accountId);
    if (!noted || noted.markedUpTo < newest) return false;
    return !needsViews || ids.every((id) => noted.viewed.has(id));
  }

  note(accountId: string, newest: string, viewedIds: string[]): void {
    const noted = this.accounts.get(accountId) ?? { markedUpTo: newest, viewed: new Set<string>() };
    this.accounts.delete(accountId);
    if (noted.markedUpTo < newest) noted.markedUpTo = newest;
    if (noted.viewed.size + viewedIds.length > this.maxViewsPerAccount) noted.viewed.clear();
    for (const id of viewedIds) noted.viewed.add(id);
    // Map order is insertion order: re-inserting keeps the most recent accounts last.
    this.accounts.set(accountId, noted);
    if (this.accounts.size > this.maxAccounts) {
      const oldest = this.accounts.keys().next().value;
      if (oldest !== undefined) this.accounts.delete(oldest);
    }
  }
}

// A player reports every 15 s on the same file: the answer to "may this account open this file?"
// is remembered for a few seconds per instance, so a report costs the write and not four reads
// (account, store, class, grant) each time. A revoked grant or a suspended account stops progress
// writes within ACCESS_MEMO_MS; every listing, ticket and byte is still checked on every request,
// and a suspended account's requests are refused by the auth plugin before they get here.

const ACCESS_MEMO_MS = 15_000;
const MAX_ENTRIES = 20_000;

export class AccessMemo {
  private readonly entries = new Map<string, { allowed: boolean; until: number }>();

  async check(accountId: string, fileId: string, decide: () => Promise<boolean>): Promise<boolean> {
    const key = `${accountId}\n${fileId}`;
    const now = Date.now();
    const known = this.entries.get(key);
    if (known && known.until > now) return known.allowed;
    const allowed = await decide();
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { allowed, until: now + ACCESS_MEMO_MS });
    return allowed;
  }
}

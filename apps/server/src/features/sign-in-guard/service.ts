import { signInRetryMessage } from '@academy/contract';
import type { Db } from '../../db/database';
import { errors } from '../../lib/errors';
import { readEntries, writeEntries } from './known-device';

export { deviceCookieHeader, readDeviceCookie } from './known-device';
import * as repo from './repo';
import { judgeTry, type AddressTally, type RefusalReason, type SignInRules } from './rules';

// Counts sign-in tries in the database, which every instance shares (PostgreSQL at scale), and
// which does not go away when Redis does: the request budgets may fail open, these must not.

export interface TryInput {
  email: string;
  /** The account the e-mail belongs to, if any: only then can the browser be a known device. */
  accountId: string | null;
  address: string;
  /** The browser's known-device cookie, as sent. */
  deviceCookie: string | undefined;
  /** Told which rule refused the try, just before begin refuses it (the security log). */
  onRefused?: (rule: RefusalReason) => void;
}

/** A try that passed the rules; the caller settles it once the password is checked. */
export interface SignInTry {
  /** Whether the try comes from a known device of the account (its cookie). */
  readonly knownDevice: boolean;
  /** Refused after the rules passed it, before its password was checked: it leaves nothing behind. */
  withdrawn(): Promise<void>;
  failed(): Promise<void>;
  /** Records the success and answers the browser's new known-device cookie value. */
  succeeded(): Promise<string>;
}

export interface SignInGuard {
  readonly rules: SignInRules;
  /** Takes a try, or refuses with 429, Retry-After and a sentence saying when to try again. */
  begin(input: TryInput): Promise<SignInTry>;
}

export function createSignInGuard(db: Db, rules: SignInRules, secret: string): SignInGuard {
  return {
    rules,
    async begin(input) {
      const now = Date.now();
      const since = new Date(now - rules.windowMs).toISOString();
      const accountKey = input.email.toLowerCase();
      const entries = readEntries(secret, input.deviceCookie);
      const device = input.accountId ? await knownDevice(db, rules, entries, input.accountId, now) : null;
      const id = crypto.randomUUID();
      // Taken before the rules are read, so parallel guesses see each other.
      await repo.insertTry(db, { id, account_key: accountKey, address: input.address, device, outcome: 'pending', at: new Date(now).toISOString() });
      const [tries, outcomes] = await Promise.all([repo.openTries(db, accountKey, since), repo.addressOutcomes(db, input.address, since)]);
      const verdict = judgeTry(rules, {
        now,
        address: input.address,
        device,
        accountTries: tries.filter((row) => row.id !== id).map((row) => ({ at: Date.parse(row.at), address: row.address, device: row.device, pending: row.outcome === 'pending' })),
        addressTally: tallyOf(outcomes),
      });
      if (!verdict.allowed) {
        await repo.deleteTry(db, id);
        input.onRefused?.(verdict.reason);
        const seconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
        throw errors.tooManyRequests(signInRetryMessage(seconds), seconds);
      }
      return {
        knownDevice: device !== null,
        withdrawn: () => repo.deleteTry(db, id),
        failed: () => repo.settleTry(db, id, 'failed'),
        async succeeded() {
          const accountId = input.accountId;
          if (!accountId) throw new Error('a sign-in without an account cannot succeed');
          // One commit: on SQLite each is a disk sync, and a hall signs in at once.
          const generation = await db.transaction().execute(async (tx) => {
            await repo.settleTry(tx, id, 'succeeded');
            // The typos before it were the owner's own, not an attack on the account.
            await repo.clearPlace(tx, accountKey, { address: input.address, device });
            await repo.pruneTries(tx, since);
            return repo.deviceGeneration(tx, accountId);
          });
          const mine = entries.find((entry) => entry.accountId === accountId && entry.generation === generation);
          const deviceId = mine?.deviceId ?? crypto.randomUUID();
          return writeEntries(secret, { accountId, generation, deviceId, issuedAt: Math.floor(now / 1000) }, entries);
        },
      };
    },
  };
}

/** The device id when the cookie holds a current entry for the account, else null. */
async function knownDevice(db: Db, rules: SignInRules, entries: ReturnType<typeof readEntries>, accountId: string, now: number) {
  const entry = entries.find((item) => item.accountId === accountId);
  if (!entry || entry.issuedAt * 1000 + rules.knownDeviceTtlMs <= now) return null;
  return entry.generation === (await repo.deviceGeneration(db, accountId)) ? entry.deviceId : null;
}

function tallyOf(rows: { outcome: string; count: number | string; oldest: string | null }[]): AddressTally {
  const failed = rows.find((row) => row.outcome === 'failed');
  const succeeded = rows.find((row) => row.outcome === 'succeeded');
  return {
    failures: Number(failed?.count ?? 0),
    successes: Number(succeeded?.count ?? 0),
    oldestFailureAt: failed?.oldest ? Date.parse(failed.oldest) : null,
  };
}

/**
 * Sign out everywhere, a password change, a reset: every browser that signed in to the account
 * is a stranger again, the caller's own included, until it signs in anew.
 */
export function forgetKnownDevices(db: repo.Executor, accountId: string): Promise<void> {
  return repo.bumpDeviceGeneration(db, accountId);
}

/** A password reset proves the owner: the failures against the account are forgotten too. */
export function clearAccountFailures(db: repo.Executor, email: string): Promise<void> {
  return repo.clearAccount(db, email.toLowerCase());
}

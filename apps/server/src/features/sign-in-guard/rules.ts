// When failed sign-ins refuse the next try (docs/security.md 'Sign-in failures').
// Pure: the service reads the counts, these rules decide. A 'place' is where a try comes from:
// a known device (its cookie), or else the address. A hall of 300 students behind one address
// typing a few wrong passwords must never be refused; an attacker guessing one account, from one
// address or from a hundred, must be.

export interface SignInRules {
  /** How long a failure counts. */
  windowMs: number;
  /** Failures of one account from one place before that place is refused for the account. */
  placeLimit: number;
  /** Failures of one account from unknown devices, any address, before it is locked for them. */
  accountLimit: number;
  /** Failures of one account before its next tries from unknown devices wait (1 s, doubling). */
  delayAfter: number;
  /** The longest such wait. */
  delayMaxMs: number;
  /** Failures from one address (any account) before its share of failures is looked at. */
  addressFloor: number;
  /** Past the floor, the share of an address's finished tries that may fail (0–1). */
  addressShare: number;
  /** How long a browser stays a known device of an account after signing in to it. */
  knownDeviceTtlMs: number;
}

/** One of an account's recent tries that did not succeed: failed, or still being checked. */
export interface OpenTry {
  at: number;
  address: string;
  device: string | null;
  /** Still being checked: counts against the limits (it may yet fail), not towards a wait. */
  pending: boolean;
}

/** An address's finished tries from unknown devices within the window. */
export interface AddressTally {
  failures: number;
  successes: number;
  /** When its oldest counted failure happened, ms. */
  oldestFailureAt: number | null;
}

export interface TryFacts {
  now: number;
  address: string;
  /** The known device the try comes from, or null. */
  device: string | null;
  /** The account's other open tries within the window (this one left out). */
  accountTries: OpenTry[];
  addressTally: AddressTally;
}

export type RefusalReason = 'place' | 'account' | 'delay' | 'address';
export type Verdict = { allowed: true } | { allowed: false; reason: RefusalReason; retryAfterMs: number };

const FIRST_DELAY_MS = 1000;

/** How long the next try waits after the last of `failures` failures of an account. */
export function delayAfterFailures(rules: SignInRules, failures: number): number {
  if (failures <= rules.delayAfter) return 0;
  const doublings = Math.min(failures - rules.delayAfter - 1, 30);
  return Math.min(rules.delayMaxMs, FIRST_DELAY_MS * 2 ** doublings);
}

/** When fewer than `limit` of these failure times are still within the window. */
function msUntilBelow(rules: SignInRules, times: number[], limit: number, now: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  const leaving = sorted[sorted.length - limit] ?? now;
  return Math.max(leaving + rules.windowMs - now, 1);
}

/**
 * Tries still being checked count against the place and account limits, so guesses sent at once
 * cannot pass them together; only failures make the next try wait, so a student signing in on
 * two tabs at once is not slowed.
 */
export function judgeTry(rules: SignInRules, facts: TryFacts): Verdict {
  const { now } = facts;
  if (facts.device !== null) {
    // A known device is its own place: the account's lock and the address's share are for
    // browsers that never signed in to the account.
    const fromDevice = facts.accountTries.filter((t) => t.device === facts.device).map((t) => t.at);
    if (fromDevice.length >= rules.placeLimit) {
      return { allowed: false, reason: 'place', retryAfterMs: msUntilBelow(rules, fromDevice, rules.placeLimit, now) };
    }
    return { allowed: true };
  }
  const unknown = facts.accountTries.filter((t) => t.device === null);
  const fromAddress = unknown.filter((t) => t.address === facts.address).map((t) => t.at);
  if (fromAddress.length >= rules.placeLimit) {
    return { allowed: false, reason: 'place', retryAfterMs: msUntilBelow(rules, fromAddress, rules.placeLimit, now) };
  }
  const times = unknown.map((t) => t.at);
  if (times.length >= rules.accountLimit) {
    return { allowed: false, reason: 'account', retryAfterMs: msUntilBelow(rules, times, rules.accountLimit, now) };
  }
  const failed = unknown.filter((t) => !t.pending).map((t) => t.at);
  const wait = delayAfterFailures(rules, failed.length);
  const last = Math.max(...failed, 0);
  if (wait > 0 && now < last + wait) return { allowed: false, reason: 'delay', retryAfterMs: last + wait - now };
  const tally = facts.addressTally;
  const finished = tally.failures + tally.successes;
  if (tally.failures >= rules.addressFloor && tally.failures > rules.addressShare * finished) {
    return { allowed: false, reason: 'address', retryAfterMs: Math.max((tally.oldestFailureAt ?? now) + rules.windowMs - now, 1) };
  }
  return { allowed: true };
}

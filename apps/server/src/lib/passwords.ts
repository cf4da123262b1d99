import { hash, verify } from '@node-rs/argon2';

// argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): memory-hard against GPU
// guessing, yet light enough that a burst of sign-ins stays well inside the memory budget.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

// Each check holds its 19 MiB while it runs, on a thread of libuv's pool (4 by default). A rush
// of sign-ins would run four at once: on a small machine no faster than two (the event loop
// needs a core too), but twice the memory. So at most two run at once, the others queue.
const AT_ONCE = 2;
let running = 0;
const waiting: (() => void)[] = [];
let computed = 0;

/**
 * How many argon2 computations (hashes and checks) this process has begun: the measure of the
 * work the sign-in budget bounds, which the tests read to prove it (plugins/rate-limits.ts).
 */
export function passwordWorkDone(): number {
  return computed;
}

async function limited<T>(work: () => Promise<T>): Promise<T> {
  computed += 1;
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next in line, or give it back.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await limited(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

let decoy: Promise<string> | undefined;

/**
 * Spends the same time as a real check when the e-mail has no account, so response time does not
 * tell an attacker which addresses are registered.
 */
export async function verifyDecoy(password: string): Promise<false> {
  decoy ??= hashPassword('decoy-password-never-matches');
  await verifyPassword(await decoy, password);
  return false;
}

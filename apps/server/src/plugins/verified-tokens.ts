import type { TokenClaims } from './auth';

/**
 * Tokens whose signature has been checked, by the token itself, until they expire. Every request
 * of a session carries the same token, and checking it again (decoding, hashing the token for
 * @fastify/jwt's own cache key, comparing the signature) was a tenth of an authenticated read's
 * CPU time. What a token says is only half the check: the account and session behind it are still
 * re-checked on every request (token version, suspension, sign-out), as before.
 */
export class VerifiedTokens {
  private readonly entries = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();

  constructor(private readonly maxEntries = 5000) {}

  /** The claims of a token verified before and not expired since, else null. */
  get(token: string, nowMs: number): TokenClaims | null {
    const entry = this.entries.get(token);
    if (!entry) return null;
    if (entry.expiresAtMs <= nowMs) {
      this.entries.delete(token);
      return null;
    }
    return entry.claims;
  }

  /** Remembers a token just verified; one without an expiry is never remembered. */
  set(token: string, claims: TokenClaims): void {
    if (typeof claims.exp !== 'number') return;
    // Oldest first out: many one-off tokens (a flood of sign-ins) must not grow the map without end.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(token, { claims, expiresAtMs: claims.exp * 1000 });
  }
}

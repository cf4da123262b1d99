import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

// The viewer's file address carries a ticket, because a new tab's <video> and PDF requests send no
// Authorization header (PRODUCT.md 'Class material'). A ticket names one account (with the token
// version it had) and one file, and expires soon. It is signed with a key derived from the server
// secret for this use only, so a ticket is never a sign-in token nor the other way round. A valid
// ticket is not enough on its own: every request also re-checks the account and its grant.

export interface TicketClaims {
  accountId: string;
  tokenVersion: number;
}

interface Payload {
  /** account id */
  a: string;
  /** token version */
  v: number;
  /** digest of the file id */
  f: string;
  /** expiry, Unix milliseconds */
  e: number;
}

function fileDigest(fileId: string): string {
  return createHash('sha256').update(fileId).digest('base64url').slice(0, 22);
}

export class TicketSigner {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly ttlMs: number,
  ) {
    this.key = createHmac('sha256', secret).update('class-material/secure-file-ticket/v1').digest();
  }

  private signature(payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload).digest();
  }

  issue(claims: TicketClaims, fileId: string, now = Date.now()): { ticket: string; expiresAt: Date } {
    const expiresAt = now + this.ttlMs;
    const payload: Payload = { a: claims.accountId, v: claims.tokenVersion, f: fileDigest(fileId), e: expiresAt };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return { ticket: `${body}.${this.signature(body).toString('base64url')}`, expiresAt: new Date(expiresAt) };
  }

  /** The claims of a ticket signed here, for this file, not yet expired; otherwise null. */
  verify(ticket: string, fileId: string, now = Date.now()): TicketClaims | null {
    const [body, signature, extra] = ticket.split('.');
    if (!body || !signature || extra !== undefined) return null;
    const given = Buffer.from(signature, 'base64url');
    const expected = this.signature(body);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let payload: Payload;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
    } catch {
      return null;
    }
    if (typeof payload.e !== 'number' || payload.e <= now) return null;
    if (payload.f !== fileDigest(fileId) || typeof payload.a !== 'string' || typeof payload.v !== 'number') return null;
    return { accountId: payload.a, tokenVersion: payload.v };
  }
}

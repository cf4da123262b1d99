import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

// The token in an e-mail's unsubscribe link and List-Unsubscribe header (RFC 8058). It names an
// account and a kind and can only turn that kind's e-mail off, so it never expires; an HMAC makes
// it unforgeable. Its key is derived from the server's secret (the JWT secret) with HKDF under its
// own label, so a token can never pass for a session token or anything else signed with that secret.
// Shape: base64url("<accountId>\n<kind>") "." base64url(HMAC-SHA-256 over the channel, account and kind).

const KEY_INFO = 'notify-unsubscribe';
/** The only channel a token can turn off; signed in, so a token could never be read as another channel's. */
const CHANNEL = 'email';
const SEPARATOR = '\n';

export interface UnsubscribeSubject {
  accountId: string;
  kind: string;
}

export interface UnsubscribeTokens {
  sign(accountId: string, kind: string): string;
  /** The account and kind a genuine token names, or null for anything forged, altered or malformed. */
  verify(token: string): UnsubscribeSubject | null;
}

export function unsubscribeTokens(secret: string): UnsubscribeTokens {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), KEY_INFO, 32));
  const mac = (subject: string) => createHmac('sha256', key).update(`${CHANNEL}${SEPARATOR}${subject}`).digest();

  return {
    sign(accountId, kind) {
      if (!accountId || !kind || `${accountId}${kind}`.includes(SEPARATOR)) throw new Error('an unsubscribe token needs an account id and a kind');
      const subject = `${accountId}${SEPARATOR}${kind}`;
      return `${Buffer.from(subject).toString('base64url')}.${mac(subject).toString('base64url')}`;
    },
    verify(token) {
      const [encodedSubject, encodedMac, ...rest] = token.split('.');
      if (!encodedSubject || !encodedMac || rest.length > 0) return null;
      const subject = Buffer.from(encodedSubject, 'base64url').toString('utf8');
      // base64url decoding skips foreign characters, so a token is only accepted in its one exact spelling.
      if (Buffer.from(subject).toString('base64url') !== encodedSubject) return null;
      const given = Buffer.from(encodedMac, 'base64url');
      const expected = mac(subject);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (given.toString('base64url') !== encodedMac) return null;
      const [accountId, kind, ...extra] = subject.split(SEPARATOR);
      return accountId && kind && extra.length === 0 ? { accountId, kind } : null;
    },
  };
}

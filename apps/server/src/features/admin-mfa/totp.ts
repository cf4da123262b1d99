import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// TOTP as RFC 6238 defines it with the defaults every authenticator app assumes: HMAC-SHA-1,
// 6 digits, 30-second steps from the Unix epoch. RFC 4648 base32 for the secret as apps read it.

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now a code is accepted for (ASVS 2.8.1: a phone's clock may be that far off). */
export const TOTP_TOLERANCE_STEPS = 1;
/** 160 bits, the length RFC 4226 recommends for an HMAC-SHA-1 key. */
export const TOTP_SECRET_BYTES = 20;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function newTotpSecret(): Buffer {
  return randomBytes(TOTP_SECRET_BYTES);
}

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').replace(/\s+/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The time step a moment falls in. */
export function stepAt(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);
}

/** The code for one time step (RFC 4226 dynamic truncation), `digits` long. */
export function totpCode(secret: Buffer, step: number, digits = TOTP_DIGITS): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', secret).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/**
 * The step within the tolerance whose code `code` is, latest first; null when none. The caller
 * refuses a step already used (a replay), so the latest match is the one worth trying.
 */
export function matchingStep(secret: Buffer, code: string, nowMs: number): number | null {
  const now = stepAt(nowMs);
  const given = Buffer.from(code);
  for (let step = now + TOTP_TOLERANCE_STEPS; step >= now - TOTP_TOLERANCE_STEPS; step -= 1) {
    const expected = Buffer.from(totpCode(secret, step));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return step;
  }
  return null;
}

/** The key URI authenticator apps read from a QR code (Google Authenticator's format). */
export function otpauthUri(secret: Buffer, issuer: string, account: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({ secret: base32Encode(secret), issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_STEP_SECONDS) });
  return `otpauth://totp/${label}?${query.toString()}`;
}

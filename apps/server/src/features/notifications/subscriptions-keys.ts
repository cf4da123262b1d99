import { ECDH } from 'node:crypto';

// A push subscription's two keys (RFC 8291): the browser's P-256 public key (65 octets,
// uncompressed) and its 16-octet auth secret, both base64url as PushSubscription.toJSON() gives them.

export const P256DH_REFUSAL = 'keys.p256dh must be a P-256 public key';
export const AUTH_REFUSAL = 'keys.auth must be 16 bytes';

/** The octets of base64url text (padding allowed), or null when it is not exactly that. */
function base64urlOctets(text: string): Buffer | null {
  const bare = text.replace(/={0,2}$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(bare)) return null;
  const octets = Buffer.from(bare, 'base64url');
  return octets.toString('base64url') === bare ? octets : null;
}

/** An uncompressed point that lies on P-256: anything else could never be encrypted to. */
export function isP256PublicKey(text: string): boolean {
  const octets = base64urlOctets(text);
  if (octets?.length !== 65 || octets[0] !== 0x04) return false;
  try {
    ECDH.convertKey(octets, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

export function isAuthSecret(text: string): boolean {
  return base64urlOctets(text)?.length === 16;
}

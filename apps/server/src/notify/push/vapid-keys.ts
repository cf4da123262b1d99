import { createECDH, createHash, generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The application server's VAPID pair (RFC 8292): a browser subscribes with its public key, and
// its push service then refuses pushes signed by any other. Generated at first start and kept in
// the data folder as the JWT secret is (written once with 'wx', mode 0600); VAPID_PUBLIC_KEY and
// VAPID_PRIVATE_KEY override it. Every instance must use the same pair (notifications.md, 'VAPID keys').

/** Both halves base64url: the 65-octet uncompressed P-256 point and the 32-octet private scalar. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export const VAPID_KEYS_FILE = 'vapid-keys.json';

/** A refused VAPID setting; config.ts turns it into its own start-up refusal. */
export class VapidKeyError extends Error {
  override name = 'VapidKeyError';
}

export function generateVapidKeys(): VapidKeys {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([0x04]), Buffer.from(jwk.x ?? '', 'base64url'), Buffer.from(jwk.y ?? '', 'base64url')]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d ?? '' };
}

/** The pair, unchanged, when the public key is the one the private key makes; throws otherwise. */
export function checkVapidKeys(keys: VapidKeys, source: string): VapidKeys {
  const publicKey = Buffer.from(keys.publicKey, 'base64url');
  const privateKey = Buffer.from(keys.privateKey, 'base64url');
  if (publicKey.length !== 65 || publicKey[0] !== 0x04) throw new VapidKeyError(`${source}: the VAPID public key must be a base64url P-256 point of 65 octets`);
  if (privateKey.length !== 32) throw new VapidKeyError(`${source}: the VAPID private key must be 32 octets, base64url`);
  const ecdh = createECDH('prime256v1');
  try {
    ecdh.setPrivateKey(privateKey);
  } catch {
    throw new VapidKeyError(`${source}: the VAPID private key is not a P-256 key`);
  }
  if (!ecdh.getPublicKey().equals(publicKey)) throw new VapidKeyError(`${source}: the VAPID public key does not belong to the private key`);
  return keys;
}

/** The pair kept in `dataDir`, made and written there on first start. */
export function persistedVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, VAPID_KEYS_FILE);
  if (!existsSync(file)) {
    const generated = generateVapidKeys();
    try {
      writeFileSync(file, `${JSON.stringify(generated)}\n`, { mode: 0o600, flag: 'wx' });
      return generated;
    } catch (error) {
      // An instance sharing the folder wrote it a moment earlier: use that one.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  let kept: Partial<VapidKeys>;
  try {
    kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
  } catch {
    throw new VapidKeyError(`${file} is not valid JSON`);
  }
  return checkVapidKeys({ publicKey: String(kept.publicKey ?? ''), privateKey: String(kept.privateKey ?? '') }, file);
}

/**
 * The pair this instance signs with: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when both are set
 * (checked to match), the data folder's otherwise. One without the other is refused.
 */
export function vapidKeys(dataDir: string, env: { publicKey?: string | undefined; privateKey?: string | undefined }): VapidKeys {
  if (env.publicKey && env.privateKey) return checkVapidKeys({ publicKey: env.publicKey, privateKey: env.privateKey }, 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY');
  if (env.publicKey || env.privateKey) throw new VapidKeyError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all');
  return persistedVapidKeys(dataDir);
}

/** The subject, unchanged, when it is a mailto: or https: contact that is not at localhost. */
export function checkVapidSubject(subject: string): string {
  const url = URL.canParse(subject) ? new URL(subject) : null;
  if (!url || (url.protocol !== 'mailto:' && url.protocol !== 'https:')) throw new VapidKeyError('VAPID_SUBJECT must be a mailto: or https: address');
  // Apple's push service refuses a localhost subject, so every push to Safari would fail.
  const host = url.protocol === 'mailto:' ? url.pathname.slice(url.pathname.lastIndexOf('@') + 1) : url.hostname;
  if (/^localhost\.?$/i.test(host) || /\.localhost\.?$/i.test(host)) throw new VapidKeyError('VAPID_SUBJECT must not be at localhost: Apple refuses it');
  return subject;
}

/** A short name for a public key, stored beside each subscription: its SHA-256's first 16 hex digits. */
export function vapidKeyId(publicKey: string): string {
  return createHash('sha256').update(Buffer.from(publicKey, 'base64url')).digest('hex').slice(0, 16);
}

/**
 * Why this instance must not start when the database records another instance's key id (the
 * `settings` row), or null when they agree or none is recorded yet: a mismatch would fail silently,
 * every push answered 403.
 */
export function vapidKeyMismatch(recordedKeyId: string | null, keys: VapidKeys): string | null {
  const own = vapidKeyId(keys.publicKey);
  if (recordedKeyId === null || recordedKeyId === own) return null;
  return `VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY differ from the pair the other instances use (key ${recordedKeyId} recorded, ${own} here): give every instance the same pair`;
}

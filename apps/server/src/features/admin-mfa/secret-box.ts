import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// TOTP secrets at rest (ASVS 2.8.2): AES-256-GCM under a key derived from the server's JWT secret,
// so a copy of the database alone (a backup) does not hand over every admin's second factor. A
// new JWT_SECRET makes the stored secrets unreadable: the admins then reset theirs with
// `npm run create-admin -- --reset-second-factor` (docs/security.md).

const VERSION = 'v1';

function keyOf(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'academy-portal', 'admin totp secrets', 32));
}

export interface SecretBox {
  seal(plain: Buffer): string;
  open(sealed: string): Buffer;
}

export function createSecretBox(serverSecret: string): SecretBox {
  const key = keyOf(serverSecret);
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || !body) throw new Error('admin second factor: unreadable secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
    },
  };
}

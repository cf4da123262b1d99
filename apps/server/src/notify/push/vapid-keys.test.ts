import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkVapidKeys, checkVapidSubject, generateVapidKeys, persistedVapidKeys, VAPID_KEYS_FILE, vapidKeyId, vapidKeyMismatch, vapidKeys } from './vapid-keys.js';

describe('VAPID keys', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'vapid-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('are generated once into the data folder at 0600 and read back the same at the next start', () => {
    const first = persistedVapidKeys(dataDir);
    const file = path.join(dataDir, VAPID_KEYS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
    expect(persistedVapidKeys(dataDir)).toEqual(first);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
  });

  it('come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when both are set, and no file is written', () => {
    const pair = generateVapidKeys();
    expect(vapidKeys(dataDir, pair)).toEqual(pair);
    expect(() => statSync(path.join(dataDir, VAPID_KEYS_FILE))).toThrow();
    expect(() => vapidKeys(dataDir, { publicKey: pair.publicKey })).toThrow(/together or not at all/);
  });

  it('refuse a public key that does not belong to the private key, from the settings or the file', () => {
    const mismatched = { publicKey: generateVapidKeys().publicKey, privateKey: generateVapidKeys().privateKey };
    expect(() => checkVapidKeys(mismatched, 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY')).toThrow(/does not belong/);
    expect(() => vapidKeys(dataDir, mismatched)).toThrow(/does not belong/);
    expect(() => checkVapidKeys({ publicKey: 'short', privateKey: generateVapidKeys().privateKey }, 'test')).toThrow(/65 octets/);
  });

  it('refuse a subject at localhost, or one that is neither mailto: nor https:', () => {
    expect(checkVapidSubject('mailto:office@academy.lk')).toBe('mailto:office@academy.lk');
    expect(checkVapidSubject('https://academy.lk/contact')).toBe('https://academy.lk/contact');
    expect(() => checkVapidSubject('mailto:no-reply@localhost')).toThrow(/localhost/);
    expect(() => checkVapidSubject('https://localhost:3000')).toThrow(/localhost/);
    expect(() => checkVapidSubject('http://academy.lk')).toThrow(/mailto: or https:/);
  });

  it('are named by the first 16 hex digits of the public key’s SHA-256, and a differing recorded id stops the start', () => {
    const pair = generateVapidKeys();
    const id = vapidKeyId(pair.publicKey);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(vapidKeyMismatch(null, pair)).toBeNull();
    expect(vapidKeyMismatch(id, pair)).toBeNull();
    expect(vapidKeyMismatch(vapidKeyId(generateVapidKeys().publicKey), pair)).toMatch(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
  });
});

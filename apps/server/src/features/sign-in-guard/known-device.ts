import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_BASE, STUDENTS_PATHS } from '@academy/contract';

// Known devices (OWASP's 'device cookies'): after a successful sign-in the browser keeps a signed
// entry naming the account, the account's device generation, a device id and when it was given.
// Signed, so it cannot be made up; HttpOnly, so a page's script cannot read it. One cookie holds
// the last few accounts signed in on the browser (a family's shared phone).

export const KNOWN_DEVICE_COOKIE = 'known_device';
const MAX_ENTRIES = 4;
const VERSION = 'v1';

export interface DeviceEntry {
  accountId: string;
  generation: number;
  deviceId: string;
  /** Seconds since the epoch. */
  issuedAt: number;
}

/** A key of its own for this purpose, so the JWT secret is never used raw for something else. */
function signature(secret: string, payload: string): string {
  const key = createHmac('sha256', secret).update('sign-in-guard:known-device').digest();
  return createHmac('sha256', key).update(payload).digest('base64url');
}

function payloadOf(entry: DeviceEntry): string {
  return [VERSION, entry.accountId, entry.generation, entry.deviceId, entry.issuedAt].join('.');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The entries of a cookie value whose signature holds; anything else is ignored, never an error. */
export function readEntries(secret: string, value: string | undefined): DeviceEntry[] {
  if (!value) return [];
  const entries: DeviceEntry[] = [];
  for (const item of value.split('~').slice(0, MAX_ENTRIES)) {
    const parts = item.split('.');
    if (parts.length !== 6 || parts[0] !== VERSION) continue;
    const [, accountId = '', generation = '', deviceId = '', issuedAt = '', signed = ''] = parts;
    const entry = { accountId, generation: Number(generation), deviceId, issuedAt: Number(issuedAt) };
    if (!Number.isSafeInteger(entry.generation) || !Number.isSafeInteger(entry.issuedAt)) continue;
    if (sameText(signature(secret, payloadOf(entry)), signed)) entries.push(entry);
  }
  return entries;
}

/** The cookie value: `entry` first, then the browser's other accounts (newest first). */
export function writeEntries(secret: string, entry: DeviceEntry, others: DeviceEntry[]): string {
  const kept = [entry, ...others.filter((other) => other.accountId !== entry.accountId)].slice(0, MAX_ENTRIES);
  return kept.map((item) => `${payloadOf(item)}.${signature(secret, payloadOf(item))}`).join('~');
}

/** The known-device cookie's value in a Cookie header, or undefined. */
export function readDeviceCookie(header: string | undefined): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === KNOWN_DEVICE_COOKIE) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * The Set-Cookie header. Only the sign-in call needs it back, so the browser sends it nowhere
 * else; SameSite=Strict keeps other sites' pages from sending it; Secure when served over HTTPS.
 */
export function deviceCookieHeader(value: string, options: { maxAgeMs: number; secure: boolean }): string {
  const attributes = [
    `${KNOWN_DEVICE_COOKIE}=${value}`,
    `Path=${API_BASE}${STUDENTS_PATHS.login}`,
    `Max-Age=${Math.floor(options.maxAgeMs / 1000)}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (options.secure) attributes.push('Secure');
  return attributes.join('; ');
}

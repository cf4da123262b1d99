import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@academy/contract';

// Recovery codes: ten per enrolment, `xxxxx-xxxxx` of an alphabet without look-alikes (50 bits
// each, CSPRNG), stored as SHA-256 only: with that much entropy a slow hash adds nothing.

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

function oneCode(): string {
  let text = '';
  for (let i = 0; i < 10; i += 1) text += ALPHABET[randomInt(ALPHABET.length)];
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, oneCode);
}

/** The stored form of a code as typed (case, spaces and the dash forgiven). */
export function recoveryCodeHash(code: string): string {
  const normal = code.replace(/[\s-]+/g, '').toLowerCase();
  return createHash('sha256').update(normal).digest('hex');
}

export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

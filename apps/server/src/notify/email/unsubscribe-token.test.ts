import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { unsubscribeTokens } from './unsubscribe-token';

const SECRET = 'a-jwt-secret-of-the-portal-0123456789abcdef';
const ACCOUNT = '3f0c2b1e-8d4a-4c57-9f1e-2a6b7c8d9e0f';
const tokens = unsubscribeTokens(SECRET);

/** The token with one character of its given part changed to another of the alphabet. */
function flipCharacter(token: string, index: number): string {
  const swapped = token[index] === 'A' ? 'B' : 'A';
  return `${token.slice(0, index)}${swapped}${token.slice(index + 1)}`;
}

describe('unsubscribe tokens', () => {
  it('give back the account and kind they were made for, in URL-safe characters', () => {
    const token = tokens.sign(ACCOUNT, 'lesson.new');
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(tokens.verify(token)).toEqual({ accountId: ACCOUNT, kind: 'lesson.new' });
  });

  it('are the same for the same account and kind, and verified by a second instance with the same secret', () => {
    expect(tokens.sign(ACCOUNT, 'fee.due')).toBe(unsubscribeTokens(SECRET).sign(ACCOUNT, 'fee.due'));
    expect(unsubscribeTokens(SECRET).verify(tokens.sign(ACCOUNT, 'fee.due'))).toEqual({ accountId: ACCOUNT, kind: 'fee.due' });
  });

  it('refuse a token made with another secret', () => {
    expect(tokens.verify(unsubscribeTokens('another-secret').sign(ACCOUNT, 'lesson.new'))).toBeNull();
  });

  it('refuse a token whose account or kind was changed, keeping the signature', () => {
    const [, signature] = tokens.sign(ACCOUNT, 'lesson.new').split('.');
    const otherKind = Buffer.from(`${ACCOUNT}\npayment.receipt`).toString('base64url');
    const otherAccount = Buffer.from('00000000-0000-4000-8000-000000000000\nlesson.new').toString('base64url');
    expect(tokens.verify(`${otherKind}.${signature}`)).toBeNull();
    expect(tokens.verify(`${otherAccount}.${signature}`)).toBeNull();
  });

  it('refuse any single character altered, in the subject or the signature', () => {
    const token = tokens.sign(ACCOUNT, 'lesson.new');
    for (let index = 0; index < token.length; index += 1) {
      if (token[index] === '.') continue;
      expect(tokens.verify(flipCharacter(token, index)), `character ${index}`).toBeNull();
    }
  });

  it('refuse a signature made with the secret itself instead of the derived key', () => {
    const subject = `${ACCOUNT}\nlesson.new`;
    const signature = createHmac('sha256', SECRET).update(`email\n${subject}`).digest('base64url');
    expect(tokens.verify(`${Buffer.from(subject).toString('base64url')}.${signature}`)).toBeNull();
  });

  it('refuse malformed tokens without throwing', () => {
    const token = tokens.sign(ACCOUNT, 'lesson.new');
    const [subject, signature] = token.split('.') as [string, string];
    for (const bad of ['', '.', 'abc', `${subject}.`, `.${signature}`, `${token}.extra`, `${subject}.${signature.slice(0, -2)}`, `${subject}=.${signature}`, `${subject}.${signature}==`, `${subject}!.${signature}`]) {
      expect(tokens.verify(bad), bad).toBeNull();
    }
  });

  it('refuse to sign without an account or kind, or with the separator inside one', () => {
    expect(() => tokens.sign('', 'lesson.new')).toThrow();
    expect(() => tokens.sign(ACCOUNT, '')).toThrow();
    expect(() => tokens.sign(`${ACCOUNT}\nx`, 'lesson.new')).toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { deviceCookieHeader, readDeviceCookie, readEntries, writeEntries } from './known-device';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const entry = (accountId: string) => ({ accountId, generation: 2, deviceId: crypto.randomUUID(), issuedAt: 1_795_000_000 });

describe('the known-device cookie', () => {
  it('reads back what it wrote, newest account first, at most four', () => {
    let value = '';
    const written = ['a', 'b', 'c', 'd', 'e'].map((id) => entry(`${id}-account`));
    for (const item of written) value = writeEntries(SECRET, item, readEntries(SECRET, value));
    expect(readEntries(SECRET, value).map((e) => e.accountId)).toEqual(['e-account', 'd-account', 'c-account', 'b-account']);
    expect(readEntries(SECRET, value)[0]).toEqual(written[4]);
  });

  it('ignores an entry that was changed, signed with another secret, or is not one', () => {
    const value = writeEntries(SECRET, entry('mine'), []);
    expect(readEntries(SECRET, value.replace('.2.', '.3.'))).toEqual([]);
    expect(readEntries(`${SECRET}x`, value)).toEqual([]);
    for (const junk of ['', 'v1', 'v1.a.b.c.d.e', '~~~', 'x'.repeat(5000)]) expect(readEntries(SECRET, junk)).toEqual([]);
  });

  it('is HttpOnly, SameSite=Strict, for the sign-in call only, and Secure over HTTPS', () => {
    const header = deviceCookieHeader('v', { maxAgeMs: 86_400_000, secure: true });
    expect(header).toBe('known_device=v; Path=/api/students/student/login; Max-Age=86400; HttpOnly; SameSite=Strict; Secure');
    expect(readDeviceCookie('theme=dark; known_device=abc.def; other=1')).toBe('abc.def');
    expect(readDeviceCookie(undefined)).toBeUndefined();
  });
});

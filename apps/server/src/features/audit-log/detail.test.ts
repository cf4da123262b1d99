import { describe, expect, it } from 'vitest';
import { safeDetail } from './detail';

describe('an entry detail', () => {
  it('drops every key that names a secret, at any depth', () => {
    expect(
      safeDetail({
        email: 'a@example.lk',
        password: 'p',
        temporaryPassword: 't',
        token: 'x',
        otpCode: '12345',
        passwordHash: 'h',
        nested: { newPassword: 'n', field: 'kept' },
        rows: [{ email: 'b@example.lk', temporaryPassword: 'q' }],
      }),
    ).toEqual({ email: 'a@example.lk', nested: { field: 'kept' }, rows: [{ email: 'b@example.lk' }] });
  });

  it('cuts long texts and lists, and keeps only JSON values', () => {
    const detail = safeDetail({ text: 'y'.repeat(500), list: Array.from({ length: 50 }, (_, i) => i), when: undefined, count: 3, ok: false, none: null });
    expect(detail.text).toBe(`${'y'.repeat(200)}…`);
    expect(detail.list).toHaveLength(20);
    expect(detail).toMatchObject({ count: 3, ok: false, none: null });
    expect('when' in detail).toBe(false);
  });
});

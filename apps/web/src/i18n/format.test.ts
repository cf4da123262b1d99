import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatTimeAgo } from './format';

const NOW = Date.parse('2026-11-27T10:00:00.000Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe("formatTimeAgo (the bell's 'how long ago')", () => {
  beforeAll(() => i18next.init({ lng: 'en', fallbackLng: 'en', resources: {} }));
  afterAll(() => i18next.changeLanguage('en'));

  it('counts in the largest whole unit up to a week, then gives the date in Sri Lanka time', async () => {
    await i18next.changeLanguage('en');
    expect(formatTimeAgo(ago(0), NOW)).toBe('now');
    expect(formatTimeAgo(ago(42), NOW)).toBe('42 seconds ago');
    expect(formatTimeAgo(ago(5 * 60 + 59), NOW)).toBe('5 minutes ago');
    expect(formatTimeAgo(ago(3 * 3600), NOW)).toBe('3 hours ago');
    expect(formatTimeAgo(ago(26 * 3600), NOW)).toBe('yesterday');
    expect(formatTimeAgo(ago(8 * 86400), NOW)).toBe(formatDate(ago(8 * 86400)));
    expect(formatDate(ago(8 * 86400))).toMatch(/19/);
  });

  it("says a time a little ahead of the device's clock is now", async () => {
    await i18next.changeLanguage('en');
    expect(formatTimeAgo(new Date(NOW + 3000).toISOString(), NOW)).toBe('now');
  });

  it('speaks Sinhala to a Sinhala reader', async () => {
    await i18next.changeLanguage('si');
    expect(formatTimeAgo(ago(5 * 60), NOW)).toMatch(/[\u0D80-\u0DFF]/);
    expect(formatTimeAgo(ago(5 * 60), NOW)).toContain('5');
  });
});

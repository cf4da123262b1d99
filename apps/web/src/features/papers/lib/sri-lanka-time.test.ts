import { afterAll, describe, expect, it } from 'vitest';
import { instantToSriLankaInput, sriLankaDayNumber, sriLankaInputToInstant } from './sri-lanka-time';

// The device's own zone must change nothing: each case runs as if the laptop were in Sri Lanka,
// in UTC and in New York (Node applies a TZ set at run time to every later Date).
const ZONES = ['Asia/Colombo', 'UTC', 'America/New_York'];
const startingZone = process.env.TZ;

afterAll(() => {
  if (startingZone === undefined) delete process.env.TZ;
  else process.env.TZ = startingZone;
});

describe.each(ZONES)('Sri Lanka time on a device set to %s', (zone) => {
  it('the zone is in force', () => {
    process.env.TZ = zone;
    const hour = new Date('2026-12-09T04:30:00Z').getHours();
    expect(hour).toBe({ 'Asia/Colombo': 10, UTC: 4, 'America/New_York': 23 }[zone]);
  });

  it('reads a datetime-local value as Sri Lanka wall time', () => {
    process.env.TZ = zone;
    expect(sriLankaInputToInstant('2026-12-12T20:00')).toBe('2026-12-12T14:30:00.000Z');
    expect(sriLankaInputToInstant('2026-01-01T02:00')).toBe('2025-12-31T20:30:00.000Z');
    expect(sriLankaInputToInstant('2026-07-01T05:29:59')).toBe('2026-06-30T23:59:59.000Z');
    // New York changes its clocks on 8 March 2026; Sri Lanka does not.
    expect(sriLankaInputToInstant('2026-03-08T12:00')).toBe('2026-03-08T06:30:00.000Z');
  });

  it('refuses what is not a real date and time', () => {
    process.env.TZ = zone;
    for (const value of ['', '2026-02-30T10:00', '2026-12-12T24:00', '2026-12-12T20:60', '2026-12-12 20:00', '2026-12-12']) {
      expect(sriLankaInputToInstant(value), value).toBeNull();
    }
  });

  it('shows an instant as the datetime-local value of its Sri Lanka wall time', () => {
    process.env.TZ = zone;
    expect(instantToSriLankaInput('2026-12-12T14:30:00Z')).toBe('2026-12-12T20:00');
    expect(instantToSriLankaInput('2026-12-12T20:00:00+05:30')).toBe('2026-12-12T20:00');
    expect(instantToSriLankaInput(Date.parse('2025-12-31T20:30:00Z'))).toBe('2026-01-01T02:00');
    for (let ms = Date.parse('2026-01-01T00:00:00Z'); ms < Date.parse('2027-01-01T00:00:00Z'); ms += 7 * 3_600_000 + 60_000) {
      expect(sriLankaInputToInstant(instantToSriLankaInput(ms))).toBe(new Date(ms).toISOString());
    }
  });

  it('counts days as Sri Lanka does: a new day at its midnight, 18:30 UTC', () => {
    process.env.TZ = zone;
    const before = sriLankaDayNumber('2026-12-09T18:29:59Z');
    expect(sriLankaDayNumber('2026-12-09T18:30:00Z')).toBe(before + 1);
    expect(sriLankaDayNumber('2026-12-09T00:00:00+05:30')).toBe(before);
  });
});

import { describe, expect, it } from 'vitest';
import { isQuiet, parseQuietHours, quietEnd, type QuietHours } from './quiet-hours';

/** An instant written in Sri Lanka time (UTC+05:30). */
const colombo = (localTime: string) => Date.parse(`${localTime}+05:30`);

const NIGHT = parseQuietHours('22:00-06:00') as QuietHours;
const LUNCH = parseQuietHours('13:00-14:30') as QuietHours;

describe('parseQuietHours', () => {
  it('reads a range across midnight and one inside a day, in minutes after midnight', () => {
    expect(NIGHT).toEqual({ start: 22 * 60, end: 6 * 60 });
    expect(LUNCH).toEqual({ start: 13 * 60, end: 14 * 60 + 30 });
    expect(parseQuietHours(' 00:00-23:59 ')).toEqual({ start: 0, end: 23 * 60 + 59 });
  });

  it('answers null for off', () => {
    expect(parseQuietHours('off')).toBeNull();
    expect(parseQuietHours('OFF')).toBeNull();
  });

  it.each(['', '22-06', '22:00', '22:00-6:00', '24:00-06:00', '22:60-06:00', '22:00–06:00', '22:00 - 06:00', '10pm-6am', '22:00-06:00-07:00', 'on'])(
    'refuses %j',
    (setting) => {
      expect(() => parseQuietHours(setting)).toThrow(/HH:MM-HH:MM/);
    },
  );

  it('refuses a range that starts when it ends', () => {
    expect(() => parseQuietHours('06:00-06:00')).toThrow(/different times/);
  });
});

describe('isQuiet and quietEnd across midnight', () => {
  it('holds from 22:00 Sri Lanka time until 06:00 the next morning', () => {
    const evening = colombo('2026-11-27T22:30:00');
    expect(isQuiet(NIGHT, evening)).toBe(true);
    expect(quietEnd(NIGHT, evening)).toBe(colombo('2026-11-28T06:00:00'));
  });

  it('ends the same morning for an instant after midnight', () => {
    const night = colombo('2026-11-28T03:15:00');
    expect(quietEnd(NIGHT, night)).toBe(colombo('2026-11-28T06:00:00'));
  });

  it('starts at 22:00:00 exactly and is over at 06:00:00 exactly', () => {
    expect(isQuiet(NIGHT, colombo('2026-11-27T21:59:59.999'))).toBe(false);
    expect(quietEnd(NIGHT, colombo('2026-11-27T22:00:00'))).toBe(colombo('2026-11-28T06:00:00'));
    expect(quietEnd(NIGHT, colombo('2026-11-28T05:59:59.999'))).toBe(colombo('2026-11-28T06:00:00'));
    expect(isQuiet(NIGHT, colombo('2026-11-28T06:00:00'))).toBe(false);
    expect(quietEnd(NIGHT, colombo('2026-11-28T06:00:00'))).toBeNull();
  });

  it('is not quiet in the day', () => {
    expect(isQuiet(NIGHT, colombo('2026-11-28T12:00:00'))).toBe(false);
    expect(quietEnd(NIGHT, colombo('2026-11-28T12:00:00'))).toBeNull();
  });

  it('reads the clock in Sri Lanka time, not UTC: 17:00 UTC is 22:30 in Colombo', () => {
    expect(isQuiet(NIGHT, Date.parse('2026-11-27T17:00:00Z'))).toBe(true);
    expect(quietEnd(NIGHT, Date.parse('2026-11-27T17:00:00Z'))).toBe(Date.parse('2026-11-28T00:30:00Z'));
    expect(isQuiet(NIGHT, Date.parse('2026-11-27T16:29:00Z'))).toBe(false);
  });

  it('crosses the end of a month and of a year', () => {
    expect(quietEnd(NIGHT, colombo('2026-12-31T23:45:00'))).toBe(colombo('2027-01-01T06:00:00'));
    expect(quietEnd(NIGHT, colombo('2026-11-30T22:01:00'))).toBe(colombo('2026-12-01T06:00:00'));
  });
});

describe('isQuiet and quietEnd inside one day', () => {
  it('holds from the start until the end of the same day', () => {
    expect(isQuiet(LUNCH, colombo('2026-11-28T12:59:00'))).toBe(false);
    expect(quietEnd(LUNCH, colombo('2026-11-28T13:00:00'))).toBe(colombo('2026-11-28T14:30:00'));
    expect(quietEnd(LUNCH, colombo('2026-11-28T14:29:59'))).toBe(colombo('2026-11-28T14:30:00'));
    expect(isQuiet(LUNCH, colombo('2026-11-28T14:30:00'))).toBe(false);
    expect(isQuiet(LUNCH, colombo('2026-11-28T23:00:00'))).toBe(false);
  });
});

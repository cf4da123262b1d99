import { afterEach, describe, expect, it } from 'vitest';
import {
  cardCovers,
  classYearEnd,
  decide,
  dueStart,
  graceEnd,
  monthAmountCents,
  monthStanding,
  previousFeeMonth,
  sriLankaDay,
  sriLankaMonth,
  type PlanRules,
} from './rules';

// The fees' time rules in Sri Lanka time (UTC+05:30), whatever the machine's own zone: each case
// runs under TZ=UTC and TZ=America/New_York (a zone with daylight saving, far from Colombo).

const plan: PlanRules = { monthlyFeeCents: 250_000, months: ['2026-06', '2026-07', '2026-09', '2026-10', '2026-11'], dueDay: 10, graceDays: 5 };
const at = (iso: string) => Date.parse(iso);
const originalTz = process.env.TZ;

afterEach(() => {
  process.env.TZ = originalTz;
});

describe.each(['UTC', 'America/New_York'])('under TZ=%s', (zone) => {
  it('reads the Sri Lanka month and day of an instant', () => {
    process.env.TZ = zone;
    expect(sriLankaMonth(at('2026-10-31T18:29:59.999Z'))).toBe('2026-10');
    expect(sriLankaMonth(at('2026-10-31T18:30:00.000Z'))).toBe('2026-11');
    expect(sriLankaDay(at('2026-12-31T18:30:00.000Z'))).toBe('2027-01-01');
    expect(sriLankaDay(at('2026-03-08T07:00:00.000Z'))).toBe('2026-03-08');
  });

  it('puts the due day at its Sri Lanka midnight and the grace end at the last millisecond of due day + grace days', () => {
    process.env.TZ = zone;
    expect(new Date(dueStart(plan, '2026-11')).toISOString()).toBe('2026-11-09T18:30:00.000Z');
    expect(new Date(graceEnd(plan, '2026-11')).toISOString()).toBe('2026-11-15T18:29:59.999Z');
    // 28 + 31 days runs into the next month, as the calendar does.
    expect(new Date(graceEnd({ dueDay: 28, graceDays: 31 }, '2026-02')).toISOString()).toBe('2026-03-31T18:29:59.999Z');
    expect(new Date(graceEnd({ dueDay: 10, graceDays: 0 }, '2026-11')).toISOString()).toBe('2026-11-10T18:29:59.999Z');
  });

  it('ends the class year when the plan\'s last month ends in Sri Lanka', () => {
    process.env.TZ = zone;
    expect(new Date(classYearEnd(plan)).toISOString()).toBe('2026-11-30T18:30:00.000Z');
    expect(new Date(classYearEnd({ months: ['2026-12'] })).toISOString()).toBe('2026-12-31T18:30:00.000Z');
  });
});

describe('the previous fee month', () => {
  it('is the plan\'s month before, across a gap; none for the first month or a month outside the plan', () => {
    expect(previousFeeMonth(plan, '2026-09')).toBe('2026-07');
    expect(previousFeeMonth(plan, '2026-07')).toBe('2026-06');
    expect(previousFeeMonth(plan, '2026-06')).toBeNull();
    expect(previousFeeMonth(plan, '2026-08')).toBeNull();
  });
});

describe('decide', () => {
  const end = graceEnd(plan, '2026-11');

  it('opens a month with an opening until the class year ends', () => {
    expect(decide({ month: true, previous: false }, '2026-06', plan, at('2026-11-30T18:29:59.999Z'))).toBe('open');
    expect(decide({ month: true, previous: false }, '2026-06', plan, classYearEnd(plan))).toBe('locked');
  });

  it('keeps a month open by last month\'s opening through its grace end, and not a millisecond later', () => {
    expect(decide({ month: false, previous: true }, '2026-11', plan, end - 1)).toBe('grace');
    expect(decide({ month: false, previous: true }, '2026-11', plan, end)).toBe('grace');
    expect(decide({ month: false, previous: true }, '2026-11', plan, end + 1)).toBe('locked');
    // A month folder posted early opens to last month's payers.
    expect(decide({ month: false, previous: true }, '2026-11', plan, at('2026-10-20T00:00:00Z'))).toBe('grace');
  });

  it('gives the first month no carry-over, and locks a month nobody opened', () => {
    expect(decide({ month: false, previous: true }, '2026-06', plan, at('2026-06-01T00:00:00Z'))).toBe('locked');
    expect(decide({ month: false, previous: false }, '2026-11', plan, at('2026-11-01T00:00:00Z'))).toBe('locked');
  });

  it('prefers open to grace when both hold', () => {
    expect(decide({ month: true, previous: true }, '2026-11', plan, end - 1)).toBe('open');
  });
});

describe('amounts and cards', () => {
  it('halves an odd fee to the smaller half cent, and a full card costs nothing', () => {
    expect(monthAmountCents({ monthlyFeeCents: 250_001 }, { kind: 'half' })).toBe(125_000);
    expect(monthAmountCents({ monthlyFeeCents: 250_000 }, { kind: 'full' })).toBe(0);
    expect(monthAmountCents({ monthlyFeeCents: 250_000 }, null)).toBe(250_000);
  });

  it('covers a card\'s months, to the class year\'s end when it names no last month', () => {
    expect(cardCovers({ kind: 'full', fromMonth: '2026-07', untilMonth: null }, plan, '2026-11')).toBe(true);
    expect(cardCovers({ kind: 'full', fromMonth: '2026-07', untilMonth: '2026-09' }, plan, '2026-10')).toBe(false);
    expect(cardCovers({ kind: 'half', fromMonth: '2026-07', untilMonth: null }, plan, '2026-06')).toBe(false);
  });
});

describe('monthStanding', () => {
  const facts = { sources: [], previousOpened: false, card: null, pending: null } as const;

  it('names paid before free before exception before pending before unpaid', () => {
    const now = at('2026-11-05T00:00:00Z');
    expect(monthStanding({ ...facts, sources: ['exception', 'payment'] }, '2026-11', plan, now).state).toBe('paid');
    expect(monthStanding({ ...facts, sources: ['exception', 'free-card'] }, '2026-11', plan, now).state).toBe('free');
    expect(monthStanding({ ...facts, sources: ['exception'] }, '2026-11', plan, now).state).toBe('exception');
    expect(monthStanding({ ...facts, pending: 'slip' }, '2026-11', plan, now).state).toBe('pending');
    expect(monthStanding(facts, '2026-11', plan, now)).toEqual({
      state: 'unpaid',
      access: 'locked',
      overdue: false,
      amountCents: 250_000,
      dueOn: '2026-11-09T18:30:00.000Z',
      graceEndsOn: '2026-11-15T18:29:59.999Z',
    });
  });

  it('is overdue once the due day has ended in Sri Lanka, and a half card halves it', () => {
    const standing = monthStanding({ ...facts, card: { kind: 'half' } }, '2026-11', plan, at('2026-11-10T18:30:00.000Z'));
    expect(standing.overdue).toBe(true);
    expect(standing.amountCents).toBe(125_000);
    expect(monthStanding(facts, '2026-11', plan, at('2026-11-10T18:29:59.999Z')).overdue).toBe(false);
  });
});

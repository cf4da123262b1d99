import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAPER_LABEL_WORDS, paperLabelWordsEn } from './paper-label-words';
import { adminPaperLine, studentPaperLine, timeLeftWords, type ListedPaper } from './paper-labels';

// Every line of docs/papers.md's tables ('How it is listed in the class folder'), in Sri
// Lanka time on a device set to Sri Lanka, UTC or New York (Node applies a TZ set at run time).

const ZONES = ['Asia/Colombo', 'UTC', 'America/New_York'];
const startingZone = process.env.TZ;

const at = (wallTime: string) => Date.parse(`${wallTime}+05:30`);
const iso = (wallTime: string) => new Date(at(wallTime)).toISOString();
/** Wednesday 9 December 2026, 10:00 in Sri Lanka. */
const NOW = at('2026-12-09T10:00');
const minutes = (count: number) => count * 60_000;

function paper(overrides: Partial<ListedPaper> = {}): ListedPaper {
  return { state: 'open', opensAt: iso('2026-12-09T09:00'), closesAt: new Date(NOW + minutes(42)).toISOString(), ...overrides };
}

beforeAll(async () => {
  await i18next.init({ lng: 'en', fallbackLng: 'en', resources: {} });
});

afterAll(async () => {
  await i18next.changeLanguage('en');
  if (startingZone === undefined) delete process.env.TZ;
  else process.env.TZ = startingZone;
});

describe.each(ZONES)('state lines on a device set to %s', (zone) => {
  beforeAll(async () => {
    process.env.TZ = zone;
    await i18next.changeLanguage('en');
  });

  it('the zone is in force', () => {
    expect(new Date(NOW).getHours()).toBe({ 'Asia/Colombo': 10, UTC: 4, 'America/New_York': 23 }[zone]);
  });

  it('a scheduled paper: today, a weekday within six days, the date further away', () => {
    const opening = (opensAt: string, now = NOW) => studentPaperLine(paper({ state: 'scheduled', opensAt: iso(opensAt), closesAt: iso('2027-01-01T00:00') }), now);
    expect(opening('2026-12-09T20:00')).toBe('Opens today 8:00 PM');
    expect(opening('2026-12-12T20:00')).toBe('Opens Sat 8:00 PM');
    expect(opening('2026-12-15T20:00')).toBe('Opens Tue 8:00 PM');
    expect(opening('2026-12-16T20:00')).toBe('Opens Dec 16, 8:00 PM');
    // Sri Lanka's midnight, which is the afternoon in UTC and the morning in New York.
    expect(opening('2026-12-10T00:30', at('2026-12-09T23:50'))).toBe('Opens Thu 12:30 AM');
    expect(opening('2026-12-10T05:00', at('2026-12-10T00:10'))).toBe('Opens today 5:00 AM');
    expect(adminPaperLine(paper({ state: 'scheduled', opensAt: iso('2026-12-12T20:00') }), NOW)).toBe('Opens Sat 8:00 PM');
  });

  it('time left: minutes, hours and minutes over an hour, and the last minute', () => {
    expect(timeLeftWords(minutes(42) + 59_000)).toBe('42 min left');
    expect(timeLeftWords(minutes(72))).toBe('1 h 12 min left');
    expect(timeLeftWords(minutes(120))).toBe('2 h left');
    expect(timeLeftWords(minutes(1))).toBe('1 min left');
    expect(timeLeftWords(59_999)).toBe('Less than a minute left');
  });

  it("a student's lines", () => {
    expect(studentPaperLine(paper({ mine: { state: 'not-started' } }), NOW)).toBe('Open: 42 min left');
    // Sitting: the time left is to the student's own deadline, not the close.
    const sitting = paper({ closesAt: iso('2026-12-09T12:00'), mine: { state: 'sitting', deadline: new Date(NOW + minutes(38)).toISOString() } });
    expect(studentPaperLine(sitting, NOW)).toBe('Open: 38 min left');
    expect(studentPaperLine(sitting, NOW + minutes(38))).toBe('Handed in');
    expect(studentPaperLine(paper({ mine: { state: 'handed-in' } }), NOW)).toBe('Handed in');
    expect(studentPaperLine(paper({ state: 'results-ready', mine: { state: 'handed-in' } }), NOW)).toBe('Handed in');
    expect(studentPaperLine(paper({ state: 'closed', mine: { state: 'not-sat' } }), NOW)).toBe('Closed');
    // The listing said open; the close has passed since it was fetched.
    expect(studentPaperLine(paper({ mine: { state: 'not-started' } }), NOW + minutes(42))).toBe('Closed');
    expect(studentPaperLine(paper({ state: 'released', mine: { state: 'handed-in' } }), NOW)).toBe('Results out');
    expect(studentPaperLine(paper({ state: 'released', mine: { state: 'not-sat' } }), NOW)).toBe('Closed');
  });

  it("an admin's lines", () => {
    expect(adminPaperLine(paper({ counts: { sitting: 120, handedIn: 45 } }), NOW)).toBe('Open: 42 min left · 120 sitting · 45 handed in');
    expect(adminPaperLine(paper({ counts: { sitting: 1834, handedIn: 0 } }), NOW + minutes(41) + 30_000)).toBe('Open: Less than a minute left · 1,834 sitting · 0 handed in');
    expect(adminPaperLine(paper({ state: 'closed', counts: { sitting: 3, handedIn: 117 } }), NOW)).toBe('Closed: 3 still in time');
    expect(adminPaperLine(paper({ state: 'closed', counts: { sitting: 0, handedIn: 120 } }), NOW)).toBe('Closed: results not released');
    expect(adminPaperLine(paper({ state: 'results-ready', counts: { sitting: 0, handedIn: 120 } }), NOW)).toBe('Closed: results not released');
    expect(adminPaperLine(paper({ state: 'released' }), NOW)).toBe('Results out');
  });
});

describe('in Sinhala', () => {
  beforeAll(async () => {
    process.env.TZ = 'America/New_York';
    await i18next.changeLanguage('si');
  });

  it('says the lines in Sinhala, with Sri Lanka times as the Sinhala locale writes them', () => {
    expect(studentPaperLine(paper({ state: 'scheduled', opensAt: iso('2026-12-09T20:00') }), NOW)).toBe('අද 20.00 ට විවෘත වේ');
    expect(studentPaperLine(paper({ state: 'scheduled', opensAt: iso('2026-12-12T20:00') }), NOW)).toBe('සෙන 20.00 ට විවෘත වේ');
    expect(studentPaperLine(paper({ state: 'scheduled', opensAt: iso('2026-12-16T20:00') }), NOW)).toBe('උඳුවප් 16, 20.00 ට විවෘත වේ');
    expect(studentPaperLine(paper(), NOW)).toBe('විවෘතයි: මිනිත්තු 42 ක් ඉතිරියි');
    expect(studentPaperLine(paper({ state: 'released', mine: { state: 'handed-in' } }), NOW)).toBe('ප්‍රතිඵල නිකුත් කර ඇත');
    expect(adminPaperLine(paper({ state: 'closed', counts: { sitting: 3, handedIn: 117 } }), NOW)).toBe('වසා ඇත: 3 දෙනෙක් තවමත් කාලය තුළ');
    expect(timeLeftWords(minutes(72))).toBe('පැය 1 මිනිත්තු 12 ක් ඉතිරියි');
  });

  it('has every word in Sinhala script, filling in the same values as English', () => {
    const placeholders = (words: string) => [...words.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    for (const [key, english] of Object.entries(paperLabelWordsEn)) {
      const sinhala = PAPER_LABEL_WORDS.si[key as keyof typeof paperLabelWordsEn];
      expect(sinhala, key).toMatch(/[\u0D80-\u0DFF]/);
      expect(placeholders(sinhala), key).toEqual(placeholders(english));
    }
  });
});

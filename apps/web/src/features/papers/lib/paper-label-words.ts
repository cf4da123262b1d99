import { PAPERS_TEXT } from '@academy/contract';
import type { Language } from '../../../i18n/languages';

// The words of a paper's state line (docs/papers.md, 'How it is listed in the class
// folder'), in each language the portal speaks. They are written as the dictionaries in src/i18n
// write theirs, English taking the contract's words where it has them and `{{name}}` marking what
// is filled in, so the papers section of en.ts and si.ts can take them over as they are; Sinhala
// must have exactly English's keys (the type says so).

export const paperLabelWordsEn = {
  opens: 'Opens {{when}}',
  today: 'today',
  open: 'Open: {{left}}',
  minutesLeft: '{{minutes}} min left',
  hoursLeft: '{{hours}} h left',
  hoursMinutesLeft: '{{hours}} h {{minutes}} min left',
  lessThanAMinuteLeft: PAPERS_TEXT.lessThanAMinuteLeft,
  sitting: '{{count}} sitting',
  handedInCount: '{{count}} handed in',
  handedIn: PAPERS_TEXT.handedIn,
  closed: PAPERS_TEXT.closed,
  stillInTime: 'Closed: {{count}} still in time',
  resultsNotReleased: PAPERS_TEXT.resultsNotReleased,
  resultsOut: PAPERS_TEXT.resultsOut,
};

export type PaperLabelWords = { [K in keyof typeof paperLabelWordsEn]: string };

const paperLabelWordsSi: PaperLabelWords = {
  opens: '{{when}} ට විවෘත වේ',
  today: 'අද',
  open: 'විවෘතයි: {{left}}',
  minutesLeft: 'මිනිත්තු {{minutes}} ක් ඉතිරියි',
  hoursLeft: 'පැය {{hours}} ක් ඉතිරියි',
  hoursMinutesLeft: 'පැය {{hours}} මිනිත්තු {{minutes}} ක් ඉතිරියි',
  lessThanAMinuteLeft: 'මිනිත්තුවකටත් අඩු කාලයක් ඉතිරියි',
  sitting: '{{count}} දෙනෙක් ලියමින්',
  handedInCount: '{{count}} දෙනෙක් භාර දී ඇත',
  handedIn: 'භාර දී ඇත',
  closed: 'වසා ඇත',
  stillInTime: 'වසා ඇත: {{count}} දෙනෙක් තවමත් කාලය තුළ',
  resultsNotReleased: 'වසා ඇත: ප්‍රතිඵල තවම නිකුත් කර නැත',
  resultsOut: 'ප්‍රතිඵල නිකුත් කර ඇත',
};

export const PAPER_LABEL_WORDS: Record<Language, PaperLabelWords> = { en: paperLabelWordsEn, si: paperLabelWordsSi };

/** Fills `{{name}}` in a word with its value, as i18next's interpolation does. */
export function fillWords(words: string, values: Record<string, string | number> = {}): string {
  return words.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

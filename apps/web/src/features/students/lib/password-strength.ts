import { PASSWORD_MIN_LENGTH } from '@academy/contract';

// A small estimate of how hard a new password is to guess, for the meter under new-password fields
// (ASVS 2.1.8). It is advice only: the server decides (length, and the most common passwords).
// Dependency-free on purpose: zxcvbn's dictionaries would weigh far more than the pages it sits in.
// The estimate counts the characters an attacker would still have to guess: runs of one character,
// keyboard and alphabet sequences and well-known words count as little, the rest by the alphabets
// it draws from (a Sinhala letter counts as one of many).

export const STRENGTH_LEVELS = ['tooShort', 'weak', 'fair', 'good', 'strong'] as const;
export type StrengthLevel = (typeof STRENGTH_LEVELS)[number];

export interface PasswordStrength {
  level: StrengthLevel;
  /** 0 (too short) to 4 (strong): the meter's filled steps. */
  score: number;
}

/** Words and keyboard rows people put in passwords first, lowercased; a match counts as one guess. */
const PREDICTABLE = [
  'password',
  'passw0rd',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'qwerty',
  'azerty',
  'iloveyou',
  'letmein',
  'welcome',
  'admin',
  'login',
  'monkey',
  'dragon',
  'sunshine',
  'princess',
  'football',
  'cricket',
  'srilanka',
  'lanka',
  'colombo',
  'kandy',
  'history',
  'academy',
  'student',
  'abc123',
];

const SEQUENCES = ['abcdefghijklmnopqrstuvwxyz', '01234567890', '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p'];

/**
 * The bits an attacker must guess for each level: weak below 38, fair below 50, good below 65.
 * Twelve random lowercase letters are 56 bits: good; sixteen of every kind, strong.
 */
const THRESHOLDS: readonly [number, StrengthLevel][] = [
  [65, 'strong'],
  [50, 'good'],
  [38, 'fair'],
];

/** How many different characters each character of the password could have been. */
function alphabetSize(password: string): number {
  let size = 0;
  if (/[a-z]/.test(password)) size += 26;
  if (/[A-Z]/.test(password)) size += 26;
  if (/\d/.test(password)) size += 10;
  if (/[^\w\s\u0080-\uffff]|_/.test(password)) size += 33;
  if (/\s/.test(password)) size += 1;
  if (/[\u0080-\uffff]/.test(password)) size += 100;
  return Math.max(size, 10);
}

/** Marks the characters that follow the one before them in a run, or up or down a sequence. */
function markPredictableRuns(lower: string, predictable: boolean[]): void {
  for (let i = 1; i < lower.length; i += 1) {
    const previous = lower[i - 1] ?? '';
    const current = lower[i] ?? '';
    const step = SEQUENCES.some((sequence) => {
      const at = sequence.indexOf(previous);
      return at >= 0 && (sequence[at + 1] === current || sequence[at - 1] === current);
    });
    if (current === previous || step) predictable[i] = true;
  }
}

/** Years people add to a word (a birth year, this year): guessed as one of a few hundred. */
const YEAR = /(?:19|20)\d\d/g;

/** Marks every character of a well-known word or a year but its first, which stands for the guess of it. */
function markPredictableWords(lower: string, predictable: boolean[]): void {
  const mark = (at: number, length: number) => {
    for (let i = at + 1; i < at + length; i += 1) predictable[i] = true;
  };
  for (const word of PREDICTABLE) {
    for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + 1)) mark(at, word.length);
  }
  for (const year of lower.matchAll(YEAR)) mark(year.index, year[0].length);
}

/** The estimate for what has been typed so far (the whole password, as the field holds it). */
export function passwordStrength(password: string): PasswordStrength {
  // The server counts characters as JavaScript does (UTF-16 units); so does the estimate.
  if (password.length < PASSWORD_MIN_LENGTH) return { level: 'tooShort', score: 0 };
  const lower = password.toLowerCase();
  const predictable = Array.from({ length: lower.length }, () => false);
  markPredictableRuns(lower, predictable);
  markPredictableWords(lower, predictable);
  const guessed = predictable.filter(Boolean).length;
  // A predictable character is still a little choice (which word, which run): about two bits.
  const bits = (lower.length - guessed) * Math.log2(alphabetSize(password)) + guessed * 2;
  const level = THRESHOLDS.find(([least]) => bits >= least)?.[1] ?? 'weak';
  return { level, score: STRENGTH_LEVELS.indexOf(level) };
}

import { t } from 'i18next';
import { en } from './en';
import { englishMonthsInLanguage } from '../features/fees/lib/months';

// The server answers in the contract's English sentences (SERVER_TEXT and each feature's *_TEXT),
// which are the English dictionary's words. So the sentence itself is the stable key: looked up
// here, it names the dictionary entry to show in the reader's language. A wording fix in the
// contract changes both sides at once.

/** The parts of the dictionary whose words the server (or the contract's schemas) can send. */
const SERVER_SECTIONS = ['server', 'validation', 'classMaterial', 'lessons', 'forensics', 'passwordReset', 'messages', 'notifications', 'banners', 'sessions', 'adminMfa', 'privacy', 'watching', 'papers', 'fees', 'answerScripts', 'approvals'] as const;

const KEY_OF_SENTENCE = new Map<string, string>();
for (const section of SERVER_SECTIONS) {
  for (const [key, sentence] of Object.entries(en[section])) {
    // A branch (the tracer's reasons) is read by its keys, not matched as a sentence.
    if (typeof sentence === 'string' && !KEY_OF_SENTENCE.has(sentence)) KEY_OF_SENTENCE.set(sentence, `${section}.${key}`);
  }
}

/** English month names ('November 2026') in the reader's language. */
const months = (text: string | undefined) => englishMonthsInLanguage(text ?? '');

/** Sentences with a number in them, as the contract builds them. */
const PATTERNS: { pattern: RegExp; words: (match: RegExpMatchArray) => string }[] = [
  { pattern: /^The OTP is not correct\. (\d+) tr(?:y|ies) left\.$/, words: (m) => t('passwordReset.otpWrongTries', { count: Number(m[1]) }) },
  {
    pattern: /^Too many failed sign-ins\. Try again in (\d+) (second|minute)s?\.$/,
    words: (m) => t(m[2] === 'second' ? 'server.retryInSeconds' : 'server.retryInMinutes', { count: Number(m[1]) }),
  },
  { pattern: /^must be at most (\d+) characters$/, words: (m) => t('validation.atMost', { max: m[1] }) },
  { pattern: /^must be at least (\d+) characters$/, words: (m) => t('validation.atLeast', { min: m[1] }) },
  { pattern: /^The CSV file is missing the columns: (.+)$/, words: (m) => `${t('server.importMissingColumns')}: ${m[1]}` },
  // A paper import's reasons for refusing a row (papers-text.ts builds them).
  { pattern: /^(\S+) is longer than ([\d,]+) characters$/, words: (m) => t('papersEditor.import.rowTooLong', { column: m[1], max: m[2] }) },
  { pattern: /^(\S+) is filled but (\S+) is empty$/, words: (m) => t('papersEditor.import.rowOptionGap', { filled: m[1], empty: m[2] }) },
  { pattern: /^(\S+) and (\S+) are the same$/, words: (m) => t('papersEditor.import.rowOptionsSame', { first: m[1], second: m[2] }) },
  // The fees' sentences name months in English (fees-text.ts); the reader reads them in their language.
  { pattern: /^(.+) is not paid yet$/, words: (m) => t('fees.monthNotPaid', { month: months(m[1]) }) },
  { pattern: /^(.+) is already paid\.$/, words: (m) => t('fees.monthAlreadyPaid', { months: months(m[1]) }) },
  { pattern: /^(.+) is free for this student\.$/, words: (m) => t('fees.monthFree', { months: months(m[1]) }) },
  { pattern: /^A bank slip for (.+) is waiting for review\.$/, words: (m) => t('fees.slipWaiting', { months: months(m[1]) }) },
  { pattern: /^PayHere is still processing a payment for (.+)\.$/, words: (m) => t('fees.payherePending', { month: months(m[1]) }) },
  { pattern: /^(.+) has payments, orders, slips or exceptions: it stays\.$/, words: (m) => t('fees.monthStays', { months: months(m[1]) }) },
  { pattern: /^(.+) is not part of this payment, or is already refunded\.$/, words: (m) => t('fees.notRefundable', { months: months(m[1]) }) },
  {
    pattern: /^This slip was (approved|rejected) by (.+) on (\d{1,2} [A-Z][a-z]{2})\.$/,
    words: (m) => t(m[1] === 'approved' ? 'fees.slipDecidedApproved' : 'fees.slipDecidedRejected', { name: m[2], day: m[3] }),
  },
  // The written part's sentences with a time, a count or a label (answer-scripts-text.ts builds them); the time stays as the server wrote it.
  { pattern: /^The upload time is over: it ended at (.+)\.$/, words: (m) => t('answerScripts.uploadTimeOver', { time: m[1] }) },
  { pattern: /^Students may still hand in written answers until (.+)\.$/, words: (m) => t('answerScripts.uploadsStillOpen', { time: m[1] }) },
  { pattern: /^(\d+) answer scripts? (?:is|are) not marked yet\.$/, words: (m) => t('answerScripts.scriptsUnmarked', { count: Number(m[1]) }) },
  { pattern: /^(.+) is at most (\d+) marks$/, words: (m) => t('answerScripts.aboveMaximumOf', { label: m[1], max: m[2] }) },
];

/** The dictionary key of an English sentence from the server, if it has one. */
export function keyOfServerSentence(sentence: string): string | undefined {
  return KEY_OF_SENTENCE.get(sentence);
}

function sentenceInLanguage(sentence: string): string | undefined {
  const key = KEY_OF_SENTENCE.get(sentence);
  // The key was built from the dictionary itself, so it exists; the typed t() cannot know that.
  if (key) return t(key as 'server.ok');
  for (const { pattern, words } of PATTERNS) {
    const match = sentence.match(pattern);
    if (match) return words(match);
  }
  return undefined;
}

/**
 * One message from the server in the reader's language. A field refusal reads '<field> <sentence
 * end>' ('email must be a valid e-mail address'): the field's name stays, the rest is translated.
 * Words the dictionary does not know are shown as sent, never hidden.
 */
export function translateServerMessage(message: string): string {
  const whole = sentenceInLanguage(message);
  if (whole !== undefined) return whole;
  const space = message.indexOf(' ');
  if (space > 0) {
    const rest = sentenceInLanguage(message.slice(space + 1));
    if (rest !== undefined) return `${message.slice(0, space)} ${rest}`;
  }
  return message;
}

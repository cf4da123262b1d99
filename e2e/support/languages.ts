import type { Page } from '@playwright/test';

/**
 * The languages the accessibility, keyboard and reflow specs run in: each screen is checked once
 * per language. Adding a language is adding it here (and its words to WORDS below).
 */
export const LANGUAGES = ['en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Where the web app remembers the visitor's language (the i18n work reads the same key). */
export const LANGUAGE_STORAGE_KEY = 'language';

/** Sets the language before any script of the page runs, on every page the context opens. */
export async function useLanguage(page: Page, language: Language): Promise<void> {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [LANGUAGE_STORAGE_KEY, language] as const);
}

/**
 * The few visible words the specs click by (buttons and tabs that open a dialog or a step), in each
 * language. Screens are otherwise reached by their address, and sign-in by the form's input types,
 * so a new language needs only these.
 */
const ENGLISH = {
  openFolder: 'Open Folder',
  newFolder: 'New Folder',
  send: 'Send',
  viewStudent: 'View',
  editStudent: 'Edit',
  deleteStudent: 'Delete',
  importCsv: 'Import CSV',
  deletedStudents: 'Deleted Students',
  additionalAccess: 'Additional Access',
  batchAccess: 'Batch Access',
  editMessage: 'Edit message',
  deleteMessage: 'Delete message',
  bannersTab: 'Banners',
  deleteAllBanners: 'Delete All Banners',
  openNavigation: 'Open navigation',
  notifications: 'Notifications',
  actionsFor: 'Actions for',
  rename: 'Rename',
  next: 'Next',
} as const;
export type Word = keyof typeof ENGLISH;

const WORDS: Record<Language, Record<Word, string>> = { en: ENGLISH };

export function say(language: Language, word: Word): string {
  return WORDS[language][word];
}

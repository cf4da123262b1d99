import type { Page } from '@playwright/test';
import { en } from '../../apps/web/src/i18n/en';
import { si } from '../../apps/web/src/i18n/si';

/**
 * The languages the accessibility (axe and reflow) and keyboard specs run in: each screen is checked once
 * per language. Adding a language is adding it here and to DICTIONARIES below.
 */
export const LANGUAGES = ['en', 'si'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Where the web app remembers the visitor's language (the i18n work reads the same key). */
export const LANGUAGE_STORAGE_KEY = 'language';

/** Sets the language before any script of the page runs, on every page the context opens. */
export async function useLanguage(page: Page, language: Language): Promise<void> {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [LANGUAGE_STORAGE_KEY, language] as const);
}

/**
 * The few visible words the specs click by (buttons and tabs that open a dialog or a step), named by
 * their key in the web app's dictionaries, so every language's spec reads the app's own words and a
 * reworded label cannot leave the specs behind. Screens are otherwise reached by their address, and
 * sign-in by the form's input types.
 */
const WORD_KEYS = {
  openFolder: 'classMaterial.openFolder',
  newFolder: 'classMaterial.newFolder',
  send: 'passwordReset.send',
  viewStudent: 'students.list.viewAria',
  editStudent: 'students.list.editAria',
  deleteStudent: 'students.list.deleteAria',
  importCsv: 'students.list.importCsv',
  deletedStudents: 'students.list.deletedStudents',
  additionalAccess: 'classMaterial.additionalAccess',
  batchAccess: 'classMaterial.batchAccess',
  editMessage: 'messages.editAria',
  deleteMessage: 'messages.deleteAria',
  bannersTab: 'messages.tabBanners',
  deleteAllBanners: 'banners.deleteAll',
  openNavigation: 'shell.openNavigation',
  notifications: 'messages.notifications',
  bell: 'notifications.bell',
  sentNotifications: 'notifications.adminTitle',
  actionsFor: 'classMaterial.actionsFor',
  rename: 'classMaterial.rename',
  next: 'students.next',
  pageNotFound: 'general.pageNotFound',
  files: 'classMaterial.files',
  resumeFrom: 'watching.resumeFrom',
  continueWatching: 'watching.continueWatching',
  newCount: 'watching.newCount',
  newBadge: 'watching.newBadge',
  viewers: 'watching.viewers',
  viewersOf: 'watching.viewersTitle',
  studentLessons: 'watching.lessons',
  // Papers.
  start: 'papers.start',
  seeResult: 'papers.seeResult',
  yourResult: 'papersResults.yourResult',
  islandRank: 'papersResults.islandRank',
  districtRank: 'papersResults.districtRank',
  batchRank: 'papersResults.batchRank',
  timeLeft: 'papersSitting.timeLeft',
  saved: 'papers.saved',
  questionOf: 'papersSitting.questionOf',
  paperQuestions: 'papersSitting.questions',
  handIn: 'papers.handIn',
  handInTitle: 'papersSitting.handInTitle',
  flagQuestion: 'papersSitting.flagQuestion',
  offlineWaitingOne: 'papersSitting.offlineWaiting_one',
  timeUpWaitingOne: 'papersSitting.timeUpWaiting_one',
  savePaper: 'papersEditor.save',
  questionText: 'papersEditor.fields.text',
  importQuestions: 'papers.import',
  importTitle: 'papersEditor.import.title',
  addQuestions: 'papersEditor.import.add_other',
  refusedRow: 'papersEditor.import.refusedRow',
  resultsTable: 'papersResults.resultsTable',
  statisticsTab: 'papersResults.tabStatistics',
  histogramLabel: 'papersResults.histogramLabel',
  optionsOf: 'papersResults.optionsOf',
  optionSharesLabel: 'papersResults.optionSharesLabel',
  studentActions: 'papersResults.actionsFor',
  viewAttempt: 'papersResults.viewAttempt',
  regrade: 'papers.regrade',
  publishMeritList: 'papers.publishMeritList',
  // A student's fees, and the drive's fee menus.
  feesPay: 'fees.pay',
  feesBankSlip: 'fees.bankSlip',
  feesSlipTitle: 'fees.slipTitle',
  feesMyFeesTitle: 'fees.myFeesTitle',
  feesClassFees: 'fees.classFees',
  feesMonthMenu: 'fees.monthMenu',
  feesReceiptNo: 'fees.receiptNo',
  // The admins' fees screen.
  feesOverviewTable: 'feesAdmin.overviewLabel',
  feesRemindUnpaid: 'feesAdmin.remindUnpaid',
  feesReviewSlipOf: 'feesAdmin.reviewSlipOf',
  feesSlipImageOf: 'feesAdmin.slipImageOf',
  feesRecordPayment: 'fees.recordPayment',
  feesFindStudent: 'feesAdmin.findStudent',
  feesRefundReceipt: 'feesAdmin.refundReceipt',
  feesExportButton: 'feesAdmin.exportButton',
  feesAlertsHint: 'feesAdmin.alertsHint',
  feesPanel: 'fees.title',
  feesFreeCard: 'fees.freeCard',
  feesException: 'fees.exception',
  feesFreeCardTitle: 'feesAdmin.freeCardTitle',
  feesExceptionTitle: 'feesAdmin.exceptionTitle',
} as const;
export type Word = keyof typeof WORD_KEYS;

const DICTIONARIES: Record<Language, object> = { en, si };

function template(language: Language, word: Word): string {
  const found = WORD_KEYS[word].split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], DICTIONARIES[language]);
  if (typeof found !== 'string') throw new Error(`The ${language} dictionary has no ${WORD_KEYS[word]}`);
  return found;
}

/** The word as the app shows it, with {{name}} filled in when the label carries one. */
export function say(language: Language, word: Word, name?: string): string {
  return template(language, word).replace('{{name}}', name ?? '');
}

/** The words with every {{placeholder}} filled in ('Question {{number}} of {{count}}'). */
export function sayFilled(language: Language, word: Word, values: Record<string, string | number>): string {
  return template(language, word).replace(/\{\{(\w+)\}\}/g, (placeholder, key: string) => (key in values ? String(values[key]) : placeholder));
}

/** A label that carries a name ('View {{name}}', '{{name}} බලන්න'), for any name. */
export function sayAnyName(language: Language, word: Word): RegExp {
  return sayPattern(language, word);
}

/**
 * A label as a whole-label pattern, each {{placeholder}} filled by the pattern given for it
 * ('Resume from {{time}}' with time '0:2\\d'), or by any text.
 */
export function sayPattern(language: Language, word: Word, fill: Record<string, string> = {}): RegExp {
  const escaped = template(language, word).replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\{\{(\w+)\}\}/g, (_placeholder, key: string) => fill[key] ?? '.+')}$`);
}

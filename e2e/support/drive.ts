import { expect, type Page } from '@playwright/test';
import { say, type Language } from './languages';

/** A folder or file card on the drive screen's Files list, by its exact name, in the page's language. */
export function driveCard(page: Page, name: string, language: Language = 'en') {
  return page.getByRole('list', { name: say(language, 'files') }).getByRole('listitem', { name, exact: true });
}

/**
 * How long a test waits for an upload to be transcoded. The server's ffmpeg runs at the lowest CPU
 * priority; in the full suite, with the other half of the browser specs and both server suites on
 * two cores, it gets what nothing else wants, and a 30-second lesson has taken minutes.
 */
export const LESSON_READY_TIMEOUT_MS = 420_000;

/** Waits until the lesson's card on the drive screen says it streams (in English). */
export async function expectLessonReady(page: Page, name: string): Promise<void> {
  await expect(driveCard(page, name).getByTestId('lesson-state')).toHaveText('Ready to stream', { timeout: LESSON_READY_TIMEOUT_MS });
}

import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { registerByApi, signInByApi, uniqueTag } from './accounts';
import { say, type Language } from './languages';
import { ADMIN } from './server-env';

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

/**
 * A class named `${prefix} <tag>`, given to a new student, through the API: the admin's headers,
 * the class's name and id, and the student.
 */
export async function emptyClassGivenToStudent(request: APIRequestContext, prefix: string) {
  const { token } = await signInByApi(request, ADMIN.email, ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const className = `${prefix} ${uniqueTag()}`;
  const created = await request.post('/api/folders/create/folder', { headers, data: { folderName: className } });
  expect(created.status(), await created.text()).toBe(200);
  const classId = ((await created.json()) as { data: { id: string } }).data.id;
  const { body: student, student: registered } = await registerByApi(request);
  const grant = await request.post('/api/students/student/give-additional-access', { headers, data: { email: student.email, className } });
  expect(grant.status(), await grant.text()).toBe(200);
  return { className, classId, headers, student: { ...student, regNo: registered.regNo } };
}

/**
 * The same with a 'Week 1' folder in the class, through the API (the class material spec builds
 * one on screen): also the week's id.
 */
export async function classGivenToStudent(request: APIRequestContext, prefix: string) {
  const made = await emptyClassGivenToStudent(request, prefix);
  const week = await request.post(`/api/folders/folder/${encodeURIComponent(made.classId)}/folders`, { headers: made.headers, data: { name: 'Week 1' } });
  expect(week.status(), await week.text()).toBe(200);
  const weekId = ((await week.json()) as { data: { id: string } }).data.id;
  return { ...made, weekId };
}

/** From the drive's top level into the class's 'Week 1' folder, in the page's language. */
export async function openWeek(page: Page, className: string, language: Language = 'en'): Promise<void> {
  await driveCard(page, className, language).getByRole('button', { name: say(language, 'openFolder') }).click();
  await driveCard(page, 'Week 1', language).getByRole('button', { name: say(language, 'openFolder') }).click();
}

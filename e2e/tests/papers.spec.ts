import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { QuestionBody } from '@academy/contract';
import { openSignedIn, openWithSession, registerByApi, signedInPage, uniqueTag } from '../support/accounts';
import { classGivenToStudent, driveCard, emptyClassGivenToStudent, openWeek } from '../support/drive';
import { tabTo } from '../support/keyboard';
import { LANGUAGES, useLanguage, type Language } from '../support/languages';
import { importSinhalaCsv, PAPER_SCREENS, SINHALA_CSV_QUESTIONS } from '../support/paper-screens';
import {
  attemptByApi,
  CLOSES_AFTER_MS,
  createPaperByApi,
  getPaperByApi,
  headersOf,
  paperBody,
  resultsByApi,
  sitByApi,
  waitForPaperState,
} from '../support/papers';
import { DEVICES, settle, visit } from '../support/screens';
import { saveScreen } from '../support/screenshots';
import { ADMIN } from '../support/server-env';
import { buildWorld, clearWorld, type Account } from '../support/world';

// MCQ papers end to end (docs/papers.md): the tutor imports a Sinhala CSV into a new paper
// and opens it; a student on a phone answers through a dropped line and a reload, and every answer
// arrives; a one-minute paper hands itself in; released results carry shared ranks, and the
// tutor's statistics draw their charts; a paper is sat by keyboard alone. Each test makes its own
// class, students and papers. The last walks the paper screens (support/paper-screens.ts, which
// the axe, reflow and keyboard walks read too) on desktop and phone in English and Sinhala;
// SHOTS_DIR=<folder> saves them as pictures (support/screenshots.ts).

const PHONE = { width: 390, height: 844 };

/** `count` one-mark questions of four options, the key first (the server shuffles what students see). */
function numberedQuestions(count: number): QuestionBody[] {
  return Array.from({ length: count }, (_, index) => ({
    text: `Question about the Kandyan kingdom, number ${index + 1}`,
    options: [`Right answer ${index + 1}`, `Wrong answer ${index + 1}a`, `Wrong answer ${index + 1}b`, `Wrong answer ${index + 1}c`],
    correct: 0,
  }));
}

/** A Sri Lanka wall time as a `datetime-local` field takes it ('2026-12-12T20:00'), for an instant. */
function sriLankaInput(instant: number): string {
  return new Date(instant + (5 * 60 + 30) * 60_000).toISOString().slice(0, 16);
}

/** The instant a Sri Lanka wall time ('2026-12-12T20:00') names. */
function sriLankaInstant(input: string): string {
  return new Date(`${input}:00+05:30`).toISOString();
}

/** The sitting screen's save state, in its top bar. */
function saveState(page: Page) {
  return page.getByRole('banner').getByRole('status');
}

/** On the phone's one question a screen: chooses the first option of the question shown. */
async function answerShownQuestion(page: Page): Promise<void> {
  await page.getByRole('main').getByRole('radio').first().check();
}

/** On the phone: the next question, and waits for it to be the one shown. */
async function nextQuestion(page: Page, number: number, count: number): Promise<void> {
  await page.getByRole('navigation', { name: 'Move between questions' }).getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: `Question ${number} of ${count}` })).toBeVisible();
}

test('an admin imports a Sinhala CSV and opens a paper', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { className, headers, student } = await classGivenToStudent(request, 'Papers import');
  // The tutor's laptop is set to London: the times typed are Sri Lanka's all the same.
  const context = await browser.newContext({ timezoneId: 'Europe/London' });
  const admin = await context.newPage();
  await openWithSession(admin, ADMIN.email, ADMIN.password);
  await openWeek(admin, className);
  await admin.getByRole('link', { name: 'New Paper' }).click();
  await expect(admin.getByRole('heading', { name: 'New paper' })).toBeVisible();

  const title = `Kingdoms of Lanka ${uniqueTag()}`;
  const opensAt = sriLankaInput(Date.now() - 5 * 60_000);
  const closesAt = sriLankaInput(Date.now() + 2 * 60 * 60_000);
  await admin.getByRole('textbox', { name: 'Title' }).fill(title);
  await admin.getByRole('textbox', { name: 'Instructions' }).fill('Answer every question in Sinhala script.');
  await admin.getByLabel('Opens at').fill(opensAt);
  await admin.getByLabel('Closes at').fill(closesAt);
  await admin.getByRole('spinbutton', { name: 'Time limit (minutes)' }).fill('45');
  await expect(admin.getByText('Sri Lanka time', { exact: true }).first()).toBeVisible();

  // The preview: the good rows as they will look, in Sinhala script, and the bad row with its reason.
  await importSinhalaCsv(admin, 'en');
  const dialog = admin.getByRole('dialog', { name: 'Import questions' });
  await expect(dialog.getByText('Questions ready: 3 · rows left out: 1')).toBeVisible();
  await expect(dialog.getByText('Row 5: correct must be 1 to 6 or A to F')).toBeVisible();
  for (const question of SINHALA_CSV_QUESTIONS) await expect(dialog.getByText(question, { exact: true })).toBeVisible();
  // Drawn in the Sinhala web font, not in boxes.
  expect(await admin.evaluate((sample) => document.fonts.check('16px "Noto Sans Sinhala"', sample), SINHALA_CSV_QUESTIONS[0] ?? '')).toBe(true);
  await dialog.getByRole('button', { name: 'Add 3 questions' }).click();
  await expect(dialog).toBeHidden();
  // The empty question a new paper starts with gives way to the three; their marks are 1, 2 and 1.
  await expect(admin.getByText('3 questions · 4 marks')).toBeVisible();
  await expect(admin.getByRole('textbox', { name: 'Question text' }).nth(1)).toHaveValue(SINHALA_CSV_QUESTIONS[1] ?? '');

  await admin.getByRole('button', { name: 'Save paper' }).click();
  await expect(admin.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  const paperId = decodeURIComponent(/#\/papers\/([^/]+)$/.exec(admin.url())?.[1] ?? '');
  expect(paperId).not.toBe('');
  // Stored as the instants of the Sri Lanka times typed, whatever the laptop's own zone.
  const stored = await getPaperByApi(request, headers, paperId);
  expect({ opensAt: stored.opensAt, closesAt: stored.closesAt, timeLimitMinutes: stored.timeLimitMinutes, questionCount: stored.questionCount }).toEqual({
    opensAt: sriLankaInstant(opensAt),
    closesAt: sriLankaInstant(closesAt),
    timeLimitMinutes: 45,
    questionCount: 3,
  });
  await expect(admin.getByText('Times are Sri Lanka time.')).toBeVisible();
  await context.close();

  // The student finds it open in the class folder, with the time left until the close.
  const page = await signedInPage(browser, student.email, student.password, student.name);
  await openWeek(page, className);
  await expect(driveCard(page, title).getByText(/^Open: (1 h (\d+ min )?left|\d+ min left)$/)).toBeVisible();
  await page.context().close();
});

test.describe('with the installed app', () => {
  // The offline reload is answered by the service worker, which the suite blocks elsewhere.
  test.use({ serviceWorkers: 'allow' });

  test('a student on a phone answers, goes offline, reloads, comes back online, and every answer arrives', async ({ browser, request }) => {
    test.setTimeout(150_000);
    const { classId, headers, student } = await emptyClassGivenToStudent(request, 'Papers offline');
    const count = 8;
    const paperId = await createPaperByApi(request, headers, paperBody(classId, { title: 'Offline paper', questions: numberedQuestions(count) }));
    const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await openWithSession(page, student.email, student.password);
    // The worker installs on the first visit and controls the page from the next load on.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    await page.goto(`/#/papers/${encodeURIComponent(paperId)}`);
    await page.getByRole('link', { name: 'Start' }).click();
    await expect(page.getByRole('heading', { name: `Question 1 of ${count}` })).toBeVisible();
    // The worker keeps the page the paper started from, for a reload without the line.
    await expect
      .poll(() => page.evaluate(async () => (await caches.keys()).some((name) => name.startsWith('academy-paper-')) && Boolean(await caches.match('/__paper-shell'))))
      .toBe(true);

    for (const number of [1, 2, 3]) {
      if (number > 1) await nextQuestion(page, number, count);
      await answerShownQuestion(page);
    }
    await expect(saveState(page)).toHaveText('Saved');

    // The line drops: for the page, and for the worker's own fetches, which setOffline may not reach.
    await context.route('**/*', (route) => (route.request().serviceWorker() ? route.abort('internetdisconnected') : route.fallback()));
    await context.setOffline(true);
    for (const number of [4, 5, 6]) {
      await nextQuestion(page, number, count);
      await answerShownQuestion(page);
    }
    await expect(saveState(page)).toHaveText('Offline: 3 answers waiting, they will be sent');

    // A reload without the line opens the paper again, from what this phone kept.
    await page.reload();
    await expect(page.getByRole('heading', { name: `Question 1 of ${count}` })).toBeVisible();
    await expect(page.getByRole('main').getByRole('radio').first()).toBeChecked();
    await page.getByRole('button', { name: 'Questions', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Questions' });
    await expect(sheet.getByText('Answered: 6')).toBeVisible();
    await sheet.getByRole('button', { name: 'Question 7: Unanswered' }).click();
    await expect(page.getByRole('heading', { name: `Question 7 of ${count}` })).toBeVisible();
    await answerShownQuestion(page);
    await expect(saveState(page)).toHaveText('Offline: 4 answers waiting, they will be sent');

    // The line is back: everything waiting goes out, and the screen says so only once the server has it.
    await context.unroute('**/*');
    await context.setOffline(false);
    await expect(saveState(page)).toHaveText('Saved', { timeout: 30_000 });
    const studentId = (await resultsByApi(request, headers, paperId)).rows.find((row) => row.regNo === student.regNo)?.studentId ?? '';
    expect(studentId).not.toBe('');
    await expect
      .poll(async () => (await attemptByApi(request, headers, paperId, studentId)).questions.filter((question) => question.optionId !== null).length)
      .toBe(7);
    // The tutor sees the time offline as a period of the attempt.
    await expect.poll(async () => (await attemptByApi(request, headers, paperId, studentId)).events.map((event) => event.kind)).toContain('offline');
    await context.close();
  });
});

/** The sitting screen's countdown, in its top bar. */
function countdown(page: Page) {
  return page.getByRole('timer', { name: 'Time left' });
}

/** The whole seconds the countdown shows ('0:05' is 5). */
async function secondsShown(page: Page): Promise<number> {
  const [minutes, seconds] = ((await countdown(page).textContent()) ?? '').split(':').map(Number);
  return (minutes ?? Number.NaN) * 60 + (seconds ?? Number.NaN);
}

test('a one-minute paper hands itself in', async ({ browser, request }) => {
  const { classId, headers, student } = await emptyClassGivenToStudent(request, 'Papers timed');
  const paperId = await createPaperByApi(request, headers, paperBody(classId, { title: 'One-minute quiz', timeLimitMinutes: 1 }));
  // The student's browser runs on Playwright's clock, installed before the portal's first page
  // loads (the paper then opens in the same page), so the minute passes in a moment. The screen
  // counts down by this browser's clock, corrected by the server's time in the start's and each
  // save's answer (lib/server-clock.ts); nothing asks the server again before the hand-in, so
  // moving the browser's clock moves the screen's idea of the server's time as a real minute
  // would. The server keeps the real time.
  const context = await browser.newContext();
  await context.clock.install();
  const page = await context.newPage();
  await openSignedIn(page, student.email, student.password, student.name);
  await page.goto(`/#/papers/${encodeURIComponent(paperId)}`);
  await expect(page.getByText('You will have 1 minute.')).toBeVisible();
  await page.getByRole('link', { name: 'Start' }).click();
  await expect(countdown(page)).toHaveText(/^0:[0-5]\d$|^1:00$/);
  await page.getByRole('main').getByRole('radio').first().check();
  await expect(saveState(page)).toHaveText('Saved');
  const studentId = (await resultsByApi(request, headers, paperId)).rows.find((row) => row.regNo === student.regNo)?.studentId ?? '';
  expect(studentId).not.toBe('');
  const { startedAt, deadline } = await attemptByApi(request, headers, paperId, studentId);

  // Five seconds short of the deadline the clock stops; then it moves on to one second short by the
  // screen's own countdown: time is still left, and nothing is handed in, on the screen or the server.
  await page.clock.pauseAt(Date.parse(deadline) - 5_000);
  await expect(countdown(page)).toHaveText(/^0:0[4-6]$/);
  await page.clock.runFor(((await secondsShown(page)) - 1) * 1000);
  await expect(countdown(page)).toHaveText('0:01');
  const handedIn = page.getByRole('heading', { name: /^Handed in at / });
  await expect(handedIn).toBeHidden();
  expect((await attemptByApi(request, headers, paperId, studentId)).handedInAt).toBeNull();

  // Nobody presses Hand in: at the deadline the screen hands the paper in by itself.
  await page.clock.runFor(1_000);
  await page.clock.resume();
  await expect(handedIn).toBeVisible();
  await expect(page.getByText(/You answered 1 of 4 questions\./)).toBeVisible();

  // The tutor's results: handed in by the student's screen, not by the server's close at the
  // deadline and its grace. The server, on the real clock, took it seconds after the start, well
  // before its own deadline.
  const row = (await resultsByApi(request, headers, paperId)).rows.find((candidate) => candidate.studentId === studentId);
  expect(row?.handedInBy).toBe('student');
  const handedInAt = Date.parse(row?.handedInAt ?? '');
  expect(handedInAt).toBeGreaterThanOrEqual(Date.parse(startedAt));
  expect(handedInAt).toBeLessThan(Date.parse(deadline));
  const tutor = await signedInPage(browser, ADMIN.email, ADMIN.password, 'Administrator');
  await tutor.goto(`/#/papers/${encodeURIComponent(paperId)}/results`);
  const tutorRow = tutor.getByRole('table', { name: 'Results of the students' }).getByRole('row').filter({ hasText: student.name });
  await expect(tutorRow).toBeVisible();
  await expect(tutorRow).not.toContainText('(by time)');
  await expect(tutorRow).not.toContainText('Still sitting');
  await tutor.context().close();
  await context.close();
});

/** Five students of the class, their district and batch, and the marks their answers earn (out of 3). */
const CLASSMATES = [
  { key: 'top', district: 'Kandy', batch: '2026', marks: 3 },
  { key: 'tiedA', district: 'Colombo', batch: '2027', marks: 2 },
  { key: 'fourth', district: 'Kandy', batch: '2027', marks: 1 },
  { key: 'last', district: 'Galle', batch: '2026', marks: 0 },
] as const;

const RANKED_QUESTIONS: QuestionBody[] = [
  { text: 'Who built the rock fortress of Sigiriya?', options: ['Kashyapa', 'Dutugemunu', 'Parakramabahu', 'Mahasen'], correct: 0 },
  { text: 'Which city was the last royal capital?', options: ['Kotte', 'Kandy', 'Polonnaruwa', 'Anuradhapura'], correct: 1 },
  { text: 'Who wrote the Mahavamsa?', options: ['Buddhaghosa', 'Dhammakitti', 'Mahanama', 'Sangamitta'], correct: 2 },
];

/** Question text to option text for each mark count: the third question's key loses to Dhammakitti. */
function choicesFor(marks: number): Record<string, string> {
  const [sigiriya, capital, mahavamsa] = RANKED_QUESTIONS.map((question) => question.text) as [string, string, string];
  if (marks === 3) return { [sigiriya]: 'Kashyapa', [capital]: 'Kandy', [mahavamsa]: 'Mahanama' };
  if (marks === 2) return { [sigiriya]: 'Kashyapa', [capital]: 'Kandy', [mahavamsa]: 'Dhammakitti' };
  if (marks === 1) return { [sigiriya]: 'Kashyapa', [capital]: 'Kotte', [mahavamsa]: 'Dhammakitti' };
  return { [sigiriya]: 'Dutugemunu', [capital]: 'Kotte' };
}

test('results, ranks and statistics with their charts', async ({ browser, request }) => {
  test.setTimeout(180_000);
  // The student who reads their result: Kandy, batch 2026, tied on 2 marks with a student of Colombo.
  const { className, classId, headers, student } = await emptyClassGivenToStudent(request, 'Papers ranked');
  const classmates = [];
  for (const classmate of CLASSMATES) {
    const { body } = await registerByApi(request, { district: classmate.district, batch: classmate.batch });
    const grant = await request.post('/api/students/student/give-additional-access', { headers, data: { email: body.email, className } });
    expect(grant.status(), await grant.text()).toBe(200);
    classmates.push({ ...classmate, account: body });
  }
  const title = `Kingdoms term test ${uniqueTag()}`;
  const paperId = await createPaperByApi(
    request,
    headers,
    paperBody(classId, { title, questions: RANKED_QUESTIONS, closesAt: new Date(Date.now() + CLOSES_AFTER_MS).toISOString(), batch: '2026' }),
  );
  await sitByApi(request, await headersOf(request, student), paperId, choicesFor(2));
  for (const classmate of classmates) await sitByApi(request, await headersOf(request, classmate.account), paperId, choicesFor(classmate.marks));
  await waitForPaperState(request, headers, paperId, 'results-ready');
  // Equal marks share a rank and the next rank skips: 1, 2, 2, 4, 5.
  expect((await resultsByApi(request, headers, paperId)).rows.map((row) => row.islandRank).sort()).toEqual([1, 2, 2, 4, 5]);

  // The tutor releases the results on the screen.
  const tutor = await signedInPage(browser, ADMIN.email, ADMIN.password, 'Administrator');
  await tutor.goto(`/#/papers/${encodeURIComponent(paperId)}/results`);
  await expect(tutor.getByText('5 sat · results ready, not released')).toBeVisible();
  await tutor.getByRole('button', { name: 'Release results' }).click();
  const release = tutor.getByRole('dialog', { name: 'Release the results?' });
  await release.getByRole('button', { name: 'Release results' }).click();
  await expect(release).toBeHidden();
  await expect(tutor.getByText(/^5 sat · results released /)).toBeVisible();

  // The student's result: marks and the three ranks.
  const page = await signedInPage(browser, student.email, student.password, student.name);
  await page.goto(`/#/papers/${encodeURIComponent(paperId)}`);
  await page.getByRole('link', { name: 'See your result' }).click();
  const summary = page.getByRole('region', { name: 'Your result' });
  await expect(summary.getByText('2 / 3')).toBeVisible();
  await expect(summary.getByText('Island rank 2 of 5', { exact: true })).toBeVisible();
  await expect(summary.getByText('District rank 2 of 3 in Kandy', { exact: true })).toBeVisible();
  await expect(summary.getByText('Batch rank 2 of 3 in batch 2026', { exact: true })).toBeVisible();
  await page.context().close();

  // The tutor's table sorts by marks, most first, and exports the rows in the order shown.
  const table = tutor.getByRole('table', { name: 'Results of the students' });
  await table.getByRole('button', { name: 'Marks', exact: true }).click();
  const names = [classmates[0]!.account.name, student.name, classmates[1]!.account.name, classmates[2]!.account.name, classmates[3]!.account.name];
  const bodyRows = table.locator('tbody tr');
  await expect(bodyRows.first()).toContainText(names[0]!);
  await expect(bodyRows.last()).toContainText(names[4]!);
  const download = tutor.waitForEvent('download');
  await tutor.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  const lines = csv.replace(/^\uFEFF/, '').trim().split(/\r\n/);
  expect(lines[0]).toContain('"Name"');
  expect(lines).toHaveLength(6);
  expect(lines[1]).toContain(names[0]);
  expect(lines[5]).toContain(names[4]);

  // Statistics: the marks' histogram and each question's option shares, drawn and named; the
  // third question is flagged, its key (C) chosen by fewer than a wrong option.
  await tutor.getByRole('tab', { name: 'Statistics' }).click();
  const histogram = tutor.getByRole('img', { name: 'Bar chart of how many of the 5 students scored each mark out of 3' });
  await expect(histogram.locator('svg').first()).toBeVisible();
  await expect(tutor.getByRole('table', { name: 'Students per mark' }).locator('tbody tr')).toHaveCount(4);
  const questions = tutor.getByRole('table', { name: 'Questions', exact: true });
  const third = questions.getByRole('row').filter({ hasText: 'Who wrote the Mahavamsa?' });
  await expect(third.getByText('Distractor beat the key')).toBeVisible();
  await expect(questions.getByText('Distractor beat the key')).toHaveCount(1);
  await questions.getByRole('button', { name: 'Options of question 3' }).click();
  const shares = tutor.getByRole('img', { name: 'Bar chart of the share of students who chose each option of question 3; the key is C' });
  await expect(shares.locator('svg').first()).toBeVisible();
  const sharesTable = tutor.getByRole('table', { name: 'Option shares of question 3' });
  await expect(sharesTable.getByRole('row').filter({ hasText: 'Dhammakitti' })).toContainText('60');
  await tutor.context().close();
});

test('a student sits a paper with the keyboard only', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { classId, headers, student } = await emptyClassGivenToStudent(request, 'Papers keyboard');
  const paperId = await createPaperByApi(request, headers, paperBody(classId, { title: 'Keyboard paper', questions: numberedQuestions(4) }));
  const page = await signedInPage(browser, student.email, student.password, student.name);
  await page.goto(`/#/papers/${encodeURIComponent(paperId)}`);
  await settle(page);
  await tabTo(page, page.getByRole('link', { name: 'Start' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('timer', { name: 'Time left' })).toBeVisible();

  // Tab into the first question's options; Space chooses, the arrows move the choice.
  const first = page.getByRole('radiogroup').first();
  await tabTo(page, first.getByRole('radio').first());
  await page.keyboard.press('Space');
  await expect(first.getByRole('radio').first()).toBeChecked();
  await page.keyboard.press('ArrowDown');
  await expect(first.getByRole('radio').nth(1)).toBeChecked();
  await expect(saveState(page)).toHaveText('Saved');

  // The navigator takes the focus to question 3, whose Flag and options follow.
  const navigator = page.getByRole('navigation', { name: 'Questions of the paper' });
  await tabTo(page, navigator.getByRole('button', { name: 'Question 3: Unanswered' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Question 3', exact: true })).toBeFocused();
  const flag = page.getByRole('button', { name: 'Flag question 3' });
  await tabTo(page, flag, 5);
  await page.keyboard.press('Enter');
  await expect(flag).toHaveAttribute('aria-pressed', 'true');
  const third = page.getByRole('region', { name: 'Question 3' }).getByRole('radio');
  await tabTo(page, third.first(), 5);
  await page.keyboard.press('Space');
  await expect(third.first()).toBeChecked();
  await expect(navigator.getByRole('button', { name: 'Question 3: Answered, Flagged' })).toBeVisible();

  // Hand in: the dialog lists what is left, and takes the keys until the paper is in.
  await tabTo(page, page.getByRole('banner').getByRole('button', { name: 'Hand in' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Hand in your paper?' });
  await expect(dialog.getByText('2 unanswered: 2, 4')).toBeVisible();
  await expect(dialog.getByText('1 flagged: 3')).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Hand in' }), 5);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /^Handed in at / })).toBeVisible();
  await expect(page.getByText(/You answered 2 of 4 questions\./)).toBeVisible();
  await page.context().close();
});

/** A page signed in as `account` through the API, showing the portal in `language`, at `viewport`. */
async function signedInIn(browser: Browser, account: Account, language: Language, viewport: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext({ viewport })).newPage();
  await useLanguage(page, language);
  await openWithSession(page, account.email, account.password);
  await settle(page);
  return page;
}

/** A screen's name as a file name: 'sitting a paper, hand-in dialog' → 'sitting-a-paper-hand-in-dialog'. */
function fileName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

test('the paper screens, desktop and phone, in English and Sinhala', async ({ browser, request }) => {
  // Four walks of the student's and the tutor's paper screens, beside the other half on a busy machine.
  test.setTimeout(540_000);
  const world = await buildWorld(request, { papers: true });
  for (const language of LANGUAGES) {
    for (const [device, viewport] of DEVICES) {
      for (const role of ['student', 'admin'] as const) {
        const page = await signedInIn(browser, role === 'admin' ? world.admin : world.student, language, viewport);
        // A phone's own screen (the question sheet) is not a desktop's.
        for (const screen of PAPER_SCREENS[role].filter((candidate) => device === 'phone' || !candidate.phone)) {
          await visit(page, screen, world, language, viewport);
          await saveScreen(page, `${fileName(screen.name)}-${device}-${language}`);
        }
        await page.context().close();
      }
    }
  }
  await clearWorld(request, world);
});

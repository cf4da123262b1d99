import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { DriveItem, FileTicketAnswer } from '@academy/contract';
import { en } from '../../apps/web/src/i18n/en';
import { si } from '../../apps/web/src/i18n/si';
import { decryptedSegments, playlistAddresses } from '../../apps/server/test/hls-copy';
import { testVideo } from '../../apps/server/test/videos';
import { openSignedIn, registerByApi, signedInPage, signedInPageIn, signInByApi } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { classGivenToStudent, driveCard, expectLessonReady, LESSON_READY_TIMEOUT_MS, openWeek } from '../support/drive';
import { LANGUAGES, say } from '../support/languages';
import { DEVICES } from '../support/screens';
import { saveScreen } from '../support/screenshots';
import { ADMIN } from '../support/server-env';

// Forensic tracing end to end, on the real server with its real ffmpeg: an admin uploads a lesson from
// the drive screen; once its leak marks are made, a granted student's stream is saved as a downloader
// saves it (playlist, key fetched with the student's ticket, every segment decrypted and joined);
// the admin opens the tracer from the drive screen, uploads that copy and is shown that student.
// A student is refused both tracer calls and the screen. SHOTS_DIR=<folder> saves the tracer and
// the drive screen's leak-mark chip and actions, desktop and phone, English and Sinhala.

const WORDS = { en, si } as const;
const LESSON = 'lecture-7.mp4';

/** The lesson as the admin's drive listing shows it (its processing and leak marks). */
async function listedLesson(request: APIRequestContext, headers: Record<string, string>, weekId: string): Promise<DriveItem | undefined> {
  const listing = await request.get(`/api/folders/folderContent/${encodeURIComponent(weekId)}`, { headers });
  expect(listing.status(), await listing.text()).toBe(200);
  return ((await listing.json()) as { files: DriveItem[] }).files.find((item) => item.name === LESSON);
}

/**
 * What `ffmpeg -i <playlist> -c copy` saves from the student's stream: the first rung's segments,
 * decrypted with the key their ticket gets, joined (apps/server/test/hls-copy.ts).
 */
async function downloadedCopy(request: APIRequestContext, token: string, fileId: string): Promise<Buffer> {
  const ticket = await request.get(`/api/secure-folders/file-ticket/${encodeURIComponent(fileId)}`, { headers: { authorization: `Bearer ${token}` } });
  expect(ticket.status(), await ticket.text()).toBe(200);
  const { hls } = ((await ticket.json()) as FileTicketAnswer).data;
  expect(hls).toMatch(/master\.m3u8\?t=/);
  const master = await (await request.get(hls ?? '')).text();
  const rung = playlistAddresses(master)[0] ?? '';
  const playlist = await (await request.get(rung)).text();
  const parts = await decryptedSegments(async (address) => {
    const answer = await request.get(address);
    expect(answer.status()).toBe(200);
    return answer.body();
  }, playlist);
  return Buffer.concat(parts);
}

test('an admin traces a copy saved from a student\'s stream, from the drive screen, and is shown that student', async ({ browser, request }) => {
  // Transcoding makes two ladders (A and B) at the lowest CPU priority, then the copy is read.
  test.setTimeout(2 * LESSON_READY_TIMEOUT_MS + 360_000);
  const { className, weekId, headers, student } = await classGivenToStudent(request, 'Leaks');
  // 4.5 minutes: the tracer names someone only from about 4 minutes (40 segments) of a copy.
  const video = testVideo({ seconds: 270, width: 320, height: 180, audio: false, fps: 10 });

  const admin = await signedInPage(browser, ADMIN.email, ADMIN.password, 'Administrator');
  await openWeek(admin, className);
  await admin.getByTestId('class-file-input').setInputFiles([{ name: LESSON, mimeType: 'video/mp4', buffer: video }]);
  await expectLessonReady(admin, LESSON);

  // The marks' twin ladder follows the first; the listing says when every stream carries them.
  let fileId = '';
  await expect
    .poll(
      async () => {
        const lesson = await listedLesson(request, headers, weekId);
        fileId = lesson?.id ?? '';
        return lesson?.processing?.marks;
      },
      { timeout: LESSON_READY_TIMEOUT_MS, intervals: [2000] },
    )
    .toBe('ready');
  const card = driveCard(admin, LESSON);
  await expect(card.getByTestId('lesson-marks')).toHaveText('Marked', { timeout: 15_000 });

  await test.step('the student streams the lesson and a downloader saves it', async () => {
    const { token } = await signInByApi(request, student.email, student.password);
    const copy = await downloadedCopy(request, token, fileId);
    expect(copy.length).toBeGreaterThan(100_000);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'academy-leak-')), 'leaked lesson.ts');
    writeFileSync(file, copy);

    await admin.getByRole('link', { name: 'Trace a leaked copy' }).click();
    await expect(admin).toHaveURL(/#\/trace$/);
    await expect(admin.getByRole('heading', { name: 'Trace a leaked copy', level: 1 })).toBeVisible();
    await expect(admin.getByText(/never guesses/).first()).toBeVisible();
    await admin.getByTestId('trace-file-input').setInputFiles(file);
    // Sent, then read (or already answered, on a fast machine); the address now names the trace.
    await expect(admin.getByTestId('trace-progress').or(admin.getByTestId('trace-result'))).toBeVisible();
    await expect(admin).toHaveURL(/#\/trace\?id=[0-9a-f-]{36}$/, { timeout: 60_000 });
    if (await admin.getByTestId('trace-progress').isVisible()) await saveScreen(admin, 'trace-progress-real-desktop-en');
    const result = admin.getByTestId('trace-result');
    await expect(result).toBeVisible({ timeout: 300_000 });
    await expect(result.getByTestId('trace-student-name')).toHaveText(student.name);
    await expect(result.getByTestId('trace-student-regno')).toHaveText(student.regNo);
    await expect(result).toContainText(LESSON);
    await expect(result).toContainText(/99\.9999\d*%/);
    await expect(result).toContainText(/\(Sri Lanka time\) from 127\.0\.0\.1/);
  });
  const traceId = new URL(admin.url().replace('#/', '')).searchParams.get('id') ?? '';

  await test.step('the original upload carries no codeword: the tracer names no one and says why', async () => {
    await admin.getByRole('button', { name: 'Trace another copy' }).click();
    const original = path.join(mkdtempSync(path.join(tmpdir(), 'academy-leak-')), 'original.mp4');
    writeFileSync(original, video);
    await admin.getByTestId('trace-file-input').setInputFiles(original);
    await expect(admin.getByTestId('trace-no-match')).toContainText(en.forensics.reasons.unmarked, { timeout: 300_000 });
    await expect(admin.getByTestId('trace-student-name')).toHaveCount(0);
  });
  const nobody = new URL(admin.url().replace('#/', '')).searchParams.get('id') ?? '';

  await test.step('adding marks to older lessons finds none; adding them again to this lesson queues it', async () => {
    await admin.goto('/#/home');
    await openWeek(admin, className);
    await admin.getByRole('button', { name: 'Add leak marks to older lessons' }).click();
    // Each outcome is an alert that closes by itself after 3 s.
    await expect(admin.locator('.swal2-popup')).toContainText('Every ready lesson already has leak marks');
    await expect(admin.locator('.swal2-popup')).toHaveCount(0);
    await card.getByRole('button', { name: `Actions for ${LESSON}` }).click();
    await expect(admin.getByRole('menuitem', { name: 'Add leak marks' })).toBeVisible();
    await admin.getByRole('menuitem', { name: 'Add leak marks' }).click();
    await expect(admin.locator('.swal2-popup')).toContainText('Leak marks are being added');
    await expect(admin.locator('.swal2-popup')).toHaveCount(0);
    // The lesson is made again in the background (its chip says so once the job has started, and a
    // small lesson may be done before the next read) and stays playable meanwhile.
    await expect(card.getByTestId('lesson-marks')).toHaveText(/^(Leak marks: adding…|Marked)$/);
    await expect(card.getByRole('button', { name: 'View File' })).toBeVisible();
    // Made again to the end before the pictures below, which show the marked lesson and its menu.
    await expect
      .poll(async () => JSON.stringify((await listedLesson(request, headers, weekId))?.processing), { timeout: LESSON_READY_TIMEOUT_MS, intervals: [2000] })
      .toBe(JSON.stringify({ state: 'ready', progress: 100, marks: 'ready' }));
  });
  await admin.context().close();

  await test.step('the tracer and the drive screen, desktop and phone, in English and Sinhala', async () => {
    for (const language of LANGUAGES) {
      const words = WORDS[language];
      for (const [device, viewport] of DEVICES) {
        const suffix = `${device}-${language}`;
        const page = await signedInPageIn(browser, { ...ADMIN, name: 'Administrator' }, language, viewport);

        await openWeek(page, className, language);
        await expect(driveCard(page, LESSON, language).getByTestId('lesson-marks')).toBeVisible();
        await saveScreen(page, `drive-marks-${suffix}`);
        await page.getByRole('link', { name: words.lessons.traceLeak }).click();
        await expect(page.getByRole('heading', { name: words.forensics.title, level: 1 })).toBeVisible();
        await expect(page.getByRole('button', { name: words.forensics.chooseCopy })).toBeVisible();
        await saveScreen(page, `trace-empty-${suffix}`);

        await page.goto(`/#/trace?id=${traceId}`);
        await expect(page.getByTestId('trace-student-name')).toHaveText(student.name);
        await expect(page.getByRole('button', { name: words.forensics.traceAnother })).toBeVisible();
        await saveScreen(page, `trace-result-${suffix}`);
        expect(await seriousViolations(page)).toEqual([]);

        await page.goto(`/#/trace?id=${nobody}`);
        await expect(page.getByTestId('trace-no-match')).toBeVisible();
        await saveScreen(page, `trace-no-match-${suffix}`);

        // 'Trace another copy' starts again from an empty tracer.
        await page.getByRole('button', { name: words.forensics.traceAnother }).click();
        await expect(page).toHaveURL(/#\/trace$/);
        await expect(page.getByTestId('trace-drop-zone')).toBeVisible();
        // Nothing of the screen runs past a phone's width.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

        await page.goto('/#/home');
        await openWeek(page, className, language);
        await driveCard(page, LESSON, language).getByRole('button', { name: say(language, 'actionsFor', LESSON) }).click();
        await expect(page.getByRole('menuitem', { name: words.lessons.addMarks })).toBeVisible();
        await saveScreen(page, `drive-marks-menu-${suffix}`);
        await page.context().close();
      }
    }
  });
});

test('a student is refused both tracer calls and cannot reach the tracer', async ({ page, request }) => {
  const { body } = await registerByApi(request);
  const { token } = await signInByApi(request, body.email, body.password);
  const headers = { authorization: `Bearer ${token}` };
  const started = await request.post('/api/forensics/traces', {
    headers,
    multipart: { file: { name: 'leak.ts', mimeType: 'video/mp2t', buffer: testVideo({ seconds: 2, width: 320, height: 180, audio: false }) } },
  });
  expect(started.status()).toBe(403);
  const looked = await request.get(`/api/forensics/traces/${randomUUID()}`, { headers });
  expect(looked.status()).toBe(403);

  await openSignedIn(page, body.email, body.password, body.name);
  await expect(page.getByRole('link', { name: 'Trace a leaked copy' })).toHaveCount(0);
  await page.goto('/#/trace');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await expect(page.getByTestId('trace-drop-zone')).toHaveCount(0);
});

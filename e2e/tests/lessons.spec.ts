import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { testVideo } from '../../apps/server/test/videos';
import { registerByApi, signedInPage, signedInPageIn, signInByApi } from '../support/accounts';
import { classGivenToStudent, driveCard, expectLessonReady, LESSON_READY_TIMEOUT_MS, openWeek } from '../support/drive';
import { seriousViolations } from '../support/axe';
import { LANGUAGES } from '../support/languages';
import { DEVICES } from '../support/screens';
import { saveScreen } from '../support/screenshots';
import { ADMIN } from '../support/server-env';

// Streamed lessons end to end, on the real server with its real ffmpeg: an admin uploads a real video from
// the drive screen (resumable, through tus), watches it being processed into the HLS ladder and
// sees its poster and length; a student given the class plays it through hls.js, picks a quality
// and seeks; the original MP4 is no longer the student's, and a student without the class gets
// no ticket, so no playlist. The last test walks the lesson screens on desktop and phone in
// both languages; SHOTS_DIR=<folder> saves them as pictures (support/screenshots.ts).




test('a lesson uploaded on the drive screen streams to a granted student through hls.js, never as the MP4', async ({ browser, request }) => {
  test.setTimeout(LESSON_READY_TIMEOUT_MS + 180_000);
  const { className, student } = await classGivenToStudent(request, 'Lessons');
  // 30 s of 640x360 with sound, made by the ffmpeg the server runs: a 240p and a 360p rung.
  const video = testVideo({ seconds: 30, width: 640, height: 360 });

  const admin = await signedInPage(browser, ADMIN.email, ADMIN.password, 'Administrator');
  await openWeek(admin, className);
  await admin.getByTestId('class-file-input').setInputFiles([{ name: 'lecture.mp4', mimeType: 'video/mp4', buffer: video }]);
  const lesson = driveCard(admin, 'lecture.mp4');
  await expect(lesson.getByRole('button', { name: 'View File' })).toBeVisible();
  // Processing shows (queued or under way) while the server transcodes, then the lesson is ready.
  await expect(lesson.getByTestId('lesson-state')).toHaveText(/Waiting to be processed|Processing: \d+%|Ready to stream/);
  await expectLessonReady(admin, 'lecture.mp4');
  await expect(lesson.getByLabel('Length 0:30')).toBeVisible();
  const poster = lesson.locator('img');
  await expect(poster).toHaveAttribute('src', /\/api\/lessons\/.+\/poster\.jpg\?t=/);
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  // The lesson card (poster, length, processing) meets WCAG 2.1 AA, as every screen of the walk does.
  expect(await seriousViolations(admin)).toEqual([]);
  // Nothing of the upload is left to resume.
  expect(await admin.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('tus::')))).toEqual([]);

  const page = await signedInPage(browser, student.email, student.password, student.name);
  await openWeek(page, className);
  await expect(driveCard(page, 'lecture.mp4').getByLabel('Length 0:30')).toBeVisible();
  await expect(driveCard(page, 'lecture.mp4').getByTestId('lesson-state')).toHaveCount(0);
  const [viewer] = await Promise.all([page.waitForEvent('popup'), driveCard(page, 'lecture.mp4').getByRole('button', { name: 'View File' }).click()]);
  const lessonCalls: string[] = [];
  viewer.on('response', (response) => {
    if (response.url().includes('/api/lessons/')) lessonCalls.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  const player = viewer.locator('video');
  await expect(player).toHaveAttribute('data-engine', 'hls.js');
  await expect(viewer.getByTestId('watermark')).toContainText(student.name);

  await viewer.getByRole('button', { name: 'Play' }).click();
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(1);
  expect(lessonCalls.some((call) => /^200 .*\/master\.m3u8$/.test(call))).toBe(true);
  expect(lessonCalls.some((call) => /^200 .*\/key$/.test(call))).toBe(true);
  expect(lessonCalls.some((call) => /^200 .*\/\d+\.ts$/.test(call))).toBe(true);

  // Pointing at the seek bar shows that moment's thumbnail, cut from the lesson's sprite.
  const bar = viewer.getByTestId('seek-bar');
  const box = await bar.boundingBox();
  await viewer.mouse.move((box?.x ?? 0) + (box?.width ?? 0) * 0.6, (box?.y ?? 0) + (box?.height ?? 0) / 2);
  const thumbnail = viewer.getByTestId('seek-thumbnail');
  await expect(thumbnail).toBeVisible();
  expect(lessonCalls.some((call) => /^200 .*\/thumbnails\.vtt$/.test(call))).toBe(true);
  await viewer.mouse.move(0, 0);

  // Keys: space pauses, → moves 10 s on, space plays again.
  await viewer.keyboard.press(' ');
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  const before = await player.evaluate((v: HTMLVideoElement) => v.currentTime);
  await viewer.keyboard.press('ArrowRight');
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(before + 9);
  await viewer.keyboard.press(' ');
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);

  expect(await seriousViolations(viewer)).toEqual([]);

  // The quality menu offers the lesson's rungs (none above its 360p source); 240p is then fetched.
  await viewer.getByRole('button', { name: 'Quality and speed' }).click();
  const menu = viewer.getByRole('menu');
  await expect(menu.getByRole('menuitemradio', { name: /^Auto/ })).toBeVisible();
  await expect(menu.getByRole('menuitemradio', { name: '720p' })).toHaveCount(0);
  expect(await seriousViolations(viewer)).toEqual([]);
  await menu.getByRole('menuitemradio', { name: '240p' }).click();
  await expect(menu).toBeHidden();
  await expect.poll(() => lessonCalls.some((call) => /^200 .*\/240p\//.test(call)), { timeout: 20_000 }).toBe(true);
  expect(await viewer.evaluate(() => localStorage.getItem('academy.player'))).toContain('"quality":"240p"');
  // With the menu closed, the seek bar answers the pointer again.
  await viewer.mouse.move((box?.x ?? 0) + (box?.width ?? 0) * 0.3, (box?.y ?? 0) + (box?.height ?? 0) / 2);
  await viewer.mouse.move((box?.x ?? 0) + (box?.width ?? 0) * 0.5, (box?.y ?? 0) + (box?.height ?? 0) / 2, { steps: 3 });
  await expect(thumbnail).toBeVisible();

  // The student's own ticket no longer reads the original file: the ladder is all they get.
  const { token } = await signInByApi(request, student.email, student.password);
  const ticket = await request.get(`/api/secure-folders/file-ticket/${encodeURIComponent(decodeURIComponent(viewer.url().split('#/view/')[1] ?? ''))}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(ticket.status()).toBe(200);
  const { data } = (await ticket.json()) as { data: { url: string; hls?: string } };
  expect(data.hls).toMatch(/master\.m3u8\?t=/);
  const original = await request.get(data.url);
  expect(original.status()).toBe(403);
  expect(((await original.json()) as { message: string }).message).toBe('This lesson is streamed: open it from the drive screen again');

  // A student without the class gets no ticket, so no playlist.
  const { body: outsider } = await registerByApi(request);
  const outsiderLogin = await signInByApi(request, outsider.email, outsider.password);
  const fileId = decodeURIComponent(viewer.url().split('#/view/')[1] ?? '');
  expect((await request.get(`/api/secure-folders/file-ticket/${encodeURIComponent(fileId)}`, { headers: { authorization: `Bearer ${outsiderLogin.token}` } })).status()).toBe(404);

  for (const open of [admin, page]) await open.context().close();
});

/** The percentage an upload's progress line says was sent. */
function sentPercent(line: string | null): number {
  return Number(/(\d+)%/.exec(line ?? '')?.[1] ?? Number.NaN);
}

/** A real video padded with an MP4 'free' box to about `bytes`, so an upload takes a while on a slowed line. */
function paddedVideo(bytes: number): Buffer {
  const video = testVideo({ seconds: 2, width: 320, height: 180 });
  const box = Buffer.alloc(Math.max(8, bytes - video.length));
  box.writeUInt32BE(box.length, 0);
  box.write('free', 4, 'latin1');
  return Buffer.concat([video, box]);
}

test('an upload paused, then cut off by a reload, goes on from where the server stopped when the same file is picked again', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { className } = await classGivenToStudent(request, 'Lessons');
  // A file on disk, so the browser gives it the same name, size and date each time it is picked.
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'academy-upload-')), 'long lecture.mp4');
  writeFileSync(file, paddedVideo(24 * 1024 * 1024));

  const admin = await signedInPage(browser, ADMIN.email, ADMIN.password, 'Administrator');
  const line = await admin.context().newCDPSession(admin);
  await line.send('Network.enable');
  // About 3 MB/s up: the 24 MB file takes several seconds.
  await line.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: 8_000_000, uploadThroughput: 3_000_000 });
  await openWeek(admin, className);
  const patches: number[] = [];
  let creations = 0;
  admin.on('request', (sent) => {
    if (!sent.url().includes('/api/uploads')) return;
    if (sent.method() === 'POST') creations += 1;
    if (sent.method() === 'PATCH') patches.push(Number(sent.headers()['upload-offset']));
  });

  await admin.getByTestId('class-file-input').setInputFiles(file);
  await expect(admin.getByTestId('upload-rate')).toContainText(/per second/, { timeout: 20_000 });
  await expect(admin.getByTestId('upload-rate')).toContainText(/left/);
  await admin.getByRole('button', { name: 'Pause' }).click();
  const paused = admin.getByText(/^Paused: long lecture\.mp4 \(1 of 1\), \d+% sent$/);
  await expect(paused).toBeVisible();
  const pausedAt = sentPercent(await paused.textContent());
  await admin.getByRole('button', { name: 'Resume' }).click();
  await expect(admin.getByRole('button', { name: 'Pause' })).toBeVisible();
  // Resumed from the server's offset, not from zero, and under way again.
  await expect.poll(() => patches.filter((offset) => offset > 0).length).toBeGreaterThan(0);
  const uploading = admin.getByText(/^Uploading long lecture\.mp4 \(1 of 1\): \d+%$/);
  await expect.poll(async () => sentPercent(await uploading.textContent())).toBeGreaterThan(pausedAt);

  // The tab is reloaded mid-upload: the browser kept the upload's address, not the file.
  await admin.reload();
  await openWeek(admin, className);
  await expect(admin.getByText(/Not finished: long lecture\.mp4/)).toBeVisible();
  const before = { creations, patches: patches.length };
  await admin.getByTestId('class-file-input').setInputFiles(file);
  await expect(driveCard(admin, 'long lecture.mp4').getByRole('button', { name: 'View File' })).toBeVisible({ timeout: 60_000 });
  // No new upload was started: the first part sent after the reload began where the server stood.
  expect(creations).toBe(before.creations);
  expect(patches[before.patches]).toBeGreaterThan(0);
  await expect(admin.getByText(/Not finished/)).toHaveCount(0);
  await admin.context().close();
});

test('the lesson screens, desktop and phone, in English and Sinhala', async ({ browser, request }) => {
  test.setTimeout(LESSON_READY_TIMEOUT_MS + 240_000);
  const { className, student } = await classGivenToStudent(request, 'Lessons');
  const admin = await signedInPage(browser, ADMIN.email, ADMIN.password, 'Administrator');
  await openWeek(admin, className);
  await admin.getByTestId('class-file-input').setInputFiles([{ name: 'Lesson 1 - Anuradhapura.mp4', mimeType: 'video/mp4', buffer: testVideo({ seconds: 12, width: 640, height: 360 }) }]);
  const lesson = driveCard(admin, 'Lesson 1 - Anuradhapura.mp4');
  await expect(lesson.getByTestId('lesson-state')).toHaveText(/Waiting to be processed|Processing: \d+%|Ready to stream/);
  await saveScreen(admin, 'drive-processing-desktop-en');
  await expectLessonReady(admin, 'Lesson 1 - Anuradhapura.mp4');
  await admin.context().close();

  for (const language of LANGUAGES) {
    for (const [device, viewport] of DEVICES) {
      const suffix = `${device}-${language}`;
      for (const [who, account] of [['admin', { ...ADMIN, name: 'Administrator' }], ['student', student]] as const) {
        const page = await signedInPageIn(browser, account, language, viewport);
        await openWeek(page, className, language);
        // The lesson's own card in the Files list (a student may also have it in Continue watching).
        await expect(driveCard(page, 'Lesson 1 - Anuradhapura.mp4', language).locator('img[src*="poster.jpg"]')).toBeVisible();
        await saveScreen(page, `drive-lesson-${who}-${suffix}`);
        if (who === 'student') {
          const [viewer] = await Promise.all([page.waitForEvent('popup'), driveCard(page, 'Lesson 1 - Anuradhapura.mp4', language).getByRole('button').first().click()]);
          await viewer.setViewportSize(viewport);
          await viewer.locator('[data-testid="lesson-player"] button').first().click();
          await expect.poll(() => viewer.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(2);
          const bar = await viewer.getByTestId('seek-bar').boundingBox();
          await viewer.mouse.move((bar?.x ?? 0) + (bar?.width ?? 0) * 0.6, (bar?.y ?? 0) + (bar?.height ?? 0) / 2);
          await expect(viewer.getByTestId('seek-thumbnail')).toBeVisible();
          await saveScreen(viewer, `viewer-seek-thumbnail-${suffix}`);
          await viewer.locator('[data-testid="lesson-player"] button[aria-haspopup]').first().click();
          await expect(viewer.getByRole('menu')).toBeVisible();
          await saveScreen(viewer, `viewer-menu-${suffix}`);
        }
        await page.context().close();
      }
    }
  }
});

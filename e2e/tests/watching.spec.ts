import { expect, test } from '@playwright/test';
import { WATCHING_PATHS } from '@academy/contract';
import { signedInPage, signedInPageIn } from '../support/accounts';
import { driveCard } from '../support/drive';
import { LANGUAGE_STORAGE_KEY, LANGUAGES, say, sayPattern } from '../support/languages';
import { DEVICES } from '../support/screens';
import { saveScreen } from '../support/screenshots';
import { ADMIN } from '../support/server-env';
import { lessonGivenToStudent, reportWatched, savedPosition, sixtySecondLesson } from '../support/watching';

// Watching and progress end to end: a student plays a lesson for 20 s, reloads and is offered to
// resume at about 0:20; the drive's "Continue watching" shows it with a progress bar; the tutor's
// Viewers panel shows the student with a share watched and draws the retention chart. Each test
// has a class, lesson and student of its own (support/watching.ts). The last test walks the same
// screens on desktop and phone in both languages, with the student's progress recorded through
// the API as the player reports it; SHOTS_DIR=<folder> saves them as pictures
// (support/screenshots.ts).

const lessonName = 'Lesson 1 - Kandyan kingdom.mp4';

test('a student resumes a lesson, finds it in Continue watching, and the tutor sees them among its viewers', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const { className, lessonId, student } = await lessonGivenToStudent(request, lessonName);

  // The student plays 20 s; pausing sends the report at once.
  const page = await signedInPage(browser, student.email, student.password, student.name);
  await page.goto(`/#/view/${encodeURIComponent(lessonId)}`);
  const video = page.locator('video');
  await expect(video).toBeVisible();
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 40_000, intervals: [500] }).toBeGreaterThanOrEqual(20);
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/watching/reports') && response.status() === 200);
  await video.evaluate((element: HTMLVideoElement) => element.pause());
  await saved;

  // On any device: a reload asks where to start.
  await page.reload();
  const resume = page.getByRole('button', { name: /^Resume from 0:(19|2\d)$/ });
  await expect(resume).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start over' })).toBeVisible();
  await saveScreen(page, 'resume-prompt-desktop-en');
  await resume.click();
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThanOrEqual(19);
  await video.evaluate((element: HTMLVideoElement) => element.pause());

  // Continue watching, above the drive, with the lesson's bar.
  await page.goto('/#/home');
  const row = page.getByRole('region', { name: 'Continue watching' });
  await expect(row.getByRole('button', { name: new RegExp(`^${lessonName}, Resume from 0:`) })).toBeVisible();
  const bar = row.getByRole('progressbar', { name: new RegExp(`^Watched \\d+% of ${lessonName}$`) });
  await expect(bar).toBeVisible();
  expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(30);
  await saveScreen(page, 'continue-watching-desktop-en');
  await driveCard(page, className).getByRole('button', { name: 'Open Folder' }).click();
  await expect(driveCard(page, lessonName).getByRole('progressbar')).toBeVisible();
  await saveScreen(page, 'drive-progress-desktop-en');

  // The tutor: the lesson's Viewers panel.
  const tutor = await signedInPage(browser, ADMIN.email, ADMIN.password, 'Administrator');
  await driveCard(tutor, className).getByRole('button', { name: 'Open Folder' }).click();
  await driveCard(tutor, lessonName).getByRole('button', { name: `Viewers: ${lessonName}` }).click();
  const panel = tutor.getByRole('dialog', { name: `Viewers of ${lessonName}` });
  const studentRow = panel.getByRole('row').filter({ hasText: student.name });
  await expect(studentRow).toBeVisible();
  await expect(studentRow.getByRole('cell').nth(3)).toHaveText(/^(3\d|[4-9]\d)%$/);
  const chart = panel.getByTestId('retention-chart');
  await expect(chart.locator('svg').first()).toBeVisible();
  await expect(chart.locator('path.MuiLineChart-line, path[class*="MuiLineChart-line"]').first()).toBeAttached();
  await saveScreen(tutor, 'viewers-desktop-en');
  await tutor.context().close();
  await page.context().close();
});

test('a lesson whose first read fails is opened with a new address, and where the student stopped stays saved', async ({ browser, request }) => {
  const { lessonId, student } = await lessonGivenToStudent(request, lessonName);
  await reportWatched(request, student, { fileId: lessonId, seconds: 21, durationSeconds: 60 });
  const page = await signedInPage(browser, student.email, student.password, student.name);
  // The first read of the lesson fails, as an expired address would: the viewer asks for a new one
  // and seeks the video back to where it was (0:00), which is the player's doing, not the student's.
  let reads = 0;
  await page.route('**/api/secure-folders/secure-file?**', (route) => (++reads === 1 ? route.abort('failed') : route.fallback()));
  const reports: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes(`/api/${WATCHING_PATHS.reports}`)) reports.push(sent.postData() ?? '');
  });
  // Counts the video's seeks (`seeked` does not bubble, but a listener on the document hears it on
  // its way down); the viewer opens in this same document.
  await page.evaluate(() => {
    const seen = window as unknown as { seeks: number };
    seen.seeks = 0;
    document.addEventListener('seeked', () => (seen.seeks += 1), true);
  });
  await page.goto(`/#/view/${encodeURIComponent(lessonId)}`);
  await expect.poll(() => page.evaluate(() => (window as unknown as { seeks: number }).seeks)).toBeGreaterThan(0);
  expect(reads).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('button', { name: /^Resume from 0:21$/ })).toBeVisible();
  // Leaving without playing or seeking reports nothing either. A report would have been sent
  // before the home screen's own requests, and the browser tells of its requests in order.
  const homeAsked = page.waitForResponse((answer) => answer.url().includes(`/api/${WATCHING_PATHS.continueWatching}`));
  await page.goto('/#/home');
  await homeAsked;
  expect(reports).toEqual([]);
  expect(await savedPosition(request, page, lessonId)).toBe(21);
  await page.context().close();
});

test('the watching screens, desktop and phone, in English and Sinhala', async ({ browser, request }) => {
  // Four walks of six screens each, beside the server suites on a busy CI machine.
  test.setTimeout(420_000);
  const { className, classId, headers, lessonId, student } = await lessonGivenToStudent(request, lessonName);
  // The student played the first 21 s and stopped: "Resume from 0:21", a bar, Continue watching.
  await reportWatched(request, student, { fileId: lessonId, seconds: 21, durationSeconds: 60 });
  // A second lesson, never opened and added since the student's last visit (their first counts
  // the last week's): "New" on its card, "1 new" on the class.
  const newLesson = 'Lesson 2 - Dutch period.mp4';
  const upload = await request.post(`/api/folders/folder/${encodeURIComponent(classId)}/files`, {
    headers,
    multipart: { file: { name: newLesson, mimeType: 'video/mp4', buffer: sixtySecondLesson() } },
  });
  expect(upload.status(), await upload.text()).toBe(200);
  for (const language of LANGUAGES) {
    for (const [device, viewport] of DEVICES) {
      const suffix = `${device}-${language}`;
      const page = await signedInPage(browser, student.email, student.password, student.name, viewport);
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [LANGUAGE_STORAGE_KEY, language] as const);
      // Nothing the walk did so far moved where the student stopped (which the resume prompt offers).
      expect(await savedPosition(request, page, lessonId), suffix).toBe(21);
      await page.goto(`/#/view/${encodeURIComponent(lessonId)}`);
      await page.reload();
      await expect(page.getByRole('button', { name: sayPattern(language, 'resumeFrom', { time: '0:(19|2\\d)' }) })).toBeVisible();
      await saveScreen(page, `resume-prompt-${suffix}`);

      await page.goto('/#/home');
      await expect(page.getByRole('region', { name: say(language, 'continueWatching') })).toBeVisible();
      await saveScreen(page, `continue-watching-${suffix}`);
      const classCard = driveCard(page, className, language);
      await expect(classCard.getByText(sayPattern(language, 'newCount', { count: '1' }))).toBeVisible();
      await classCard.scrollIntoViewIfNeeded();
      await saveScreen(page, `drive-new-class-${suffix}`);
      await classCard.getByRole('button', { name: say(language, 'openFolder') }).click();
      await expect(driveCard(page, lessonName, language).getByRole('progressbar')).toBeVisible();
      await expect(driveCard(page, newLesson, language).getByText(say(language, 'newBadge'), { exact: true })).toBeVisible();
      await saveScreen(page, `drive-progress-${suffix}`);
      await page.context().close();

      const tutor = await signedInPageIn(browser, { ...ADMIN, name: 'Administrator' }, language, viewport);
      await driveCard(tutor, className, language).getByRole('button', { name: say(language, 'openFolder') }).click();
      await driveCard(tutor, lessonName, language).getByRole('button', { name: `${say(language, 'viewers')}: ${lessonName}` }).click();
      const panel = tutor.getByRole('dialog', { name: say(language, 'viewersOf', lessonName) });
      await expect(panel.getByRole('row').filter({ hasText: student.name })).toBeVisible();
      await expect(panel.getByTestId('retention-chart').locator('svg').first()).toBeVisible();
      await saveScreen(tutor, `viewers-${suffix}`);
      await tutor.keyboard.press('Escape');
      await expect(panel).toBeHidden();

      // The suite has registered many students by now: search narrows the list to this one.
      await tutor.goto('/#/students');
      await tutor.getByRole('searchbox').fill(student.email);
      await tutor.getByRole('row').filter({ hasText: student.email }).getByRole('button').last().click();
      const lessons = tutor.getByRole('dialog').getByRole('list', { name: say(language, 'studentLessons') });
      await expect(lessons.getByText(lessonName)).toBeVisible();
      await lessons.scrollIntoViewIfNeeded();
      await saveScreen(tutor, `profile-lessons-${suffix}`);
      await tutor.context().close();
    }
  }
});

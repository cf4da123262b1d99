import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { registerByApi, signedInPage, signInByApi } from '../support/accounts';
import { driveCard, expectLessonReady, LESSON_READY_TIMEOUT_MS } from '../support/drive';
import { onePagePdf } from '../support/pdf';
import { ADMIN } from '../support/server-env';
import { findStudentRow, suspendStudent } from '../support/student-list';

// Class material end to end: an admin builds a class and gives it to a student by e-mail; the
// student watches the lesson (streamed once processed) and reads the handout in the viewer;
// suspending the student kills the open viewer's next read; a student without the grant sees nothing and gets 404 for every id.

const here = path.dirname(fileURLToPath(import.meta.url));
/** A 3-second, 8 KB H.264 clip with a keyframe every half second, made once with ffmpeg. */
const MP4 = readFileSync(path.join(here, '..', 'fixtures', 'lesson.mp4'));


async function closeAlert(page: Page, title: string) {
  const popup = page.locator('.swal2-popup');
  await expect(popup.locator('.swal2-title')).toHaveText(title);
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(popup).toBeHidden();
}


test('a class from creation to a suspended viewer, and closed to everyone else', async ({ browser, request }) => {
  test.setTimeout(LESSON_READY_TIMEOUT_MS + 60_000);
  const tag = Date.now().toString(36);
  const className = `AL History ${tag}`;
  const { body: student } = await registerByApi(request);
  const { body: outsider } = await registerByApi(request);

  // The admin creates the class on the Profile page (spec section 8 alerts) and another one.
  const admin = await signedInPage(browser, ADMIN.email, ADMIN.password, 'Administrator');
  await admin.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Profile' }).click();
  await admin.getByLabel('Folder Name').fill(className);
  await admin.getByRole('button', { name: 'Add Folder' }).click();
  await closeAlert(admin, 'Folder Created .!');
  await expect(admin.getByLabel('Folder Name')).toHaveValue('');
  await admin.getByLabel('Folder Name').fill(className.toUpperCase());
  await admin.getByRole('button', { name: 'Add Folder' }).click();
  await closeAlert(admin, 'Fail with Create Folder !');
  await admin.getByLabel('Folder Name').fill(`Other class ${tag}`);
  await admin.getByRole('button', { name: 'Add Folder' }).click();
  await closeAlert(admin, 'Folder Created .!');

  // On the drive screen: a sub-folder, then a video and a PDF uploaded into it.
  await admin.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }).click();
  await expect(admin.getByRole('heading', { name: 'Class Drive Files' })).toBeVisible();
  await driveCard(admin, className).getByRole('button', { name: 'Open Folder' }).click();
  await expect(admin.getByText('No files found.')).toBeVisible();
  await admin.getByRole('button', { name: 'New Folder' }).click();
  await admin.getByRole('dialog', { name: 'New Folder' }).getByLabel('Folder Name').fill('Lesson 1');
  await admin.getByRole('dialog', { name: 'New Folder' }).getByRole('button', { name: 'Create' }).click();
  await driveCard(admin, 'Lesson 1').getByRole('button', { name: 'Open Folder' }).click();
  await expect(admin.getByRole('navigation', { name: 'Folders' })).toContainText(`Home/${className}/Lesson 1`);
  await admin.getByTestId('class-file-input').setInputFiles([
    { name: 'lesson.mp4', mimeType: 'video/mp4', buffer: MP4 },
    { name: 'notes.pdf', mimeType: 'application/pdf', buffer: onePagePdf(`Lesson notes ${tag}`) },
  ]);
  await expect(driveCard(admin, 'lesson.mp4').getByRole('button', { name: 'View File' })).toBeVisible();
  await expect(driveCard(admin, 'notes.pdf').getByRole('button', { name: 'View File' })).toBeVisible();
  // The video is transcoded for streaming: students are then served the HLS ladder.
  await expectLessonReady(admin, 'lesson.mp4');

  // Give Additional Access (spec section 2): Email, Class, Submit; the dialog closes on success.
  await admin.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Profile' }).click();
  await admin.getByRole('button', { name: 'Additional Access' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Give Additional Access' });
  await dialog.getByLabel('Email').fill(student.email);
  await dialog.getByRole('combobox', { name: 'Class' }).click();
  await admin.getByRole('option', { name: className, exact: true }).click();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();

  // The student sees only that class, opens the folder and the video.
  const page = await signedInPage(browser, student.email, student.password, student.name);
  await expect(page.getByRole('heading', { name: 'Class Drive Files' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Files' }).getByRole('listitem')).toHaveCount(1);
  await driveCard(page, className).getByRole('button', { name: 'Open Folder' }).click();
  await driveCard(page, 'Lesson 1').getByRole('button', { name: 'Open Folder' }).click();
  await expect(page.getByRole('button', { name: 'New Folder' })).toHaveCount(0);

  const [viewer] = await Promise.all([page.waitForEvent('popup'), driveCard(page, 'lesson.mp4').getByRole('button', { name: 'View File' }).click()]);
  let masterUrl = '';
  viewer.on('response', (response) => {
    if (response.url().includes('/master.m3u8')) masterUrl = response.url();
  });
  const video = viewer.locator('video');
  await expect(video).toHaveAttribute('data-engine', 'hls.js');
  await expect(viewer.getByTestId('watermark')).toContainText(student.name);
  await viewer.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
  expect(await video.evaluate((v: HTMLVideoElement) => Math.round(v.duration))).toBe(3);
  // It seeks: jump to 2 s and land there, playable.
  const landed = await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        v.addEventListener('seeked', () => resolve(v.currentTime), { once: true });
        v.currentTime = 2;
      }),
  );
  expect(landed).toBeCloseTo(2, 0);
  await viewer.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2);
  expect(masterUrl).toMatch(/\/api\/lessons\/.+\/master\.m3u8\?t=/);

  // The PDF shows inline, drawn by PDF.js.
  const [reader] = await Promise.all([page.waitForEvent('popup'), driveCard(page, 'notes.pdf').getByRole('button', { name: 'View File' }).click()]);
  await expect(reader.getByRole('img', { name: 'Page 1' })).toHaveAttribute('data-drawn', 'true');
  await expect(reader.getByText('1 page')).toBeVisible();
  await expect(reader.getByTestId('watermark')).toContainText(student.name);

  // The admin suspends the student: the open viewer's next playlist read fails.
  const nextRead = () => viewer.evaluate(async (src) => (await fetch(src)).status, masterUrl);
  expect(await nextRead()).toBe(200);
  await admin.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Student', exact: true }).click();
  const row = await findStudentRow(admin, student.email);
  await suspendStudent(admin, row, student.name, ADMIN.password);
  expect(await nextRead()).toBe(403);

  // A second student, never given the class, sees nothing and gets 404 for the first one's ids.
  const other = await signedInPage(browser, outsider.email, outsider.password, outsider.name);
  await expect(other.getByRole('heading', { name: 'Class Drive Files' })).toBeVisible();
  await expect(other.getByText('No files found.')).toBeVisible();
  const fileId = decodeURIComponent(viewer.url().split('#/view/')[1] ?? '');
  const adminLogin = await signInByApi(request, ADMIN.email, ADMIN.password);
  const adminAuth = { authorization: `Bearer ${adminLogin.token}` };
  const classes = (await (await request.get(`/api/folders/diveRootFiles/${encodeURIComponent(ADMIN.email)}`, { headers: adminAuth })).json()) as {
    files: { id: string; name: string }[];
  };
  const classId = classes.files.find((f) => f.name === className)?.id ?? '';
  const inside = (await (await request.get(`/api/folders/folderContent/${encodeURIComponent(classId)}`, { headers: adminAuth })).json()) as {
    files: { id: string }[];
  };
  const outsiderLogin = await signInByApi(request, outsider.email, outsider.password);
  const outsiderAuth = { authorization: `Bearer ${outsiderLogin.token}` };
  for (const id of [classId, inside.files[0]?.id ?? '']) {
    expect((await request.get(`/api/folders/folderContent/${encodeURIComponent(id)}`, { headers: outsiderAuth })).status()).toBe(404);
  }
  expect((await request.get(`/api/secure-folders/file-ticket/${encodeURIComponent(fileId)}`, { headers: outsiderAuth })).status()).toBe(404);
  await other.goto(`/#/view/${encodeURIComponent(fileId)}`);
  await expect(other.getByRole('heading', { name: 'File not available' })).toBeVisible();

  for (const open of [admin, page, other]) await open.context().close();
});

import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { openWithSession, registerByApi } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { LANGUAGES, useLanguage, type Language } from '../support/languages';
import { createPaperByApi, getPaperByApi, headersOf, paperBody, releaseByApi, sitByApi, waitForPaperState } from '../support/papers';
import { DEVICES, settle, visit } from '../support/screens';
import { SCRIPT_SCREENS } from '../support/script-screens';
import { markingScriptByApi, myScriptByApi, pagePhoto, queueByApi, setWrittenByApi, uploadSheetByApi } from '../support/scripts';
import { saveScreen } from '../support/screenshots';
import { ADMIN } from '../support/server-env';
import { buildWorld, clearWorld, type Account } from '../support/world';

// Answer scripts end to end (docs/design/answer-scripts.md): a student on a phone hands in three
// photos made here, moving one up and turning it; an admin marks them with a tick, a comment and
// marks per question; after the release the student sees the pages marked and downloads the
// marked PDF, whose first page carries the red tick and whose last does not. The last test walks
// the answer-script screens (support/script-screens.ts, which the axe, reflow and keyboard walks
// read too) on desktop and phone in English and Sinhala; SHOTS_DIR=<folder> saves them.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
/** Long enough for the hand-in and the marking through the screens on a busy machine; the spec then waits for it. */
const CLOSES_AFTER_MS = 70_000;
/** Set up before it opens: the sheet cannot change after. */
const OPENS_AFTER_MS = 6_000;

async function signedIn(browser: Browser, account: Account, viewport: { width: number; height: number }, language: Language = 'en'): Promise<Page> {
  const page = await (await browser.newContext({ viewport, acceptDownloads: true })).newPage();
  await useLanguage(page, language);
  await openWithSession(page, account.email, account.password);
  await settle(page);
  return page;
}

/** Pixels of a marker's red in a picture (the photos have none). */
async function redPixels(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let at = 0; at < data.length; at += info.channels) {
    if ((data[at] ?? 0) > 170 && (data[at + 1] ?? 255) < 90 && (data[at + 2] ?? 255) < 90) count += 1;
  }
  return count;
}

/** The pictures a PDF page draws (the marked script embeds each page as one image). */
function pageImages(pdf: PDFDocument, index: number): Buffer[] {
  const resources = pdf.getPage(index).node.Resources();
  const objects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  if (!objects) return [];
  return objects
    .entries()
    .map(([, ref]) => pdf.context.lookup(ref))
    .filter((object): object is PDFRawStream => object instanceof PDFRawStream)
    .filter((stream) => stream.dict.get(PDFName.of('Subtype'))?.toString() === '/Image')
    .map((stream) => Buffer.from(stream.contents));
}

test('a paper with only a written part is started on its written answers page and handed in there, with no MCQ screen', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await headersOf(request, ADMIN);
  const { body: studentBody } = await registerByApi(request);
  const student: Account = { email: studentBody.email, password: studentBody.password };
  const className = `Written only ${Date.now().toString(36)}`;
  const folder = await request.post('/api/folders/create/folder', { headers: admin, data: { folderName: className } });
  expect(folder.status(), await folder.text()).toBe(200);
  const classId = ((await folder.json()) as { data: { id: string } }).data.id;
  const grant = await request.post('/api/students/student/give-additional-access', { headers: admin, data: { email: student.email, className } });
  expect(grant.status(), await grant.text()).toBe(200);
  const paperId = await createPaperByApi(request, admin, paperBody(classId, { title: 'Kandyan kingdom: essay', questions: [] }));
  await setWrittenByApi(request, admin, paperId);

  // The page before its Start on a desktop and in Sinhala, signed in before the phone is (the
  // student's newest sessions are the ones kept): one heading, no page to hand in yet.
  for (const [device, viewport, language] of [['desktop', DESKTOP, 'en'], ['desktop', DESKTOP, 'si'], ['phone', PHONE, 'si']] as const) {
    const other = await signedIn(browser, student, viewport, language);
    await other.goto(`/#/papers/${paperId}/written`);
    await expect(other.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(other.locator('input[type="file"][multiple]')).toHaveCount(0);
    await settle(other);
    await saveScreen(other, `answer-scripts-written-only-start-${device}-${language}`);
    await other.context().close();
  }
  const phone = await signedIn(browser, student, PHONE);
  await phone.goto(`/#/papers/${paperId}`);
  // Start leads to the written answers, not to a sitting screen without questions.
  await phone.getByRole('link', { name: 'Start' }).click();
  await expect(phone).toHaveURL(new RegExp(`#/papers/${paperId}/written$`));
  await expect(phone.getByRole('heading', { name: 'Written part', level: 1 })).toBeVisible();
  await saveScreen(phone, 'answer-scripts-written-only-start-phone-en');
  await phone.getByRole('button', { name: 'Start' }).click();
  await expect(phone.getByRole('button', { name: 'Start' })).toHaveCount(0);
  await phone.locator('input[type="file"][multiple]').setInputFiles([{ name: 'page-1.jpg', mimeType: 'image/jpeg', buffer: await pagePhoto(1) }]);
  await expect(phone.getByRole('list', { name: 'Pages to hand in' }).getByText('Uploaded')).toHaveCount(1, { timeout: 30_000 });
  await phone.getByRole('button', { name: 'Hand in 1 page' }).click();
  await phone.getByRole('dialog', { name: 'Hand in your written answers?' }).getByRole('button', { name: 'Hand in' }).click();
  await expect(phone.getByRole('alert').filter({ hasText: /^Handed in .+: 1 page\.$/ })).toBeVisible();
  expect((await myScriptByApi(request, await headersOf(request, student), paperId)).pages).toHaveLength(1);
});

test('a student hands in three photos from a phone, an admin marks them, and the student gets them back marked as a PDF', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const admin = await headersOf(request, ADMIN);
  const { body: studentBody, student: studentAccount } = await registerByApi(request);
  const student: Account = { email: studentBody.email, password: studentBody.password };
  const className = `Written answers ${Date.now().toString(36)}`;
  const folder = await request.post('/api/folders/create/folder', { headers: admin, data: { folderName: className } });
  expect(folder.status(), await folder.text()).toBe(200);
  const classId = ((await folder.json()) as { data: { id: string } }).data.id;
  const grant = await request.post('/api/students/student/give-additional-access', { headers: admin, data: { email: student.email, className } });
  expect(grant.status(), await grant.text()).toBe(200);
  const paperId = await createPaperByApi(
    request,
    admin,
    paperBody(classId, {
      title: 'Anuradhapura period: structured questions',
      // The question sheet may change only until the paper opens.
      opensAt: new Date(Date.now() + OPENS_AFTER_MS).toISOString(),
      closesAt: new Date(Date.now() + CLOSES_AFTER_MS).toISOString(),
    }),
  );
  await setWrittenByApi(request, admin, paperId);
  await uploadSheetByApi(request, admin, paperId);
  await waitForPaperState(request, admin, paperId, 'open');
  // The MCQ part is sat and handed in through the API; the written part is the subject here.
  await sitByApi(request, await headersOf(request, student), paperId, {});

  // ---- The student, on a phone ----
  const phone = await signedIn(browser, student, PHONE);
  await phone.goto(`/#/papers/${paperId}/written`);
  await expect(phone.getByRole('heading', { name: 'Written part', level: 1 })).toBeVisible();
  await expect(phone.getByRole('link', { name: 'Open the question sheet' })).toBeVisible();
  // Three photos of different widths (610, 620, 630 px), so each page is known by its size.
  const photos = await Promise.all([1, 2, 3].map(async (number) => ({ name: `page-${number}.jpg`, mimeType: 'image/jpeg', buffer: await pagePhoto(number) })));
  await phone.locator('input[type="file"][multiple]').setInputFiles(photos);
  const list = phone.getByRole('list', { name: 'Pages to hand in' });
  await expect(list.locator('li')).toHaveCount(3);
  await expect(list.getByText('Uploaded')).toHaveCount(3, { timeout: 30_000 });
  // The third page moves up above the second, then turns a quarter, by buttons alone.
  await phone.getByRole('button', { name: 'Move page 3 up' }).click();
  await phone.getByRole('button', { name: 'Rotate page 2' }).click();
  await expect(list.locator('li').nth(1).locator('img')).toHaveAttribute('data-rotation', '90');
  await expect(list.locator('li').nth(1).locator('img')).toHaveAttribute('alt', 'Page 2');
  await saveScreen(phone, 'answer-scripts-pages-ready-phone-en');
  await phone.getByRole('button', { name: 'Hand in 3 pages' }).click();
  await phone.getByRole('dialog', { name: 'Hand in your written answers?' }).getByRole('button', { name: 'Hand in' }).click();
  await expect(phone.getByRole('alert').filter({ hasText: /^Handed in .+: 3 pages\.$/ })).toBeVisible();
  await expect(phone.getByRole('heading', { name: 'What you handed in' })).toBeVisible();
  await saveScreen(phone, 'answer-scripts-handed-in-phone-en');

  // Kept in the order shown, the moved page turned upright on the server: 630 wide became 630 high.
  const handedIn = await myScriptByApi(request, await headersOf(request, student), paperId);
  expect(handedIn.state).toBe('handed-in');
  expect(handedIn.pages.map((page) => [page.width, page.height])).toEqual([
    [610, 800],
    [800, 630],
    [620, 800],
  ]);

  // ---- The admin marks, on a laptop ----
  const desk = await signedIn(browser, { email: ADMIN.email, password: ADMIN.password }, DESKTOP);
  await desk.goto(`/#/papers/${paperId}/marking`);
  await desk.getByRole('link', { name: `Mark the answer script of ${studentAccount.name}` }).click();
  const firstPage = desk.locator('svg[role="img"][aria-label="Page 1"]');
  await expect(firstPage).toBeVisible();
  // A tick (the tool chosen on opening) where the marker clicks.
  await desk.getByRole('button', { name: 'Tick' }).click();
  const box = await firstPage.boundingBox();
  if (!box) throw new Error('the page is not drawn');
  await desk.mouse.click(box.x + box.width / 2, box.y + box.height / 3);
  await expect(firstPage).toHaveAttribute('data-shapes', '1');
  // A mark above the maximum is said beside the field and not kept.
  await desk.getByLabel('Marks for Q2(a)').fill('9');
  await expect(desk.getByText('Q2(a) is at most 5 marks')).toBeVisible();
  await desk.getByLabel('Marks for Q1').fill('7');
  await desk.getByLabel('Marks for Q2(a)').fill('4');
  await desk.getByLabel('Marks for Essay').fill('15');
  await desk.getByLabel('Comment').fill('A clear answer; give more dates.');
  await expect(desk.getByText('Total: 26 of 35')).toBeVisible();
  await expect(desk.getByText('All changes saved')).toBeVisible();
  // The next page by its shortcut; it opens at once, prefetched.
  await desk.locator('body').click({ position: { x: 5, y: 5 } });
  await desk.keyboard.press('ArrowRight');
  await expect(desk.getByText('Page 2 of 3')).toBeVisible();
  await expect(desk.locator('svg[role="img"][aria-label="Page 2"]')).toBeVisible({ timeout: 1_000 });
  await saveScreen(desk, 'answer-scripts-marking-desktop-en');
  await desk.getByRole('button', { name: 'Done, next script' }).click();
  await expect(desk).toHaveURL(new RegExp(`#/papers/${paperId}/marking$`));

  const queue = await queueByApi(request, admin, paperId);
  expect(queue.rows.map((row) => [row.state, row.writtenMarks])).toEqual([['marked', 26]]);
  const marked = await markingScriptByApi(request, admin, paperId, queue.rows[0]?.scriptId ?? '');
  expect(marked.pages[0]?.annotations?.map((shape) => shape.kind)).toEqual(['tick']);
  expect(marked.comment).toBe('A clear answer; give more dates.');

  // ---- Released: the student gets the pages back ----
  // The paper closes (the close job ranks it) a minute after it opened, at the earliest a paper may.
  await expect
    .poll(async () => (await getPaperByApi(request, admin, paperId)).state, { message: 'the paper is ranked after its close', timeout: CLOSES_AFTER_MS + 30_000 })
    .toBe('results-ready');
  await releaseByApi(request, admin, paperId);
  // The student comes back to the page later: it is read afresh.
  await phone.reload();
  await expect(phone.getByRole('heading', { name: 'Your marked script' })).toBeVisible();
  await expect(phone.getByRole('table', { name: 'Marks per question' }).getByRole('row', { name: /Q1 7 \/ 10/ })).toBeVisible();
  await expect(phone.getByText('A clear answer; give more dates.')).toBeVisible();
  await expect(phone.locator('svg[role="img"][aria-label="Page 1"]')).toHaveAttribute('data-shapes', '1');
  await saveScreen(phone, 'answer-scripts-returned-phone-en');
  const [download] = await Promise.all([phone.waitForEvent('download'), phone.getByRole('button', { name: 'Download marked script (PDF)' }).click()]);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getPageCount()).toBe(3);
  // The tick is flattened onto the first page; the last, unmarked, has no red.
  const first = pageImages(pdf, 0);
  const last = pageImages(pdf, 2);
  expect(first.length).toBeGreaterThan(0);
  expect(await redPixels(first[0] ?? Buffer.alloc(0))).toBeGreaterThan(50);
  expect(await redPixels(last[0] ?? Buffer.alloc(0))).toBe(0);
  await phone.context().close();
  await desk.context().close();
});

/** A screen's name as a file name: 'marking screen' → 'marking-screen'. */
function fileName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

test('the answer-script screens, desktop and phone, in English and Sinhala', async ({ browser, request }) => {
  test.setTimeout(420_000);
  const world = await buildWorld(request, { scripts: true });
  // Each screen is checked by axe as it is saved, so a problem shows here before the accessibility walks.
  const problems: string[] = [];
  for (const language of LANGUAGES) {
    for (const [device, viewport] of DEVICES) {
      for (const role of ['student', 'admin'] as const) {
        const page = await signedIn(browser, role === 'admin' ? world.admin : world.student, viewport, language);
        for (const screen of SCRIPT_SCREENS[role]) {
          await visit(page, screen, world, language, viewport);
          await saveScreen(page, `scripts-${fileName(screen.name)}-${device}-${language}`);
          problems.push(...(await seriousViolations(page)).map((violation) => `${screen.name} (${device}, ${language}): ${violation}`));
        }
        await page.context().close();
      }
    }
  }
  await clearWorld(request, world);
  expect(problems).toEqual([]);
});

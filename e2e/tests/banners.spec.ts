import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { openSignedIn } from '../support/accounts';
import { ADMIN } from '../support/server-env';

// Banners end to end: the admin's Banners tab and the login page's carousel, against the real
// server. The images are made here, at test time, by sharp. The carousel turns only for a reader
// who has not asked for less motion (the suite asks, playwright.config.ts), so this file does not.
test.use({ reducedMotion: 'no-preference' });

const COLOURS = ['#0A5F6F', '#8B2E16', '#3C2A6B', '#C2E8F8'];

/** A real image file for the picker: a colour, in the format its name says. */
async function imageFile(name: string, colour: string, format: 'png' | 'jpeg' = 'jpeg') {
  const buffer = await sharp({ create: { width: 1500, height: 625, channels: 3, background: colour } })[format]().toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}

/** About 6 MB of PNG: random pixels do not compress. */
async function sixMegabytePng() {
  const width = 1500;
  const height = 1400;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 2654435761) >>> 24;
  const buffer = await sharp(pixels, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
  expect(buffer.length).toBeGreaterThan(5.5 * 1024 * 1024);
  return { name: 'poster.png', mimeType: 'image/png', buffer };
}

/** What the server holds: the published addresses and the files in DATA_DIR/banners. */
async function stored(page: Page) {
  const answer = await page.request.get('/api/banners/get-url');
  const folder = path.join(process.env.E2E_DATA_DIR ?? '', 'banners');
  return {
    published: ((await answer.json()) as { data: string[] }).data,
    files: existsSync(folder) ? readdirSync(folder).sort() : [],
  };
}

async function openBannersTab(page: Page) {
  await page.goto('/#/social');
  await page.getByRole('tab', { name: 'Banners' }).click();
  await expect(page.getByRole('heading', { name: 'Banner Management' })).toBeVisible();
}

const picker = (page: Page) => page.getByLabel('Upload Images: choose files');
const mainButton = (page: Page, name: 'Upload Images' | 'Post Banner Campaign') => page.getByRole('button', { name, exact: true });
const carousel = (page: Page) => page.getByRole('region', { name: 'Academy highlights' });

/** The slide in view: the one whose left edge is the carousel's. */
async function slideInView(region: Locator): Promise<string | null> {
  return region.evaluate((element) => {
    const left = element.getBoundingClientRect().left;
    const slides = [...element.querySelectorAll('[aria-roledescription="slide"]')];
    const shown = slides.find((slide) => Math.abs(slide.getBoundingClientRect().left - left) < 2);
    return shown?.querySelector('img')?.getAttribute('src') ?? null;
  });
}

async function deleteAllBanners(page: Page) {
  await page.getByRole('button', { name: 'Delete All Banners' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete all banners?' });
  await dialog.getByRole('button', { name: 'Delete All Banners' }).click();
  await expect(page.getByRole('heading', { name: 'All banners deleted' })).toBeVisible();
}

test('admin uploads three images and posts the campaign; after Log Out the login carousel shows and rotates them; Delete All Banners brings the defaults back', async ({
  page,
}) => {
  await openSignedIn(page, ADMIN.email, ADMIN.password, 'Administrator');
  await openBannersTab(page);
  const before = await stored(page);
  await expect(page.getByText('0/3 images')).toBeVisible();
  await expect(page.getByText('Upload up to 3 high-quality images for your banner carousel')).toBeVisible();
  await expect(page.getByText('No banner images uploaded')).toBeVisible();
  await expect(page.getByText('Upload some beautiful images to create your banner carousel!')).toBeVisible();
  await expect(mainButton(page, 'Upload Images')).toBeDisabled();

  await picker(page).setInputFiles(await Promise.all(COLOURS.slice(0, 3).map((colour, i) => imageFile(`campaign-${i + 1}.jpg`, colour))));
  await expect(page.getByText('3/3 images')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Preview Gallery' })).toBeVisible();
  for (const label of ['Image 1', 'Image 2', 'Image 3']) {
    await expect(page.getByRole('button', { name: `Remove ${label}` })).toBeVisible();
  }

  await mainButton(page, 'Upload Images').click();
  await expect(mainButton(page, 'Post Banner Campaign')).toBeEnabled();
  // Uploaded, not yet published: the login page still shows what it showed before.
  expect((await stored(page)).published).toEqual(before.published);
  await mainButton(page, 'Post Banner Campaign').click();
  await expect(page.getByRole('heading', { name: 'Banner campaign posted' })).toBeVisible();
  const { published } = await stored(page);
  expect(published).toHaveLength(3);

  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('button', { name: 'Sign In to Account' })).toBeVisible();
  const region = carousel(page);
  const slides = region.locator('[aria-roledescription="slide"]:not([aria-hidden="true"]) img');
  await expect(slides).toHaveCount(3);
  expect(await slides.evaluateAll((images) => images.map((image) => image.getAttribute('src')))).toEqual(published);
  // Each image comes in the widths of its srcset; the browser took one of them.
  const chosen = await slides.first().evaluate((image: HTMLImageElement) => image.currentSrc);
  expect(chosen).toMatch(/\/api\/banners\/images\/[a-f0-9]{64}-\d+\.webp$/);

  const first = await slideInView(region);
  expect(first).toBe(published[0]);
  await expect.poll(() => slideInView(region), { timeout: 8_000 }).toBe(published[1]);
  await expect.poll(() => slideInView(region), { timeout: 8_000 }).toBe(published[2]);

  await openSignedIn(page, ADMIN.email, ADMIN.password, 'Administrator');
  await openBannersTab(page);
  await deleteAllBanners(page);
  expect(await stored(page)).toEqual({ published: [], files: [] });
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(carousel(page).locator('img').first()).toHaveAttribute('src', '/banners/banner-1.svg');
});

test('a text file renamed to .png, a 6 MB image and a fourth image are refused, and nothing is stored', async ({ page }) => {
  await openSignedIn(page, ADMIN.email, ADMIN.password, 'Administrator');
  await openBannersTab(page);
  const before = await stored(page);

  // Over 5 MB: refused as soon as it is chosen, with its name; it never joins the selection.
  await picker(page).setInputFiles([await sixMegabytePng()]);
  const problem = page.getByRole('alert').filter({ hasText: 'Upload failed' });
  await expect(problem).toContainText('poster.png: The image is larger than 5 MB');
  await expect(page.getByText('0/3 images')).toBeVisible();

  // A text file named .png passes the picker; the server judges the bytes and refuses the upload whole.
  const notes = { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('Lesson notes: the Anuradhapura kingdom.\n') };
  await picker(page).setInputFiles([await imageFile('good.jpg', COLOURS[0] ?? ''), notes]);
  await expect(page.getByText('2/3 images')).toBeVisible();
  await mainButton(page, 'Upload Images').click();
  await expect(problem).toContainText('notes.png: Only JPEG, PNG or WebP images are accepted');
  await expect(mainButton(page, 'Upload Images')).toBeEnabled();
  expect(await stored(page)).toEqual(before);

  // A choice that would pass three images is ignored, silently (spec section 5).
  await page.getByRole('button', { name: 'Remove Image 2' }).click();
  await picker(page).setInputFiles([await imageFile('second.jpg', COLOURS[1] ?? ''), await imageFile('third.jpg', COLOURS[2] ?? '')]);
  await expect(page.getByText('3/3 images')).toBeVisible();
  await picker(page).setInputFiles([await imageFile('fourth.jpg', COLOURS[3] ?? '')]);
  await expect(page.getByText('3/3 images')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Image 4' })).toHaveCount(0);
  await expect(problem).toHaveCount(0);
  await expect(page.getByText('fourth.jpg')).toHaveCount(0);
  expect(await stored(page)).toEqual(before);
});

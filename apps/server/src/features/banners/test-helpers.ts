import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { BANNERS_PATHS } from '@academy/contract';
import { signIn } from '../../../test/factories';
import { multipartFiles, type FilePart } from '../../../test/multipart-form';
import { TEST_ADMIN, type TestApp } from '../../../test/test-app';

// Shared by this feature's tests: real images made by sharp, real multipart bodies, the real app.

export const api = (key: keyof typeof BANNERS_PATHS) => `/api/${BANNERS_PATHS[key]}`;

export function image(format: 'png' | 'jpeg' | 'webp', width = 1800, height = 900, colour = '#0A5F6F'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })[format]().toBuffer();
}

/** A file part named like the web app names them: image1, image2, image3. */
export function part(field: string, bytes: Buffer, filename = `${field}.png`, contentType = 'image/png'): FilePart {
  return { field, filename, contentType, bytes };
}

export async function adminHeaders(t: TestApp): Promise<Record<string, string>> {
  const admin = await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
  return { authorization: `Bearer ${admin.token}` };
}

export function upload(t: TestApp, headers: Record<string, string>, files: FilePart[]) {
  const form = multipartFiles(files);
  return t.app.inject({ method: 'POST', url: api('uploadImage'), payload: form.payload, headers: { ...form.headers, ...headers } });
}

/** Uploads and answers the addresses, failing the test on a refusal. */
export async function uploaded(t: TestApp, headers: Record<string, string>, files: FilePart[]): Promise<string[]> {
  const response = await upload(t, headers, files);
  if (response.statusCode !== 200) throw new Error(`upload refused: ${response.body}`);
  return response.json<{ imageUrl: string[] }>().imageUrl;
}

export async function publishedUrls(t: TestApp): Promise<string[]> {
  return (await t.app.inject({ url: api('getUrl') })).json<{ data: string[] }>().data;
}

/** What is on disk in DATA_DIR/banners. */
export function storedFiles(t: TestApp): string[] {
  const folder = path.join(t.config.dataDir, 'banners');
  return existsSync(folder) ? readdirSync(folder).sort() : [];
}

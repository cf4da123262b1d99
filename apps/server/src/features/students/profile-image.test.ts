import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PROFILE_IMAGE_MAX_BYTES, SERVER_TEXT } from '@academy/contract';
import { signedInStudent, signIn } from '../../../test/factories';
import { multipartForm } from '../../../test/multipart-form';
import { TEST_ADMIN, useTestApp } from '../../../test/test-app';

const upload = (id: string) => `/api/students/student/profile-image/${id}`;

function image(format: 'png' | 'jpeg' | 'webp', width = 800, height = 500, colour = '#C2E8F8') {
  return sharp({ create: { width, height, channels: 3, background: colour } })[format]().toBuffer();
}

describe('POST students/student/profile-image/{id}', () => {
  const t = useTestApp();

  const folder = () => path.join(t.config.dataDir, 'profile-images');

  async function send(id: string, headers: Record<string, string>, bytes: Buffer, name = 'me.png', type = 'image/png', field = 'image') {
    const form = multipartForm(field, name, type, bytes);
    return t.app.inject({ method: 'POST', url: upload(id), payload: form.payload, headers: { ...form.headers, ...headers } });
  }

  it.each(['png', 'jpeg', 'webp'] as const)('accepts a %s, stores a 256x256 WebP named by its hash, served with a long cache', async (format) => {
    const me = await signedInStudent(t.app);
    const response = await send(me.student._id, me.headers, await image(format), `me.${format}`, `image/${format}`);
    expect(response.statusCode, response.body).toBe(200);
    const url: string = response.json().data.profileImg;
    expect(url).toMatch(/^\/api\/students\/profile-images\/[a-f0-9]{64}\.webp$/);
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    const stored = await t.app.inject({ url: `/api/students/student/getbyid/${me.student._id}`, headers: me.headers });
    expect(stored.json().data.profileImg).toBe(url);
  });

  it('judges by content: a PNG named .txt is accepted, a text file named .png is refused with 415', async () => {
    const me = await signedInStudent(t.app);
    expect((await send(me.student._id, me.headers, await image('png'), 'notes.txt', 'text/plain')).statusCode).toBe(200);
    const fake = await send(me.student._id, me.headers, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'me.png', 'image/png');
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toMatchObject({ code: 415, message: SERVER_TEXT.imageWrongType });
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    expect((await send(me.student._id, me.headers, gif, 'me.gif', 'image/gif')).statusCode).toBe(415);
  });

  it('refuses a file over 5 MB with 413 and stores nothing', async () => {
    const me = await signedInStudent(t.app);
    const before = existsSync(folder()) ? readdirSync(folder()).length : 0;
    const png = await image('png', 64, 64);
    const huge = Buffer.concat([png, Buffer.alloc(PROFILE_IMAGE_MAX_BYTES + 1)]);
    const response = await send(me.student._id, me.headers, huge);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 413, message: SERVER_TEXT.imageTooLarge });
    expect(existsSync(folder()) ? readdirSync(folder()).length : 0).toBe(before);
  });

  it('refuses a truncated image with 400, a missing file with 400, and JSON with 415', async () => {
    const me = await signedInStudent(t.app);
    const broken = (await image('png')).subarray(0, 60);
    const truncated = await send(me.student._id, me.headers, broken);
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().message).toBe(SERVER_TEXT.imageUnreadable);
    const wrongField = await send(me.student._id, me.headers, await image('png'), 'me.png', 'image/png', 'photo');
    expect(wrongField.json()).toMatchObject({ code: 400, message: SERVER_TEXT.imageRequired });
    const json = await t.app.inject({ method: 'POST', url: upload(me.student._id), headers: me.headers, payload: { image: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('removes the previous picture when nobody shows it any more, keeps it while someone does', async () => {
    const me = await signedInStudent(t.app);
    const twin = await signedInStudent(t.app);
    const red = await image('png', 300, 300, '#aa0000');
    const first = (await send(me.student._id, me.headers, red)).json().data.profileImg as string;
    await send(twin.student._id, twin.headers, red);
    const second = (await send(me.student._id, me.headers, await image('png', 300, 300, '#00aa00'))).json().data.profileImg as string;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ url: first })).statusCode).toBe(200);
    await send(twin.student._id, twin.headers, await image('png', 300, 300, '#0000aa'));
    expect((await t.app.inject({ url: first })).statusCode).toBe(404);
  });

  it("lets an admin set a student's picture", async () => {
    const me = await signedInStudent(t.app);
    const admin = await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const response = await send(me.student._id, { authorization: `Bearer ${admin.token}` }, await image('jpeg'));
    expect(response.statusCode).toBe(200);
    expect(response.json().data._id).toBe(me.student._id);
  });
});

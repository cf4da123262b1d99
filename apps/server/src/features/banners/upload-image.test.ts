import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BANNER_MAX_BYTES, bannerSrcSet, SERVER_TEXT } from '@academy/contract';
import { signedInStudent } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { adminHeaders, api, image, part, publishedUrls, storedFiles, upload, uploaded } from './test-helpers';

describe('POST banners/upload-image', () => {
  const t = useTestApp();

  it('stores a PNG, a JPEG and a WebP as 12:5 WebPs in every width up to their own, cached for a year, not yet published', async () => {
    const headers = await adminHeaders(t);
    const response = await upload(t, headers, [
      part('image1', await image('png', 2400, 1000)),
      part('image2', await image('jpeg', 900, 900, '#C2E8F8'), 'b.jpg', 'image/jpeg'),
      part('image3', await image('webp', 300, 200, '#00173D'), 'c.webp', 'image/webp'),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.code).toBe(200);
    expect(answer.data).toEqual(answer.imageUrl);
    const [wide, square, tiny] = answer.imageUrl as string[];
    expect(wide).toMatch(/^\/api\/banners\/images\/[a-f0-9]{64}-1600\.webp$/);
    // A 900x900 square is cropped to 900x375 before its widths are chosen: 720 is the largest that fits.
    expect(square).toMatch(/-720\.webp$/);
    // Smaller than the smallest width: made at 480 all the same, so every banner has one.
    expect(tiny).toMatch(/-480\.webp$/);

    const widths = bannerSrcSet(wide ?? '').split(', ');
    expect(widths.map((entry) => entry.split(' ')[1])).toEqual(['480w', '720w', '960w', '1280w', '1600w']);
    for (const entry of widths) {
      const [url, width] = entry.split(' ');
      const served = await t.app.inject({ url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      const w = Number(width?.replace('w', ''));
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', w, Math.round((w * 5) / 12)]);
    }
    expect(storedFiles(t)).toHaveLength(5 + 2 + 1);
    expect(await publishedUrls(t)).toEqual([]);
  });

  it('judges by content: a PNG sent as text/plain named .txt is accepted', async () => {
    const headers = await adminHeaders(t);
    const response = await upload(t, headers, [part('image1', await image('png', 960, 400), 'notes.txt', 'text/plain')]);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a text file named .png (415) and stores nothing of the upload, naming the field', async () => {
    const headers = await adminHeaders(t);
    const before = storedFiles(t);
    const response = await upload(t, headers, [
      part('image1', await image('png', 1000, 500, '#112233')),
      part('image2', Buffer.from('these are my notes, not a picture'), 'notes.png'),
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      code: 415,
      message: `image2: ${SERVER_TEXT.imageWrongType}`,
      errors: [{ field: 'image2', message: `image2: ${SERVER_TEXT.imageWrongType}` }],
    });
    expect(storedFiles(t)).toEqual(before);
  });

  it('refuses a file over 5 MB (413) and names every refused file at once', async () => {
    const headers = await adminHeaders(t);
    const before = storedFiles(t);
    const huge = Buffer.concat([await image('png', 64, 64), Buffer.alloc(BANNER_MAX_BYTES + 1)]);
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const response = await upload(t, headers, [
      part('image1', huge),
      part('image2', await image('jpeg', 1200, 500), 'ok.jpg', 'image/jpeg'),
      part('image3', gif, 'anim.gif', 'image/gif'),
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 413,
      message: [`image1: ${SERVER_TEXT.imageTooLarge}`, `image3: ${SERVER_TEXT.imageWrongType}`],
      errors: [{ field: 'image1' }, { field: 'image3' }],
    });
    expect(storedFiles(t)).toEqual(before);
  });

  it('refuses a truncated image (400), a fourth file, an unknown or repeated field, no file and JSON', async () => {
    const headers = await adminHeaders(t);
    const before = storedFiles(t);
    const png = await image('png', 800, 400);
    const truncated = await upload(t, headers, [part('image1', png.subarray(0, 80))]);
    expect(truncated.json()).toMatchObject({ code: 400, message: `image1: ${SERVER_TEXT.imageUnreadable}` });
    const four = await upload(t, headers, ['image1', 'image2', 'image3', 'image4'].map((field) => part(field, png)));
    expect(four.json()).toMatchObject({ code: 400, message: 'Upload at most 3 images' });
    const unknown = await upload(t, headers, [part('photo', png)]);
    expect(unknown.json()).toMatchObject({ code: 400, errors: [{ field: 'photo' }] });
    const repeated = await upload(t, headers, [part('image1', png), part('image1', png)]);
    expect(repeated.json()).toMatchObject({ code: 400, errors: [{ field: 'image1' }] });
    const none = await upload(t, headers, []);
    expect(none.statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: api('uploadImage'), headers, payload: { image1: 'x' } });
    expect(json.statusCode).toBe(415);
    expect(storedFiles(t)).toEqual(before);
  });

  it('the same picture uploaded twice is stored once', async () => {
    const headers = await adminHeaders(t);
    const png = await image('png', 1300, 600, '#445566');
    const [first] = await uploaded(t, headers, [part('image1', png)]);
    const count = storedFiles(t).length;
    const [second] = await uploaded(t, headers, [part('image1', png)]);
    expect(second).toBe(first);
    expect(storedFiles(t)).toHaveLength(count);
  });

  it('is for admins only: a student gets 403, a visitor 401', async () => {
    const student = await signedInStudent(t.app);
    const png = await image('png', 800, 400);
    expect((await upload(t, student.headers, [part('image1', png)])).statusCode).toBe(403);
    expect((await upload(t, {}, [part('image1', png)])).statusCode).toBe(401);
  });
});

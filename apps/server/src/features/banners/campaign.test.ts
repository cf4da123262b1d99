import { describe, expect, it } from 'vitest';
import { bannerFileUrl, bannerSrcSet } from '@academy/contract';
import { signedInStudent } from '../../../test/factories';
import { useTestApp } from '../../../test/test-app';
import { adminHeaders, api, image, part, publishedUrls, storedFiles, uploaded } from './test-helpers';

describe('POST banners/save-url, DELETE banners/delete-banner, GET banners/get-url', () => {
  const t = useTestApp();

  const save = (headers: Record<string, string>, imageUrl: unknown) =>
    t.app.inject({ method: 'POST', url: api('saveUrl'), headers, payload: { imageUrl } });
  const served = async (url: string) => (await t.app.inject({ url })).statusCode;

  it('posts the uploaded images in order; get-url, public, lists them; a new campaign replaces it and its images go', async () => {
    const headers = await adminHeaders(t);
    expect(await publishedUrls(t)).toEqual([]);
    const first = await uploaded(t, headers, [
      part('image1', await image('png', 1600, 700, '#aa0000')),
      part('image2', await image('png', 1600, 700, '#00aa00')),
      part('image3', await image('png', 1600, 700, '#0000aa')),
    ]);
    const reversed = [...first].reverse();
    const posted = await save(headers, reversed);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toMatchObject({ code: 200, message: 'Banner campaign posted', data: reversed });
    expect(await publishedUrls(t)).toEqual(reversed);

    const [kept, dropped] = first;
    const second = await uploaded(t, headers, [part('image1', await image('jpeg', 1200, 500, '#123456'), 'n.jpg', 'image/jpeg')]);
    expect((await save(headers, [kept, ...second])).statusCode).toBe(200);
    expect(await publishedUrls(t)).toEqual([kept, ...second]);
    for (const entry of bannerSrcSet(dropped ?? '').split(', ')) expect(await served(entry.split(' ')[0] ?? '')).toBe(404);
    expect(await served(kept ?? '')).toBe(200);
  });

  it('accepts only addresses its own upload issued, each once', async () => {
    const headers = await adminHeaders(t);
    const before = await publishedUrls(t);
    const [mine] = await uploaded(t, headers, [part('image1', await image('webp', 1000, 420), 'm.webp', 'image/webp')]);
    const cases: [unknown, string][] = [
      [['https://example.com/banner.png'], 'imageUrl.0'],
      [[bannerFileUrl('0'.repeat(64), 1600)], 'imageUrl'],
      [[mine?.replace(/-\d+\.webp$/, '-1600.webp')], 'imageUrl'],
      [[mine, '/api/banners/images/../../jwt-secret'], 'imageUrl.1'],
      [[mine, mine], 'imageUrl.1'],
    ];
    for (const [imageUrl, field] of cases) {
      const response = await save(headers, imageUrl);
      expect(response.statusCode, JSON.stringify(imageUrl)).toBe(400);
      expect(response.json().errors[0].field).toBe(field);
    }
    expect((await save(headers, [])).statusCode).toBe(400);
    expect((await save(headers, [mine, mine, mine, mine])).statusCode).toBe(400);
    expect((await save(headers, 'not a list')).statusCode).toBe(400);
    expect(await publishedUrls(t)).toEqual(before);
  });

  it('Delete All Banners empties the campaign and removes its files; deleting again is fine', async () => {
    const headers = await adminHeaders(t);
    const urls = await uploaded(t, headers, [part('image1', await image('png', 1300, 600, '#777777'))]);
    await save(headers, urls);
    const removed = await t.app.inject({ method: 'DELETE', url: api('deleteBanner'), headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ code: 200, message: 'All banners deleted', data: [] });
    expect(await publishedUrls(t)).toEqual([]);
    expect(await served(urls[0] ?? '')).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: api('deleteBanner'), headers })).statusCode).toBe(200);
  });

  it('an upload never posted is removed by an upload a day later', async () => {
    const headers = await adminHeaders(t);
    const [old] = await uploaded(t, headers, [part('image1', await image('png', 900, 400, '#abcdef'))]);
    const yesterday = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    await t.database.db.updateTable('banner_images').set({ uploaded_at: yesterday }).execute();
    const live = await publishedUrls(t);
    await uploaded(t, headers, [part('image1', await image('png', 900, 400, '#fedcba'))]);
    expect(await served(old ?? '')).toBe(404);
    expect(storedFiles(t).some((name) => old?.includes(name))).toBe(false);
    for (const url of live) expect(await served(url)).toBe(200);
  });

  it('posting and deleting are for admins only; image names are checked before any file is read', async () => {
    const student = await signedInStudent(t.app);
    expect((await save(student.headers, ['x'])).statusCode).toBe(403);
    expect((await save({}, ['x'])).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: api('deleteBanner'), headers: student.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: api('deleteBanner') })).statusCode).toBe(401);
    expect(await served('/api/banners/images/..%2F..%2Fportal.sqlite')).toBe(400);
    expect(await served(bannerFileUrl('0'.repeat(64), 480))).toBe(404);
  });
});

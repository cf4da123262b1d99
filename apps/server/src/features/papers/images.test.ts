// Question pictures: checked by their bytes, decoded under a pixel cap, turned upright, at most
// 1,200 px, stored as WebP without the file's metadata under the hash of their bytes; fetched
// (never cached) by an admin, a student while sitting the paper, and no one else before release.
import { readdir } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PAPER_IMAGE_MAX_BYTES, PAPERS_TEXT, SERVER_TEXT, type ErrorAnswer, type PaperImageAnswer } from '@academy/contract';
import { multipartForm } from '../../../test/multipart-form';
import { useTestApp } from '../../../test/test-app';
import { closingIn, RESULTS_TEST_ENV, resultsReady, testClock, waitForResults } from './results-test-helpers';
import { handInOk, startSitting } from './sitting-helpers';
import { addStudent, createPaper, getPaper, paperClass, sampleQuestions, type Headers } from './test-helpers';

const MINUTE_MS = 60_000;

async function png(width: number, height: number, colour = '#0A5F6F'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
}

/** A real PNG whose header says it is `width` × `height`: refused by the pixel cap before any decoding. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.from(await png(8, 8));
  // The IHDR chunk: length (4) 'IHDR' (4) width (4) height (4) … then its CRC over type and data.
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

describe('question pictures', () => {
  let now = Date.now();
  const t = useTestApp({}, { clock: () => now });

  const upload = (headers: Headers, bytes: Buffer, filename = 'diagram.png', type = 'image/png', field = 'image') => {
    const form = multipartForm(field, filename, type, bytes);
    return t.app.inject({ method: 'POST', url: '/api/papers/images', headers: { ...headers, ...form.headers }, payload: form.payload });
  };
  async function uploaded(headers: Headers, bytes: Buffer): Promise<PaperImageAnswer['data']> {
    const response = await upload(headers, bytes);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PaperImageAnswer>().data;
  }
  const fetchImage = (headers: Headers, paperId: string, imageId: string) => t.app.inject({ url: `/api/papers/${paperId}/images/${imageId}`, headers });
  const stored = async () => ({
    rows: (await t.database.db.selectFrom('paper_images').select('hash').execute()).length,
    files: (await readdir(t.config.papers.imagesDir).catch(() => [])).length,
  });

  /** A paper whose first question shows the picture. */
  async function paperShowing(admin: Headers, folderId: string, imageId: string) {
    const [first, ...rest] = sampleQuestions();
    return createPaper(t.app, admin, folderId, { questions: [{ ...(first ?? { text: 'x', options: ['a', 'b'], correct: 0 }), image: imageId }, ...rest] }, now);
  }

  it('stores a picture by its content as WebP, at most 1,200 px, named by its hash, whatever its name and type say', async () => {
    now = Date.now();
    const { admin, folder } = await paperClass(t.app);
    const image = await uploaded(admin, await png(2400, 1600));
    expect(image).toEqual({ imageId: expect.stringMatching(/^[0-9a-f]{64}$/), width: 1200, height: 800 });
    // The same picture again, sent under another name and type, is the same stored image.
    const again = await upload(admin, await png(2400, 1600), 'photo.jpg', 'image/jpeg');
    expect(again.json<PaperImageAnswer>().data.imageId).toBe(image.imageId);

    const { id } = await paperShowing(admin, folder.id, image.imageId);
    expect((await getPaper(t.app, admin, id)).questions?.[0]?.image).toBe(image.imageId);
    const fetched = await fetchImage(admin, id, image.imageId);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('image/webp');
    expect(fetched.headers['cache-control']).toBe('no-store');
    const meta = await sharp(fetched.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 800]);
    // A small picture is not enlarged.
    expect(await uploaded(admin, await png(300, 120, '#8B1E3F'))).toMatchObject({ width: 300, height: 120 });
  });

  it('turns a photo upright and drops its metadata', async () => {
    now = Date.now();
    const { admin, folder } = await paperClass(t.app);
    // A camera's JPEG: stored landscape, EXIF saying 'rotate 90°', with the owner's name in it.
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Kasun Perera', Artist: 'Kasun Perera' } } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const image = await uploaded(admin, photo);
    expect(image).toMatchObject({ width: 200, height: 300 });
    const { id } = await paperShowing(admin, folder.id, image.imageId);
    const fetched = await fetchImage(admin, id, image.imageId);
    const meta = await sharp(fetched.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([200, 300, undefined, undefined]);
    expect(fetched.rawPayload.includes(Buffer.from('Kasun Perera'))).toBe(false);
  });

  it('refuses what is not a JPEG, PNG or WebP by its bytes, what cannot be decoded, a decompression bomb, an oversized file and no file, storing nothing', async () => {
    now = Date.now();
    const { admin } = await paperClass(t.app);
    await uploaded(admin, await png(20, 20, '#111111')); // the folder exists, so a refusal's nothing is countable
    const before = await stored();
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const cases: [Promise<Awaited<ReturnType<typeof upload>>>, number, string][] = [
      [upload(admin, gif, 'pic.png', 'image/png'), 415, SERVER_TEXT.imageWrongType],
      [upload(admin, Buffer.from('%PDF-1.4\n%%EOF\n'), 'pic.png', 'image/png'), 415, SERVER_TEXT.imageWrongType],
      [upload(admin, (await png(64, 64)).subarray(0, 60)), 400, SERVER_TEXT.imageUnreadable],
      [upload(admin, await pngClaiming(20_000, 20_000)), 400, SERVER_TEXT.imageUnreadable],
      [upload(admin, Buffer.concat([await png(8, 8), Buffer.alloc(PAPER_IMAGE_MAX_BYTES)])), 413, SERVER_TEXT.imageTooLarge],
      [upload(admin, await png(8, 8), 'pic.png', 'image/png', 'file'), 400, SERVER_TEXT.imageRequired],
    ];
    for (const [pending, status, message] of cases) {
      const response = await pending;
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json<ErrorAnswer>().message).toBe(message);
    }
    expect(await stored()).toEqual(before);
  });

  it('is fetched by a student while sitting the paper; not before the start, not after the hand-in, not for another paper', async () => {
    now = Date.now();
    const made = await paperClass(t.app);
    const image = await uploaded(made.admin, await png(400, 300, '#224466'));
    const other = await uploaded(made.admin, await png(400, 300, '#664422'));
    const { id } = await paperShowing(made.admin, made.folder.id, image.imageId);
    const otherPaper = await paperShowing(made.admin, made.folder.id, other.imageId);

    const notFound = async (headers: Headers, paperId: string, imageId: string) => {
      const response = await fetchImage(headers, paperId, imageId);
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorAnswer>().message).toBe(PAPERS_TEXT.paperNotFound);
    };
    await notFound(made.student.headers, id, image.imageId);
    const sitting = await startSitting(t.app, made.student.headers, id);
    const during = await fetchImage(made.student.headers, id, image.imageId);
    expect(during.statusCode).toBe(200);
    expect(during.headers['cache-control']).toBe('no-store');
    // Only the pictures of the paper named, to a student of that paper.
    await notFound(made.student.headers, id, other.imageId);
    await notFound(made.student.headers, otherPaper.id, other.imageId);
    await notFound(made.admin, id, other.imageId);

    await handInOk(t.app, made.student.headers, id, { device: sitting.device });
    await notFound(made.student.headers, id, image.imageId);
    expect((await fetchImage(made.admin, id, image.imageId)).statusCode).toBe(200);

    // Time running out ends it too, whether or not the close job has written the hand-in.
    const late = await addStudent(t.app, made);
    const lateSitting = await startSitting(t.app, late.headers, id);
    expect((await fetchImage(late.headers, id, image.imageId)).statusCode).toBe(200);
    now = Date.parse(lateSitting.deadline) + 2 * MINUTE_MS;
    await notFound(late.headers, id, image.imageId);
  });
});

describe('question pictures after release', () => {
  // The close job runs once the test moves the papers' clock past the close.
  const clock = testClock();
  const t = useTestApp(RESULTS_TEST_ENV, { clock: clock.now });

  it('are fetched by a student who sat the paper when its review shows questions, and by no one else', async () => {
    const made = await paperClass(t.app);
    const form = multipartForm('image', 'map.png', 'image/png', await png(200, 100, '#3366AA'));
    const response = await t.app.inject({ method: 'POST', url: '/api/papers/images', headers: { ...made.admin, ...form.headers }, payload: form.payload });
    const { imageId } = response.json<PaperImageAnswer>().data;
    const [first, ...rest] = sampleQuestions();
    const questions = [{ ...(first ?? { text: 'x', options: ['a', 'b'], correct: 0 }), image: imageId }, ...rest];
    const times = closingIn(60, clock.now());
    const responses = await createPaper(t.app, made.admin, made.folder.id, { ...times, questions, review: 'responses' });
    const marksOnly = await createPaper(t.app, made.admin, made.folder.id, { ...times, questions, review: 'marks' });
    const absent = await addStudent(t.app, made);
    for (const { id } of [responses, marksOnly]) {
      const sitting = await startSitting(t.app, made.student.headers, id);
      await handInOk(t.app, made.student.headers, id, { device: sitting.device });
    }
    clock.passClose(times.closesAt, t.config.papers.graceMs);
    for (const { id } of [responses, marksOnly]) {
      await waitForResults(t.app, made.admin, id, resultsReady);
      const released = await t.app.inject({ method: 'POST', url: `/api/papers/${id}/release`, headers: made.admin });
      expect(released.statusCode, released.body).toBe(200);
    }
    const fetch = (headers: Headers, paperId: string) => t.app.inject({ url: `/api/papers/${paperId}/images/${imageId}`, headers });
    expect((await fetch(made.student.headers, responses.id)).statusCode).toBe(200);
    expect((await fetch(made.student.headers, marksOnly.id)).statusCode).toBe(404);
    expect((await fetch(absent.headers, responses.id)).statusCode).toBe(404);
  });
});

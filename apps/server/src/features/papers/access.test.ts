// Who may read a paper: whoever may open its class now. To anyone else a paper and its pictures
// answer exactly as an id that does not exist, so a guessed or shared id tells nothing.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PAPERS_TEXT, type ClassAccessAnswer, type PaperImageAnswer } from '@academy/contract';
import { signedInStudent } from '../../../test/factories';
import { multipartForm } from '../../../test/multipart-form';
import { useTestApp } from '../../../test/test-app';
import { giveAccess } from '../class-material/test-helpers';
import { createPaper, paperClass, paperRequest, sampleQuestions, type Headers } from './test-helpers';

describe('reading a paper without its class', () => {
  const t = useTestApp();

  /** A paper whose first question shows a picture, in a class granted to one student. */
  async function paperWithPicture() {
    const made = await paperClass(t.app);
    const picture = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#0A5F6F' } }).png().toBuffer();
    const form = multipartForm('image', 'map.png', 'image/png', picture);
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/papers/images', headers: { ...made.admin, ...form.headers }, payload: form.payload });
    const { imageId } = uploaded.json<PaperImageAnswer>().data;
    const [first, ...rest] = sampleQuestions();
    const questions = [{ ...(first ?? { text: 'x', options: ['a', 'b'], correct: 0 }), image: imageId }, ...rest];
    const { id } = await createPaper(t.app, made.admin, made.folder.id, { questions });
    return { ...made, paperId: id, imageId };
  }

  const image = (headers: Headers, paperId: string, imageId: string) => t.app.inject({ url: `/api/papers/${paperId}/images/${imageId}`, headers });

  it('a student without the class gets 404 on the paper and its pictures, as for an unknown id', async () => {
    const { paperId, imageId, student } = await paperWithPicture();
    const outsider = await signedInStudent(t.app);
    expect((await t.app.inject(paperRequest(student.headers, paperId))).statusCode).toBe(200);

    const refused = await t.app.inject(paperRequest(outsider.headers, paperId));
    const unknown = await t.app.inject(paperRequest(outsider.headers, crypto.randomUUID()));
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: 404, message: PAPERS_TEXT.paperNotFound, data: null });
    expect(refused.body).toBe(unknown.body);

    const refusedImage = await image(outsider.headers, paperId, imageId);
    const unknownImage = await image(outsider.headers, crypto.randomUUID(), imageId);
    expect(refusedImage.statusCode).toBe(404);
    expect(refusedImage.body).toBe(unknownImage.body);
    expect(refusedImage.body).toBe(refused.body);
  });

  it('ends with the grant: a student whose class was taken back reads the paper no more', async () => {
    const { admin, paperId, student, classFolder } = await paperWithPicture();
    const grants = await t.app.inject({ url: `/api/folders/access/class/${encodeURIComponent(classFolder.id)}`, headers: admin });
    const grant = grants.json<ClassAccessAnswer>().data.grants.find((row) => row.email === student.body.email.toLowerCase());
    expect(grant, grants.body).toBeDefined();
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/folders/access/${grant?.id ?? ''}`, headers: admin });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const response = await t.app.inject(paperRequest(student.headers, paperId));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: PAPERS_TEXT.paperNotFound });
  });

  it('a grant given later opens it', async () => {
    const { admin, paperId, classFolder } = await paperWithPicture();
    const later = await signedInStudent(t.app);
    expect((await t.app.inject(paperRequest(later.headers, paperId))).statusCode).toBe(404);
    await giveAccess(t.app, admin, later.body.email, classFolder.name);
    const response = await t.app.inject(paperRequest(later.headers, paperId));
    expect(response.statusCode, response.body).toBe(200);
  });
});

// Shared by the answer scripts tests: a paper with a written part made through the real API,
// photos made by sharp, and the calls of a student handing in and an admin marking.
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import type { MarksBody, PageUploadAnswer, ScriptHandInBody, WrittenBody } from '@academy/contract';
import { multipartForm } from '../../../../test/multipart-form';
import { okData } from '../sitting-helpers';
import { createPaper, type Headers } from '../test-helpers';

export const WRITTEN: WrittenBody = {
  questions: [
    { label: 'Q1', maxMarks: 10 },
    { label: 'Q2', maxMarks: 15 },
  ],
  graceMinutes: 15,
};

/** A page-like photo: a pale page with dark strokes, so it compresses as a real page does. */
export async function pagePhoto(width = 1200, height = 1600, format: 'jpeg' | 'png' | 'webp' = 'jpeg'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f4f1e8"/>${Array.from(
    { length: 20 },
    (_, line) => `<line x1="60" y1="${80 + line * 70}" x2="${width - 60}" y2="${90 + line * 70}" stroke="#223" stroke-width="4"/>`,
  ).join('')}</svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}

export function putWritten(app: FastifyInstance, admin: Headers, paperId: string, body: WrittenBody = WRITTEN) {
  return app.inject({ method: 'PUT', url: `/api/papers/${paperId}/written`, headers: admin, payload: body });
}

/** A paper (MCQ and written) in the folder; `overrides` as createPaper's. */
export async function writtenPaper(app: FastifyInstance, admin: Headers, folderId: string, overrides: Parameters<typeof createPaper>[3] = {}, now = Date.now(), written: WrittenBody = WRITTEN) {
  const paper = await createPaper(app, admin, folderId, overrides, now);
  const answer = await putWritten(app, admin, paper.id, written);
  if (answer.statusCode !== 200) throw new Error(`written part refused: ${answer.statusCode} ${answer.body}`);
  return paper;
}

export function uploadPageRequest(app: FastifyInstance, student: Headers, paperId: string, bytes: Buffer, filename = 'page.jpg', type = 'image/jpeg'): Promise<LightMyRequestResponse> {
  const form = multipartForm('page', filename, type, bytes);
  return app.inject({ method: 'POST', url: `/api/papers/${paperId}/script/pages`, headers: { ...student, ...form.headers }, payload: form.payload });
}

export async function uploadPage(app: FastifyInstance, student: Headers, paperId: string, bytes: Buffer): Promise<PageUploadAnswer['data']['page']> {
  return okData<PageUploadAnswer>(await uploadPageRequest(app, student, paperId, bytes)).page;
}

export function handInRequest(app: FastifyInstance, student: Headers, paperId: string, body: ScriptHandInBody) {
  return app.inject({ method: 'POST', url: `/api/papers/${paperId}/script/hand-in`, headers: student, payload: body });
}

export function marksRequest(app: FastifyInstance, admin: Headers, paperId: string, scriptId: string, body: MarksBody) {
  return app.inject({ method: 'PUT', url: `/api/papers/${paperId}/scripts/${scriptId}/marks`, headers: admin, payload: body });
}

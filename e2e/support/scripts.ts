import { expect, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import {
  ANSWER_SCRIPTS_PATHS,
  PAGE_FIELD,
  SHEET_FIELD,
  type MarkingScriptAnswer,
  type MyScriptAnswer,
  type PageUploadAnswer,
  type ScriptsAnswer,
  type WrittenAnswer,
  type WrittenBody,
} from '@academy/contract';
import type { Headers } from './papers';
import { onePagePdf } from './pdf';

// The written part of a paper made, handed in and marked through the API (docs/design/answer-scripts.md),
// for the specs about what comes after; the screens themselves are driven in answer-scripts.spec.ts.

/** `/api/...` of an answer-scripts path with its `:names` filled in. */
export function scriptUrl(path: keyof typeof ANSWER_SCRIPTS_PATHS, values: Record<string, string>): string {
  return `/api/${ANSWER_SCRIPTS_PATHS[path].replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''))}`;
}

/** Two structured questions and an essay, grace 0: the upload time ends with the paper. */
export const WRITTEN_BODY: WrittenBody = {
  questions: [
    { label: 'Q1', maxMarks: 10 },
    { label: 'Q2(a)', maxMarks: 5 },
    { label: 'Essay', maxMarks: 20 },
  ],
  graceMinutes: 0,
};

export async function setWrittenByApi(request: APIRequestContext, admin: Headers, paperId: string, body: WrittenBody = WRITTEN_BODY): Promise<NonNullable<WrittenAnswer['data']>> {
  const response = await request.put(scriptUrl('written', { paperId }), { headers: admin, data: body });
  expect(response.status(), await response.text()).toBe(200);
  const written = ((await response.json()) as WrittenAnswer).data;
  if (!written) throw new Error('the written part was not kept');
  return written;
}

export async function uploadSheetByApi(request: APIRequestContext, admin: Headers, paperId: string): Promise<void> {
  const response = await request.post(scriptUrl('sheet', { paperId }), {
    headers: admin,
    multipart: { [SHEET_FIELD]: { name: 'questions.pdf', mimeType: 'application/pdf', buffer: onePagePdf('Answer every question in full sentences') } },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * A phone's photo of a written page, made at test time: lined paper in a pale blue-grey with a few
 * dark lines of "writing" and its number, `width` wide, so a page can be told from the others by
 * its size alone. No red anywhere: the marker's red ticks are what a test looks for.
 */
export async function pagePhoto(number: number, width = 600 + number * 10, height = 800): Promise<Buffer> {
  const lines = Array.from({ length: 10 }, (_, index) => `<rect x="40" y="${120 + index * 60}" width="${width - 120 - (index % 3) * 60}" height="6" fill="#2b3440"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="#e8eef4"/>
    <text x="40" y="80" font-size="48" font-family="sans-serif" fill="#1d2733">Page ${number}</text>${lines}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).withExif({ IFD0: { Make: 'Test phone', Model: 'Camera' } }).toBuffer();
}

export async function uploadPageByApi(request: APIRequestContext, student: Headers, paperId: string, photo: Buffer, name: string): Promise<string> {
  const response = await request.post(scriptUrl('pages', { paperId }), { headers: student, multipart: { [PAGE_FIELD]: { name, mimeType: 'image/jpeg', buffer: photo } } });
  // The design names 201 (a page made); 200 is taken as well.
  expect([200, 201], await response.text()).toContain(response.status());
  return ((await response.json()) as PageUploadAnswer).data.page.id;
}

/** Uploads `count` photos and hands them in, in order. */
export async function handInPagesByApi(request: APIRequestContext, student: Headers, paperId: string, count: number): Promise<void> {
  const ids: string[] = [];
  for (let number = 1; number <= count; number += 1) ids.push(await uploadPageByApi(request, student, paperId, await pagePhoto(number), `page-${number}.jpg`));
  const response = await request.post(scriptUrl('handIn', { paperId }), { headers: student, data: { pages: ids.map((id) => ({ id, rotation: 0 })) } });
  expect(response.status(), await response.text()).toBe(200);
}

export async function myScriptByApi(request: APIRequestContext, student: Headers, paperId: string): Promise<MyScriptAnswer['data']> {
  const response = await request.get(scriptUrl('script', { paperId }), { headers: student });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as MyScriptAnswer).data;
}

export async function queueByApi(request: APIRequestContext, admin: Headers, paperId: string): Promise<ScriptsAnswer['data']> {
  const response = await request.get(scriptUrl('scripts', { paperId }), { headers: admin });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as ScriptsAnswer).data;
}

export async function markingScriptByApi(request: APIRequestContext, admin: Headers, paperId: string, scriptId: string): Promise<MarkingScriptAnswer['data']> {
  const response = await request.get(scriptUrl('markingScript', { paperId, scriptId }), { headers: admin });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as MarkingScriptAnswer).data;
}

/** Marks the script as a marker would: a tick on its first page, every question's marks, a comment, Done. */
export async function markByApi(request: APIRequestContext, admin: Headers, paperId: string, scriptId: string, marks: readonly number[]): Promise<void> {
  const script = await markingScriptByApi(request, admin, paperId, scriptId);
  const first = script.pages[0];
  if (first) {
    const response = await request.put(scriptUrl('annotations', { paperId, scriptId, pageId: first.id }), {
      headers: admin,
      data: { annotations: [{ kind: 'tick', x: first.width / 2, y: first.height / 3, size: 80, color: 'red' }, { kind: 'text', x: 40, y: 40, text: 'Well argued', size: 36, color: 'red' }] },
    });
    expect(response.status(), await response.text()).toBe(200);
  }
  const response = await request.put(scriptUrl('marks', { paperId, scriptId }), {
    headers: admin,
    data: { marks: script.questions.map((question, index) => ({ questionId: question.questionId, marks: marks[index] ?? 0 })), comment: 'A clear answer; give more dates.', done: true },
  });
  expect(response.status(), await response.text()).toBe(200);
}

// One valid call of every answer scripts route (docs/design/answer-scripts.md), as route-examples.ts
// asks of every API route. Papers are in the world's lesson folder, whose class is granted to the
// first student only; calls that use their target up (a hand-in, removing a page or the written
// part) make a fresh paper each time. One released paper with a marked script serves every call
// that only reads it.
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import type { MarkingScriptAnswer, PageUploadAnswer, ScriptsAnswer } from '@academy/contract';
import { resultsReady, waitForResults } from '../../src/features/papers/results-test-helpers';
import { handInOk, startSitting } from '../../src/features/papers/sitting-helpers';
import { createPaper } from '../../src/features/papers/test-helpers';
import { multipartForm } from '../multipart-form';
import { once } from './payment-examples';
import type { ExampleRequest, Narrower, RouteExample } from './route-examples';
import type { Headers, World } from './world';

const WRITTEN = { questions: [{ label: 'Q1', maxMarks: 10 }], graceMinutes: 0 };
/** The first student's own: the class is not the other student's, and admins do not sit papers. */
const STUDENT_ONLY: Narrower[] = [
  { actors: ['otherStudent'], status: 404, because: 'the class is granted to the first student only; its papers are not found' },
  { actors: ['admin'], status: 403, because: 'only students sit papers, so only they hand in written answers' },
];
const NOT_OTHER: Narrower = { actors: ['otherStudent'], status: 404, because: 'the class is granted to the first student only; its papers and pages are not found' };

async function ok(response: Promise<{ statusCode: number; body: string }>, what: string): Promise<string> {
  const answered = await response;
  if (answered.statusCode !== 200) throw new Error(`the example's ${what} was refused: ${answered.statusCode} ${answered.body}`);
  return answered.body;
}

function pagePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 400, channels: 3, background: `#${crypto.randomUUID().slice(0, 6)}` } }).jpeg().toBuffer();
}

async function samplePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([595, 842]).drawText('Question 1: discuss the Kandyan Convention.', { x: 50, y: 760, size: 14 });
  return Buffer.from(await pdf.save());
}

function pageUpload(paperId: string, bytes: Buffer): ExampleRequest {
  const form = multipartForm('page', 'page.jpg', 'image/jpeg', bytes);
  return { url: `/api/papers/${paperId}/script/pages`, payload: form.payload, headers: form.headers };
}

/** Gives a paper its written part. */
async function withWritten(world: World, paperId: string): Promise<string> {
  await ok(world.app.inject({ method: 'PUT', url: `/api/papers/${paperId}/written`, headers: world.admin.headers, payload: WRITTEN }), 'written part');
  return paperId;
}

/** A new paper with a written part that the first student has started (open an hour). */
async function startedWrittenPaper(world: World): Promise<string> {
  const paperId = await withWritten(world, await world.fresh.paper(world.lessonFolder.id));
  await startSitting(world.app, world.student.headers, paperId);
  return paperId;
}

async function stagePage(world: World, paperId: string, student: Headers = world.student.headers): Promise<string> {
  const request = pageUpload(paperId, await pagePhoto());
  const body = await ok(world.app.inject({ method: 'POST', url: request.url, payload: request.payload, headers: { ...student, ...request.headers } }), 'page');
  return (JSON.parse(body) as PageUploadAnswer).data.page.id;
}

/** A started written paper with a question sheet the first student may read now (the sheet went in before the paper opened). */
const sheetPaper = once(async (world: World) => {
  const opensAt = Date.now() + 3000;
  const { id } = await createPaper(world.app, world.admin.headers, world.lessonFolder.id, {
    title: `Sheet ${world.fresh.tag()}`,
    opensAt: new Date(opensAt).toISOString(),
    closesAt: new Date(opensAt + 2 * 60 * 60_000).toISOString(),
  }, opensAt - 60_000);
  await withWritten(world, id);
  const form = multipartForm('sheet', 'questions.pdf', 'application/pdf', await samplePdf());
  await ok(world.app.inject({ method: 'POST', url: `/api/papers/${id}/written/sheet`, headers: { ...world.admin.headers, ...form.headers }, payload: form.payload }), 'sheet');
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, opensAt - Date.now() + 50)));
  await startSitting(world.app, world.student.headers, id);
  return id;
});

/** A written paper the first student sat and handed pages in for, marked and released: its id, script and page. */
const releasedWritten = once(async (world: World) => {
  const now = Date.now();
  const { id } = await createPaper(world.app, world.admin.headers, world.lessonFolder.id, { title: `Written ${world.fresh.tag()}`, closesAt: new Date(now + 4000).toISOString() }, now);
  await withWritten(world, id);
  const sitting = await startSitting(world.app, world.student.headers, id);
  const pageId = await stagePage(world, id);
  await ok(world.app.inject({ method: 'POST', url: `/api/papers/${id}/script/hand-in`, headers: world.student.headers, payload: { pages: [{ id: pageId }] } }), 'hand-in');
  await handInOk(world.app, world.student.headers, id, { device: sitting.device });
  await waitForResults(world.app, world.admin.headers, id, resultsReady);
  const queue = JSON.parse(await ok(world.app.inject({ url: `/api/papers/${id}/scripts`, headers: world.admin.headers }), 'queue')) as ScriptsAnswer;
  const scriptId = queue.data.rows[0]?.scriptId ?? '';
  const script = JSON.parse(await ok(world.app.inject({ url: `/api/papers/${id}/scripts/${scriptId}`, headers: world.admin.headers }), 'script')) as MarkingScriptAnswer;
  const marks = script.data.questions.map((question) => ({ questionId: question.questionId, marks: 7 }));
  await ok(world.app.inject({ method: 'PUT', url: `/api/papers/${id}/scripts/${scriptId}/marks`, headers: world.admin.headers, payload: { marks, done: true } }), 'marks');
  await ok(world.app.inject({ method: 'POST', url: `/api/papers/${id}/release`, headers: world.admin.headers }), 'release');
  return { paperId: id, scriptId, pageId, marks };
});

export const SCRIPT_ROUTE_EXAMPLES: Record<string, RouteExample> = {
  // ---- the written part ----
  'GET /api/papers/:paperId/written': {
    access: 'signed-in',
    build: async ({ world }) => ({ url: `/api/papers/${(await releasedWritten(world)).paperId}/written` }),
    narrower: NOT_OTHER,
  },
  'PUT /api/papers/:paperId/written': {
    access: 'admin',
    build: async ({ world }) => ({ url: `/api/papers/${await world.fresh.paper(world.lessonFolder.id)}/written`, payload: WRITTEN }),
  },
  'DELETE /api/papers/:paperId/written': {
    access: 'admin',
    build: async ({ world }) => ({ url: `/api/papers/${await withWritten(world, await world.fresh.paper(world.lessonFolder.id))}/written` }),
  },
  'POST /api/papers/:paperId/written/sheet': {
    access: 'admin',
    build: async ({ world }) => {
      const opensAt = Date.now() + 60 * 60_000;
      const { id } = await createPaper(world.app, world.admin.headers, world.lessonFolder.id, {
        title: `Sheet ${world.fresh.tag()}`,
        opensAt: new Date(opensAt).toISOString(),
        closesAt: new Date(opensAt + 2 * 60 * 60_000).toISOString(),
      }, opensAt - 60_000);
      await withWritten(world, id);
      const form = multipartForm('sheet', 'questions.pdf', 'application/pdf', await samplePdf());
      return { url: `/api/papers/${id}/written/sheet`, payload: form.payload, headers: form.headers };
    },
  },
  'GET /api/papers/:paperId/written/sheet': {
    access: 'signed-in',
    build: async ({ world }) => ({ url: `/api/papers/${await sheetPaper(world)}/written/sheet` }),
    narrower: { actors: ['otherStudent'], status: 404, because: 'the class is granted to the first student only, and the sheet goes only to one who started' },
  },
  'GET /api/papers/:paperId/written/statistics': {
    access: 'admin',
    build: async ({ world }) => ({ url: `/api/papers/${(await releasedWritten(world)).paperId}/written/statistics` }),
  },

  // ---- the student's script ----
  'GET /api/papers/:paperId/script': {
    access: 'signed-in',
    build: async ({ world }) => ({ url: `/api/papers/${(await releasedWritten(world)).paperId}/script` }),
    narrower: STUDENT_ONLY,
  },
  'POST /api/papers/:paperId/script/pages': {
    access: 'signed-in',
    build: async ({ world }) => pageUpload(await startedWrittenPaper(world), await pagePhoto()),
    narrower: STUDENT_ONLY,
  },
  'DELETE /api/papers/:paperId/script/pages/:pageId': {
    access: 'signed-in',
    build: async ({ world }) => {
      const paperId = await startedWrittenPaper(world);
      return { url: `/api/papers/${paperId}/script/pages/${await stagePage(world, paperId)}` };
    },
    narrower: STUDENT_ONLY,
  },
  'POST /api/papers/:paperId/script/hand-in': {
    access: 'signed-in',
    build: async ({ world }) => {
      const paperId = await startedWrittenPaper(world);
      return { url: `/api/papers/${paperId}/script/hand-in`, payload: { pages: [{ id: await stagePage(world, paperId) }] } };
    },
    narrower: STUDENT_ONLY,
  },
  'GET /api/papers/:paperId/script/marked.pdf': {
    access: 'signed-in',
    build: async ({ world }) => ({ url: `/api/papers/${(await releasedWritten(world)).paperId}/script/marked.pdf` }),
    narrower: STUDENT_ONLY,
  },
  'GET /api/papers/:paperId/pages/:pageId': {
    access: 'signed-in',
    build: async ({ world }) => {
      const { paperId, pageId } = await releasedWritten(world);
      return { url: `/api/papers/${paperId}/pages/${pageId}` };
    },
    narrower: { actors: ['otherStudent'], status: 404, because: 'a page goes only to its own student and to admins' },
  },

  // ---- marking (admin) ----
  'GET /api/papers/:paperId/scripts': {
    access: 'admin',
    build: async ({ world }) => ({ url: `/api/papers/${(await releasedWritten(world)).paperId}/scripts` }),
  },
  'POST /api/papers/:paperId/scripts/assign': {
    access: 'admin',
    build: async ({ world }) => {
      const { paperId, scriptId } = await releasedWritten(world);
      return { url: `/api/papers/${paperId}/scripts/assign`, payload: { scriptIds: [scriptId], markerId: world.admin.id } };
    },
  },
  'GET /api/papers/:paperId/scripts/:scriptId': {
    access: 'admin',
    build: async ({ world }) => {
      const { paperId, scriptId } = await releasedWritten(world);
      return { url: `/api/papers/${paperId}/scripts/${scriptId}` };
    },
  },
  'PUT /api/papers/:paperId/scripts/:scriptId/pages/:pageId/annotations': {
    access: 'admin',
    build: async ({ world }) => {
      const { paperId, scriptId, pageId } = await releasedWritten(world);
      return { url: `/api/papers/${paperId}/scripts/${scriptId}/pages/${pageId}/annotations`, payload: { annotations: [{ kind: 'tick', x: 100, y: 100 }] } };
    },
  },
  'PUT /api/papers/:paperId/scripts/:scriptId/marks': {
    access: 'admin',
    build: async ({ world }) => {
      const { paperId, scriptId, marks } = await releasedWritten(world);
      return { url: `/api/papers/${paperId}/scripts/${scriptId}/marks`, payload: { marks, done: true } };
    },
  },
  'GET /api/papers/:paperId/scripts/:scriptId/marked.pdf': {
    access: 'admin',
    build: async ({ world }) => {
      const { paperId, scriptId } = await releasedWritten(world);
      return { url: `/api/papers/${paperId}/scripts/${scriptId}/marked.pdf` };
    },
  },
};

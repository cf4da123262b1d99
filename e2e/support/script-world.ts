import type { APIRequestContext } from '@playwright/test';
import { CLOSES_AFTER_MS, createPaperByApi, headersOf, paperBody, releaseByApi, sitByApi, startByApi, waitForPaperState, type Headers } from './papers';
import { handInPagesByApi, markByApi, queueByApi, setWrittenByApi, uploadPageByApi, pagePhoto, uploadSheetByApi } from './scripts';

/** How soon the open paper opens: time enough to set its question sheet first. */
const OPENS_AFTER_MS = 6_000;

/** The papers with a written part that the answer-script screens show (script-screens.ts). */
export interface ScriptWorld {
  /** Open, started by the world's student, two pages uploaded and not handed in yet. */
  scriptsOpen: string;
  /** Closed, the student's script handed in, marked and released. */
  scriptsReleased: string;
  /** The released paper's script, for the marking screen. */
  scriptId: string;
}

/**
 * Made through the API in the world's class: a paper to hand in pages to, and one handed in,
 * marked and released (it waits for its close, seconds after it is made).
 */
export async function buildScriptWorld(request: APIRequestContext, world: { admin: Headers; classId: string; student: { email: string; password: string } }): Promise<ScriptWorld> {
  const student = await headersOf(request, world.student);
  const scriptsReleased = await createPaperByApi(
    request,
    world.admin,
    paperBody(world.classId, { title: 'Kandyan kingdom: structured and essay', closesAt: new Date(Date.now() + CLOSES_AFTER_MS).toISOString() }),
  );
  await setWrittenByApi(request, world.admin, scriptsReleased);
  await sitByApi(request, student, scriptsReleased, {});
  await handInPagesByApi(request, student, scriptsReleased, 2);
  const queue = await queueByApi(request, world.admin, scriptsReleased);
  const scriptId = queue.rows[0]?.scriptId ?? '';
  await markByApi(request, world.admin, scriptsReleased, scriptId, [7, 4, 15]);

  // Its question sheet is set before it opens (it cannot change after), seconds from now.
  const scriptsOpen = await createPaperByApi(
    request,
    world.admin,
    paperBody(world.classId, { title: 'Polonnaruwa period: essay paper', opensAt: new Date(Date.now() + OPENS_AFTER_MS).toISOString() }),
  );
  await setWrittenByApi(request, world.admin, scriptsOpen, { questions: [{ label: 'Q1', maxMarks: 10 }, { label: 'Q2', maxMarks: 10 }], graceMinutes: 15 });
  await uploadSheetByApi(request, world.admin, scriptsOpen);
  await waitForPaperState(request, world.admin, scriptsOpen, 'open');
  await startByApi(request, student, scriptsOpen);
  for (const number of [1, 2]) await uploadPageByApi(request, student, scriptsOpen, await pagePhoto(number), `page-${number}.jpg`);

  await waitForPaperState(request, world.admin, scriptsReleased, 'results-ready');
  await releaseByApi(request, world.admin, scriptsReleased);
  return { scriptsOpen, scriptsReleased, scriptId };
}

import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { DriveItem, DriveListingAnswer, LessonState } from '@academy/contract';
import { folderContent, type Headers } from '../class-material/test-helpers';

// Shared by the lessons tests: waiting for a lesson's processing, as the drive screen sees it.

/**
 * How long a test that transcodes may take. ffmpeg runs at the lowest CPU priority, so on a
 * two-core machine busy with the rest of the suite (the browser specs, the other engine's server
 * suite) a 14-second lesson has taken over 90 s: the kernel gives it what nothing else wants.
 */
export const TRANSCODE_TEST_TIMEOUT_MS = 600_000;

/** How long a lesson's shown processing may stay the same before a wait gives up on it. */
const STALL_MS = 120_000;

/**
 * Polls the folder's listing (as an admin) until the video's processing reaches `state`. It gives
 * up when the job stops moving for `stallMs` (a hung ffmpeg, a lost job), not at a fixed time: a
 * transcode starved by a busy machine is slow, not broken.
 */
export async function waitForLesson(
  app: FastifyInstance,
  admin: Headers,
  folderId: string,
  videoId: string,
  state: LessonState = 'ready',
  stallMs = STALL_MS,
): Promise<DriveItem> {
  return waitForProcessing(app, admin, folderId, videoId, state, (processing) => processing?.state === state, stallMs);
}

/**
 * As waitForLesson, until the lesson is ready with both marked ladders (A and its twin B). Ladder
 * B shows no progress while it is made (the drive screen says 'adding' throughout), so a stall
 * cannot be told from a slow encode: the wait is bounded by the transcode tests' time instead.
 */
export async function waitForMarks(app: FastifyInstance, admin: Headers, folderId: string, videoId: string): Promise<DriveItem> {
  const marked = (processing: DriveItem['processing']) => processing?.state === 'ready' && processing.marks === 'ready';
  return waitForProcessing(app, admin, folderId, videoId, 'ready with marks', marked, TRANSCODE_TEST_TIMEOUT_MS);
}

async function waitForProcessing(
  app: FastifyInstance,
  admin: Headers,
  folderId: string,
  videoId: string,
  what: string,
  reached: (processing: DriveItem['processing']) => boolean,
  stallMs: number,
): Promise<DriveItem> {
  let seen: DriveItem | undefined;
  let lastMove = Date.now();
  let lastMark = '';
  while (Date.now() - lastMove < stallMs) {
    const listing = await folderContent(app, admin, folderId);
    seen = listing.json<DriveListingAnswer>().files.find((item) => item.id === videoId);
    if (reached(seen?.processing)) return seen as DriveItem;
    // A lesson waited on as failed has returned above; one that failed otherwise will not move.
    if (seen?.processing?.state === 'failed') break;
    const mark = JSON.stringify(seen?.processing);
    if (mark !== lastMark) [lastMark, lastMove] = [mark, Date.now()];
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect.fail(`lesson ${videoId} did not become ${what} (stalled ${stallMs / 1000} s or failed): ${JSON.stringify(seen)}`);
}

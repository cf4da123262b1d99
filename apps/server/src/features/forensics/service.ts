import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { FORENSICS_TEXT, TRACE_FILE_FIELD, type Trace } from '@academy/contract';
import { AppError, errors } from '../../lib/errors';
import { filePart } from '../../lib/multipart';
import { decodeFirstFrame, NotPlayableVideo } from '../../media/probe';
import { recordAudit, type AuditActor } from '../audit-log/service';
import { TRACE_JOB, type ForensicsContext } from './context';
import * as repo from './repo';
import type { StoredTraceResult, TracePayload } from './trace-job';

// A trace from upload to answer: the copy is streamed to the work folder (never held in memory),
// refused with 415 if it is not a video, then queued for the trace job; each trace and what it
// found is written to the audit log.

function tooLarge(): AppError {
  return new AppError(413, FORENSICS_TEXT.copyTooLarge);
}

/** The uploaded copy on disk, in a folder of its own: `{ file, name }`. */
async function receiveCopy(ctx: ForensicsContext, request: FastifyRequest, traceId: string): Promise<{ file: string; name: string }> {
  const part = await filePart(request, { field: TRACE_FILE_FIELD, maxBytes: ctx.maxUploadBytes, missing: FORENSICS_TEXT.copyRequired, tooLarge });
  const dir = path.join(ctx.workDir, `trace-${traceId}`);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'copy');
  try {
    await pipeline(part.file, createWriteStream(file));
    if (part.file.truncated) throw tooLarge();
    await decodeFirstFrame(ctx.lessons.binaries, file).catch((error: unknown) => {
      throw error instanceof NotPlayableVideo ? new AppError(415, FORENSICS_TEXT.notAVideo) : error;
    });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { file, name: (part.filename || 'copy').slice(0, 200) };
}

export async function startTrace(ctx: ForensicsContext, actor: AuditActor, request: FastifyRequest): Promise<{ id: string }> {
  const id = randomUUID();
  const copy = await receiveCopy(ctx, request, id);
  const now = new Date().toISOString();
  try {
    await ctx.db.transaction().execute(async (tx) => {
      await repo.insertTrace(tx, { id, state: 'queued', copy_path: copy.file, file_name: copy.name, created_by: actor.id, created_at: now, updated_at: now });
      await recordAudit(tx, actor, {
        action: 'file.trace',
        target: { type: 'file', id, label: copy.name },
        summary: `Traced a leaked copy: ${copy.name}`,
      });
    });
  } catch (error) {
    await rm(path.dirname(copy.file), { recursive: true, force: true });
    throw error;
  }
  await ctx.queue.enqueue(TRACE_JOB, id, { traceId: id } satisfies TracePayload);
  ctx.wake();
  return { id };
}

export async function traceOf(ctx: ForensicsContext, id: string): Promise<Trace> {
  const row = await repo.findTrace(ctx.db, id);
  if (!row) throw errors.notFound(FORENSICS_TEXT.traceNotFound);
  const stored = row.result ? (JSON.parse(row.result) as StoredTraceResult) : null;
  return {
    state: row.state as Trace['state'],
    progress: row.progress,
    result: stored && 'result' in stored ? stored.result : null,
    ...(stored && 'reason' in stored ? { reason: stored.reason } : {}),
    ...(row.error ? { error: row.error } : {}),
  };
}

/** A trace's answer and its audit entry (what it found), written together. */
export async function finishTrace(ctx: ForensicsContext, traceId: string, stored: StoredTraceResult): Promise<void> {
  const row = await repo.findTrace(ctx.db, traceId);
  if (!row) return;
  const summary = 'result' in stored ? `Trace named ${stored.result.name} (${stored.result.regNo ?? 'no regNo'}) for ${stored.result.lessonName}` : `Trace named no one: ${FORENSICS_TEXT.reasons[stored.reason]}`;
  await ctx.db.transaction().execute(async (tx) => {
    await repo.updateTrace(tx, traceId, { state: 'done', progress: 100, result: JSON.stringify(stored) });
    await recordAudit(tx, { id: row.created_by, ip: 'trace job' }, {
      action: 'file.trace',
      target: { type: 'file', id: traceId, label: row.file_name, keywords: 'result' in stored ? [stored.result.name, stored.result.regNo] : [] },
      summary,
      detail: 'result' in stored ? { studentId: stored.result.studentId, lesson: stored.result.lessonName, confidence: stored.result.confidence } : { reason: stored.reason },
    });
  });
}

/** A trace that failed for good (its tries used up): said so, and the copy removed all the same. */
export async function failTrace(ctx: ForensicsContext, traceId: string, error: string): Promise<void> {
  const row = await repo.findTrace(ctx.db, traceId);
  await repo.updateTrace(ctx.db, traceId, { state: 'failed', error });
  if (row) await rm(path.dirname(row.copy_path), { recursive: true, force: true });
}

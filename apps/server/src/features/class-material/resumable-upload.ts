import { createReadStream, mkdirSync } from 'node:fs';
import { open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import { API_BASE, CLASS_MATERIAL_TEXT, RESUMABLE_UPLOAD_METADATA, RESUMABLE_UPLOAD_PATH } from '@academy/contract';
import { AppError, errors } from '../../lib/errors';
import type { AuditActor } from '../audit-log/service';
import { checkContentType, lessonFileName, SNIFF_BYTES, tooLarge } from './lesson-file';
import * as manage from './manage-service';
import type { ClassMaterialContext } from './tree';

// Resumable uploads (tus 1.0.0). Parts arrive into DATA_DIR/uploads (the data file and
// its .json beside it), so a cut upload, or a restarted server, goes on from the last byte kept.
// The metadata is checked when the upload is created, before any byte; the finished file then
// takes the multipart upload's path (name, content sniffing, ffprobe, the store, the lesson job)
// and leaves the uploads folder whether it landed or was refused.

/** A partial upload untouched this long is removed: its admin has given up on it. */
export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;
const CLEANUP_EVERY_MS = 60 * 60 * 1000;

export interface ResumableUploads {
  /** The tus server, made on the first resumable request (see below). */
  server(): Server;
  /** The admin behind each request tus is handed (the auth plugin checked it on that request). */
  callers: WeakMap<Request, AuditActor>;
  stop(): void;
}

/** A refusal as tus passes it on: the route turns it back into the contract's error answer. */
function tusRefusal(error: unknown): unknown {
  return error instanceof AppError ? { status_code: error.status, body: error.message } : error;
}

async function headOf(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function metadataOf(upload: Upload): { filename: string; folderId: string } {
  const filename = upload.metadata?.[RESUMABLE_UPLOAD_METADATA.filename];
  const folderId = upload.metadata?.[RESUMABLE_UPLOAD_METADATA.folderId];
  if (!filename || !folderId) throw errors.badRequest(CLASS_MATERIAL_TEXT.uploadMetadataMissing);
  return { filename, folderId };
}

/** When an upload (data file or its .json) was last written to. */
async function lastTouched(files: string[]): Promise<number> {
  const times = await Promise.all(files.map((file) => stat(file).then((s) => s.mtimeMs, () => 0)));
  return Math.max(...times);
}

/** Removes the partial uploads in `dir` untouched for STALE_UPLOAD_MS as of `now`; answers how many. */
export async function removeStaleUploads(dir: string, now = Date.now()): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const ids = new Set(names.map((name) => name.replace(/\.json$/, '')));
  let removed = 0;
  for (const id of ids) {
    const files = [path.join(dir, id), path.join(dir, `${id}.json`)];
    if (now - (await lastTouched(files)) < STALE_UPLOAD_MS) continue;
    await Promise.all(files.map((file) => rm(file, { force: true })));
    removed += 1;
  }
  return removed;
}

export function createResumableUploads(ctx: ClassMaterialContext, dir: string): ResumableUploads {
  const callers = new WeakMap<Request, AuditActor>();
  mkdirSync(dir, { recursive: true });
  // Made on first use: tus's FileStore starts an asynchronous mkdir of its folder in its
  // constructor and throws from the callback when it fails, so an app closed and its data folder
  // removed at once (tests, a start that is stopped at once) would die of an uncaught ENOENT.
  let datastore: FileStore | undefined;
  let server: Server | undefined;
  const store = (): FileStore => (datastore ??= new FileStore({ directory: dir }));
  const actorOf = (request: Request): AuditActor => {
    const actor = callers.get(request);
    if (!actor) throw new Error('a resumable upload request reached tus without its caller');
    return actor;
  };

  const makeServer = (): Server => new Server({
    path: `${API_BASE}${RESUMABLE_UPLOAD_PATH}`,
    datastore: store(),
    relativeLocation: true,
    maxSize: ctx.maxUploadBytes,
    // Refused before a byte is kept: metadata, size, name and type, and the folder (as the admin sees it).
    onUploadCreate: async (request, upload) => {
      try {
        const { filename, folderId } = metadataOf(upload);
        if (upload.size === undefined) throw errors.badRequest(CLASS_MATERIAL_TEXT.uploadLengthRequired);
        if (upload.size > ctx.maxUploadBytes) throw tooLarge();
        lessonFileName(filename);
        await manage.locateFolder(ctx, actorOf(request), folderId);
        return {};
      } catch (error) {
        throw tusRefusal(error);
      }
    },
    onUploadFinish: async (request, upload) => {
      const file = path.join(dir, upload.id);
      const content = createReadStream(file);
      try {
        const { filename, folderId } = metadataOf(upload);
        const { name, mimeType } = lessonFileName(filename);
        await checkContentType(await headOf(file), mimeType);
        const item = await manage.uploadFile(ctx, actorOf(request), folderId, { name, mimeType, content, localPath: file });
        return {
          status_code: 200,
          headers: { 'content-type': 'application/json; charset=utf-8' },
          body: JSON.stringify({ code: 200, message: CLASS_MATERIAL_TEXT.uploaded, data: item }),
        };
      } catch (error) {
        throw tusRefusal(error);
      } finally {
        content.destroy();
        // Landed or refused, the finished file is done with: nothing stays in the uploads folder.
        await store().remove(upload.id).catch(() => undefined);
      }
    },
  });

  const sweep = () => void removeStaleUploads(dir).catch(() => undefined);
  const timer = setInterval(sweep, CLEANUP_EVERY_MS);
  timer.unref();
  sweep();
  return { server: () => (server ??= makeServer()), callers, stop: () => clearInterval(timer) };
}

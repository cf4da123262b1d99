import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { CLASS_FILE_FIELD, CLASS_MATERIAL_TEXT, itemNameSchema, PDF_MIME_TYPE, SERVER_TEXT, VIDEO_MIME_TYPE } from '@academy/contract';
import { AppError, errors } from '../../lib/errors';
import type { UploadInput } from './manage-service';

// One lesson file from a multipart request, as a stream: never held in memory, whatever its size.
// The name decides the type (.mp4 or .pdf) and the first bytes must agree; a body larger than the
// limit is refused by its Content-Length at once, and cut off while streaming if it lied.

const TYPE_BY_EXTENSION: Record<string, string> = { '.mp4': VIDEO_MIME_TYPE, '.pdf': PDF_MIME_TYPE };
/** Enough of the head of a file for file-type to recognise it. */
const SNIFF_BYTES = 4100;
/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

function tooLarge(): AppError {
  return new AppError(413, CLASS_MATERIAL_TEXT.uploadTooLarge);
}

function wrongType(): AppError {
  return new AppError(415, CLASS_MATERIAL_TEXT.uploadWrongType);
}

/** Reads a stream's first bytes and gives back a stream of all of them, head included. */
async function peek(stream: Readable, bytes: number, atEnd: () => void): Promise<{ head: Buffer; content: Readable }> {
  const iterator: AsyncIterator<Buffer> = stream[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < bytes && !done) {
    const next = await iterator.next();
    if (next.done) done = true;
    else {
      chunks.push(next.value);
      length += next.value.length;
    }
  }
  const head = Buffer.concat(chunks);
  async function* all(): AsyncGenerator<Buffer> {
    yield head;
    while (!done) {
      const next = await iterator.next();
      if (next.done) break;
      yield next.value;
    }
    atEnd();
  }
  return { head, content: Readable.from(all(), { objectMode: false }) };
}

export async function receiveLessonFile(request: FastifyRequest, maxBytes: number): Promise<UploadInput> {
  if (!request.isMultipart()) throw new AppError(415, SERVER_TEXT.unsupportedMediaType);
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > maxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge();

  let part;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 1 } });
  } catch {
    throw errors.field(CLASS_FILE_FIELD, CLASS_MATERIAL_TEXT.uploadRequired);
  }
  if (!part || part.fieldname !== CLASS_FILE_FIELD) {
    part?.file.resume();
    throw errors.field(CLASS_FILE_FIELD, CLASS_MATERIAL_TEXT.uploadRequired);
  }
  const file = part.file;
  // Some browsers send the picked file's path; only its last segment is the name.
  const parsedName = itemNameSchema.safeParse(part.filename.split(/[/\\]/).pop() ?? '');
  if (!parsedName.success) {
    file.resume();
    throw errors.field('name', `name ${parsedName.error.issues[0]?.message ?? 'is not valid'}`);
  }
  const mimeType = TYPE_BY_EXTENSION[path.extname(parsedName.data).toLowerCase()];
  if (!mimeType) {
    file.resume();
    throw wrongType();
  }

  const { head, content } = await peek(file, SNIFF_BYTES, () => {
    // busboy ends a file at the limit and marks it; failing here keeps a cut file from being kept.
    if (file.truncated) throw tooLarge();
  });
  if (file.truncated) throw tooLarge();
  const sniffed = await fileTypeFromBuffer(head);
  if (sniffed?.mime !== mimeType) {
    content.destroy();
    file.resume();
    throw wrongType();
  }
  return { name: parsedName.data, mimeType, content };
}

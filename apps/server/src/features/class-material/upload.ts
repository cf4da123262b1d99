import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { CLASS_FILE_FIELD, CLASS_MATERIAL_TEXT, SERVER_TEXT } from '@academy/contract';
import { AppError, errors } from '../../lib/errors';
import { checkContentType, lessonFileName, SNIFF_BYTES, tooLarge } from './lesson-file';
import type { UploadInput } from './manage-service';

// One lesson file from a multipart request, as a stream: never held in memory, whatever its size.
// The name decides the type (.mp4 or .pdf) and the first bytes must agree; a body larger than the
// limit is refused by its Content-Length at once, and cut off while streaming if it lied.

/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

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
  let named: { name: string; mimeType: string };
  try {
    named = lessonFileName(part.filename);
  } catch (error) {
    file.resume();
    throw error;
  }

  const { head, content } = await peek(file, SNIFF_BYTES, () => {
    // busboy ends a file at the limit and marks it; failing here keeps a cut file from being kept.
    if (file.truncated) throw tooLarge();
  });
  if (file.truncated) throw tooLarge();
  try {
    await checkContentType(head, named.mimeType);
  } catch (error) {
    content.destroy();
    file.resume();
    throw error;
  }
  return { ...named, content };
}

import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { CLASS_FILE_FIELD, CLASS_MATERIAL_TEXT } from '@academy/contract';
import { filePart } from '../../lib/multipart';
import { checkContentType, lessonFileName, SNIFF_BYTES, tooLarge } from './lesson-file';
import type { UploadInput } from './manage-service';

// One lesson file from a multipart request, as a stream: never held in memory, whatever its size.
// The name decides the type (.mp4 or .pdf) and the first bytes must agree; a body larger than the
// limit is refused by its Content-Length at once, and cut off while streaming if it lied.

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
  const part = await filePart(request, { field: CLASS_FILE_FIELD, maxBytes, missing: CLASS_MATERIAL_TEXT.uploadRequired, tooLarge });
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

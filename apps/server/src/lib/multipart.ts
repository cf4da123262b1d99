import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { SERVER_TEXT } from '@academy/contract';
import { AppError, errors } from './errors';

// The one file of a multipart upload that is streamed, not held in memory (a lesson, a leaked
// copy): refused before a byte is read when it cannot be right, and handed on as a stream.

/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export interface FilePartRules {
  field: string;
  maxBytes: number;
  /** The sentence for a request without the file in `field`. */
  missing: string;
  tooLarge: () => AppError;
}

/**
 * 415 for a body that is not multipart, 413 at once for a Content-Length over the cap, 400 naming
 * the field when the file is not there. busboy ends a file at the cap and marks it `truncated`:
 * the caller checks that once it has read the stream, and refuses with `rules.tooLarge()`.
 */
export async function filePart(request: FastifyRequest, rules: FilePartRules): Promise<MultipartFile> {
  if (!request.isMultipart()) throw new AppError(415, SERVER_TEXT.unsupportedMediaType);
  if (Number(request.headers['content-length'] ?? 0) > rules.maxBytes + MULTIPART_OVERHEAD_BYTES) throw rules.tooLarge();
  const part = await request.file({ limits: { fileSize: rules.maxBytes, files: 1, fields: 0, parts: 1 } }).catch(() => undefined);
  if (!part || part.fieldname !== rules.field) {
    part?.file.resume();
    throw errors.field(rules.field, rules.missing);
  }
  return part;
}

/**
 * The one file of a small upload (a picture, a sheet), read into memory under the same rules:
 * busboy stops at the cap, so an oversized file is refused with `rules.tooLarge()`, never held whole.
 */
export async function fileBytes(request: FastifyRequest, rules: FilePartRules): Promise<Buffer> {
  const part = await filePart(request, rules);
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  if (part.file.truncated) throw rules.tooLarge();
  return Buffer.concat(chunks);
}

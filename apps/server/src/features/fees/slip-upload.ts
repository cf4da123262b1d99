// Reading a bank slip's multipart request: its text fields and its one file, held in memory
// (at most 5 MB), cut off while streaming when larger.
import type { FastifyRequest } from 'fastify';
import { FEES_TEXT, SERVER_TEXT, SLIP_FILE_FIELD } from '@academy/contract';
import { AppError, errors } from '../../lib/errors';

/** Room for the boundaries, part headers and the few text fields around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** More text fields than a slip has is a malformed request, not a slip. */
const MAX_TEXT_FIELDS = 12;

export interface SlipUpload {
  fields: Record<string, string>;
  bytes: Buffer;
}

const tooLarge = () => new AppError(413, FEES_TEXT.slipTooLarge);

/**
 * 415 for a body that is not multipart, 413 for a file over `maxBytes` (at once when the
 * Content-Length says so, else when busboy cuts the file), 400 naming `file` when there is none
 * or a second one, and naming a text field sent twice.
 */
export async function readSlipUpload(request: FastifyRequest, maxBytes: number): Promise<SlipUpload> {
  if (!request.isMultipart()) throw new AppError(415, SERVER_TEXT.unsupportedMediaType);
  if (Number(request.headers['content-length'] ?? 0) > maxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge();
  const fields = new Map<string, string>();
  let bytes: Buffer | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fields: MAX_TEXT_FIELDS, parts: MAX_TEXT_FIELDS + 1 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== SLIP_FILE_FIELD || bytes) {
          part.file.resume();
          throw errors.field(SLIP_FILE_FIELD, FEES_TEXT.slipFileRequired);
        }
        bytes = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
        continue;
      }
      if (fields.has(part.fieldname)) throw errors.field(part.fieldname, `${part.fieldname} must be sent once`);
      fields.set(part.fieldname, String(part.value));
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw errors.field(SLIP_FILE_FIELD, FEES_TEXT.slipFileRequired);
  }
  if (!bytes) throw errors.field(SLIP_FILE_FIELD, FEES_TEXT.slipFileRequired);
  return { fields: Object.fromEntries(fields), bytes };
}

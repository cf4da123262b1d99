import type { FastifyRequest } from 'fastify';
import { SERVER_TEXT } from '@academy/contract';
import { AppError } from '../../lib/errors';

export interface UploadRules {
  field: string;
  maxBytes: number;
  missing: string;
  tooLarge: string;
}

/**
 * The one file of a multipart request, held in memory (both uploads here are small and capped).
 * The cap is enforced while streaming, so an oversized body is cut off, never buffered whole.
 */
export async function readSingleUpload(request: FastifyRequest, rules: UploadRules): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(415, SERVER_TEXT.unsupportedMediaType);
  let part;
  try {
    part = await request.file({ limits: { fileSize: rules.maxBytes, files: 1, fields: 5, parts: 6 } });
  } catch {
    throw new AppError(400, rules.missing);
  }
  if (!part) throw new AppError(400, rules.missing);
  if (part.fieldname !== rules.field) {
    part.file.resume();
    throw new AppError(400, rules.missing);
  }
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, rules.tooLarge);
    throw new AppError(400, rules.missing);
  }
}

import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { CLASS_MATERIAL_TEXT, itemNameSchema, PDF_MIME_TYPE, VIDEO_MIME_TYPE } from '@academy/contract';
import { AppError, errors } from '../../lib/errors';

// What a lesson file must be, whichever way it arrives (multipart or resumable): a valid name
// ending in .mp4 or .pdf, whose first bytes agree with that name.

const TYPE_BY_EXTENSION: Record<string, string> = { '.mp4': VIDEO_MIME_TYPE, '.pdf': PDF_MIME_TYPE };
/** Enough of the head of a file for file-type to recognise it. */
export const SNIFF_BYTES = 4100;

export function tooLarge(): AppError {
  return new AppError(413, CLASS_MATERIAL_TEXT.uploadTooLarge);
}

export function wrongType(): AppError {
  return new AppError(415, CLASS_MATERIAL_TEXT.uploadWrongType);
}

/** The file's name as it will be kept and the type its extension says; 400 or 415 otherwise. */
export function lessonFileName(sentName: string): { name: string; mimeType: string } {
  // Some browsers send the picked file's path; only its last segment is the name.
  const parsed = itemNameSchema.safeParse(sentName.split(/[/\\]/).pop() ?? '');
  if (!parsed.success) throw errors.field('name', `name ${parsed.error.issues[0]?.message ?? 'is not valid'}`);
  const mimeType = TYPE_BY_EXTENSION[path.extname(parsed.data).toLowerCase()];
  if (!mimeType) throw wrongType();
  return { name: parsed.data, mimeType };
}

/** 415 unless the file's first bytes are of the type its name says. */
export async function checkContentType(head: Buffer, mimeType: string): Promise<void> {
  const sniffed = await fileTypeFromBuffer(head);
  if (sniffed?.mime !== mimeType) throw wrongType();
}

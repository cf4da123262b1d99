// Bank slips' files: judged by their bytes, pictures re-encoded, kept under the slip's id in
// DATA_DIR/fee-slips (outside the web root, served only through the owner's route).
import { fileTypeFromBuffer } from 'file-type';
import { FEES_TEXT } from '@academy/contract';
import { ContentFolder, reencodeImage, sha256Hex } from '../../lib/images';
import { AppError } from '../../lib/errors';

/** What a stored slip file is: a re-encoded picture, or a PDF as sent. */
export type SlipFileType = 'image/webp' | 'application/pdf';

/** The longest side of a stored slip picture: a bank slip stays readable at this size. */
const MAX_SIDE_PX = 2000;

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

export interface PreparedSlipFile {
  type: SlipFileType;
  /** What is stored: the re-encoded WebP, or the PDF's own bytes. */
  bytes: Buffer;
  /** Of the bytes as uploaded, so the same file sent twice is recognised whatever the re-encoding does. */
  sha256: string;
}

const extensionOf = (type: SlipFileType) => (type === 'application/pdf' ? 'pdf' : 'webp');

/**
 * 415 unless the bytes are a JPEG, PNG, WebP or PDF (never the name or the browser's type); a
 * picture is decoded under sharp's pixel cap, turned upright, fitted inside 2,000 px and written as
 * WebP without its metadata (EXIF, GPS), 400 when it does not decode. A PDF is kept as sent.
 */
export async function prepareSlipFile(upload: Buffer): Promise<PreparedSlipFile> {
  const sniffed = await fileTypeFromBuffer(upload);
  const sha256 = sha256Hex(upload);
  if (sniffed?.mime === 'application/pdf') return { type: 'application/pdf', bytes: upload, sha256 };
  if (!sniffed || !IMAGE_TYPES.has(sniffed.mime)) throw new AppError(415, FEES_TEXT.slipWrongType);
  const bytes = await reencodeImage(upload, (image) =>
    image.resize(MAX_SIDE_PX, MAX_SIDE_PX, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
  );
  return { type: 'image/webp', bytes, sha256 };
}

/** The slips' folder: one file per slip, named by the slip's id, written beside and renamed. */
export class SlipFiles {
  private readonly files: ContentFolder;

  constructor(folder: string) {
    this.files = new ContentFolder(folder);
  }

  save(slipId: string, file: PreparedSlipFile): Promise<void> {
    return this.files.write(`${slipId}.${extensionOf(file.type)}`, file.bytes);
  }

  /** The stored bytes; `slipId` comes from our own table, never straight from a client. */
  read(slipId: string, type: SlipFileType): Promise<Buffer | undefined> {
    return this.files.read(`${slipId}.${extensionOf(type)}`);
  }

  /** A file whose slip row was never written (the insert failed after the write). */
  remove(slipId: string, type: SlipFileType): Promise<void> {
    return this.files.remove(`${slipId}.${extensionOf(type)}`);
  }
}

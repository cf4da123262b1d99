import { z } from 'zod';
import { dataAnswer, OK } from './api';
import { BATCHES, CLASS_TYPES } from './lists';
import { lessonProcessingSchema } from './lessons';
import { drivePaperSchema } from './papers';
import { driveItemFeeSchema } from './fees';
import { driveItemWatchSchema } from './watching';
import { emailSchema } from './students';

// Class material (PRODUCT.md 'Class material'; spec section 2 'Cloud-drive files screen', section 7
// 'Folders and files'). A class is a top-level folder of the file store; what lies under it is open
// to the students the class was given to, checked by the server on every listing and every byte.

export const CLASS_MATERIAL_PATHS = {
  // Spec section 7, exactly.
  createFolder: 'folders/create/folder',
  folderNames: 'folders/folder-names',
  rootFiles: 'folders/diveRootFiles/:email',
  folderContent: 'folders/folderContent/:folderId',
  giveAdditionalAccess: 'students/student/give-additional-access',
  secureFile: 'secure-folders/secure-file',
  // Beyond the spec: the viewer's ticket, the drive screen's admin tools, grants.
  fileTicket: 'secure-folders/file-ticket/:fileId',
  storeInfo: 'folders/store',
  subfolder: 'folders/folder/:folderId/folders',
  upload: 'folders/folder/:folderId/files',
  item: 'folders/item/:itemId',
  batchAccess: 'folders/access/batch',
  grant: 'folders/access/:grantId',
  studentAccess: 'folders/access/student/:studentId',
  classAccess: 'folders/access/class/:folderId',
} as const;

/** The mime type that marks a folder, the cloud drive's own (spec section 3 'Drive file item'). */
export const FOLDER_MIME_TYPE = 'application/vnd.google-apps.folder';
export const VIDEO_MIME_TYPE = 'video/mp4';
export const PDF_MIME_TYPE = 'application/pdf';

/** The multipart field an upload carries its file in. */
export const CLASS_FILE_FIELD = 'file';

export const STORE_PROVIDERS = ['Class', 'Google'] as const;
export type StoreProvider = (typeof STORE_PROVIDERS)[number];

/** PRODUCT.md: the screen's title is '{provider name} Drive Files'. */
export function driveTitle(provider: StoreProvider): string {
  return `${provider} Drive Files`;
}

/** A file or folder as the drive screen shows it. Only folders, mp4 videos and PDFs are listed. */
export const driveItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  /** Bytes, for files. */
  size: z.number().int().optional(),
  /** For a video or a PDF: the viewer's address, opened in a new tab. */
  viewUrl: z.string().optional(),
  /** For a probed video: its length. */
  durationSeconds: z.number().optional(),
  /**
   * For a video whose poster is made: its address under /api/ with a viewer ticket for the caller,
   * so an <img> loads it as it is (no Authorization header); valid as long as a file ticket.
   */
  posterUrl: z.string().optional(),
  /** For a video, to admins only: where its streamed version stands. */
  processing: lessonProcessingSchema.optional(),
  /** For a file, to a student: how far they watched it. */
  watch: driveItemWatchSchema.optional(),
  /** For a lesson, to a student: added since their last visit and not opened yet. */
  isNew: z.boolean().optional(),
  /** For a class folder, to a student: how many of its lessons are new. */
  newCount: z.number().int().optional(),
  /** For a paper (`mimeType` PAPER_MIME_TYPE): its state, times and the reader's own part. */
  paper: drivePaperSchema.optional(),
  /** For a month folder of a class with fees: its month, and to a student its state and amount. */
  fee: driveItemFeeSchema.optional(),
});
export type DriveItem = z.infer<typeof driveItemSchema>;

/** Spec section 3: a video is video/mp4 or a name ending in .mp4; a PDF likewise. */
export function driveItemKind(item: { name: string; mimeType: string }): 'folder' | 'video' | 'pdf' | 'other' {
  if (item.mimeType === FOLDER_MIME_TYPE) return 'folder';
  const name = item.name.toLowerCase();
  if (item.mimeType === VIDEO_MIME_TYPE || name.endsWith('.mp4')) return 'video';
  if (item.mimeType === PDF_MIME_TYPE || name.endsWith('.pdf')) return 'pdf';
  return 'other';
}

/** The viewer's route for a file (PRODUCT.md 'Routes': /view/{fileId}, hash routing). */
export function viewerAddress(fileId: string): string {
  return `/#/view/${encodeURIComponent(fileId)}`;
}

/** Spec section 7 reads `files[]` from a listing. */
export const driveListingAnswerSchema = z.object({
  code: z.literal(OK),
  message: z.string(),
  data: z.null(),
  files: z.array(driveItemSchema),
});
export type DriveListingAnswer = z.infer<typeof driveListingAnswerSchema>;

export const storeInfoAnswerSchema = dataAnswer(
  z.object({
    provider: z.enum(STORE_PROVIDERS),
    title: z.string(),
    /** Largest file an admin may upload, in bytes. */
    maxUploadBytes: z.number().int(),
  }),
);
export type StoreInfoAnswer = z.infer<typeof storeInfoAnswerSchema>;

export const FOLDER_NAME_MAX_LENGTH = 120;

function isControlCharacter(character: string): boolean {
  const code = character.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

/**
 * A name for a folder or file: one path segment. No slashes, no control characters, not '.' or
 * '..', no leading dot (hidden files), and short enough for every file system.
 */
export const itemNameSchema = z
  .string({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required' })
  .max(FOLDER_NAME_MAX_LENGTH, { error: `must be at most ${FOLDER_NAME_MAX_LENGTH} characters` })
  .refine((name) => !/[/\\]/.test(name) && ![...name].some(isControlCharacter), { error: 'must not contain / or \\ or control characters' })
  .refine((name) => !name.startsWith('.'), { error: 'must not start with a dot' });

/** Spec section 7 'create/folder': a class, a top-level folder. */
export const createFolderBodySchema = z.object({ folderName: itemNameSchema });
export type CreateFolderBody = z.infer<typeof createFolderBodySchema>;

/** Spec section 7 reads `message` as an array here. */
export const createFolderAnswerSchema = z.object({
  code: z.literal(OK),
  message: z.array(z.string()),
  data: driveItemSchema,
});
export type CreateFolderAnswer = z.infer<typeof createFolderAnswerSchema>;

export const folderNamesAnswerSchema = dataAnswer(z.array(z.string()));
export type FolderNamesAnswer = z.infer<typeof folderNamesAnswerSchema>;

/** Store ids are opaque, at most this long; longer is never a real id. */
const storeIdSchema = z.string().trim().min(1, { error: 'is required' }).max(2048, { error: 'is not a valid id' });

export const emailParamsSchema = z.object({ email: z.string().trim().min(1).max(254) });
export const folderParamsSchema = z.object({ folderId: storeIdSchema });
export const fileParamsSchema = z.object({ fileId: storeIdSchema });
export const itemParamsSchema = z.object({ itemId: storeIdSchema });

export const newFolderBodySchema = z.object({ name: itemNameSchema });
export type NewFolderBody = z.infer<typeof newFolderBodySchema>;
export const renameBodySchema = z.object({ name: itemNameSchema });
export type RenameBody = z.infer<typeof renameBodySchema>;

export const driveItemAnswerSchema = dataAnswer(driveItemSchema);
export type DriveItemAnswer = z.infer<typeof driveItemAnswerSchema>;

/** Built-in store uploads: lessons are mp4 videos and PDFs, checked by their bytes. */
export const UPLOAD_EXTENSIONS = ['.mp4', '.pdf'] as const;
/** A 2-hour lesson recorded at a high rate fits. */
export const DEFAULT_MAX_UPLOAD_BYTES = 8 * 1024 * 1024 * 1024;

/**
 * Resumable uploads (tus 1.0.0) under /api/: POST here creates one, and its address
 * (`uploads/{id}`, the answer's Location) takes PATCH, HEAD and DELETE. Admin only, as every upload.
 */
export const RESUMABLE_UPLOAD_PATH = 'uploads';
/** The Upload-Metadata keys: the file's name (.mp4 or .pdf) and the class folder it lands in. */
export const RESUMABLE_UPLOAD_METADATA = { filename: 'filename', folderId: 'folderId' } as const;
export const resumableUploadParamsSchema = z.object({
  uploadId: z.string().regex(/^[0-9a-f]{32}$/, { error: 'is not an upload id' }),
});

// ---- Viewing a file ----

/** `secure-folders/secure-file?id={base64 of the file id}&t={ticket}` (PRODUCT.md 'Class material'). */
export const secureFileQuerySchema = z.object({
  id: z.string().min(1, { error: 'is required' }).max(3072, { error: 'is not a valid id' }),
  t: z.string().min(1, { error: 'is required' }).max(1024, { error: 'is not a valid ticket' }),
});
export type SecureFileQuery = z.infer<typeof secureFileQuerySchema>;

/** Base64 of a file id, as secure-file takes it. UTF-8 first, so any id survives. */
export function encodeFileId(id: string): string {
  const bytes = new TextEncoder().encode(id);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export const fileTicketAnswerSchema = dataAnswer(
  z.object({
    /** The secure-file address under /api/, ticket included; valid until expiresAt. */
    url: z.string(),
    expiresAt: z.string(),
    file: z.object({ id: z.string(), name: z.string(), mimeType: z.string(), size: z.number().int() }),
    /** What the viewer writes across the file: who is watching. */
    watermark: z.object({ name: z.string(), regNo: z.string() }),
    /** For a video whose ladder is ready: the master playlist's address for this ticket (under /api/). */
    hls: z.string().optional(),
    /** For a probed video: its length. */
    durationSeconds: z.number().optional(),
    /** For a video whose poster is made: the poster's address for this ticket. */
    posterUrl: z.string().optional(),
    /** For a ready video: the seek bar's thumbnails, WebVTT cues into one sprite, for this ticket. */
    thumbnailsUrl: z.string().optional(),
  }),
);
export type FileTicketAnswer = z.infer<typeof fileTicketAnswerSchema>;

// ---- Access ----

/** A date (YYYY-MM-DD) after which a grant lapses, or nothing: it lasts until revoked. */
const endsOnSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date like 2026-12-31' })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: 'is not a real date' })
  .optional();

/** Spec section 3 'Additional access': email and className; an end date beyond the spec. */
export const giveAccessBodySchema = z.object({
  email: emailSchema,
  className: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(FOLDER_NAME_MAX_LENGTH),
  endsOn: endsOnSchema,
});
export type GiveAccessBody = z.infer<typeof giveAccessBodySchema>;

function oneOf<T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of ${values.join(', ')}` });
}

/** A class for every student of one batch and class type, now and later. */
export const batchAccessBodySchema = z.object({
  className: giveAccessBodySchema.shape.className,
  batch: oneOf(BATCHES),
  classType: oneOf(CLASS_TYPES),
  endsOn: endsOnSchema,
});
export type BatchAccessBody = z.infer<typeof batchAccessBodySchema>;

export const grantParamsSchema = z.object({ grantId: z.string().trim().min(1).max(64, { error: 'is not a valid id' }) });
export const studentParamsSchema = z.object({ studentId: z.string().trim().min(1).max(64, { error: 'is not a valid id' }) });

export const grantSchema = z.object({
  id: z.string(),
  className: z.string(),
  /** Who it is for: one e-mail, or every student of a batch and class type. */
  email: z.string().nullable(),
  batch: z.string().nullable(),
  classType: z.string().nullable(),
  /** The last day of access, or null. */
  endsOn: z.string().nullable(),
  /** True once the end date has passed. */
  lapsed: z.boolean(),
  createdAt: z.string(),
});
export type Grant = z.infer<typeof grantSchema>;

export const grantAnswerSchema = dataAnswer(grantSchema);
export type GrantAnswer = z.infer<typeof grantAnswerSchema>;
export const grantListAnswerSchema = dataAnswer(z.array(grantSchema));
export type GrantListAnswer = z.infer<typeof grantListAnswerSchema>;

/** A student who may open a class, and through which grant. */
export const classStudentSchema = z.object({
  studentId: z.string(),
  name: z.string(),
  email: z.string(),
  regNo: z.string(),
  batch: z.string(),
  classType: z.string(),
  accountState: z.string(),
});
export type ClassStudent = z.infer<typeof classStudentSchema>;

export const classAccessAnswerSchema = dataAnswer(
  z.object({
    className: z.string(),
    grants: z.array(grantSchema),
    /** Students whose access is current: live accounts matched by an unexpired grant. */
    students: z.array(classStudentSchema),
  }),
);
export type ClassAccessAnswer = z.infer<typeof classAccessAnswerSchema>;

/** A student class type that is two halves: its students attend both (PRODUCT.md 'Announcements'). */
const COMBINED_CLASS_TYPES: Record<string, readonly string[]> = { 'Theory&Revision': ['Theory', 'Revision'] };

/** The class types of batch grants that reach a student of this class type. */
export function grantTypesReaching(studentClassType: string): string[] {
  return [studentClassType, ...(COMBINED_CLASS_TYPES[studentClassType] ?? [])];
}

/** The student class types a batch grant of this class type reaches. */
export function studentTypesReachedBy(grantClassType: string): string[] {
  const combined = Object.keys(COMBINED_CLASS_TYPES).filter((type) => COMBINED_CLASS_TYPES[type]?.includes(grantClassType));
  return [grantClassType, ...combined];
}

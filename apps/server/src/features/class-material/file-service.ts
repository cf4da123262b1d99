import type { Readable } from 'node:stream';
import {
  API_BASE,
  CLASS_MATERIAL_PATHS,
  CLASS_MATERIAL_TEXT,
  driveItemKind,
  encodeFileId,
  isAdmin,
  LESSONS_TEXT,
  PDF_MIME_TYPE,
  VIDEO_MIME_TYPE,
  type FileTicketAnswer,
  type SecureFileQuery,
} from '@academy/contract';
import { AppError, errors } from '../../lib/errors';
import type { SessionAccount } from '../../plugins/auth';
import type { StoreItem } from '../../storage/file-store';
import { parseRange } from './range';
import * as repo from './repo';
import type { Reader } from './repo';
import { fileNotFound, locate, readerOf, storeCall, type ClassMaterialContext } from './tree';

// Viewing a file: the viewer asks for a ticket with its bearer token, then the browser fetches
// secure-file with it. Each of those requests (a video makes one per seek) re-checks everything a
// ticket cannot know about by itself: the account is live and active, its token version is the one
// the ticket was issued under, and a grant still covers the file.

/** Only videos and PDFs are viewed, and always as what they are, never as what a name claims. */
function viewableType(item: StoreItem): string | null {
  const kind = driveItemKind(item);
  if (kind === 'video') return VIDEO_MIME_TYPE;
  if (kind === 'pdf') return PDF_MIME_TYPE;
  return null;
}

export async function issueTicket(ctx: ClassMaterialContext, caller: SessionAccount, fileId: string): Promise<FileTicketAnswer['data']> {
  const reader = await readerOf(ctx.db, caller.id);
  const { item } = await locate(ctx, reader, fileId);
  const mimeType = viewableType(item);
  if (!mimeType) throw fileNotFound();
  const { ticket, expiresAt } = ctx.tickets.issue({ accountId: reader.id, tokenVersion: reader.token_version }, item.id);
  const query = new URLSearchParams({ id: encodeFileId(item.id), t: ticket });
  const lesson = mimeType === VIDEO_MIME_TYPE && ctx.lessons ? await ctx.lessons.ticketAdditions(item.id, ticket) : {};
  return {
    url: `${API_BASE}${CLASS_MATERIAL_PATHS.secureFile}?${query.toString()}`,
    expiresAt: expiresAt.toISOString(),
    file: { id: item.id, name: item.name, mimeType, size: item.size },
    watermark: { name: reader.name, regNo: reader.reg_no ?? '' },
    ...lesson,
  };
}

/** A viewer ticket for this reader and file, as the file ticket carries (posters in listings). */
export function ticketFor(ctx: ClassMaterialContext, reader: Reader, fileId: string): string {
  return ctx.tickets.issue({ accountId: reader.id, tokenVersion: reader.token_version }, fileId).ticket;
}

/**
 * Who a ticketed request is from, and the file it may read: the ticket is this server's, for this
 * file, unexpired; the account is live, active, with the token version the ticket was issued
 * under; a grant still covers the file. Anything else is 403 (ticket or account) or 404 (grant).
 * Every secure-file and every lesson request (playlist, segment, key) goes through here.
 */
export async function viewerOfTicket(ctx: ClassMaterialContext, fileId: string | null, ticket: string): Promise<{ reader: Reader; item: StoreItem }> {
  const claims = fileId === null ? null : ctx.tickets.verify(ticket, fileId);
  if (fileId === null || !claims) throw linkInvalid();
  const reader = await repo.findReader(ctx.db, claims.accountId);
  if (!reader || reader.account_state !== 'active' || reader.token_version !== claims.tokenVersion) throw linkInvalid();
  const { item } = await locate(ctx, reader, fileId);
  return { reader, item };
}

export type FileAnswer =
  | { status: 200 | 206; headers: Record<string, string>; body: Readable }
  /** The range starts past the end: the answer names the size, as RFC 9110 asks. */
  | { status: 416; headers: Record<string, string>; body: null };

function decodeFileId(encoded: string): string | null {
  // Browsers may turn '+' into ' ' in a query; both base64 alphabets are accepted.
  const text = encoded.replace(/ /g, '+');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return null;
  return Buffer.from(text, 'base64').toString('utf8');
}

function linkInvalid(): AppError {
  return errors.forbidden(CLASS_MATERIAL_TEXT.fileLinkInvalid);
}

/** `Content-Disposition: inline` with the file's own name, safe for any characters in it. */
function inlineDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function secureFile(ctx: ClassMaterialContext, query: SecureFileQuery, rangeHeader: string | undefined): Promise<FileAnswer> {
  const { reader, item } = await viewerOfTicket(ctx, decodeFileId(query.id), query.t);
  const mimeType = viewableType(item);
  if (!mimeType) throw fileNotFound();
  // Once a lesson streams, students get the encrypted ladder only; the whole file stays the admins'.
  if (mimeType === VIDEO_MIME_TYPE && !isAdmin(reader.account_type) && (await ctx.lessons?.streamsOnly(item.id))) {
    throw errors.forbidden(LESSONS_TEXT.streamsOnly);
  }

  const headers: Record<string, string> = {
    'content-type': mimeType,
    'accept-ranges': 'bytes',
    'cache-control': 'no-store',
    'content-disposition': inlineDisposition(item.name),
  };
  const range = parseRange(rangeHeader, item.size);
  if (range === 'unsatisfiable') return { status: 416, headers: { 'content-range': `bytes */${item.size}` }, body: null };
  const body = await storeCall(() => ctx.store.read(item.id, range ?? undefined));
  if (!range) return { status: 200, headers: { ...headers, 'content-length': String(item.size) }, body };
  return {
    status: 206,
    headers: {
      ...headers,
      'content-length': String(range.end - range.start + 1),
      'content-range': `bytes ${range.start}-${range.end}/${item.size}`,
    },
    body,
  };
}

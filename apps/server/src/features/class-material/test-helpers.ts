import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { DriveItem, FileTicketAnswer, GrantAnswer } from '@academy/contract';
import { signIn } from '../../../test/factories';
import { multipartForm } from '../../../test/multipart-form';
import { TEST_ADMIN } from '../../../test/test-app';
import { testVideo } from '../../../test/videos';

// Shared by the class-material tests: an admin session, and classes, folders, files and grants made
// through the real API.

/**
 * A real, playable MP4 (a second of test pattern) padded with a 'free' box to exactly `size` bytes
 * when that is more: uploads probe videos, so a test video must decode.
 */
export function mp4Bytes(size = 64 * 1024): Buffer {
  const video = testVideo({ seconds: 1, width: 160, height: 90, audio: false });
  if (size <= video.length + 8) return video;
  const box = Buffer.alloc(size - video.length);
  box.writeUInt32BE(box.length, 0);
  box.write('free', 4, 'latin1');
  for (let i = 8; i < box.length; i += 1) box[i] = i % 251;
  return Buffer.concat([video, box]);
}

/** An MP4 header (file-type says MP4) over bytes that are no video at all. */
export function fakeMp4Bytes(size = 16 * 1024): Buffer {
  const box = Buffer.alloc(32);
  box.writeUInt32BE(32, 0);
  box.write('ftypisom', 4, 'latin1');
  box.writeUInt32BE(512, 12);
  box.write('isomiso2avc1mp41', 16, 'latin1');
  const body = Buffer.alloc(size);
  for (let i = 0; i < size; i += 1) body[i] = i % 251;
  return Buffer.concat([box, body]);
}

export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

export type Headers = Record<string, string>;

export async function adminHeaders(app: FastifyInstance): Promise<Headers> {
  const login = await signIn(app, TEST_ADMIN.email, TEST_ADMIN.password);
  return { authorization: `Bearer ${login.token}` };
}

let classCounter = 0;

/** A new class (top-level folder) with a unique name. */
export async function createClass(app: FastifyInstance, admin: Headers, name?: string): Promise<DriveItem> {
  classCounter += 1;
  const folderName = name ?? `Class ${classCounter} ${crypto.randomUUID().slice(0, 6)}`;
  const response = await app.inject({ method: 'POST', url: '/api/folders/create/folder', headers: admin, payload: { folderName } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: DriveItem }>().data;
}

export async function createSubfolder(app: FastifyInstance, admin: Headers, parentId: string, name: string): Promise<DriveItem> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/folders/folder/${encodeURIComponent(parentId)}/folders`,
    headers: admin,
    payload: { name },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: DriveItem }>().data;
}

export function uploadRequest(folderId: string, name: string, bytes: Buffer, headers: Headers, contentType = 'application/octet-stream') {
  const form = multipartForm('file', name, contentType, bytes);
  return {
    method: 'POST' as const,
    url: `/api/folders/folder/${encodeURIComponent(folderId)}/files`,
    payload: form.payload,
    headers: { ...headers, ...form.headers },
  };
}

export async function uploadFile(app: FastifyInstance, admin: Headers, folderId: string, name: string, bytes: Buffer): Promise<DriveItem> {
  const response = await app.inject(uploadRequest(folderId, name, bytes, admin));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: DriveItem }>().data;
}

export async function giveAccess(app: FastifyInstance, admin: Headers, email: string, className: string, endsOn?: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/students/student/give-additional-access',
    headers: admin,
    payload: { email, className, ...(endsOn ? { endsOn } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<GrantAnswer>().data;
}

export async function rootFiles(app: FastifyInstance, headers: Headers, email: string) {
  return app.inject({ method: 'GET', url: `/api/folders/diveRootFiles/${encodeURIComponent(email)}`, headers });
}

export async function folderContent(app: FastifyInstance, headers: Headers, folderId: string) {
  return app.inject({ method: 'GET', url: `/api/folders/folderContent/${encodeURIComponent(folderId)}`, headers });
}

export async function fileTicket(app: FastifyInstance, headers: Headers, fileId: string) {
  return app.inject({ method: 'GET', url: `/api/secure-folders/file-ticket/${encodeURIComponent(fileId)}`, headers });
}

/** The secure-file address of a file, as the viewer gets it. */
export async function ticketUrl(app: FastifyInstance, headers: Headers, fileId: string): Promise<string> {
  const response = await fileTicket(app, headers, fileId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FileTicketAnswer>().data.url;
}

/** A class with a sub-folder holding a video and a PDF. */
export async function classWithLessons(app: FastifyInstance, admin: Headers) {
  const classFolder = await createClass(app, admin);
  const folder = await createSubfolder(app, admin, classFolder.id, 'Lesson 1');
  const video = await uploadFile(app, admin, folder.id, 'intro.mp4', mp4Bytes());
  const pdf = await uploadFile(app, admin, folder.id, 'notes.pdf', PDF_BYTES);
  return { classFolder, folder, video, pdf };
}

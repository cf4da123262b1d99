import type { InjectOptions } from 'fastify';
import { FORENSICS_PATHS, lessonAddress, LESSONS_PATHS, TRACE_FILE_FIELD } from '@academy/contract';
import { mp4Bytes, PDF_BYTES } from '../../src/features/class-material/test-helpers';
import type { RouteAccess } from '../../src/plugins/auth';
import { buildRegistration } from '../factories';
import { multipartForm } from '../multipart-form';
import { ACTORS, newClientAddress, WORLD_SESSION_LIMIT, type Actor, type Headers, type World } from './world';

// One valid call of every API route: realistic parameters and a body the validator accepts, so a
// refusal in the access matrix proves the access check, not the validator, and the hostile-input
// test has a real request to corrupt. A route that is not in this table fails the access matrix:
// add its example here (docs/conventions.md, 'Adding a route').

/** Whom each declaration lets in. `owner` routes are called on the first student's resources. */
export const GRANTED: Record<RouteAccess, readonly Actor[]> = {
  public: ACTORS,
  'signed-in': ['student', 'otherStudent', 'admin'],
  owner: ['student', 'admin'],
  admin: ['admin'],
};

export interface ExampleRequest {
  url: string;
  payload?: InjectOptions['payload'];
  /** Content type and the like; the caller's bearer header is added by the test. */
  headers?: Headers;
  /** Replaces the caller's bearer header: a fresh session of the same account, or the fresh owner of the target. */
  auth?: Headers;
  remoteAddress?: string;
}

export interface RouteExample {
  /** Who may call it: must equal the route's own declaration, so widening one is a change seen in two places. */
  access: RouteAccess;
  /**
   * The request, built for one caller. Calls that use their target up (delete, restore, sign out)
   * or change their caller (a password change) make a fresh target each time.
   */
  build(input: { world: World; actor: Actor }): Promise<ExampleRequest> | ExampleRequest;
  /** What a caller the declaration grants gets; 200 unless said. */
  status?: number;
  /** Callers the declaration grants whom this route still refuses, with the status and the reason. */
  narrower?: { actors: Actor[]; status: number; because: string };
  /** Tables a refused request writes on purpose (failure counters), which the hostile-input test allows. */
  refusalWrites?: string[];
}

const json = (url: string, payload: object): ExampleRequest => ({ url, payload });
/** The fresh owner signs the call when the matrix plays the student; everyone else calls on that owner's resource. */
const ownerAuth = (actor: Actor, owner: { headers: Headers }) => (actor === 'student' ? { auth: owner.headers } : {});
const upload = (url: string, field: string, filename: string, type: string, bytes: Buffer): ExampleRequest => {
  const form = multipartForm(field, filename, type, bytes);
  return { url, payload: form.payload, headers: form.headers };
};
const id = encodeURIComponent;
const TUS = { 'tus-resumable': '1.0.0' };
/** A lesson address of the world's transcoded lesson (240p, its first segment), with the first student's ticket. */
const lessonUrl = (world: World, route: (typeof LESSONS_PATHS)[keyof typeof LESSONS_PATHS]) =>
  lessonAddress(route, world.lesson.id, world.lessonTicket, { rendition: '240p', segment: '0.ts' });

export const ROUTE_EXAMPLES: Record<string, RouteExample> = {
  // ---- health ----
  'GET /api/health': { access: 'public', build: () => ({ url: '/api/health' }) },
  'GET /api/ping': { access: 'public', build: () => ({ url: '/api/ping' }) },

  // ---- students: sign-up, sign-in, profile ----
  'POST /api/students/student/register': {
    access: 'public',
    build: () => json('/api/students/student/register', buildRegistration()),
  },
  'POST /api/students/student/login': {
    access: 'public',
    build: ({ world }) => json('/api/students/student/login', { email: world.other.email, password: world.other.password }),
    refusalWrites: ['sign_in_tries'],
  },
  'GET /api/students/student/getbyid/:id': { access: 'owner', build: ({ world }) => ({ url: `/api/students/student/getbyid/${world.student.id}` }) },
  'PUT /api/students/student/update/:id': {
    access: 'owner',
    build: ({ world }) => json(`/api/students/student/update/${world.student.id}`, { address: '14 Lake Drive, Kandy', scl: 'Trinity College' }),
  },
  'PUT /api/students/student/updatepassword/:id': {
    access: 'owner',
    build: async ({ world, actor }) => {
      const owner = await world.fresh.student();
      return {
        ...json(`/api/students/student/updatepassword/${owner.id}`, { oldPassword: owner.password, newPassword: `changed-${world.fresh.tag()}` }),
        ...ownerAuth(actor, owner),
      };
    },
    narrower: {
      actors: ['admin'],
      status: 403,
      because: 'a password is changed only by its owner, who knows the current one; an admin never learns or sets it here',
    },
    refusalWrites: ['sign_in_failures'],
  },
  'POST /api/students/student/profile-image/:id': {
    access: 'owner',
    build: ({ world }) => upload(`/api/students/student/profile-image/${world.student.id}`, 'image', 'me.png', 'image/png', world.pngBytes),
  },
  'GET /api/students/profile-images/:file': { access: 'public', build: ({ world }) => ({ url: `/api/students/profile-images/${world.otherPicture}` }) },

  // ---- students: the admin's calls ----
  'GET /api/students/student/getallstudents': { access: 'admin', build: () => ({ url: '/api/students/student/getallstudents?search=student&page=1&pageSize=10' }) },
  'PUT /api/students/student/state/update/:id': {
    access: 'admin',
    build: async ({ world }) => json(`/api/students/student/state/update/${(await world.fresh.student()).id}`, { state: 'de-active' }),
  },
  'DELETE /api/students/student/deletestudent/:id': {
    access: 'admin',
    build: async ({ world }) => ({ url: `/api/students/student/deletestudent/${(await world.fresh.student()).id}` }),
  },
  'GET /api/students/student/deleted': { access: 'admin', build: () => ({ url: '/api/students/student/deleted?page=1' }) },
  'PUT /api/students/student/restore/:id': {
    access: 'admin',
    build: async ({ world }) => ({ url: `/api/students/student/restore/${await world.fresh.deletedStudent()}` }),
  },
  'GET /api/students/student/export': { access: 'admin', build: () => ({ url: '/api/students/student/export?batch=2026' }) },
  'POST /api/students/student/import': {
    access: 'admin',
    build: ({ world }) => {
      const csv = `name,email,whatsAppNo,district,batch,classType,historyType\nCsv Pupil,csv.${world.fresh.tag()}@example.lk,0771234567,Kandy,2025,Paper,Indian\n`;
      return upload('/api/students/student/import', 'file', 'students.csv', 'text/csv', Buffer.from(csv));
    },
  },

  // ---- forgot password ----
  'POST /api/students/student/forgot-password/send-otp': {
    access: 'public',
    build: ({ world }) => ({ ...json('/api/students/student/forgot-password/send-otp', { email: world.other.email }), remoteAddress: newClientAddress() }),
    refusalWrites: ['password_reset_client_requests'],
  },
  'POST /api/students/student/forgot-password/confirm-otp': {
    access: 'public',
    build: async ({ world }) => ({
      ...json('/api/students/student/forgot-password/confirm-otp', await world.fresh.resetCode()),
      remoteAddress: newClientAddress(),
    }),
    refusalWrites: ['password_reset_client_requests', 'password_reset_codes'],
  },
  'POST /api/students/student/forgot-password/reset-password': {
    access: 'public',
    build: async ({ world }) => ({
      ...json('/api/students/student/forgot-password/reset-password', { resetToken: await world.fresh.resetToken(), password: 'a-brand-new-pass-1' }),
      remoteAddress: newClientAddress(),
    }),
    refusalWrites: ['password_reset_client_requests'],
  },

  // ---- sessions ----
  'GET /api/sessions/mine': { access: 'signed-in', build: () => ({ url: '/api/sessions/mine' }) },
  'POST /api/sessions/mine/end-others': { access: 'signed-in', build: () => ({ url: '/api/sessions/mine/end-others' }) },
  'POST /api/sessions/mine/sign-out': {
    access: 'signed-in',
    // A new sign-in of the caller's own account signs out, so the caller's usual session lives on.
    build: async ({ world, actor }) => {
      const account = { student: world.student, otherStudent: world.other, admin: world.admin }[actor as 'student'];
      return { url: '/api/sessions/mine/sign-out', ...(account ? { auth: (await world.fresh.session(account)).headers } : {}) };
    },
  },
  'DELETE /api/sessions/mine/:sessionId': {
    access: 'owner',
    build: async ({ world }) => ({ url: `/api/sessions/mine/${(await world.fresh.session(world.student)).sessionId}` }),
    narrower: {
      actors: ['admin'],
      status: 404,
      because: "a session is ended only by its owner; an admin ends a student's sessions by suspending the account",
    },
  },
  'GET /api/sessions/limit': { access: 'admin', build: () => ({ url: '/api/sessions/limit' }) },
  'PUT /api/sessions/limit': { access: 'admin', build: () => json('/api/sessions/limit', { maxSessions: WORLD_SESSION_LIMIT }) },

  // ---- audit log ----
  'GET /api/audit-log/entries': { access: 'admin', build: () => ({ url: '/api/audit-log/entries' }) },
  'GET /api/audit-log/admins': { access: 'admin', build: () => ({ url: '/api/audit-log/admins' }) },

  // ---- banners ----
  'GET /api/banners/get-url': { access: 'public', build: () => ({ url: '/api/banners/get-url' }) },
  'POST /api/banners/upload-image': {
    access: 'admin',
    build: ({ world }) => upload('/api/banners/upload-image', 'image1', 'banner.png', 'image/png', world.pngBytes),
  },
  'POST /api/banners/save-url': { access: 'admin', build: async ({ world }) => json('/api/banners/save-url', { imageUrl: [await world.fresh.bannerUpload()] }) },
  'DELETE /api/banners/delete-banner': { access: 'admin', build: () => ({ url: '/api/banners/delete-banner' }) },
  'GET /api/banners/images/:file': { access: 'public', build: async ({ world }) => ({ url: await world.fresh.bannerUpload() }) },

  // ---- class material ----
  'GET /api/folders/store': { access: 'signed-in', build: () => ({ url: '/api/folders/store' }) },
  'GET /api/folders/folder-names': { access: 'signed-in', build: () => ({ url: '/api/folders/folder-names' }) },
  'POST /api/folders/create/folder': { access: 'admin', build: ({ world }) => json('/api/folders/create/folder', { folderName: `Class ${world.fresh.tag()}` }) },
  'GET /api/folders/diveRootFiles/:email': { access: 'owner', build: ({ world }) => ({ url: `/api/folders/diveRootFiles/${id(world.student.email)}` }) },
  'GET /api/folders/folderContent/:folderId': {
    access: 'signed-in',
    build: ({ world }) => ({ url: `/api/folders/folderContent/${id(world.classFolder.id)}` }),
    narrower: { actors: ['otherStudent'], status: 404, because: 'the class is granted to the first student only; another class is not found' },
  },
  'GET /api/secure-folders/file-ticket/:fileId': {
    access: 'signed-in',
    build: ({ world }) => ({ url: `/api/secure-folders/file-ticket/${id(world.video.id)}` }),
    narrower: { actors: ['otherStudent'], status: 404, because: 'the class is granted to the first student only; its files are not found' },
  },
  // ---- watching (issue 17) ----
  'POST /api/watching/reports': {
    access: 'signed-in',
    build: ({ world }) =>
      json('/api/watching/reports', {
        batchId: `batch-${world.fresh.tag()}-${crypto.randomUUID()}`,
        reports: [{ fileId: world.video.id, positionSeconds: 1, played: [[0, 1]], at: Date.now() }],
      }),
    narrower: { actors: ['otherStudent'], status: 404, because: 'the class is granted to the first student only; its files are not found' },
  },
  'GET /api/watching/progress/:fileId': {
    access: 'signed-in',
    build: ({ world }) => ({ url: `/api/watching/progress/${id(world.video.id)}` }),
    narrower: { actors: ['otherStudent'], status: 404, because: 'the class is granted to the first student only; its files are not found' },
  },
  'GET /api/watching/continue': { access: 'signed-in', build: () => ({ url: '/api/watching/continue' }) },
  'POST /api/watching/visit': { access: 'signed-in', build: () => ({ url: '/api/watching/visit' }) },
  'GET /api/watching/students/:studentId/lessons': { access: 'owner', build: ({ world }) => ({ url: `/api/watching/students/${world.student.id}/lessons` }) },
  'GET /api/lessons/:fileId/viewers': { access: 'admin', build: ({ world }) => ({ url: `/api/lessons/${id(world.video.id)}/viewers` }) },
  'GET /api/lessons/:fileId/retention': { access: 'admin', build: ({ world }) => ({ url: `/api/lessons/${id(world.video.id)}/retention` }) },
  'GET /api/secure-folders/secure-file': {
    access: 'public',
    // The ticket in the address is the credential (a new tab sends no bearer header).
    build: ({ world }) => ({ url: world.secureFileUrl }),
  },
  'POST /api/folders/folder/:folderId/folders': {
    access: 'admin',
    build: ({ world }) => json(`/api/folders/folder/${id(world.classFolder.id)}/folders`, { name: `Week ${world.fresh.tag()}` }),
  },
  'POST /api/folders/folder/:folderId/files': {
    access: 'admin',
    build: ({ world }) => upload(`/api/folders/folder/${id(world.lessonFolder.id)}/files`, 'file', `notes-${world.fresh.tag()}.pdf`, 'application/pdf', PDF_BYTES),
  },
  // Resumable uploads (tus): a PDF, so the finished upload lands without a transcode.
  'POST /api/uploads': {
    access: 'admin',
    status: 201,
    build: ({ world }) => ({
      url: '/api/uploads',
      headers: {
        ...TUS,
        'upload-length': String(PDF_BYTES.length),
        'upload-metadata': `filename ${Buffer.from(`notes-${world.fresh.tag()}.pdf`).toString('base64')},folderId ${Buffer.from(world.lessonFolder.id).toString('base64')}`,
      },
    }),
  },
  'HEAD /api/uploads/:uploadId': {
    access: 'admin',
    build: async ({ world }) => ({ url: await world.fresh.resumableUpload(world.lessonFolder.id, PDF_BYTES.length), headers: TUS }),
  },
  'PATCH /api/uploads/:uploadId': {
    access: 'admin',
    build: async ({ world }) => ({
      url: await world.fresh.resumableUpload(world.lessonFolder.id, PDF_BYTES.length),
      headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: PDF_BYTES,
    }),
  },
  'DELETE /api/uploads/:uploadId': {
    access: 'admin',
    status: 204,
    build: async ({ world }) => ({ url: await world.fresh.resumableUpload(world.lessonFolder.id, PDF_BYTES.length), headers: TUS }),
  },
  'PUT /api/folders/item/:itemId': {
    access: 'admin',
    build: async ({ world }) => json(`/api/folders/item/${id((await world.fresh.folder(world.classFolder.id)).id)}`, { name: `Renamed ${world.fresh.tag()}` }),
  },
  'DELETE /api/folders/item/:itemId': {
    access: 'admin',
    build: async ({ world }) => ({ url: `/api/folders/item/${id((await world.fresh.folder(world.classFolder.id)).id)}` }),
  },
  'POST /api/students/student/give-additional-access': {
    access: 'admin',
    build: ({ world }) =>
      json('/api/students/student/give-additional-access', { email: `later.${world.fresh.tag()}@example.lk`, className: world.classFolder.name }),
  },
  'POST /api/folders/access/batch': {
    access: 'admin',
    // A batch and class type none of the callers belong to, so the grant changes no caller's access.
    build: ({ world }) => json('/api/folders/access/batch', { className: world.classFolder.name, batch: '2025', classType: 'Paper' }),
  },
  'DELETE /api/folders/access/:grantId': {
    access: 'admin',
    build: async ({ world }) => ({ url: `/api/folders/access/${await world.fresh.grant(world.classFolder.name)}` }),
  },
  'GET /api/folders/access/student/:studentId': { access: 'admin', build: ({ world }) => ({ url: `/api/folders/access/student/${world.student.id}` }) },
  'GET /api/folders/access/class/:folderId': { access: 'admin', build: ({ world }) => ({ url: `/api/folders/access/class/${id(world.classFolder.id)}` }) },

  // ---- lessons: the player's addresses carry the first student's viewer ticket as their credential ----
  'GET /api/lessons/:fileId/master.m3u8': { access: 'public', build: ({ world }) => ({ url: lessonUrl(world, LESSONS_PATHS.master) }) },
  'GET /api/lessons/:fileId/:rendition/index.m3u8': { access: 'public', build: ({ world }) => ({ url: lessonUrl(world, LESSONS_PATHS.rendition) }) },
  'GET /api/lessons/:fileId/:rendition/:segment': { access: 'public', build: ({ world }) => ({ url: lessonUrl(world, LESSONS_PATHS.segment) }) },
  'GET /api/lessons/:fileId/key': { access: 'public', build: ({ world }) => ({ url: lessonUrl(world, LESSONS_PATHS.key) }) },
  'GET /api/lessons/:fileId/poster.jpg': { access: 'public', build: ({ world }) => ({ url: lessonUrl(world, LESSONS_PATHS.poster) }) },
  'GET /api/lessons/:fileId/thumbnails.jpg': { access: 'public', build: ({ world }) => ({ url: lessonUrl(world, LESSONS_PATHS.thumbnails) }) },
  'GET /api/lessons/:fileId/thumbnails.vtt': { access: 'public', build: ({ world }) => ({ url: lessonUrl(world, LESSONS_PATHS.thumbnailsVtt) }) },
  'POST /api/lessons/:fileId/retry': {
    access: 'admin',
    // A lesson whose processing failed: a granted retry queues it again (200); another is made for the next.
    build: async ({ world }) => ({ url: lessonAddress(LESSONS_PATHS.retry, await world.fresh.failedLesson(), null) }),
  },
  'POST /api/lessons/:fileId/marks': { access: 'admin', build: ({ world }) => ({ url: lessonAddress(LESSONS_PATHS.addMarks, world.lesson.id, null) }) },
  'POST /api/lessons/marks': { access: 'admin', build: () => ({ url: `/api/${LESSONS_PATHS.addAllMarks}` }) },

  // ---- forensics: the tracer (no worker runs here: a trace stays queued) ----
  'POST /api/forensics/traces': {
    access: 'admin',
    build: ({ world }) => upload(`/api/${FORENSICS_PATHS.traces}`, TRACE_FILE_FIELD, `leak-${world.fresh.tag()}.mp4`, 'video/mp4', mp4Bytes(8 * 1024)),
  },
  'GET /api/forensics/traces/:id': { access: 'admin', build: async ({ world }) => ({ url: `/api/forensics/traces/${await world.fresh.trace()}` }) },

  // ---- messages ----
  'GET /api/messages/message/get-all': { access: 'admin', build: () => ({ url: '/api/messages/message/get-all' }) },
  'GET /api/messages/message/get-by-batch/:batch/:historyType/:classType': {
    access: 'signed-in',
    build: () => ({ url: '/api/messages/message/get-by-batch/2026/Indian/Theory' }),
  },
  'POST /api/messages/message/send': {
    access: 'admin',
    build: ({ world }) =>
      json('/api/messages/message/send', { message: `Paper class moves to Sunday ${world.fresh.tag()}`, link: 'https://example.lk/notice', batch: '2026', region: ['Indian'], classType: ['Paper'] }),
  },
  'PUT /api/messages/message/update/:id': {
    access: 'admin',
    build: ({ world }) => json(`/api/messages/message/update/${world.message._id}`, { message: `Edited ${world.fresh.tag()}`, link: '', batch: '', region: [], classType: [] }),
  },
  'DELETE /api/messages/message/delete/:id': { access: 'admin', build: async ({ world }) => ({ url: `/api/messages/message/delete/${(await world.fresh.message())._id}` }) },
  'GET /api/messages/message/unread': { access: 'signed-in', build: () => ({ url: '/api/messages/message/unread' }) },
  'GET /api/messages/message/stream': { access: 'signed-in', build: () => ({ url: '/api/messages/message/stream' }) },
};

/** The example of a declared route; a HEAD route without one of its own is its GET twin's example. */
export function exampleOf(method: string, url: string): RouteExample | undefined {
  return ROUTE_EXAMPLES[`${method} ${url}`] ?? (method === 'HEAD' ? ROUTE_EXAMPLES[`GET ${url}`] : undefined);
}


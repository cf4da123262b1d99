import type { InjectOptions } from 'fastify';
import {
  FORENSICS_PATHS,
  lessonAddress,
  LESSONS_PATHS,
  PAPER_IMAGE_FIELD,
  PAPER_IMPORT_FIELD,
  TRACE_FILE_FIELD,
  type PaperAnswer,
  type RegradeAnswer,
  type SecondFactorNeeded,
} from '@academy/contract';
import { mp4Bytes, PDF_BYTES } from '../../src/features/class-material/test-helpers';
import { choose, handInOk, startSitting } from '../../src/features/papers/sitting-helpers';
import { paperBody } from '../../src/features/papers/test-helpers';
import type { RouteAccess } from '../../src/plugins/auth';
import { buildRegistration } from '../factories';
import { nextTestCode } from '../second-factor';
import { FEE_REPORT_ROUTE_EXAMPLES } from './fee-report-examples';
import { FEE_ROUTE_EXAMPLES } from './fee-examples';
import { PAYMENT_ROUTE_EXAMPLES } from './payment-examples';
import { SCRIPT_ROUTE_EXAMPLES } from './script-examples';
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
  /** A multipart example's text fields, which an upload-cap test sends again beside its own file. */
  formFields?: Record<string, string>;
}

/** Callers a route refuses though its declaration grants them: the status they get, and why. */
export interface Narrower {
  actors: Actor[];
  status: number;
  because: string;
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
  /** Callers the declaration grants whom this route still refuses, with the status and the reason (a list when they differ). */
  narrower?: Narrower | Narrower[];
  /** Tables a refused request writes on purpose (failure counters), which the hostile-input test allows. */
  refusalWrites?: string[];
}

const json = (url: string, payload: object): ExampleRequest => ({ url, payload });

/** The caller's own password, which ending sessions asks for again (an anonymous caller has none: any will do). */
function passwordOf(world: World, actor: Actor): string {
  return { student: world.student, otherStudent: world.other, admin: world.admin }[actor as 'student']?.password ?? 'anyone-s-password';
}
/** The fresh owner signs the call when the matrix plays the student; everyone else calls on that owner's resource. */
const ownerAuth = (actor: Actor, owner: { headers: Headers }) => (actor === 'student' ? { auth: owner.headers } : {});
const upload = (url: string, field: string, filename: string, type: string, bytes: Buffer): ExampleRequest => {
  const form = multipartForm(field, filename, type, bytes);
  return { url, payload: form.payload, headers: form.headers };
};
const id = encodeURIComponent;
/** The push endpoint the subscriptions example gives each caller's device, one per caller. */
const matrixEndpoint = (actor: Actor) => `https://fcm.googleapis.com/fcm/send/matrix-${actor}`;
/** A browser's P-256 public key (uncompressed, base64url) for the push subscription examples. */
const MATRIX_PUSH_KEY = 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4';
/** The first student's browser in the sitting examples: every call resumes as the same device. */
const SITTING_DEVICE_KEY = 'matrix-sitting-device-01';
/** Start, answers and hand-in: the first student's own, and no admin's. */
const SITTING_NARROWER: Narrower[] = [
  { actors: ['otherStudent'], status: 404, because: 'the class is granted to the first student only; its papers are not found' },
  { actors: ['admin'], status: 403, because: 'only students sit papers' },
];
const TUS = { 'tus-resumable': '1.0.0' };
/** A new paper of the class that the first student has started and handed in: what a reopening or a regrade uses up. */
async function handedInPaper(world: World): Promise<string> {
  const paperId = await world.fresh.paper(world.lessonFolder.id);
  const sitting = await startSitting(world.app, world.student.headers, paperId);
  await handInOk(world.app, world.student.headers, paperId, { device: sitting.device, saves: [choose(sitting, 0, 0, 1)] });
  return paperId;
}
/** The class's paper the first student sat, closed and released: one serves every call that only reads it (world.ts). */
const releasedPaper = (world: World) => world.fresh.releasedPaper(world.lessonFolder.id, world.student);
/** The id of a paper's first question, as its admin reads it. */
async function firstQuestionId(world: World, paperId: string): Promise<string> {
  const paper = await world.app.inject({ url: `/api/papers/${paperId}`, headers: world.admin.headers });
  return paper.json<PaperAnswer>().data.questions?.[0]?.id ?? '';
}
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
    build: async ({ world, actor }) =>
      json(`/api/students/student/state/update/${(await world.fresh.student()).id}`, { state: 'de-active', password: passwordOf(world, actor) }),
    // Suspending asks the admin's password again; a wrong one is counted against the account.
    refusalWrites: ['sign_in_failures'],
  },
  'DELETE /api/students/student/deletestudent/:id': {
    access: 'admin',
    build: async ({ world, actor }) => json(`/api/students/student/deletestudent/${(await world.fresh.student()).id}`, { password: passwordOf(world, actor) }),
    // Deleting asks the admin's password again; a wrong one is counted against the account.
    refusalWrites: ['sign_in_failures'],
    // The deletion waits for a second admin's approval (features/approvals).
    status: 202,
  },
  'GET /api/approvals': { access: 'admin', build: () => ({ url: '/api/approvals' }) },
  'POST /api/approvals/:approvalId/approve': {
    access: 'admin',
    build: async ({ world, actor }) => json(`/api/approvals/${await world.fresh.pendingApproval()}/approve`, { password: passwordOf(world, actor) }),
    // Approving asks the approver's password again; a wrong one is counted against the account.
    refusalWrites: ['sign_in_failures'],
  },
  'POST /api/approvals/:approvalId/decline': {
    access: 'admin',
    build: async ({ world }) => ({ url: `/api/approvals/${await world.fresh.pendingApproval()}/decline` }),
  },
  'GET /api/security-alerts': { access: 'admin', build: () => ({ url: '/api/security-alerts' }) },
  'GET /api/students/student/deleted': { access: 'admin', build: () => ({ url: '/api/students/student/deleted?page=1' }) },
  'PUT /api/students/student/restore/:id': {
    access: 'admin',
    build: async ({ world }) => ({ url: `/api/students/student/restore/${await world.fresh.deletedStudent()}` }),
  },
  'POST /api/students/student/export': {
    access: 'admin',
    build: ({ world, actor }) => json('/api/students/student/export', { batch: '2026', password: passwordOf(world, actor) }),
    // The admin's password is asked again; a wrong one is counted against the account.
    refusalWrites: ['sign_in_failures'],
  },
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
  'POST /api/sessions/mine/end-others': {
    access: 'signed-in',
    build: ({ world, actor }) => json('/api/sessions/mine/end-others', { password: passwordOf(world, actor) }),
    // A wrong password is counted against the account, as a password change's is.
    refusalWrites: ['sign_in_failures'],
  },
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
    build: async ({ world, actor }) => json(`/api/sessions/mine/${(await world.fresh.session(world.student)).sessionId}`, { password: passwordOf(world, actor) }),
    refusalWrites: ['sign_in_failures'],
    narrower: {
      actors: ['admin'],
      status: 404,
      because: "a session is ended only by its owner; an admin ends a student's sessions by suspending the account",
    },
  },
  // ---- admins' second factor: each call that uses a factor up gets a new enrolled admin ----
  'POST /api/admin-mfa/sign-in': {
    access: 'public',
    build: async ({ world }) => {
      const admin = await world.fresh.enrolledAdmin();
      const step = await world.app.inject({ method: 'POST', url: '/api/students/student/login', payload: { email: admin.email, password: admin.password } });
      return json('/api/admin-mfa/sign-in', { challenge: step.json<SecondFactorNeeded>().challenge, code: nextTestCode(admin.email) });
    },
    // A wrong code is counted against the account, spends a try of the challenge and is in the audit log.
    refusalWrites: ['sign_in_failures', 'admin_sign_in_challenges', 'audit_log', 'audit_log_terms'],
  },
  'GET /api/admin-mfa/mine': { access: 'admin', build: () => ({ url: '/api/admin-mfa/mine' }) },
  // The world's admin is enrolled: starting or confirming another enrolment is a conflict, past the access check.
  'POST /api/admin-mfa/mine/enrolment': { access: 'admin', status: 409, build: () => ({ url: '/api/admin-mfa/mine/enrolment' }) },
  'POST /api/admin-mfa/mine/enrolment/confirm': { access: 'admin', status: 409, build: () => json('/api/admin-mfa/mine/enrolment/confirm', { code: '123456' }) },
  'DELETE /api/admin-mfa/mine': {
    access: 'admin',
    build: async ({ world, actor }) => {
      const admin = await world.fresh.enrolledAdmin();
      return { ...json('/api/admin-mfa/mine', { password: admin.password, code: nextTestCode(admin.email) }), ...(actor === 'admin' ? { auth: admin.headers } : {}) };
    },
    refusalWrites: ['sign_in_failures', 'audit_log', 'audit_log_terms'],
  },
  'DELETE /api/admin-mfa/admins/:id': {
    access: 'admin',
    build: async ({ world, actor }) => json(`/api/admin-mfa/admins/${(await world.fresh.enrolledAdmin()).id}`, { password: passwordOf(world, actor) }),
    refusalWrites: ['sign_in_failures'],
  },
  // ---- privacy: a student's own export and erasure request ----
  'GET /api/privacy/mine/export': { access: 'signed-in', build: () => ({ url: '/api/privacy/mine/export' }) },
  'GET /api/privacy/mine/erasure': { access: 'signed-in', build: () => ({ url: '/api/privacy/mine/erasure' }) },
  'POST /api/privacy/mine/erasure': {
    access: 'signed-in',
    // A request uses its account up (a second one is 409): a fresh student asks each time.
    build: async ({ world, actor }) => {
      if (actor !== 'student' && actor !== 'otherStudent') return json('/api/privacy/mine/erasure', { password: passwordOf(world, actor) });
      const fresh = await world.fresh.student();
      return { ...json('/api/privacy/mine/erasure', { password: fresh.password }), auth: fresh.headers };
    },
    refusalWrites: ['sign_in_failures'],
    narrower: { actors: ['admin'], status: 403, because: 'an admin account is not erased from the portal' },
  },
  'DELETE /api/privacy/mine/erasure': {
    access: 'signed-in',
    // Cancelling uses a pending request up: a fresh student asks, then cancels.
    build: async ({ world, actor }) => {
      if (actor !== 'student' && actor !== 'otherStudent') return { url: '/api/privacy/mine/erasure' };
      const fresh = await world.fresh.student();
      await world.app.inject({ method: 'POST', url: '/api/privacy/mine/erasure', headers: fresh.headers, payload: { password: fresh.password } });
      return { url: '/api/privacy/mine/erasure', auth: fresh.headers };
    },
    narrower: { actors: ['admin'], status: 404, because: 'an admin never has an erasure request to cancel' },
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
  // ---- watching ----
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

  // ---- papers: the paper itself (papers of the class's folder; the first student sits the pictured one) ----
  'POST /api/papers': {
    access: 'admin',
    build: ({ world }) => json('/api/papers', { folderId: world.lessonFolder.id, ...paperBody({ title: `Paper ${world.fresh.tag()}` }) }),
  },
  'PUT /api/papers/:paperId': {
    access: 'admin',
    build: async ({ world }) => json(`/api/papers/${await world.fresh.paper(world.lessonFolder.id)}`, paperBody({ title: `Edited ${world.fresh.tag()}` })),
  },
  'DELETE /api/papers/:paperId': {
    access: 'admin',
    build: async ({ world }) => ({ url: `/api/papers/${await world.fresh.paper(world.lessonFolder.id)}` }),
  },
  'GET /api/papers/:paperId': {
    access: 'signed-in',
    build: async ({ world }) => ({ url: `/api/papers/${(await world.fresh.picturedPaper(world.lessonFolder.id, world.student)).paperId}` }),
    narrower: { actors: ['otherStudent'], status: 404, because: 'the class is granted to the first student only; its papers are not found' },
  },
  'POST /api/papers/import': {
    access: 'admin',
    build: () => upload('/api/papers/import', PAPER_IMPORT_FIELD, 'questions.csv', 'text/csv', Buffer.from('question,option1,option2,correct\nWhich river is the longest?,Mahaweli,Kelani,1\n')),
  },
  'POST /api/papers/images': {
    access: 'admin',
    build: ({ world }) => upload('/api/papers/images', PAPER_IMAGE_FIELD, 'map.png', 'image/png', world.pngBytes),
  },
  'GET /api/papers/:paperId/images/:imageId': {
    access: 'signed-in',
    build: async ({ world }) => {
      const { paperId, imageId } = await world.fresh.picturedPaper(world.lessonFolder.id, world.student);
      return { url: `/api/papers/${paperId}/images/${imageId}` };
    },
    narrower: { actors: ['otherStudent'], status: 404, because: 'the class is granted to the first student only, who is sitting the paper; its pictures are not found' },
  },

  // ---- papers: sitting (the first student's pictured paper, always on one browser; a hand-in on a fresh attempt) ----
  'POST /api/papers/:paperId/start': {
    access: 'signed-in',
    build: async ({ world }) => json(`/api/papers/${(await world.fresh.picturedPaper(world.lessonFolder.id, world.student)).paperId}/start`, { deviceKey: SITTING_DEVICE_KEY }),
    narrower: SITTING_NARROWER,
  },
  'GET /api/papers/:paperId/questions': {
    access: 'signed-in',
    build: async ({ world }) => {
      const { paperId } = await world.fresh.picturedPaper(world.lessonFolder.id, world.student);
      await startSitting(world.app, world.student.headers, paperId, SITTING_DEVICE_KEY);
      return { url: `/api/papers/${paperId}/questions` };
    },
    narrower: SITTING_NARROWER,
  },
  'POST /api/papers/:paperId/answers': {
    access: 'signed-in',
    build: async ({ world }) => {
      const { paperId } = await world.fresh.picturedPaper(world.lessonFolder.id, world.student);
      const sitting = await startSitting(world.app, world.student.headers, paperId, SITTING_DEVICE_KEY);
      return json(`/api/papers/${paperId}/answers`, { device: sitting.device, saves: [choose(sitting, 0, 1, sitting.lastSeq + 1)] });
    },
    narrower: SITTING_NARROWER,
  },
  'POST /api/papers/:paperId/hand-in': {
    access: 'signed-in',
    build: async ({ world }) => {
      const paperId = await world.fresh.paper(world.lessonFolder.id);
      const sitting = await startSitting(world.app, world.student.headers, paperId);
      return json(`/api/papers/${paperId}/hand-in`, { device: sitting.device, saves: [choose(sitting, 0, 0, 1)] });
    },
    narrower: SITTING_NARROWER,
  },

  // ---- papers: results (a paper of the class the first student sat, closed and released) ----
  'POST /api/papers/:paperId/release': {
    access: 'admin',
    // Releasing again answers the first release and changes nothing, so one released paper serves every call.
    build: async ({ world }) => ({ url: `/api/papers/${await releasedPaper(world)}/release` }),
  },
  'GET /api/papers/:paperId/result': {
    access: 'signed-in',
    build: async ({ world }) => ({ url: `/api/papers/${await releasedPaper(world)}/result` }),
    narrower: [
      { actors: ['otherStudent'], status: 404, because: 'the class is granted to the first student only; its papers are not found' },
      { actors: ['admin'], status: 403, because: 'only students sit papers, so only they have a result' },
    ],
  },
  'GET /api/papers/:paperId/results': {
    access: 'admin',
    build: async ({ world }) => ({ url: `/api/papers/${await releasedPaper(world)}/results` }),
  },

  // ---- papers: the tutor's actions (the released paper the first student sat; fresh papers for what a call uses up) ----
  'GET /api/papers/:paperId/statistics': {
    access: 'admin',
    build: async ({ world }) => ({ url: `/api/papers/${await releasedPaper(world)}/statistics` }),
  },
  'GET /api/papers/:paperId/students/:studentId': {
    access: 'admin',
    build: async ({ world }) => ({ url: `/api/papers/${await releasedPaper(world)}/students/${world.student.id}` }),
  },
  'PUT /api/papers/:paperId/students/:studentId/extra-time': {
    access: 'admin',
    // Before the first student starts the paper, so no sitting's deadline moves.
    build: async ({ world }) => json(`/api/papers/${await world.fresh.paper(world.lessonFolder.id)}/students/${world.student.id}/extra-time`, { minutes: 15 }),
  },
  'POST /api/papers/:paperId/students/:studentId/reopen': {
    access: 'admin',
    build: async ({ world }) => json(`/api/papers/${await handedInPaper(world)}/students/${world.student.id}/reopen`, { minutes: 10 }),
  },
  'POST /api/papers/:paperId/regrade/preview': {
    access: 'admin',
    build: async ({ world }) => {
      const paperId = await releasedPaper(world);
      return json(`/api/papers/${paperId}/regrade/preview`, { changes: [{ questionId: await firstQuestionId(world, paperId), correct: 1 }] });
    },
  },
  'POST /api/papers/:paperId/regrade': {
    access: 'admin',
    build: async ({ world }) => {
      const paperId = await handedInPaper(world);
      const changes = [{ questionId: await firstQuestionId(world, paperId), correct: 1 }];
      const preview = await world.app.inject({ method: 'POST', url: `/api/papers/${paperId}/regrade/preview`, headers: world.admin.headers, payload: { changes } });
      return json(`/api/papers/${paperId}/regrade`, { changes, basis: preview.json<RegradeAnswer>().data.basis });
    },
  },
  'POST /api/papers/:paperId/merit-list': {
    access: 'admin',
    build: async ({ world }) => json(`/api/papers/${await releasedPaper(world)}/merit-list`, { top: 3 }),
  },

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

  // ---- notifications ----
  'GET /api/notifications': { access: 'signed-in', build: () => ({ url: '/api/notifications?unread=true' }) },
  'GET /api/notifications/unread': { access: 'signed-in', build: () => ({ url: '/api/notifications/unread' }) },
  'GET /api/notifications/stream': { access: 'signed-in', build: () => ({ url: '/api/notifications/stream' }) },
  'POST /api/notifications/:id/open': {
    access: 'signed-in',
    build: ({ world }) => json(`/api/notifications/${id(world.notificationId)}/open`, { via: 'bell' }),
    narrower: { actors: ['otherStudent', 'admin'], status: 404, because: "a notification is opened only by its recipient: another account's id is not found" },
  },
  'POST /api/notifications/read': { access: 'signed-in', build: ({ world }) => json('/api/notifications/read', { ids: [world.notificationId] }) },
  'GET /api/notifications/preferences': { access: 'signed-in', build: () => ({ url: '/api/notifications/preferences' }) },
  'PUT /api/notifications/preferences': {
    access: 'signed-in',
    // Each caller switches a kind they receive: an admin receives the admin kind only.
    build: ({ actor }) => json('/api/notifications/preferences', { language: 'en', kinds: [{ kind: actor === 'admin' ? 'payment.reversed' : 'lesson.new', push: true }] }),
  },
  'POST /api/notifications/subscriptions': {
    access: 'signed-in',
    build: ({ actor }) =>
      json('/api/notifications/subscriptions', {
        endpoint: matrixEndpoint(actor),
        keys: { p256dh: MATRIX_PUSH_KEY, auth: 'AAECAwQFBgcICQoLDA0ODw' },
        expirationTime: null,
        language: 'en',
      }),
  },
  'DELETE /api/notifications/subscriptions': {
    access: 'signed-in',
    build: ({ world }) => json('/api/notifications/subscriptions', { endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${world.fresh.tag()}` }),
  },
  // RFC 8058's one-click form: the one route that takes a form body.
  'POST /api/notifications/unsubscribe/:token': {
    access: 'public',
    build: ({ world }) => ({
      url: `/api/notifications/unsubscribe/${id(world.unsubscribeToken)}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  },
  'GET /api/notifications/sent': { access: 'admin', build: () => ({ url: '/api/notifications/sent?kind=message.new' }) },
  'GET /api/notifications/stats': {
    access: 'admin',
    build: ({ world }) => ({ url: `/api/notifications/stats?kind=message.new&subjects=${id(`message:${world.message._id}`)}` }),
  },
  'GET /api/notifications/sms-usage': { access: 'admin', build: () => ({ url: '/api/notifications/sms-usage' }) },
  // The world's accounts have no push device: the call is accepted and answers that none is on.
  // The caller's device from the subscriptions example is removed first: a caller without a device
  // gets 409 whichever example ran before (a push to the real push service would need the internet).
  'POST /api/notifications/subscriptions/test': {
    access: 'signed-in',
    build: async ({ world, actor }) => {
      if (actor !== 'anonymous') {
        await world.app.inject({ method: 'DELETE', url: '/api/notifications/subscriptions', headers: world.headers[actor], payload: { endpoint: matrixEndpoint(actor) } });
      }
      return { url: '/api/notifications/subscriptions/test' };
    },
    status: 409,
  },

  // ---- class fees (fee-examples.ts) ----
  ...FEE_ROUTE_EXAMPLES,
  ...PAYMENT_ROUTE_EXAMPLES,
  ...FEE_REPORT_ROUTE_EXAMPLES,

  // ---- answer scripts, the written part of a paper (script-examples.ts) ----
  ...SCRIPT_ROUTE_EXAMPLES,
};

/** The refusal a route gives this caller though its declaration grants them, if it gives one. */
export function narrowerFor(example: RouteExample, actor: Actor): Narrower | undefined {
  return [example.narrower ?? []].flat().find((entry) => entry.actors.includes(actor));
}

/** The example of a declared route; a HEAD route without one of its own is its GET twin's example. */
export function exampleOf(method: string, url: string): RouteExample | undefined {
  return ROUTE_EXAMPLES[`${method} ${url}`] ?? (method === 'HEAD' ? ROUTE_EXAMPLES[`GET ${url}`] : undefined);
}


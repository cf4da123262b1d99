import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import {
  FORENSICS_PATHS,
  TRACE_FILE_FIELD,
  type DriveItem,
  type DriveListingAnswer,
  type FileTicketAnswer,
  type Message,
  type NotificationListAnswer,
  type TraceCreatedAnswer,
} from '@academy/contract';
import type { Db } from '../../src/db/database';
import { deleteApproved, SECOND_ADMIN, secondAdminHeaders } from '../../src/features/approvals/test-helpers';
import { classWithLessons, createClass, createSubfolder, fileTicket, folderContent, giveAccess, mp4Bytes, ticketUrl, uploadFile } from '../../src/features/class-material/test-helpers';
import { processLessonNow } from '../../src/features/lessons/process-lesson-now';
import { fanOutNow } from '../../src/features/notifications/fan-out-now';
import { resultsReady, waitForResults } from '../../src/features/papers/results-test-helpers';
import { handInOk, startSitting } from '../../src/features/papers/sitting-helpers';
import { createPaper, sampleQuestions } from '../../src/features/papers/test-helpers';
import { codeIn } from '../../src/features/password-reset/test-helpers';
import { ensureAdmin } from '../../src/features/students/service';
import { unsubscribeTokens } from '../../src/notify/email/unsubscribe-token';
import { registerStudent, signedInStudent, signIn } from '../factories';
import { multipartForm } from '../multipart-form';
import type { SmtpReceiver } from '../smtp-receiver';
import { TEST_ADMIN, type TestApp } from '../test-app';
import { testVideo } from '../videos';

// The callers and the data the access matrix and the hostile-input tests call every route with,
// all made through the real API: six callers, a class granted to the first student only, a
// message, pictures, and `fresh` for calls that use their target up (delete, sign out, reset).

export const ACTORS = ['anonymous', 'student', 'otherStudent', 'suspendedStudent', 'endedSession', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];
export type Headers = Record<string, string>;

export interface Account {
  id: string;
  email: string;
  password: string;
  headers: Headers;
}

/** A session limit high enough that the fixtures' extra sign-ins never push a caller's own session out. */
export const WORLD_SESSION_LIMIT = 20;

const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

/** The session id inside a token we issued (its `sid` claim). */
export function sessionIdOf(headers: Headers): string {
  const payload = (headers.authorization ?? '').split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sid: string }).sid;
}

export async function pngBytes(colour: string, width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
}

let clientCounter = 0;
/** A client address of its own, so the forgot-password client limit never meets another call's. */
export function newClientAddress(): string {
  clientCounter += 1;
  return `10.88.${Math.floor(clientCounter / 250) % 250}.${(clientCounter % 250) + 1}`;
}

export interface World {
  app: FastifyInstance;
  headers: Record<Actor, Headers>;
  /** The first student: the owner of every resource the owner routes are called on. */
  student: Account;
  other: Account;
  admin: Account;
  /** A class granted by e-mail to the first student only, with a folder, a video and a PDF. */
  classFolder: DriveItem;
  lessonFolder: DriveItem;
  video: DriveItem;
  /** The first student's secure-file address for the video. */
  secureFileUrl: string;
  /** A second video of the class, transcoded (a 240p-only ladder): what the lesson routes serve. */
  lesson: DriveItem;
  /** The first student's viewer ticket for `lesson`, the credential every lesson address carries. */
  lessonTicket: string;
  message: Message;
  /** The first student's bell item of `message` (its recipient id: what `notifications/{id}/open` takes). */
  notificationId: string;
  /** The first student's unsubscribe link token for results e-mails (what `notifications/unsubscribe/{token}` takes). */
  unsubscribeToken: string;
  /** The other student's profile picture file name (what the public picture route serves). */
  otherPicture: string;
  pngBytes: Buffer;
  fresh: Fixtures;
}

export async function buildWorld(started: TestApp, smtp: SmtpReceiver): Promise<World> {
  const { app } = started;
  const adminLogin = await signIn(app, TEST_ADMIN.email, TEST_ADMIN.password);
  const admin: Account = { id: adminLogin.studentId, email: TEST_ADMIN.email, password: TEST_ADMIN.password, headers: bearer(adminLogin.token) };
  await expectOk(app.inject({ method: 'PUT', url: '/api/sessions/limit', headers: admin.headers, payload: { maxSessions: WORLD_SESSION_LIMIT } }));
  const fresh = new Fixtures(app, started.database.db, admin, smtp, (fileId, options) => processLessonNow(started, fileId, options));

  const [student, other, suspended, ended] = [await fresh.student(), await fresh.student(), await fresh.student(), await fresh.student()];
  await expectOk(
    app.inject({ method: 'PUT', url: `/api/students/student/state/update/${suspended.id}`, headers: admin.headers, payload: { state: 'de-active', password: admin.password } }),
  );
  await expectOk(app.inject({ method: 'POST', url: '/api/sessions/mine/sign-out', headers: ended.headers }));

  const { classFolder, folder: lessonFolder, video } = await classWithLessons(app, admin.headers);
  await giveAccess(app, admin.headers, student.email, classFolder.name);
  const secureFileUrl = await ticketUrl(app, student.headers, video.id);
  const lesson = await uploadFile(app, admin.headers, lessonFolder.id, 'lesson.mp4', testVideo({ seconds: 2, width: 320, height: 240 }));
  await processLessonNow(started, lesson.id);
  const lessonTicket = await viewerTicket(app, student.headers, lesson.id);
  const message = await fresh.message();
  await fanOutNow(started);
  const bell = await expectOk(app.inject({ url: '/api/notifications', headers: student.headers }));
  const notificationId = bell.json<NotificationListAnswer>().data.items[0]?.id ?? '';

  const png = await pngBytes('#0A5F6F');
  const picture = multipartForm('image', 'other.png', 'image/png', await pngBytes('#8B1E3F'));
  const uploaded = await expectOk(
    app.inject({ method: 'POST', url: `/api/students/student/profile-image/${other.id}`, payload: picture.payload, headers: { ...other.headers, ...picture.headers } }),
  );
  const otherPicture = uploaded.json<{ data: { profileImg: string } }>().data.profileImg.split('/').pop() ?? '';

  return {
    app,
    headers: {
      anonymous: {},
      student: student.headers,
      otherStudent: other.headers,
      suspendedStudent: suspended.headers,
      endedSession: ended.headers,
      admin: admin.headers,
    },
    student,
    other,
    admin,
    classFolder,
    lessonFolder,
    video,
    secureFileUrl,
    lesson,
    lessonTicket,
    message,
    notificationId,
    unsubscribeToken: unsubscribeTokens(started.config.jwtSecret).sign(student.id, 'results.released'),
    otherPicture,
    pngBytes: png,
    fresh,
  };
}

/** The ticket (`?t=`) of a viewer's file-ticket answer. */
async function viewerTicket(app: FastifyInstance, headers: Headers, fileId: string): Promise<string> {
  const answer = await expectOk(fileTicket(app, headers, fileId));
  return new URL(answer.json<FileTicketAnswer>().data.url, 'http://portal').searchParams.get('t') ?? '';
}

async function expectOk(pending: Promise<LightMyRequestResponse>) {
  const response = await pending;
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** New data for one call, for the calls that use their target up or change their caller. */
export class Fixtures {
  private counter = 0;
  private failed: { folderId: string; fileId: string } | null = null;

  constructor(
    private readonly app: FastifyInstance,
    private readonly db: Db,
    private readonly admin: Account,
    private readonly smtp: SmtpReceiver,
    private readonly processLesson: (fileId: string, options: { brokenFfmpeg?: boolean }) => Promise<void>,
  ) {}

  /** A unique tag for names and e-mails. */
  tag(): string {
    this.counter += 1;
    return `${this.counter}-${crypto.randomUUID().slice(0, 6)}`;
  }

  async student(): Promise<Account> {
    const { body, student, headers } = await signedInStudent(this.app);
    return { id: student._id, email: body.email, password: body.password, headers };
  }

  /** A new admin with a second factor, signed in: for the calls that use an admin's factor up (features/admin-mfa). */
  async enrolledAdmin(): Promise<Account> {
    const account = { email: `matrix-admin-${this.tag()}@academy.test`, password: 'matrix-admin-password-1', name: 'Matrix Admin' };
    await ensureAdmin(this.db, account, { resetPassword: false });
    const login = await signIn(this.app, account.email, account.password);
    return { id: login.studentId, email: account.email, password: account.password, headers: bearer(login.token) };
  }

  /** A registered student an admin has deleted (for restore). */
  async deletedStudent(): Promise<string> {
    const { student } = await registerStudent(this.app);
    // Deleting waits for a second admin, who approves it (features/approvals).
    await expectOk(deleteApproved(this.app, this.db, { method: 'DELETE', url: `/api/students/student/deletestudent/${student._id}`, headers: this.admin.headers, payload: { password: this.admin.password } }));
    return student._id;
  }

  /** A deletion the second admin asked for, waiting for another admin (the world's admin may decide it): its id. */
  async pendingApproval(): Promise<string> {
    const { student } = await registerStudent(this.app);
    const headers = await secondAdminHeaders(this.app, this.db);
    const asked = await this.app.inject({ method: 'DELETE', url: `/api/students/student/deletestudent/${student._id}`, headers, payload: { password: SECOND_ADMIN.password } });
    expect(asked.statusCode, asked.body).toBe(202);
    return asked.json<{ data: { id: string } }>().data.id;
  }

  /** Another sign-in of the same account: its bearer header and session id. */
  async session(account: Pick<Account, 'email' | 'password'>): Promise<{ headers: Headers; sessionId: string }> {
    const login = await signIn(this.app, account.email, account.password);
    const headers = bearer(login.token);
    return { headers, sessionId: sessionIdOf(headers) };
  }

  async message(): Promise<Message> {
    const payload = { message: `Matrix notice ${this.tag()}`, link: '', batch: '', region: [], classType: [] };
    const response = await expectOk(this.app.inject({ method: 'POST', url: '/api/messages/message/send', headers: this.admin.headers, payload }));
    return response.json<{ data: Message }>().data;
  }

  /** A grant of the class to an address nobody has registered. */
  async grant(className: string): Promise<string> {
    return (await giveAccess(this.app, this.admin.headers, `nobody.${this.tag()}@example.lk`, className)).id;
  }

  /** A started resumable upload of `size` bytes into the folder: its address. */
  async resumableUpload(folderId: string, size: number): Promise<string> {
    const metadata = `filename ${Buffer.from(`notes-${this.tag()}.pdf`).toString('base64')},folderId ${Buffer.from(folderId).toString('base64')}`;
    const response = await this.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...this.admin.headers, 'tus-resumable': '1.0.0', 'upload-length': String(size), 'upload-metadata': metadata },
    });
    expect(response.statusCode, response.body).toBe(201);
    return String(response.headers.location);
  }

  async folder(parentId: string): Promise<DriveItem> {
    return createSubfolder(this.app, this.admin.headers, parentId, `Folder ${this.tag()}`);
  }

  /**
   * A video whose processing failed (its ffmpeg broke), for the admin's Retry. The same one until a
   * retry queues it again: only a granted call uses it up.
   */
  async failedLesson(): Promise<string> {
    if (this.failed) {
      const listing = await expectOk(folderContent(this.app, this.admin.headers, this.failed.folderId));
      const seen = listing.json<DriveListingAnswer>().files.find((item) => item.id === this.failed?.fileId);
      if (seen?.processing?.state === 'failed') return this.failed.fileId;
    }
    // A class of its own, granted to nobody: no caller's listing changes.
    const folder = await createClass(this.app, this.admin.headers, `Failed ${this.tag()}`);
    const video = await uploadFile(this.app, this.admin.headers, folder.id, `broken-${this.tag()}.mp4`, testVideo({ seconds: 1, width: 160, height: 90, audio: false }));
    await this.processLesson(video.id, { brokenFfmpeg: true });
    this.failed = { folderId: folder.id, fileId: video.id };
    return video.id;
  }

  /** A new paper nobody has started, opened a minute ago, in the folder: its id. */
  async paper(folderId: string): Promise<string> {
    return (await createPaper(this.app, this.admin.headers, folderId, { title: `Paper ${this.tag()}` })).id;
  }

  private readonly picturedPapers = new Map<string, Promise<{ paperId: string; imageId: string }>>();

  /**
   * A paper in the folder whose first question shows a picture, which the student has started and
   * is still sitting (an hour's limit): the paper a student may read and fetch pictures of. One per
   * student.
   */
  picturedPaper(folderId: string, student: Account): Promise<{ paperId: string; imageId: string }> {
    const known = this.picturedPapers.get(student.id);
    if (known) return known;
    const made = this.makePicturedPaper(folderId, student);
    this.picturedPapers.set(student.id, made);
    return made;
  }

  private async makePicturedPaper(folderId: string, student: Account): Promise<{ paperId: string; imageId: string }> {
    const form = multipartForm('image', 'map.png', 'image/png', await pngBytes('#2E6B3A', 120, 80));
    const uploaded = await expectOk(this.app.inject({ method: 'POST', url: '/api/papers/images', headers: { ...this.admin.headers, ...form.headers }, payload: form.payload }));
    const { imageId } = uploaded.json<{ data: { imageId: string } }>().data;
    const [first, ...rest] = sampleQuestions();
    const questions = first ? [{ ...first, image: imageId }, ...rest] : rest;
    const { id } = await createPaper(this.app, this.admin.headers, folderId, { title: `Pictured ${this.tag()}`, questions });
    await startSitting(this.app, student.headers, id);
    return { paperId: id, imageId };
  }

  private readonly releasedPapers = new Map<string, Promise<string>>();

  /**
   * A paper in the folder that the student sat and whose results are out: it closes two seconds after
   * it is made, and the close job ranks it. One per student, since releasing again changes nothing.
   */
  releasedPaper(folderId: string, student: Account): Promise<string> {
    const known = this.releasedPapers.get(student.id);
    if (known) return known;
    const made = this.makeReleasedPaper(folderId, student);
    this.releasedPapers.set(student.id, made);
    return made;
  }

  private async makeReleasedPaper(folderId: string, student: Account): Promise<string> {
    const now = Date.now();
    const { id } = await createPaper(this.app, this.admin.headers, folderId, { closesAt: new Date(now + 2000).toISOString() }, now);
    const sitting = await startSitting(this.app, student.headers, id);
    await handInOk(this.app, student.headers, id, { device: sitting.device });
    await waitForResults(this.app, this.admin.headers, id, resultsReady);
    await expectOk(this.app.inject({ method: 'POST', url: `/api/papers/${id}/release`, headers: this.admin.headers }));
    return id;
  }

  /** A trace of a copy (the admin's upload; no worker reads it here): its id. */
  async trace(): Promise<string> {
    const form = multipartForm(TRACE_FILE_FIELD, `leak-${this.tag()}.mp4`, 'video/mp4', mp4Bytes(8 * 1024));
    const answer = await expectOk(this.app.inject({ method: 'POST', url: `/api/${FORENSICS_PATHS.traces}`, headers: { ...this.admin.headers, ...form.headers }, payload: form.payload }));
    return answer.json<TraceCreatedAnswer>().data.id;
  }

  /** An uploaded, unposted banner image's address. */
  async bannerUpload(): Promise<string> {
    // A colour of its own, so every upload is a new image (images are stored by their content's hash).
    const form = multipartForm('image1', 'banner.png', 'image/png', await pngBytes(`#${randomBytes(3).toString('hex')}`, 480, 200));
    const response = await expectOk(
      this.app.inject({ method: 'POST', url: '/api/banners/upload-image', payload: form.payload, headers: { ...this.admin.headers, ...form.headers } }),
    );
    return response.json<{ imageUrl: string[] }>().imageUrl[0] ?? '';
  }

  /** A forgot-password code mailed (through the SMTP receiver) to a new student. */
  async resetCode(): Promise<{ email: string; otp: string }> {
    const { body } = await registerStudent(this.app);
    const response = await this.app.inject({
      method: 'POST',
      url: '/api/students/student/forgot-password/send-otp',
      payload: { email: body.email },
      remoteAddress: newClientAddress(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const mail = await this.smtp.waitFor((m) => m.to.some((to) => to.toLowerCase() === body.email.toLowerCase()));
    return { email: body.email, otp: codeIn(mail) };
  }

  /** A confirmed code's reset token, for a new student. */
  async resetToken(): Promise<string> {
    const { email, otp } = await this.resetCode();
    const response = await this.app.inject({
      method: 'POST',
      url: '/api/students/student/forgot-password/confirm-otp',
      payload: { email, otp },
      remoteAddress: newClientAddress(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { resetToken: string } }>().data.resetToken;
  }
}

/**
 * Brings the world's student and admin back after a hostile request that happened to be valid
 * (a limit set to 1, a profile suspended): the next route's requests start from live callers.
 */
export async function reviveCallers(world: World): Promise<void> {
  const alive = async (headers: Headers) => (await world.app.inject({ url: '/api/sessions/mine', headers })).statusCode === 200;
  if (!(await alive(world.admin.headers))) {
    world.admin.headers = bearer((await signIn(world.app, TEST_ADMIN.email, TEST_ADMIN.password)).token);
    world.headers.admin = world.admin.headers;
  }
  await expectOk(
    world.app.inject({ method: 'PUT', url: '/api/sessions/limit', headers: world.admin.headers, payload: { maxSessions: WORLD_SESSION_LIMIT } }),
  );
  if (!(await alive(world.student.headers))) {
    world.student = await world.fresh.student();
    world.headers.student = world.student.headers;
  }
}

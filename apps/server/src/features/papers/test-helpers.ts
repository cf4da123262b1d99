// Shared by the papers tests: a valid paper body, papers made through the real API, and a class
// with a folder and a student who may open it.
import type { FastifyInstance } from 'fastify';
import type { CreatePaperBody, DriveItem, Paper, PaperAnswer, PaperCreatedAnswer, QuestionBody, UpdatePaperBody } from '@academy/contract';
import { signedInStudent } from '../../../test/factories';
import { adminHeaders, createClass, createSubfolder, giveAccess, type Headers } from '../class-material/test-helpers';
import { okData } from './sitting-helpers';

export type { Headers };

const MINUTE_MS = 60_000;

/** Three questions: English and Sinhala, one worth 2 marks, keys at different places. */
export function sampleQuestions(): QuestionBody[] {
  return [
    { text: 'Which river is the longest in Sri Lanka?', options: ['Mahaweli', 'Kelani', 'Kalu', 'Walawe'], correct: 0, explanation: 'The Mahaweli runs 335 km.' },
    { text: 'අනුරාධපුර රාජධානිය ආරම්භ කළේ කවුද?', options: ['විජය', 'පණ්ඩුකාභය', 'දේවානම්පියතිස්ස'], correct: 1, marks: 2, explanation: 'පණ්ඩුකාභය රජු.' },
    { text: 'In which year did Ceylon gain independence?', options: ['1947', '1948', '1956', '1972'], correct: 1 },
  ];
}

/**
 * A paper body every rule accepts: open since a minute before `now`, closing two hours after it,
 * an hour to sit, three questions. `overrides` replaces what a test is about.
 */
export function paperBody(overrides: Partial<UpdatePaperBody> = {}, now = Date.now()): UpdatePaperBody {
  return {
    title: `Paper ${crypto.randomUUID().slice(0, 6)}`,
    instructions: 'Answer every question. No negative marking.',
    opensAt: new Date(now - MINUTE_MS).toISOString(),
    closesAt: new Date(now + 120 * MINUTE_MS).toISOString(),
    timeLimitMinutes: 60,
    questions: sampleQuestions(),
    ...overrides,
  };
}

export function createPaperRequest(admin: Headers, folderId: string, body: UpdatePaperBody) {
  return { method: 'POST' as const, url: '/api/papers', headers: admin, payload: { folderId, ...body } satisfies CreatePaperBody };
}

/** A paper in the folder, made through `POST papers`: its id and the body it was made from. */
export async function createPaper(
  app: FastifyInstance,
  admin: Headers,
  folderId: string,
  overrides: Partial<UpdatePaperBody> = {},
  now = Date.now(),
): Promise<{ id: string; body: CreatePaperBody }> {
  const body = paperBody(overrides, now);
  const { id } = okData<PaperCreatedAnswer>(await app.inject(createPaperRequest(admin, folderId, body)));
  return { id, body: { folderId, ...body } };
}

export function paperRequest(headers: Headers, paperId: string) {
  return { method: 'GET' as const, url: `/api/papers/${encodeURIComponent(paperId)}`, headers };
}

/** `GET papers/{id}` as this caller, which must be let in. */
export async function getPaper(app: FastifyInstance, headers: Headers, paperId: string): Promise<Paper> {
  return okData<PaperAnswer>(await app.inject(paperRequest(headers, paperId)));
}

/** The whole body of a paper as an admin reads it, ready to send back with `PUT papers/{id}`. */
export function bodyOf(paper: Paper): UpdatePaperBody {
  return {
    title: paper.title,
    instructions: paper.instructions,
    opensAt: paper.opensAt,
    closesAt: paper.closesAt,
    timeLimitMinutes: paper.timeLimitMinutes,
    shuffleQuestions: paper.shuffleQuestions,
    shuffleOptions: paper.shuffleOptions,
    review: paper.review,
    releaseAt: paper.releaseAt,
    batch: paper.batch,
    meritTop: paper.meritTop,
    questions: (paper.questions ?? []).map((question) => ({
      text: question.text,
      image: question.image,
      options: question.options.map((option) => option.text),
      correct: question.correct,
      marks: question.marks,
      explanation: question.explanation,
    })),
  };
}

export type SignedInStudent = Awaited<ReturnType<typeof signedInStudent>>;

export interface PaperClass {
  admin: Headers;
  classFolder: DriveItem;
  /** A folder of the class, where papers are set. */
  folder: DriveItem;
  /** A signed-in student granted the class by e-mail. */
  student: SignedInStudent;
}

/** A class with a folder and a signed-in student who may open it; `student` overrides the registration. */
export async function paperClass(app: FastifyInstance, student: Parameters<typeof signedInStudent>[1] = {}): Promise<PaperClass> {
  const admin = await adminHeaders(app);
  const classFolder = await createClass(app, admin);
  const folder = await createSubfolder(app, admin, classFolder.id, 'Papers');
  const signedIn = await signedInStudent(app, student);
  await giveAccess(app, admin, signedIn.body.email, classFolder.name);
  return { admin, classFolder, folder, student: signedIn };
}

/** Another signed-in student who may open the class (the results tests need several). */
export async function addStudent(app: FastifyInstance, paperClassMade: Pick<PaperClass, 'admin' | 'classFolder'>, student: Parameters<typeof signedInStudent>[1] = {}): Promise<SignedInStudent> {
  const signedIn = await signedInStudent(app, student);
  await giveAccess(app, paperClassMade.admin, signedIn.body.email, paperClassMade.classFolder.name);
  return signedIn;
}

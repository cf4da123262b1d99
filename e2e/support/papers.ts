import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import {
  PAPER_IMAGE_FIELD,
  PAPERS_PATHS,
  startedSitting,
  type CreatePaperBody,
  type HandInAnswer,
  type Paper,
  type PaperAnswer,
  type PaperAttempt,
  type PaperCreatedAnswer,
  type PaperImageAnswer,
  type PaperState,
  type QuestionBody,
  type ResultsAnswer,
  type Save,
  type QuestionsAnswer,
  type StartAnswer,
  type StartedSitting,
} from '@academy/contract';
import { signInByApi } from './accounts';

// Papers made and sat through the API, as the editor and the sitting screen would make and sit
// them, for the specs that are about what comes after (the walks over the paper screens, results
// and ranks). The sitting screen's own saving, offline and hand-in are tested through the screen.

export type Headers = Record<string, string>;
export type Sitting = StartedSitting;

export const MINUTE_MS = 60_000;

/** `/api/papers/...` with the path's `:paperId` and `:studentId` filled in. */
export function paperUrl(path: keyof typeof PAPERS_PATHS, paperId = '', studentId = ''): string {
  return `/api/${PAPERS_PATHS[path].replace(':paperId', encodeURIComponent(paperId)).replace(':studentId', encodeURIComponent(studentId))}`;
}

/** Signs in through the API and answers the bearer header every call of the account takes. */
export async function headersOf(request: APIRequestContext, account: { email: string; password: string }): Promise<Headers> {
  const { token } = await signInByApi(request, account.email, account.password);
  return { authorization: `Bearer ${token}` };
}

/** Questions in Sinhala and English, keys at different places, one worth two marks, each explained. */
export function historyQuestions(): QuestionBody[] {
  return [
    {
      text: 'අනුරාධපුර රාජධානිය ආරම්භ කළේ කවුද?',
      options: ['විජය', 'පණ්ඩුකාභය', 'දේවානම්පියතිස්ස', 'දුටුගැමුණු'],
      correct: 1,
      explanation: 'පණ්ඩුකාභය රජු අනුරාධපුරය රාජධානිය කළේය.',
    },
    {
      text: 'Which river is the longest in Sri Lanka?',
      options: ['Mahaweli', 'Kelani', 'Kalu', 'Walawe'],
      correct: 0,
      explanation: 'The Mahaweli runs 335 km from Horton Plains to Koddiyar Bay.',
    },
    {
      text: 'මහනුවර රාජධානියේ අවසන් රජු කවුද?',
      options: ['ශ්‍රී වික්‍රම රාජසිංහ', 'කීර්ති ශ්‍රී රාජසිංහ', 'රාජාධි රාජසිංහ'],
      correct: 0,
      marks: 2,
      explanation: '1815 මහනුවර ගිවිසුමෙන් ඔහුගේ පාලනය අවසන් විය.',
    },
    {
      text: 'In which year did Ceylon gain independence?',
      options: ['1947', '1948', '1956', '1972'],
      correct: 1,
      explanation: 'On 4 February 1948.',
    },
  ];
}

/** A paper body every rule accepts: open since a minute ago, closing in two hours, an hour to sit. */
export function paperBody(folderId: string, overrides: Partial<CreatePaperBody> = {}): CreatePaperBody {
  const now = Date.now();
  return {
    folderId,
    title: 'Sri Lankan kingdoms: MCQ',
    instructions: 'Answer every question. There is no negative marking.',
    opensAt: new Date(now - MINUTE_MS).toISOString(),
    closesAt: new Date(now + 120 * MINUTE_MS).toISOString(),
    timeLimitMinutes: 60,
    questions: historyQuestions(),
    ...overrides,
  };
}

/** A paper in the folder, made through `POST papers`: its id. */
export async function createPaperByApi(request: APIRequestContext, admin: Headers, body: CreatePaperBody): Promise<string> {
  const response = await request.post(paperUrl('papers'), { headers: admin, data: body });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as PaperCreatedAnswer).data.id;
}

export async function getPaperByApi(request: APIRequestContext, headers: Headers, paperId: string): Promise<Paper> {
  const response = await request.get(paperUrl('paper', paperId), { headers });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as PaperAnswer).data;
}

/** A small PNG drawn at test time (a map-like picture of shapes, no text): a question's picture. */
export async function questionPicture(): Promise<Buffer> {
  const shapes = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="240">
    <rect width="480" height="240" fill="#dcefff"/>
    <path d="M200 30 C 290 40, 330 120, 300 200 C 270 230, 200 230, 180 190 C 150 130, 140 60, 200 30 Z" fill="#6fae6f" stroke="#2f5d2f" stroke-width="4"/>
    <circle cx="240" cy="130" r="12" fill="#b3261e"/>
  </svg>`;
  return sharp(Buffer.from(shapes)).png().toBuffer();
}

/** Uploads a question's picture (`POST papers/images`): its id. */
export async function uploadQuestionPicture(request: APIRequestContext, admin: Headers): Promise<string> {
  const response = await request.post(paperUrl('images'), {
    headers: admin,
    multipart: { [PAPER_IMAGE_FIELD]: { name: 'map.png', mimeType: 'image/png', buffer: await questionPicture() } },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as PaperImageAnswer).data.imageId;
}

/** Starts (or resumes) the paper as a browser of its own, and reads the questions as the sitting screen does: the sitting in the student's order. */
export async function startByApi(request: APIRequestContext, student: Headers, paperId: string): Promise<Sitting> {
  const response = await request.post(paperUrl('start', paperId), { headers: student, data: { deviceKey: randomBytes(16).toString('base64url') } });
  expect(response.status(), await response.text()).toBe(200);
  const questions = await request.get(paperUrl('questions', paperId), { headers: student });
  expect(questions.status(), await questions.text()).toBe(200);
  return startedSitting(((await response.json()) as StartAnswer).data, ((await questions.json()) as QuestionsAnswer).data.questions);
}

/**
 * The saves choosing, for each question named by its text, the option named by its text (the
 * student's order is shuffled, the words are not); seqs follow the highest the server holds.
 */
export function savesFor(sitting: Sitting, choices: Readonly<Record<string, string>>): Save[] {
  return Object.entries(choices).map(([questionText, optionText], index) => {
    const question = sitting.questions.find((candidate) => candidate.text === questionText);
    const option = question?.options.find((candidate) => candidate.text === optionText);
    if (!question || !option) throw new Error(`the paper has no option "${optionText}" of "${questionText}"`);
    return { seq: sitting.lastSeq + index + 1, questionId: question.id, optionId: option.id };
  });
}

/** Starts the paper, chooses as `choices` says (question text to option text) and hands in, in one go. */
export async function sitByApi(request: APIRequestContext, student: Headers, paperId: string, choices: Readonly<Record<string, string>>): Promise<void> {
  const sitting = await startByApi(request, student, paperId);
  const response = await request.post(paperUrl('handIn', paperId), { headers: student, data: { device: sitting.device, saves: savesFor(sitting, choices) } });
  expect(response.status(), await response.text()).toBe(200);
  expect(((await response.json()) as HandInAnswer).data.handedInBy).toBe('student');
}

/** Waits until the paper is in `state` by the server's clock (a close is the close job's, within seconds of `closesAt`). */
export async function waitForPaperState(request: APIRequestContext, admin: Headers, paperId: string, state: PaperState): Promise<void> {
  await expect
    .poll(async () => (await getPaperByApi(request, admin, paperId)).state, { message: `paper ${paperId} is ${state}`, timeout: 30_000 })
    .toBe(state);
}

export async function releaseByApi(request: APIRequestContext, admin: Headers, paperId: string): Promise<void> {
  const response = await request.post(paperUrl('release', paperId), { headers: admin });
  expect(response.status(), await response.text()).toBe(200);
}

export async function resultsByApi(request: APIRequestContext, admin: Headers, paperId: string): Promise<ResultsAnswer['data']> {
  const response = await request.get(paperUrl('results', paperId), { headers: admin });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as ResultsAnswer).data;
}

/** One student's attempt as the tutor inspects it (`GET papers/{id}/students/{studentId}`). */
export async function attemptByApi(request: APIRequestContext, admin: Headers, paperId: string, studentId: string): Promise<PaperAttempt> {
  const response = await request.get(paperUrl('attempt', paperId, studentId), { headers: admin });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: PaperAttempt }).data;
}

/**
 * How long after its creation a paper that students sit through the API closes: long enough for a
 * few starts and hand-ins on a busy machine, short enough that the spec waits for its close.
 */
export const CLOSES_AFTER_MS = 10_000;

import { expect, type APIRequestContext } from '@playwright/test';
import { registerByApi } from './accounts';
import {
  CLOSES_AFTER_MS,
  createPaperByApi,
  headersOf,
  historyQuestions,
  paperBody,
  releaseByApi,
  sitByApi,
  uploadQuestionPicture,
  waitForPaperState,
  type Headers,
} from './papers';

/** The papers of a world (world.ts), each in the state one of the paper screens shows. */
export interface PaperWorld {
  /** Open, never started by the world's student: the paper's page before Start. */
  toStart: string;
  /** Open, with a picture: the walks start it and resume it (the sitting screens, the hand-in dialog). */
  toSit: string;
  /** Open: the time-up walk runs the browser's clock past the student's deadline. */
  timeUp: string;
  /** The time-up paper's limit. */
  timeUpMinutes: number;
  /** Closed, sat by the world's student and a classmate (tied marks, a distractor that beat the key), results released. */
  released: string;
}

const TIME_UP_MINUTES = 30;

/**
 * A paper the world's student and a classmate sit through the API as soon as it is made; it closes
 * CLOSES_AFTER_MS later, the close job ranks it, and it is released.
 */
async function releasedPaper(request: APIRequestContext, admin: Headers, classId: string, className: string, student: Headers): Promise<string> {
  const { body: classmate } = await registerByApi(request, { district: 'Galle' });
  const grant = await request.post('/api/students/student/give-additional-access', { headers: admin, data: { email: classmate.email, className } });
  expect(grant.status(), await grant.text()).toBe(200);
  const questions = historyQuestions();
  const paperId = await createPaperByApi(
    request,
    admin,
    paperBody(classId, { title: 'Ancient kingdoms: term test', closesAt: new Date(Date.now() + CLOSES_AFTER_MS).toISOString(), questions, batch: '2026' }),
  );
  const [first, second, third, fourth] = questions.map((question) => question.text) as [string, string, string, string];
  // The student: the first and the fourth right (2 of 5 marks); the classmate only the third, worth 2:
  // a shared rank. Both chose Kelani, so a distractor beat the key of the second.
  await sitByApi(request, student, paperId, { [first]: 'පණ්ඩුකාභය', [second]: 'Kelani', [third]: 'කීර්ති ශ්‍රී රාජසිංහ', [fourth]: '1948' });
  await sitByApi(request, await headersOf(request, classmate), paperId, { [first]: 'විජය', [second]: 'Kelani', [third]: 'ශ්‍රී වික්‍රම රාජසිංහ', [fourth]: '1947' });
  await waitForPaperState(request, admin, paperId, 'results-ready');
  await releaseByApi(request, admin, paperId);
  return paperId;
}

/**
 * The world's papers, in its class folder, through the API. The released one waits for its close
 * (seconds), so the open ones are made meanwhile.
 */
export async function buildPaperWorld(
  request: APIRequestContext,
  world: { admin: Headers; classId: string; className: string; student: { email: string; password: string } },
): Promise<PaperWorld> {
  const student = await headersOf(request, world.student);
  const released = releasedPaper(request, world.admin, world.classId, world.className, student);
  const picture = await uploadQuestionPicture(request, world.admin);
  const withPicture = historyQuestions().map((question, index) => (index === 1 ? { ...question, image: picture } : question));
  const toStart = await createPaperByApi(request, world.admin, paperBody(world.classId, { title: 'මහනුවර යුගය: බහුවරණ පත්‍රය' }));
  const toSit = await createPaperByApi(request, world.admin, paperBody(world.classId, { title: 'Kandyan kingdom: MCQ 1', questions: withPicture }));
  const timeUp = await createPaperByApi(request, world.admin, paperBody(world.classId, { title: 'Dutch period: quick quiz', timeLimitMinutes: TIME_UP_MINUTES }));
  return { toStart, toSit, timeUp, timeUpMinutes: TIME_UP_MINUTES, released: await released };
}

import { PAPERS_PATHS, questionsAnswerSchema, startAnswerSchema, startedSitting, type StartBody, type StartedSitting } from '@academy/contract';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import { clockSample, type ClockSample } from '../lib/server-clock';

export type StartData = StartedSitting;

/** The start (or resume) answer, and how far the server's clock is from this device's, read from the same exchange. */
export interface StartRead {
  start: StartData;
  clock: ClockSample | null;
}

/**
 * Starts the paper, or resumes the attempt already running: the same call answers the same attempt,
 * order and deadline on every device and after every reload, and never restarts the clock
 * (docs/papers.md, 'Start'). The start answers this student's order; the questions are one answer
 * every student of the paper shares, read once the start has made the attempt, and put in that
 * order here. The sitting screen drives it itself (use-sitting.ts): it first shows what IndexedDB
 * holds, so no query cache stands between the calls.
 */
export async function startPaper(paperId: string, body: StartBody): Promise<StartRead> {
  const sentAt = Date.now();
  const answer = await apiRequest(fillPath(PAPERS_PATHS.start, { paperId }), { method: 'POST', body, schema: startAnswerSchema });
  const clock = clockSample(sentAt, Date.now(), answer.data.serverNow);
  const questions = await apiRequest(fillPath(PAPERS_PATHS.questions, { paperId }), { schema: questionsAnswerSchema });
  return { start: startedSitting(answer.data, questions.data.questions), clock };
}

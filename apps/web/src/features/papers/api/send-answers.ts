import { answersAnswerSchema, PAPERS_PATHS, type AnswersBody } from '@academy/contract';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import type { AnswersData, AnswerTransport } from '../lib/answer-queue';
import { handIn } from './hand-in';

/**
 * One request of the answer queue's saves (and page-away or offline periods). `keepalive` lets the
 * last one finish after the tab is hidden or closed, as watching's reports do: fetch's keepalive
 * carries the bearer header, which sendBeacon cannot.
 */
export async function sendAnswers(paperId: string, body: AnswersBody, keepalive = false): Promise<AnswersData> {
  const answer = await apiRequest(fillPath(PAPERS_PATHS.answers, { paperId }), { method: 'POST', body, schema: answersAnswerSchema, keepalive });
  return answer.data;
}

/** Whether the page is hidden or closing: a request sent now must outlive it. */
function pageGoing(): boolean {
  return typeof document !== 'undefined' && document.visibilityState === 'hidden';
}

/**
 * The answer queue's calls over the api client, whose ApiError carries the `status` and the
 * refusal's `body` the queue reads. A request sent while the page is hidden is the last one the
 * page may get to send (the phone locks, the tab closes), so it goes with `keepalive`.
 */
export const sittingTransport: AnswerTransport = {
  sendAnswers: (paperId, body) => sendAnswers(paperId, body, pageGoing()),
  handIn: (paperId, body) => handIn(paperId, body, pageGoing()),
};

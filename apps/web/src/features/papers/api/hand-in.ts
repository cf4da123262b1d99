import { handInAnswerSchema, PAPERS_PATHS, type HandInBody } from '@academy/contract';
import { apiRequest } from '../../../lib/api-client';
import { fillPath } from '../../../lib/api-path';
import type { HandInData } from '../lib/answer-queue';

/**
 * The hand-in, carrying the saves still waiting, so the last choices and the hand-in are one step;
 * the server answers a repeat with the first hand-in's time. `keepalive` as for the saves.
 */
export async function handIn(paperId: string, body: HandInBody, keepalive = false): Promise<HandInData> {
  const answer = await apiRequest(fillPath(PAPERS_PATHS.handIn, { paperId }), { method: 'POST', body, schema: handInAnswerSchema, keepalive });
  return answer.data;
}

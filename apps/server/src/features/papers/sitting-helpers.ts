// Shared by the papers tests: a student's start, saves and hand-in through the real API.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { startedSitting, type AnswersAnswer, type AnswersBody, type HandInAnswer, type HandInBody, type QuestionsAnswer, type Save, type StartAnswer, type StartedSitting } from '@academy/contract';

export type Headers = Record<string, string>;
export type Sitting = StartedSitting;

const paperUrl = (paperId: string, call: 'start' | 'questions' | 'answers' | 'hand-in') => `/api/papers/${encodeURIComponent(paperId)}/${call}`;

/** The data of an answer that must be a 200 (its body is the failure's message otherwise). */
export function okData<T extends { data: unknown }>(response: LightMyRequestResponse): T['data'] {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>().data;
}

/** A browser's own random key, as the sitting screen keeps one per browser. */
export function newDeviceKey(): string {
  return randomBytes(16).toString('base64url');
}

export function startPaper(app: FastifyInstance, headers: Headers, paperId: string, deviceKey = newDeviceKey()): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: paperUrl(paperId, 'start'), headers, payload: { deviceKey } });
}

export function getQuestions(app: FastifyInstance, headers: Headers, paperId: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: paperUrl(paperId, 'questions'), headers });
}

/** Starts (or resumes, with the same `deviceKey`) and reads the questions, as the sitting screen does: the sitting in the student's order. */
export async function startSitting(app: FastifyInstance, headers: Headers, paperId: string, deviceKey = newDeviceKey()): Promise<Sitting> {
  const start = okData<StartAnswer>(await startPaper(app, headers, paperId, deviceKey));
  return startedSitting(start, okData<QuestionsAnswer>(await getQuestions(app, headers, paperId)).questions);
}

export function sendSaves(app: FastifyInstance, headers: Headers, paperId: string, body: AnswersBody): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: paperUrl(paperId, 'answers'), headers, payload: body });
}

/** Sends saves that must be taken, and answers what the server did with them. */
export async function saveAnswers(app: FastifyInstance, headers: Headers, paperId: string, body: AnswersBody): Promise<AnswersAnswer['data']> {
  return okData<AnswersAnswer>(await sendSaves(app, headers, paperId, body));
}

export function handIn(app: FastifyInstance, headers: Headers, paperId: string, body: HandInBody): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: paperUrl(paperId, 'hand-in'), headers, payload: body });
}

/** Hands in (with any saves still waiting) and answers the hand-in's data. */
export async function handInOk(app: FastifyInstance, headers: Headers, paperId: string, body: HandInBody): Promise<HandInAnswer['data']> {
  return okData<HandInAnswer>(await handIn(app, headers, paperId, body));
}

/**
 * A save choosing option `option` (in the order the student sees) of the student's question
 * `question` (also in their order), or clearing it with `null`.
 */
export function choose(sitting: Sitting, question: number, option: number | null, seq: number): Save {
  const shown = sitting.questions[question];
  if (!shown) throw new Error(`the sitting has no question ${question}`);
  const optionId = option === null ? null : shown.options[option]?.id;
  if (optionId === undefined) throw new Error(`question ${question} has no option ${String(option)}`);
  return { seq, questionId: shown.id, optionId };
}

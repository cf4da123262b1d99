import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { preferencesAnswerSchema, type Preferences } from '@academy/contract';
import type { Headers } from '../messages/test-helpers';

// The preferences calls of this feature's tests, through inject().

/** The settings that give a test app e-mail (PUBLIC_URL) and SMS (Notify.lk, the default SMS_KINDS). */
export const EMAIL_AND_SMS = {
  PUBLIC_URL: 'https://portal.example.lk',
  SMS_PROVIDER: 'notify.lk',
  SMS_SENDER_ID: 'Academy',
  SMS_NOTIFYLK_USER_ID: '1234',
  SMS_NOTIFYLK_API_KEY: 'test-api-key',
};

export async function preferences(app: FastifyInstance, headers: Headers): Promise<Preferences> {
  const response = await app.inject({ url: '/api/notifications/preferences', headers });
  expect(response.statusCode, response.body).toBe(200);
  return preferencesAnswerSchema.parse(response.json()).data;
}

export function putPreferences(app: FastifyInstance, headers: Headers, payload: object) {
  return app.inject({ method: 'PUT', url: '/api/notifications/preferences', headers, payload });
}

/** One kind's switches from an answer. */
export function kindOf(answer: Preferences, kind: string) {
  return answer.kinds.find((entry) => entry.kind === kind);
}

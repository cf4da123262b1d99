import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Message, MessageBody, MessageListAnswer, RegisterBody } from '@academy/contract';
import { signedInStudent, signIn } from '../../../test/factories';
import { TEST_ADMIN } from '../../../test/test-app';

// Shared by this feature's tests: signed-in callers and the calls they make, through inject().

export type Headers = { authorization: string };

export async function adminHeaders(app: FastifyInstance): Promise<Headers> {
  const login = await signIn(app, TEST_ADMIN.email, TEST_ADMIN.password);
  return { authorization: `Bearer ${login.token}` };
}

/** A signed-in student of the given batch, history type and class type. */
export async function student(app: FastifyInstance, batch: string, historyType: 'Indian' | 'Europe', classType: string) {
  const overrides = {
    batch,
    historyType,
    indianHistory: historyType === 'Indian',
    europeHistory: historyType === 'Europe',
    classType,
  } as Partial<RegisterBody>;
  return signedInStudent(app, overrides);
}

let counter = 0;

/** Sends a message as the admin and answers it; the text is unique so tests can find it. */
export async function send(app: FastifyInstance, headers: Headers, body: Partial<MessageBody> = {}): Promise<Message> {
  counter += 1;
  const payload = { message: `Notice ${counter} ${crypto.randomUUID().slice(0, 8)}`, link: '', batch: '', region: [], classType: [], ...body };
  const response = await app.inject({ method: 'POST', url: '/api/messages/message/send', headers, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Message }>().data;
}

/** The caller's feed through get-by-batch, with whatever path values a test wants to try. */
export async function feed(app: FastifyInstance, headers: Headers, path = '2026/Indian/Theory', query = ''): Promise<MessageListAnswer> {
  const response = await app.inject({ url: `/api/messages/message/get-by-batch/${path}${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MessageListAnswer>();
}

export async function unread(app: FastifyInstance, headers: Headers): Promise<number> {
  const response = await app.inject({ url: '/api/messages/message/unread', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { count: number } }>().data.count;
}

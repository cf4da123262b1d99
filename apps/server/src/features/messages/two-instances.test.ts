import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageEventSchema } from '@academy/contract';
import { buildApp } from '../../app';
import { createDatabase, type Db } from '../../db/database';
import { redisUnavailable, TEST_REDIS_URL, testRedisPrefix } from '../../../test/redis';
import { connectSse, type ReceivedEvent } from '../../../test/sse-client';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { TEST_ADMIN, testConfig } from '../../../test/test-app';
import { student } from './test-helpers';

// The issue's 'Done when': two real server instances on one PostgreSQL schema and one Redis; a
// message sent through the first reaches an SSE client connected to the second. CI has both
// services; elsewhere the test says why it is skipped.

async function skipReason(): Promise<string | null> {
  if (process.env.TEST_ENGINE !== 'postgres') return 'runs in the postgres project (set TEST_DATABASE_URL)';
  return redisUnavailable();
}

const reason = await skipReason();

describe.skipIf(reason)(`two server instances, one PostgreSQL, one Redis${reason ? ` (skipped: ${reason})` : ''}`, () => {
  let database: TestDatabase;
  let secondDb: Db;
  let first: FastifyInstance;
  let second: FastifyInstance;
  const urls = { first: '', second: '' };

  beforeAll(async () => {
    database = await createTestDatabase();
    if (database.target.kind !== 'postgres') throw new Error('expected a PostgreSQL test database');
    // One secret, as instances behind one load balancer share JWT_SECRET.
    const config = testConfig(database, {
      JWT_SECRET: crypto.randomUUID() + crypto.randomUUID(),
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: testRedisPrefix(),
    });
    const schema = database.target.schema;
    // Each instance has its own connection pool, as two processes would.
    secondDb = createDatabase(database.target);
    first = await buildApp(config, { database: { db: database.db, schema }, logger: false });
    second = await buildApp(config, { database: { db: secondDb, schema }, logger: false });
    urls.first = await first.listen({ port: 0, host: '127.0.0.1' });
    urls.second = await second.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await secondDb?.destroy();
    await database?.drop();
  });

  async function call(base: string, method: string, path: string, token: string, body?: unknown) {
    const response = await fetch(`${base}/api/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(response.status, `${method} ${path}`).toBe(200);
    return (await response.json()) as { data: { _id: string } };
  }

  const about = (type: string, id: string) => (event: ReceivedEvent) => {
    if (event.event !== type) return false;
    const data = messageEventSchema.parse(JSON.parse(event.data));
    return data.type === 'deleted' ? data.id === id : data.message._id === id;
  };

  it('carries a message sent through the first instance to a feed open on the second, and its edit and delete', async () => {
    const signIn = await fetch(`${urls.first}/api/students/student/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    });
    const admin = ((await signIn.json()) as { token: string }).token;
    const reader = await student(first, '2026', 'Indian', 'Theory&Revision');
    const outsider = await student(first, '2025', 'Indian', 'Theory');

    const onSecond = await connectSse(`${urls.second}/api/messages/message/stream`, reader.login.token);
    const outsiderOnSecond = await connectSse(`${urls.second}/api/messages/message/stream`, outsider.login.token);
    expect(onSecond.status).toBe(200);

    const body = { message: 'Theory class starts at 4 pm', link: '', batch: '2026', region: ['Indian'], classType: ['Theory'] };
    const sent = await call(urls.first, 'POST', 'messages/message/send', admin, body);
    const created = messageEventSchema.parse(JSON.parse((await onSecond.next(about('created', sent.data._id))).data));
    expect(created).toMatchObject({ type: 'created', unread: true, message: { _id: sent.data._id, message: body.message } });

    await call(urls.first, 'PUT', `messages/message/update/${sent.data._id}`, admin, { ...body, message: 'Now at 5 pm' });
    const updated = messageEventSchema.parse(JSON.parse((await onSecond.next(about('updated', sent.data._id))).data));
    expect(updated).toMatchObject({ type: 'updated', message: { message: 'Now at 5 pm' } });

    await call(urls.first, 'DELETE', `messages/message/delete/${sent.data._id}`, admin);
    await onSecond.next(about('deleted', sent.data._id));

    // The 2025 student's stream on the second instance never carried the message itself.
    const carried = outsiderOnSecond.received.map((event) => event.data).join('\n');
    expect(carried).not.toContain(body.message);
    expect(carried).not.toContain('Now at 5 pm');
    onSecond.close();
    outsiderOnSecond.close();
  });

  it('ends a session on the second instance within a moment when the first suspends the account', async () => {
    const signIn = await fetch(`${urls.first}/api/students/student/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    });
    const admin = ((await signIn.json()) as { token: string }).token;
    const suspended = await student(first, '2026', 'Europe', 'Paper');
    const profile = `students/student/getbyid/${suspended.student._id}`;
    // The second instance has checked (and remembers) this caller...
    await call(urls.second, 'GET', profile, suspended.login.token);
    await call(urls.first, 'PUT', `students/student/state/update/${suspended.student._id}`, admin, { state: 'de-active' });
    // ...and forgets it as soon as Redis carries the first instance's word (well under a second;
    // without the bus it would take the cache's 5 s lifetime).
    const status = () => fetch(`${urls.second}/api/${profile}`, { headers: { authorization: `Bearer ${suspended.login.token}` } }).then((r) => r.status);
    await expect.poll(status, { timeout: 1000, interval: 20 }).toBe(401);
  });
});

import { describe, expect, it } from 'vitest';
import { messageEventSchema } from '@academy/contract';
import { signIn } from '../../../test/factories';
import { connectSse, type ReceivedEvent } from '../../../test/sse-client';
import { TEST_ADMIN } from '../../../test/test-app';
import { twoInstancesUnavailable, useTwoInstances } from '../../../test/two-instances';
import { student } from './test-helpers';

// The issue's 'Done when': two real server instances on one PostgreSQL schema and one Redis; a
// message sent through the first reaches an SSE client connected to the second.
// test/scale-out.test.ts proves the rest of what instances share (limits, tokens, tickets).

const reason = await twoInstancesUnavailable();

describe.skipIf(reason)(`two server instances, one PostgreSQL, one Redis${reason ? ` (skipped: ${reason})` : ''}`, () => {
  const pair = useTwoInstances();
  const urls = pair.urls;

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
    const admin = (await signIn(pair.first, TEST_ADMIN.email, TEST_ADMIN.password)).token;
    const reader = await student(pair.first, '2026', 'Indian', 'Theory&Revision');
    const outsider = await student(pair.first, '2025', 'Indian', 'Theory');

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
    const admin = (await signIn(pair.first, TEST_ADMIN.email, TEST_ADMIN.password)).token;
    const suspended = await student(pair.first, '2026', 'Europe', 'Paper');
    const profile = `students/student/getbyid/${suspended.student._id}`;
    // The second instance has checked (and remembers) this caller...
    await call(urls.second, 'GET', profile, suspended.login.token);
    await call(urls.first, 'PUT', `students/student/state/update/${suspended.student._id}`, admin, { state: 'de-active', password: TEST_ADMIN.password });
    // ...and forgets it as soon as Redis carries the first instance's word (well under a second;
    // without the bus it would take the cache's 5 s lifetime).
    const status = () => fetch(`${urls.second}/api/${profile}`, { headers: { authorization: `Bearer ${suspended.login.token}` } }).then((r) => r.status);
    await expect.poll(status, { timeout: 1000, interval: 20 }).toBe(401);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { messageEventSchema, type MessageEvent } from '@academy/contract';
import { connectSse, type ReceivedEvent, type SseClient } from '../../../test/sse-client';
import { startTestApp, TEST_ADMIN, useTestApp } from '../../../test/test-app';
import { adminHeaders, send, student, type Headers } from './test-helpers';

const STREAM = '/api/messages/message/stream';

function parse(event: ReceivedEvent): MessageEvent {
  return messageEventSchema.parse(JSON.parse(event.data));
}

/** Waits for the event of `type` about message `id`. */
function about(type: MessageEvent['type'], id: string) {
  return (event: ReceivedEvent) => {
    if (event.event !== type) return false;
    const data = parse(event);
    return data.type === 'deleted' ? data.id === id : data.message._id === id;
  };
}

describe('the live stream (Server-Sent Events) on one instance', () => {
  // Heartbeat and account re-check every second, so the tests see both in time.
  const t = useTestApp({ STREAM_HEARTBEAT_SECONDS: '1', STREAM_RECHECK_SECONDS: '1' });
  let base = '';
  const token = (headers: Headers) => headers.authorization.slice('Bearer '.length);
  const connect = (headers: Headers) => connectSse(`${base}${STREAM}`, token(headers));

  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('refuses a connection without a valid bearer header, and never reads a token from the address', async () => {
    const admin = await adminHeaders(t.app);
    const urls = [`${base}${STREAM}`, `${base}${STREAM}?token=${token(admin)}`, `${base}${STREAM}?access_token=${token(admin)}`];
    for (const url of urls) {
      const refused = await connectSse(url, null);
      expect(refused.status, url).toBe(401);
      expect(JSON.parse(await refused.body).code).toBe(401);
    }
    expect((await connectSse(`${base}${STREAM}`, 'not-a-token')).status).toBe(401);
  });

  it('sends a stream with the event-stream headers, uncompressed, and heartbeats', async () => {
    const admin = await adminHeaders(t.app);
    const client = await connectSse(`${base}${STREAM}`, token(admin), { 'accept-encoding': 'gzip, br' });
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(client.headers['content-encoding']).toBeUndefined();
    expect(client.headers['cache-control']).toContain('no-transform');
    await client.next((event) => event.event === 'comment', 3000);
    client.close();
  });

  it("carries new, edited and deleted messages to exactly the feeds they reach", async () => {
    const admin = await adminHeaders(t.app);
    const reached = await student(t.app, '2026', 'Indian', 'Theory&Revision');
    const europe = await student(t.app, '2026', 'Europe', 'Theory');
    const older = await student(t.app, '2025', 'Indian', 'Theory');
    const clients: SseClient[] = await Promise.all([connect(reached.headers), connect(europe.headers), connect(older.headers), connect(admin)]);
    const [toReached, toEurope, toOlder, toAdmin] = clients as [SseClient, SseClient, SseClient, SseClient];

    const message = await send(t.app, admin, { batch: '2026', region: ['Indian'], classType: ['Theory'] });
    expect(parse(await toReached.next(about('created', message._id)))).toEqual({ type: 'created', message, unread: true });
    // The author's own tab hears it too, but it does not light the author's bell.
    expect(parse(await toAdmin.next(about('created', message._id)))).toMatchObject({ unread: false });

    const edit = { message: 'Edited for 2026 Indian Theory', link: 'https://example.lk/a', batch: '2026', region: ['Indian'], classType: ['Theory'] };
    await t.app.inject({ method: 'PUT', url: `/api/messages/message/update/${message._id}`, headers: admin, payload: edit });
    expect(parse(await toReached.next(about('updated', message._id)))).toMatchObject({ message: { message: edit.message } });

    // Edited out of the student's reach: it leaves their feed.
    await t.app.inject({ method: 'PUT', url: `/api/messages/message/update/${message._id}`, headers: admin, payload: { ...edit, classType: ['Paper'] } });
    await toReached.next(about('deleted', message._id));
    await t.app.inject({ method: 'DELETE', url: `/api/messages/message/delete/${message._id}`, headers: admin });
    await toAdmin.next(about('deleted', message._id));

    // A message for everyone marks the point by which anything for the others would have arrived.
    const marker = await send(t.app, admin);
    for (const client of [toEurope, toOlder]) {
      await client.next(about('created', marker._id));
      const carried = client.received.filter((e) => e.event !== 'comment').map((e) => e.data);
      expect(carried.some((data) => data.includes(edit.message) || data.includes(message.message))).toBe(false);
    }
    for (const client of clients) client.close();
  });

  it("ends a suspended student's stream at the next re-check, and refuses them a new one", async () => {
    const admin = await adminHeaders(t.app);
    const reader = await student(t.app, '2027', 'Europe', 'Paper');
    const client = await connect(reader.headers);
    const suspend = await t.app.inject({
      method: 'PUT',
      url: `/api/students/student/state/update/${reader.student._id}`,
      headers: admin,
      payload: { state: 'de-active', password: TEST_ADMIN.password },
    });
    expect(suspend.statusCode).toBe(200);
    await expect(Promise.race([client.ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('still open'), 4000))])).resolves.toBe('ended');
    expect((await connect(reader.headers)).status).toBe(401);
  });

  it('follows a profile change: a student moved to another batch gets that batch\'s messages', async () => {
    const admin = await adminHeaders(t.app);
    const reader = await student(t.app, '2025', 'Indian', 'Theory');
    const client = await connect(reader.headers);
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/students/student/update/${reader.student._id}`,
      headers: admin,
      payload: { batch: '2027' },
    });
    expect(moved.statusCode).toBe(200);
    // The stream re-reads its account every second, however busy the machine: messages to the new
    // batch are sent until one arrives, instead of guessing how long the re-check takes.
    for (const deadline = Date.now() + 30_000; ; ) {
      const message = await send(t.app, admin, { batch: '2027' });
      const arrived = await client.next(about('created', message._id), 1_500).then(
        () => true,
        (error: unknown) => {
          if (Date.now() > deadline) throw error;
          return false;
        },
      );
      if (arrived) break;
    }
    client.close();
  });
});

describe('closing the server', () => {
  it('ends open streams instead of waiting on them', async () => {
    const { app, database } = await startTestApp();
    try {
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const admin = await adminHeaders(app);
      const client = await connectSse(`${base}${STREAM}`, admin.authorization.slice(7));
      expect(client.status).toBe(200);
      await app.close();
      await client.ended;
    } finally {
      await database.drop();
    }
  });
});

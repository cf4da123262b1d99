import { describe, expect, it } from 'vitest';
import { notificationStreamEventSchema } from '@academy/contract';
import { signIn } from '../../../test/factories';
import { connectSse } from '../../../test/sse-client';
import { TEST_ADMIN } from '../../../test/test-app';
import { twoInstancesUnavailable, useTwoInstances } from '../../../test/two-instances';
import { student } from '../messages/test-helpers';

// The bell across instances: the first runs no notification jobs, so an announcement sent through
// it is fanned out by the second, whose event reaches a bell open on the first through Redis.

const reason = await twoInstancesUnavailable();

describe.skipIf(reason)(`the bell on two server instances${reason ? ` (skipped: ${reason})` : ''}`, () => {
  const pair = useTwoInstances({}, { NOTIFY_JOB_CONCURRENCY: '0' });

  it('an announcement sent through the first, fanned out by the second, reaches a bell open on the first, and its withdrawal too', async () => {
    const admin = { authorization: `Bearer ${(await signIn(pair.first, TEST_ADMIN.email, TEST_ADMIN.password)).token}` };
    const reader = await student(pair.first, '2026', 'Indian', 'Theory');
    const bell = await connectSse(`${pair.urls.first}/api/notifications/stream`, reader.login.token);
    expect(bell.status).toBe(200);
    try {
      const sent = await pair.first.inject({ method: 'POST', url: '/api/messages/message/send', headers: admin, payload: { message: 'Revision moves to Saturday', batch: '2026' } });
      expect(sent.statusCode, sent.body).toBe(200);
      const created = notificationStreamEventSchema.parse(JSON.parse((await bell.next((event) => event.event === 'created', 15_000)).data));
      expect(created).toMatchObject({ type: 'created', item: { kind: 'message.new', params: { excerpt: 'Revision moves to Saturday' } }, unread: 1 });

      const messageId = sent.json<{ data: { _id: string } }>().data._id;
      expect((await pair.first.inject({ method: 'DELETE', url: `/api/messages/message/delete/${messageId}`, headers: admin })).statusCode).toBe(200);
      const withdrawn = notificationStreamEventSchema.parse(JSON.parse((await bell.next((event) => event.event === 'withdrawn', 15_000)).data));
      expect(withdrawn).toMatchObject({ type: 'withdrawn', unread: 0 });
    } finally {
      bell.close();
    }
  });
});

import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import type { NotificationItem, NotificationListAnswer } from '@academy/contract';
import type { Db } from '../../db/database';
import type { Headers } from '../messages/test-helpers';

// Shared by this feature's tests: the bell's calls through inject(), and waiting for a fan-out
// (a job, run by the app's own worker) to reach a bell.

export async function bell(app: FastifyInstance, headers: Headers, query = ''): Promise<NotificationListAnswer['data']> {
  const response = await app.inject({ url: `/api/notifications${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationListAnswer>().data;
}

export async function unreadBadge(app: FastifyInstance, headers: Headers): Promise<number> {
  const response = await app.inject({ url: '/api/notifications/unread', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { count: number } }>().data.count;
}

/** The caller's bell item whose words hold `text`, once the fan-out has put it there. */
export async function itemAbout(app: FastifyInstance, headers: Headers, text: string): Promise<NotificationItem> {
  let found: NotificationItem | undefined;
  await vi.waitFor(
    async () => {
      found = (await bell(app, headers)).items.find((item) => Object.values(item.params).some((value) => value.includes(text)));
      expect(found, `no bell item about ${text}`).toBeDefined();
    },
    { timeout: 10_000, interval: 50 },
  );
  if (!found) throw new Error(`no bell item about ${text}`);
  return found;
}

export function openItem(app: FastifyInstance, headers: Headers, id: string, via = 'bell') {
  return app.inject({ method: 'POST', url: `/api/notifications/${encodeURIComponent(id)}/open`, headers, payload: { via } });
}

export function markRead(app: FastifyInstance, headers: Headers, payload: object) {
  return app.inject({ method: 'POST', url: '/api/notifications/read', headers, payload });
}

/** The accounts a notification reached, in id order. */
export async function recipientsOf(db: Db, notificationId: string): Promise<string[]> {
  const rows = await db.selectFrom('notification_recipients').select('account_id').where('notification_id', '=', notificationId).execute();
  return rows.map((row) => row.account_id).sort();
}

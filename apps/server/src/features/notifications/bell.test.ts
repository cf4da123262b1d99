import { beforeAll, describe, expect, it, vi } from 'vitest';
import { NOTIFICATIONS_TEXT, notificationStreamEventSchema, type NotificationStreamEvent } from '@academy/contract';
import { connectSse, type ReceivedEvent } from '../../../test/sse-client';
import { useTestApp } from '../../../test/test-app';
import { adminHeaders, feed, send, student, type Headers } from '../messages/test-helpers';
import { bell, itemAbout, markRead, openItem, unreadBadge } from './test-helpers';

const parse = (event: ReceivedEvent): NotificationStreamEvent => notificationStreamEventSchema.parse(JSON.parse(event.data));

describe('the bell', () => {
  const t = useTestApp({ STREAM_HEARTBEAT_SECONDS: '1', STREAM_RECHECK_SECONDS: '1' });
  let admin: Headers;
  beforeAll(async () => {
    admin = await adminHeaders(t.app);
  });

  it('lists a student\'s notifications newest first, 20 a page, with the unread count', async () => {
    const me = await student(t.app, '2027', 'Indian', 'Paper');
    const sent = [];
    for (let i = 0; i < 21; i += 1) sent.push(await send(t.app, admin, { batch: '2027', classType: ['Paper'] }));
    const newest = sent.at(-1);
    if (!newest) throw new Error('nothing sent');
    await vi.waitFor(async () => expect(await unreadBadge(t.app, me.headers)).toBe(21), { timeout: 15_000, interval: 100 });

    const first = await bell(t.app, me.headers);
    expect(first.items).toHaveLength(20);
    expect(first.unread).toBe(21);
    expect(first.items[0]).toMatchObject({ kind: 'message.new', params: { excerpt: newest.message }, link: '/message', readAt: null, openedAt: null });
    expect(first.before).not.toBeNull();
    const second = await bell(t.app, me.headers, `?before=${encodeURIComponent(first.before ?? '')}`);
    expect(second.items.map((item) => item.params.excerpt)).toEqual([sent[0]?.message]);
    expect(second.before).toBeNull();
    expect(new Set([...first.items, ...second.items].map((item) => item.id)).size).toBe(21);

    const bad = await t.app.inject({ url: '/api/notifications?before=yesterday', headers: me.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: [{ field: 'before' }] });
  });

  it('opens an item: first open recorded, read, its link answered; another account\'s item is not found', async () => {
    const me = await student(t.app, '2025', 'Europe', 'Theory');
    const other = await student(t.app, '2025', 'Europe', 'Theory');
    const message = await send(t.app, admin, { batch: '2025' });
    const item = await itemAbout(t.app, me.headers, message.message);
    const theirs = await itemAbout(t.app, other.headers, message.message);

    const opened = await openItem(t.app, me.headers, item.id, 'push');
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ data: { link: '/message' } });
    const again = await openItem(t.app, me.headers, item.id, 'email');
    expect(again.statusCode).toBe(200);
    const row = await t.database.db.selectFrom('notification_recipients').selectAll().where('id', '=', item.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ opened_via: 'push' });
    expect(row.read_at).toBe(row.opened_at);

    for (const [headers, id] of [[me.headers, theirs.id], [admin, item.id], [me.headers, 'no-such-notification']] as const) {
      const refused = await openItem(t.app, headers, id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 404, message: NOTIFICATIONS_TEXT.noLongerAvailable });
    }
    expect((await bell(t.app, other.headers)).items.find((mine) => mine.id === theirs.id)?.openedAt).toBeNull();

    const badVia = await openItem(t.app, me.headers, item.id, 'carrier-pigeon');
    expect(badVia.statusCode).toBe(400);
    expect(badVia.json()).toMatchObject({ errors: [{ field: 'via' }] });
  });

  it('marks named items or all read, never another account\'s; the feed marks the messages it shows read', async () => {
    const me = await student(t.app, '2026', 'Indian', 'Revision');
    const other = await student(t.app, '2026', 'Indian', 'Revision');
    const [a, b, c] = [await send(t.app, admin, { classType: ['Revision'] }), await send(t.app, admin, { classType: ['Revision'] }), await send(t.app, admin, { classType: ['Revision'] })];
    if (!a || !b || !c) throw new Error('nothing sent');
    const [itemA, itemB] = [await itemAbout(t.app, me.headers, a.message), await itemAbout(t.app, me.headers, b.message)];
    await itemAbout(t.app, me.headers, c.message);
    const theirs = await itemAbout(t.app, other.headers, a.message);
    const before = await unreadBadge(t.app, me.headers);

    const named = await markRead(t.app, me.headers, { ids: [itemA.id, theirs.id] });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toMatchObject({ data: { unread: before - 1 } });
    expect((await bell(t.app, other.headers)).items.find((item) => item.id === theirs.id)?.readAt).toBeNull();
    expect((await bell(t.app, me.headers, '?unread=true')).items.map((item) => item.id)).not.toContain(itemA.id);

    const all = await markRead(t.app, me.headers, { all: true });
    expect(all.json()).toMatchObject({ data: { unread: 0 } });
    expect((await bell(t.app, me.headers)).items.find((item) => item.id === itemB.id)?.openedAt).toBeNull();

    for (const payload of [{}, { ids: [] }, { all: false }, { ids: Array.from({ length: 101 }, (_, i) => `id-${i}`) }]) {
      const refused = await markRead(t.app, me.headers, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }

    expect(await unreadBadge(t.app, other.headers)).toBeGreaterThan(0);
    await feed(t.app, other.headers);
    await vi.waitFor(async () => expect((await bell(t.app, other.headers)).items.find((item) => item.id === theirs.id)?.readAt).not.toBeNull(), { timeout: 5000 });
  });

  it('a deleted message\'s notification leaves the bell; an edit changes its words', async () => {
    const me = await student(t.app, '2027', 'Europe', 'Theory');
    const message = await send(t.app, admin, { batch: '2027', region: ['Europe'] });
    const item = await itemAbout(t.app, me.headers, message.message);

    const edited = `${message.message} (moved to Sunday)`;
    const update = await t.app.inject({ method: 'PUT', url: `/api/messages/message/update/${message._id}`, headers: admin, payload: { message: edited, link: '', batch: '2027', region: ['Europe'], classType: [] } });
    expect(update.statusCode, update.body).toBe(200);
    expect((await bell(t.app, me.headers)).items.find((mine) => mine.id === item.id)?.params.excerpt).toBe(edited);

    const unreadBefore = await unreadBadge(t.app, me.headers);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/messages/message/delete/${message._id}`, headers: admin });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await bell(t.app, me.headers)).items.map((mine) => mine.id)).not.toContain(item.id);
    expect(await unreadBadge(t.app, me.headers)).toBe(unreadBefore - 1);
    expect((await openItem(t.app, me.headers, item.id)).statusCode).toBe(404);
  });

  it('streams created, read and withdrawn to the bells they concern, each with the unread count', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const me = await student(t.app, '2026', 'Europe', 'Paper');
    const elsewhere = await student(t.app, '2025', 'Europe', 'Paper');
    const token = (headers: Headers) => headers.authorization.slice('Bearer '.length);
    const mine = await connectSse(`${base}/api/notifications/stream`, token(me.headers));
    const theirs = await connectSse(`${base}/api/notifications/stream`, token(elsewhere.headers));
    expect(mine.status).toBe(200);
    expect(mine.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    try {
      const message = await send(t.app, admin, { batch: '2026', classType: ['Paper'] });
      const created = parse(await mine.next((event) => event.event === 'created', 10_000));
      expect(created).toMatchObject({ type: 'created', item: { kind: 'message.new', params: { excerpt: message.message } }, unread: 1 });
      if (created.type !== 'created') throw new Error('not a created event');

      expect((await openItem(t.app, me.headers, created.item.id)).statusCode).toBe(200);
      expect(parse(await mine.next((event) => event.event === 'read'))).toEqual({ type: 'read', ids: [created.item.id], unread: 0 });

      await t.app.inject({ method: 'DELETE', url: `/api/messages/message/delete/${message._id}`, headers: admin });
      expect(parse(await mine.next((event) => event.event === 'withdrawn', 10_000))).toEqual({ type: 'withdrawn', ids: [created.item.id], unread: 0 });
      expect(theirs.received.filter((event) => event.event !== 'comment' && event.event !== 'message')).toEqual([]);
    } finally {
      mine.close();
      theirs.close();
    }
  });
});

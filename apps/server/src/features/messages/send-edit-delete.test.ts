import { describe, expect, it } from 'vitest';
import { MESSAGES_TEXT, SERVER_TEXT, type Message } from '@academy/contract';
import { useTestApp } from '../../../test/test-app';
import { adminHeaders, feed, send, student } from './test-helpers';

const SEND = '/api/messages/message/send';
const update = (id: string) => `/api/messages/message/update/${id}`;
const remove = (id: string) => `/api/messages/message/delete/${id}`;

describe('sending, editing and deleting messages', () => {
  const t = useTestApp();

  it('sends a message and answers it with its targets in list order, each once', async () => {
    const headers = await adminHeaders(t.app);
    const message = await send(t.app, headers, {
      message: '  Paper class moves to Saturday  ',
      link: ' https://academy.example.lk/timetable ',
      batch: ' 2026 ',
      region: ['Europe', 'Indian', 'Europe'],
      classType: ['Paper', 'Theory', 'Paper'],
    });
    expect(message).toMatchObject({
      message: 'Paper class moves to Saturday',
      link: 'https://academy.example.lk/timetable',
      batch: '2026',
      region: ['Indian', 'Europe'],
      classType: ['Theory', 'Paper'],
      views: 0,
    });
    expect(message._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(message.createdAt).toBe(message.updatedAt);
  });

  it('refuses bad input with 400 naming each field, and stores nothing', async () => {
    const headers = await adminHeaders(t.app);
    const before = (await t.app.inject({ url: '/api/messages/message/get-all', headers })).json().paging.total;
    const cases: [Record<string, unknown>, string][] = [
      [{ message: '   ' }, 'message'],
      [{ message: 'x'.repeat(2001) }, 'message'],
      [{ message: 'ok', link: 'javascript:alert(1)' }, 'link'],
      [{ message: 'ok', link: 'ftp://files.example.lk/a.pdf' }, 'link'],
      [{ message: 'ok', link: 'www.example.lk' }, 'link'],
      [{ message: 'ok', batch: 'batch 2026' }, 'batch'],
      [{ message: 'ok', region: ['India'] }, 'region.0'],
      [{ message: 'ok', classType: ['Theory&Revision'] }, 'classType.0'],
      [{ message: 'ok', region: 'Indian' }, 'region'],
    ];
    for (const [payload, field] of cases) {
      const response = await t.app.inject({ method: 'POST', url: SEND, headers, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    const link = await t.app.inject({ method: 'POST', url: SEND, headers, payload: { message: 'ok', link: 'javascript:alert(1)' } });
    expect(link.json().message).toEqual(['link must be a web address starting with http:// or https://']);
    const after = (await t.app.inject({ url: '/api/messages/message/get-all', headers })).json().paging.total;
    expect(after).toBe(before);
  });

  it('lets only an admin send, edit, delete or list every message, whatever admin_id says', async () => {
    const admin = await adminHeaders(t.app);
    const message = await send(t.app, admin);
    const me = await student(t.app, '2026', 'Indian', 'Theory');
    const asStudent = { ...me.headers, admin_id: me.student._id };
    const calls = [
      { method: 'POST', url: SEND, payload: { message: 'from a student' } },
      { method: 'PUT', url: update(message._id), payload: { message: 'changed by a student' } },
      { method: 'DELETE', url: remove(message._id) },
      { method: 'GET', url: '/api/messages/message/get-all' },
    ] as const;
    for (const call of calls) {
      const refused = await t.app.inject({ ...call, headers: asStudent });
      expect(refused.statusCode, call.url).toBe(403);
      expect(refused.json().message).toBe(SERVER_TEXT.adminOnly);
      expect((await t.app.inject(call)).statusCode, call.url).toBe(401);
    }
    const list = (await t.app.inject({ url: '/api/messages/message/get-all', headers: admin })).json();
    expect(list.data.find((m: Message) => m._id === message._id)?.message).toBe(message.message);
  });

  it('edits a message: new text and targets, same id and creation time, views kept', async () => {
    const admin = await adminHeaders(t.app);
    const message = await send(t.app, admin, { batch: '2026', region: ['Indian'], classType: ['Theory'] });
    const reader = await student(t.app, '2026', 'Indian', 'Theory');
    await feed(t.app, reader.headers);

    const response = await t.app.inject({
      method: 'PUT',
      url: update(message._id),
      headers: admin,
      payload: { message: 'Corrected notice', link: 'http://example.lk/new', batch: '', region: [], classType: ['Paper'] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      code: 200,
      message: MESSAGES_TEXT.updated,
      data: { _id: message._id, message: 'Corrected notice', link: 'http://example.lk/new', batch: '', region: [], classType: ['Paper'], views: 1 },
    });
    const edited = response.json().data as Message;
    expect(edited.createdAt).toBe(message.createdAt);
    expect(edited.updatedAt >= message.updatedAt).toBe(true);
    // The Theory student no longer reaches it.
    expect((await feed(t.app, reader.headers)).data.map((m) => m._id)).not.toContain(message._id);
  });

  it('refuses an edit with bad input (400) or of a message that does not exist (404)', async () => {
    const admin = await adminHeaders(t.app);
    const message = await send(t.app, admin);
    const bad = await t.app.inject({ method: 'PUT', url: update(message._id), headers: admin, payload: { message: '', link: 'data:text/html,x' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field).sort()).toEqual(['link', 'message']);
    const missing = await t.app.inject({ method: 'PUT', url: update(crypto.randomUUID()), headers: admin, payload: { message: 'x' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MESSAGES_TEXT.notFound);
  });

  it('deletes a message with its views; a second delete answers 404', async () => {
    const admin = await adminHeaders(t.app);
    const message = await send(t.app, admin);
    const reader = await student(t.app, '2025', 'Europe', 'Paper');
    await feed(t.app, reader.headers);
    expect(await t.database.db.selectFrom('message_views').where('message_id', '=', message._id).select('account_id').execute()).toHaveLength(1);

    const response = await t.app.inject({ method: 'DELETE', url: remove(message._id), headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, message: MESSAGES_TEXT.deleted, data: null });
    expect(await t.database.db.selectFrom('message_views').where('message_id', '=', message._id).select('account_id').execute()).toHaveLength(0);
    expect((await feed(t.app, reader.headers)).data.map((m) => m._id)).not.toContain(message._id);
    expect((await t.app.inject({ method: 'DELETE', url: remove(message._id), headers: admin })).statusCode).toBe(404);
  });

  it('stores message text as given: markup is text, shown as text by the web app', async () => {
    const admin = await adminHeaders(t.app);
    const text = '<img src=x onerror=alert(1)> & <b>bold</b>';
    const message = await send(t.app, admin, { message: text });
    expect(message.message).toBe(text);
  });
});

import { describe, expect, it } from 'vitest';
import type { LoginAnswer, Message } from '@academy/contract';
import { signedInStudent, signIn } from '../../../test/factories';
import { TEST_ADMIN, useTestApp } from '../../../test/test-app';
import { api as bannersApi, image, part, upload, uploaded } from '../banners/test-helpers';
import { expectNoSecrets, noEntryBy, oneEntryBy, signInAdmin } from './test-helpers';

// Messages, banners, the session limit and admin sign-ins: one entry each, none when refused.

const SEND = '/api/messages/message/send';
const messageUrl = (verb: 'update' | 'delete', id: string) => `/api/messages/message/${verb}/${id}`;
const LIMIT = '/api/sessions/limit';

describe('audit entries of messages, banners, the session limit and sign-ins', () => {
  const t = useTestApp();
  const notice = { message: 'Paper class moves to Saturday', link: 'https://example.lk/timetable', batch: '2026', region: ['Indian'], classType: ['Paper'] };

  it('send, edit and delete a message: one entry each; an edit keeps the changed fields', async () => {
    const admin = await signInAdmin(t.app);
    let sent: Message | undefined;
    const sendEntry = await oneEntryBy(t.app, admin, async () => {
      const response = await t.app.inject({ method: 'POST', url: SEND, headers: admin.headers, payload: notice });
      expect(response.statusCode, response.body).toBe(200);
      sent = response.json<{ data: Message }>().data;
    });
    expect(sendEntry).toMatchObject({
      action: 'message.send',
      target: { type: 'message', id: sent?._id, label: notice.message },
      summary: 'Sent a message to batch 2026, Indian, Paper',
      detail: notice,
    });

    const editEntry = await oneEntryBy(t.app, admin, async () => {
      const response = await t.app.inject({ method: 'PUT', url: messageUrl('update', sent?._id ?? ''), headers: admin.headers, payload: { ...notice, batch: '', classType: ['Theory', 'Paper'] } });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(editEntry).toMatchObject({
      action: 'message.edit',
      summary: 'Edited a message to Indian, Theory & Paper',
      detail: { changed: ['batch', 'classType'], before: { batch: '2026', classType: ['Paper'] }, after: { batch: '', classType: ['Theory', 'Paper'] } },
    });

    const deleteEntry = await oneEntryBy(t.app, admin, async () => {
      expect((await t.app.inject({ method: 'DELETE', url: messageUrl('delete', sent?._id ?? ''), headers: admin.headers })).statusCode).toBe(200);
    });
    expect(deleteEntry).toMatchObject({ action: 'message.delete', target: { type: 'message', id: sent?._id }, detail: { message: notice.message } });
  });

  it('a long message is cut short in its entry', async () => {
    const admin = await signInAdmin(t.app);
    const entry = await oneEntryBy(t.app, admin, async () => {
      expect((await t.app.inject({ method: 'POST', url: SEND, headers: admin.headers, payload: { ...notice, message: 'x'.repeat(900) } })).statusCode).toBe(200);
    });
    expect(entry.target.label).toBe(`${'x'.repeat(60)}…`);
    expect(entry.detail.message).toBe(`${'x'.repeat(200)}…`);
  });

  it('upload banners, post the campaign, delete all: one entry each', async () => {
    const admin = await signInAdmin(t.app);
    let urls: string[] = [];
    const uploadEntry = await oneEntryBy(t.app, admin, async () => {
      urls = await uploaded(t, admin.headers, [part('image1', await image('png')), part('image2', await image('jpeg'), 'b.jpg', 'image/jpeg')]);
    });
    expect(uploadEntry).toMatchObject({
      action: 'banner.upload',
      target: { type: 'banners', id: 'login-banners', label: 'Login banners' },
      summary: 'Uploaded 2 banner images',
      detail: { images: 2, fields: ['image1', 'image2'] },
    });
    const postEntry = await oneEntryBy(t.app, admin, async () => {
      expect((await t.app.inject({ method: 'POST', url: bannersApi('saveUrl'), headers: admin.headers, payload: { imageUrl: urls } })).statusCode).toBe(200);
    });
    expect(postEntry).toMatchObject({ action: 'banner.post', summary: 'Posted a banner campaign of 2 images', detail: { images: 2 } });
    const deleteEntry = await oneEntryBy(t.app, admin, async () => {
      expect((await t.app.inject({ method: 'DELETE', url: bannersApi('deleteBanner'), headers: admin.headers })).statusCode).toBe(200);
    });
    expect(deleteEntry).toMatchObject({ action: 'banner.delete-all', detail: { removed: 2 } });
  });

  it('the session limit change records the value before and after', async () => {
    const admin = await signInAdmin(t.app);
    const entry = await oneEntryBy(t.app, admin, async () => {
      expect((await t.app.inject({ method: 'PUT', url: LIMIT, headers: admin.headers, payload: { maxSessions: 4 } })).statusCode).toBe(200);
    });
    expect(entry).toMatchObject({
      action: 'sessions.limit',
      target: { type: 'setting', id: 'sessions.maxPerStudent', label: 'Sessions per Student' },
      summary: 'Set the session limit to 4 (was 2)',
      detail: { before: 2, after: 4 },
    });
  });

  it("an admin's sign-in is recorded with its session and device, never its token; a student's or a failed one is not", async () => {
    const admin = await signInAdmin(t.app);
    let login: LoginAnswer | undefined;
    const entry = await oneEntryBy(t.app, admin, async () => {
      login = await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    });
    expect(entry).toMatchObject({ action: 'admin.sign-in', target: { type: 'session' } });
    expect(entry.summary).toMatch(/^Signed in on /);
    expectNoSecrets(entry, [login?.token ?? 'no token', TEST_ADMIN.password]);
    await noEntryBy(t.app, admin, () => signedInStudent(t.app));
    await noEntryBy(t.app, admin, async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/students/student/login', payload: { email: TEST_ADMIN.email, password: 'not-the-password' } });
      expect(response.statusCode).toBe(401);
    });
  });

  it('refused requests leave no entry', async () => {
    const admin = await signInAdmin(t.app);
    const student = await signedInStudent(t.app);
    const attempts = [
      () => t.app.inject({ method: 'POST', url: SEND, headers: student.headers, payload: notice }),
      () => t.app.inject({ method: 'POST', url: SEND, headers: admin.headers, payload: { ...notice, region: ['Mars'] } }),
      () => t.app.inject({ method: 'PUT', url: messageUrl('update', crypto.randomUUID()), headers: admin.headers, payload: notice }),
      () => t.app.inject({ method: 'DELETE', url: messageUrl('delete', crypto.randomUUID()), headers: admin.headers }),
      async () => upload(t, admin.headers, [part('image1', Buffer.from('not an image'))]),
      () => t.app.inject({ method: 'POST', url: bannersApi('saveUrl'), headers: admin.headers, payload: { imageUrl: ['/api/banners/images/nothing.webp'] } }),
      () => t.app.inject({ method: 'DELETE', url: bannersApi('deleteBanner'), headers: student.headers }),
      () => t.app.inject({ method: 'PUT', url: LIMIT, headers: admin.headers, payload: { maxSessions: 0 } }),
      () => t.app.inject({ method: 'PUT', url: LIMIT, headers: student.headers, payload: { maxSessions: 5 } }),
    ];
    for (const attempt of attempts) {
      await noEntryBy(t.app, admin, async () => {
        const response = await attempt();
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      });
    }
  });
});

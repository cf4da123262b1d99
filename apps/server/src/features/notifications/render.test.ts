import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS, NOTIFICATION_LANGUAGES, smsParts } from '@academy/contract';
import { PUSH_BODY_MAX, PUSH_TITLE_MAX, mailWords, pushPayload, smsText } from './render';

// What a recipient is sent, from the templates in their language: pushes fit a lock screen and
// open the notification however long the words, SMS are counted as the provider bills them and
// carry no link. (That the templates keep SMS within their parts with realistic words is the
// contract's own test.)

const longest = Object.fromEntries(['excerpt', 'className', 'title', 'paperTitle', 'month', 'receiptNo', 'opensAt', 'dueOn'].map((name) => [name, 'ආ'.repeat(200)]));

describe('render', () => {
  it.each(NOTIFICATION_KINDS.flatMap((kind) => NOTIFICATION_LANGUAGES.map((language) => [kind, language] as const)))('%s in %s fits its channels', (kind, language) => {
    const push = pushPayload({ kind, params: longest, language, recipientId: 'r1', unread: 2, at: '2026-03-10T06:30:00.000Z' });
    expect(Array.from(push.title).length).toBeLessThanOrEqual(PUSH_TITLE_MAX);
    expect(Array.from(push.body).length).toBeLessThanOrEqual(PUSH_BODY_MAX);
    expect(push).toMatchObject({ id: 'r1', kind, url: '/#/n/r1', unread: 2, lang: language });
    const sms = smsText({ kind, params: longest, language });
    expect(sms.parts).toBe(smsParts(sms.text).parts);
    expect(sms.text).not.toMatch(/https?:|\/#\//);
    expect(mailWords({ kind, params: longest, language }).subject.length).toBeGreaterThan(0);
  });

  it('fills an announcement in Sinhala', () => {
    const push = pushPayload({ kind: 'message.new', params: { excerpt: 'සෙනසුරාදා පන්තිය' }, language: 'si', recipientId: 'r2', unread: 0, at: '2026-03-10T06:30:00.000Z' });
    expect(push).toMatchObject({ title: 'නව නිවේදනයක්', body: 'සෙනසුරාදා පන්තිය' });
    expect(smsText({ kind: 'message.new', params: {}, language: 'si' })).toMatchObject({ unicode: true });
    expect(smsText({ kind: 'message.new', params: {}, language: 'en' })).toMatchObject({ unicode: false, parts: 1 });
  });
});

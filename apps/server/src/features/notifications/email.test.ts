import { afterAll, describe, expect, it } from 'vitest';
import { insertAccounts } from '../../../test/factories';
import { startSmtpReceiver } from '../../../test/smtp-receiver';
import { useTestApp } from '../../../test/test-app';
import { unsubscribeTokens } from '../../notify/email/unsubscribe-token';
import { messageSubject } from '../messages/notification';
import { adminHeaders, send } from '../messages/test-helpers';
import { recipientStates, waitForDeliveries } from './send-test-helpers';

// Notification e-mail through a real SMTP receiver: the kind's words with the notification's
// button, every word escaped in the HTML, and RFC 8058's one-click unsubscribe headers whose token
// names the student and the kind. Only students who turned e-mail on for the kind get one.

const smtp = await startSmtpReceiver();
const PUBLIC_URL = 'https://portal.example.lk';

describe('notification e-mail', () => {
  // Registered first, so it runs after the app has closed its connections to it.
  afterAll(() => smtp.close());
  const t = useTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });

  it('reaches a student who turned announcement e-mail on, with List-Unsubscribe headers; one who did not gets none', async () => {
    const [mailed, quiet] = await insertAccounts(t.database.db, [{ batch: '2026' }, { batch: '2026' }]);
    if (!mailed || !quiet) throw new Error('accounts missing');
    const overrides = JSON.stringify({ 'message.new': { email: true } });
    await t.database.db.insertInto('notification_preferences').values({ account_id: mailed, overrides_json: overrides, language: 'en', updated_at: new Date().toISOString() }).execute();
    const text = `Bring <b>atlases</b> & "maps" ${crypto.randomUUID().slice(0, 6)}`;
    const message = await send(t.app, await adminHeaders(t.app), { message: text, batch: '2026' });
    const subject = messageSubject(message._id);

    await waitForDeliveries(t.database.db, subject, 1, ['sent']);
    const states = await recipientStates(t.database.db, subject);
    expect(states.get(mailed)?.email).toBe('sent');
    expect(states.get(quiet)?.email).toBe('off');
    const mail = await smtp.waitFor((m) => m.to.includes(`${mailed}@audience.example.lk`));
    expect(mail.subject).toBe('New announcement');
    expect(mail.text).toContain('Your class has a new announcement:');
    expect(mail.text).toContain(text);
    expect(mail.text).toContain(`${PUBLIC_URL}/#/n/${states.get(mailed)?.id}`);
    expect(mail.html).toContain('Bring &lt;b&gt;atlases&lt;/b&gt; &amp; &quot;maps&quot;');
    expect(mail.html).not.toContain('<b>atlases');

    const header = /^List-Unsubscribe:\s*<([^>]+)>/m.exec(mail.raw.replace(/\r?\n[ \t]+/g, ' '))?.[1] ?? '';
    expect(header.startsWith(`${PUBLIC_URL}/api/notifications/unsubscribe/`)).toBe(true);
    const token = decodeURIComponent(header.split('/').pop() ?? '');
    expect(unsubscribeTokens(t.config.jwtSecret).verify(token)).toEqual({ accountId: mailed, kind: 'message.new' });
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(smtp.mails.some((m) => m.to.includes(`${quiet}@audience.example.lk`))).toBe(false);
  });
});

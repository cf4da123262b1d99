import { randomUUID } from 'node:crypto';
import { NOTIFICATIONS_TEXT, type NotificationLanguage } from '@academy/contract';
import { errors } from '../../lib/errors';
import type { NotificationsContext } from './context';
import { languageOf } from './fan-out-deliveries';
import * as sendRepo from './send-repo';

// "Send a test notification": a push to each of the caller's own devices, now, whatever the quiet
// hours (the student asked for it), so they see the portal's notifications reach this phone. It
// is no notification: nothing is stored in a bell; a device its push service calls gone is deleted.

/** Test pushes one account may send in TEST_PUSH_WINDOW_MS. */
export const TEST_PUSH_LIMIT = 5;
export const TEST_PUSH_WINDOW_MS = 60 * 60_000;

const WORDS: Record<NotificationLanguage, { title: string; body: string }> = {
  en: { title: 'Notifications are on', body: 'This is how the portal will tell you of something new.' },
  si: { title: 'දැනුම්දීම් සක්‍රියයි', body: 'අලුත් දෙයක් ඇති විට පෝටලය ඔබට දන්වන්නේ මෙලෙසයි.' },
};

/** Answers how many devices took the push. */
export async function sendTestPush(ctx: NotificationsContext, accountId: string): Promise<number> {
  const devices = await ctx.db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'p256dh', 'auth', 'language']).where('account_id', '=', accountId).execute();
  if (devices.length === 0) throw errors.conflict('subscriptions', NOTIFICATIONS_TEXT.noDevices);
  const at = new Date(ctx.clock()).toISOString();
  const outcomes = await ctx.push.send(
    devices.map((device) => {
      const language = languageOf(device.language);
      return {
        subscription: { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        payload: JSON.stringify({ id: `test-${randomUUID()}`, kind: 'test', ...WORDS[language], url: '/#/profile', unread: 0, lang: language, at }),
        ttlSeconds: 60,
        urgency: 'normal' as const,
      };
    }),
  );
  const devicesWith = (kind: string) => devices.filter((_, index) => outcomes[index]?.kind === kind).map((device) => device.id);
  const reached = devicesWith('sent');
  await sendRepo.subscriptionsReached(ctx.db, reached, at);
  await sendRepo.deleteSubscriptions(ctx.db, devicesWith('gone'));
  return reached.length;
}

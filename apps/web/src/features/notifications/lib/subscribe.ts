import {
  NOTIFICATIONS_PATHS,
  pushSubscriptionAnswerSchema,
  pushSubscriptionDeleteAnswerSchema,
  type NotificationLanguage,
  type PushSubscriptionBody,
} from '@academy/contract';
import { apiRequest } from '../../../lib/api-client';

// This browser's Web Push subscription (notifications.md, 'Turning notifications on'): made with the
// server's VAPID key after the student's tap, sent to the server, checked against the key on every
// start, and dropped at Log Out so the next student on a shared phone gets nothing of it.

/** Where subscriptions are kept: the portal's API; tests hand in a stand-in. */
export interface PushServer {
  save: (body: PushSubscriptionBody) => Promise<unknown>;
  remove: (endpoint: string) => Promise<unknown>;
}

export const portalPushServer: PushServer = {
  save: (body) => apiRequest(NOTIFICATIONS_PATHS.subscriptions, { method: 'POST', body, schema: pushSubscriptionAnswerSchema }),
  remove: (endpoint) => apiRequest(NOTIFICATIONS_PATHS.subscriptions, { method: 'DELETE', body: { endpoint }, schema: pushSubscriptionDeleteAnswerSchema }),
};

export interface PushTarget {
  pushManager: PushManager;
  /** The server's VAPID public key, base64url (`pushKey` of GET notifications/preferences). */
  pushKey: string;
  language: NotificationLanguage;
  server?: PushServer;
}

/** A base64url text (padded or not) as its bytes, the form `applicationServerKey` takes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

/** Whether the subscription was made with this key: after the server's key changes it reaches nothing. */
export function subscribedWithKey(subscription: PushSubscription, pushKey: string): boolean {
  const used = subscription.options.applicationServerKey;
  if (!used) return false;
  const had = new Uint8Array(used);
  const wanted = base64UrlToBytes(pushKey);
  return had.length === wanted.length && had.every((byte, index) => byte === wanted[index]);
}

export function subscriptionBody(subscription: PushSubscription, language: NotificationLanguage): PushSubscriptionBody {
  const { keys } = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' }, expirationTime: subscription.expirationTime, language };
}

/** The subscription made with the key: the present one when it matches, else a new one in its place. */
async function subscriptionWithKey(pushManager: PushManager, pushKey: string): Promise<PushSubscription> {
  const present = await pushManager.getSubscription();
  if (present && subscribedWithKey(present, pushKey)) return present;
  await present?.unsubscribe();
  return pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(pushKey) });
}

async function subscribeAndSave({ pushManager, pushKey, language, server = portalPushServer }: PushTarget): Promise<PushSubscription> {
  const subscription = await subscriptionWithKey(pushManager, pushKey);
  await server.save(subscriptionBody(subscription, language));
  return subscription;
}

/**
 * The Turn on button's click. The permission prompt is asked first, before anything is awaited:
 * browsers allow it only while the tap is still being handled (Safari refuses it otherwise).
 */
export function turnOnPush(target: PushTarget): Promise<NotificationPermission> {
  return Notification.requestPermission().then(async (permission) => {
    if (permission === 'granted') await subscribeAndSave(target);
    return permission;
  });
}

/**
 * On each start of a signed-in app: a browser that already has a subscription refreshes the
 * server's record of it, subscribing again if the server's key changed. Never asks anything.
 */
export async function syncPushSubscription(target: PushTarget): Promise<PushSubscription | null> {
  if (Notification.permission !== 'granted' || !(await target.pushManager.getSubscription())) return null;
  return subscribeAndSave(target);
}

/** Turn off on this device: the server forgets the endpoint, and the browser's subscription ends even if that call fails. */
export async function turnOffPush(pushManager: PushManager, server: PushServer = portalPushServer): Promise<void> {
  const present = await pushManager.getSubscription();
  if (!present) return;
  try {
    await server.remove(present.endpoint);
  } finally {
    await present.unsubscribe();
  }
}

/** Log Out, called while the session still holds its token: this browser stops receiving the account's pushes. */
export async function unsubscribeThisBrowser(server: PushServer = portalPushServer): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  if (registration && 'pushManager' in registration) await turnOffPush(registration.pushManager, server).catch(() => undefined);
}

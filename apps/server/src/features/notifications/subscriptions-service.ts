import { randomUUID } from 'node:crypto';
import type { PushSubscriptionBody } from '@academy/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { errors } from '../../lib/errors';
import { checkEndpoint, type HostLookup } from '../../notify/push/endpoint-rule';
import { vapidKeyId } from '../../notify/push/vapid-keys';
import type { SessionAccount } from '../../plugins/auth';
import { describeDevice } from '../sessions/device';
import { createPreferencesIfAbsent } from './preferences-repo';
import { AUTH_REFUSAL, isAuthSecret, isP256PublicKey, P256DH_REFUSAL } from './subscriptions-keys';
import * as repo from './subscriptions-repo';

// The caller's own browsers' push subscriptions (notifications.md, 'Turning notifications on' and
// 'The endpoint rule'): only a push service's public https address is stored, never one that
// leads into a private network.

export interface SubscriptionsDeps {
  db: Db;
  clock: () => number;
  config: Pick<Config, 'notify'>;
  /** The endpoint rule's DNS; tests make a name resolve where they need it. */
  lookup: HostLookup;
}

/** Devices one account may have; subscribing one more drops the least recently seen. */
export const PUSH_DEVICES_PER_ACCOUNT = 10;

/** The subscription's own end time, when the browser gave a usable one. */
function expirationOf(expirationTime: number | null | undefined): string | null {
  if (typeof expirationTime !== 'number') return null;
  const at = new Date(expirationTime);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** Why the subscription may not be stored, as its 400, or nothing. */
async function checkSubscription(deps: SubscriptionsDeps, body: PushSubscriptionBody): Promise<void> {
  if (!isP256PublicKey(body.keys.p256dh)) throw errors.field('keys.p256dh', P256DH_REFUSAL);
  if (!isAuthSecret(body.keys.auth)) throw errors.field('keys.auth', AUTH_REFUSAL);
  const { serviceHosts, testOrigin } = deps.config.notify.push;
  const refusal = await checkEndpoint(body.endpoint, deps.lookup, { serviceHosts, testOrigin });
  if (refusal) throw errors.field('endpoint', refusal);
}

/**
 * Stores or refreshes the caller's subscription of this browser; an endpoint another account held
 * moves to the caller. The first subscription also sets the account's notification language.
 */
export async function subscribe(deps: SubscriptionsDeps, account: SessionAccount, body: PushSubscriptionBody, userAgent: string | undefined): Promise<{ id: string }> {
  await checkSubscription(deps, body);
  const now = new Date(deps.clock()).toISOString();
  const id = await deps.db.transaction().execute(async (tx) => {
    const saved = await repo.upsertSubscription(tx, {
      id: randomUUID(),
      account_id: account.id,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      vapid_key_id: vapidKeyId(deps.config.notify.vapid.publicKey),
      language: body.language,
      device: describeDevice(userAgent),
      expiration_time: expirationOf(body.expirationTime),
      created_at: now,
      last_seen_at: now,
    });
    await repo.keepNewestDevices(tx, account.id, saved, PUSH_DEVICES_PER_ACCOUNT);
    await createPreferencesIfAbsent(tx, account.id, body.language, now);
    return saved;
  });
  return { id };
}

/** Forgets the caller's subscription of `endpoint` (signing out of this browser); unknown ones too. */
export async function unsubscribeDevice(deps: SubscriptionsDeps, account: SessionAccount, endpoint: string): Promise<null> {
  await repo.deleteSubscription(deps.db, account.id, endpoint);
  return null;
}

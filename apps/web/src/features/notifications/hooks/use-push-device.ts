import type { NotificationLanguage } from '@academy/contract';
import { useCallback, useEffect, useState } from 'react';
import { pushSupport, readPushEnvironment, type PushSupport } from '../lib/push-support';
import { syncPushSubscription, turnOffPush, turnOnPush } from '../lib/subscribe';

/**
 * This device's row of the preferences card (notifications.md, 'Turning notifications on'):
 * `off` offers Turn on; `on` offers a test and Turn off; `blocked` points to the browser's settings;
 * the iOS states give their steps; `unsupported` says the bell and e-mail still reach the student.
 */
export type PushDeviceState = 'checking' | 'unsupported' | 'ios-needs-home-screen' | 'ios-too-old' | 'blocked' | 'off' | 'on';

export interface PushDevice {
  state: PushDeviceState;
  /** A turn on or off is under way. */
  busy: boolean;
  /** The last turn on or off failed (no push service, the server refused): 'Something went wrong'. */
  failed: boolean;
  /** Call straight from the button's click handler: the browser asks for permission only then. */
  turnOn: () => void;
  turnOff: () => void;
}

/** The worker's registration, without waiting for one where none is registered (the development server). */
async function currentRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  return registration && 'pushManager' in registration ? registration : null;
}

function deviceState(support: PushSupport, pushKey: string | null, registration: ServiceWorkerRegistration | null | undefined, subscribed: boolean): PushDeviceState {
  if (support === 'unsupported' || support === 'ios-needs-home-screen' || support === 'ios-too-old') return support;
  if (support === 'denied') return 'blocked';
  if (registration === undefined) return 'checking';
  if (!registration || !pushKey) return 'unsupported';
  return support === 'granted' && subscribed ? 'on' : 'off';
}

/** Runs a turn on or off that may throw before its promise exists (an old browser's prompt), as one promise. */
function attempt<T>(action: () => Promise<T>): Promise<T> {
  try {
    return action();
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/** `pushKey` and `language` come from GET notifications/preferences; a null key means the server sends no push. */
export function usePushDevice(pushKey: string | null, language: NotificationLanguage): PushDevice {
  const [support, setSupport] = useState<PushSupport>(() => pushSupport(readPushEnvironment()));
  const [registration, setRegistration] = useState<ServiceWorkerRegistration | null | undefined>(undefined);
  const [subscribed, setSubscribed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const askable = support === 'default' || support === 'granted';

  useEffect(() => {
    if (!askable) return;
    let current = true;
    void currentRegistration().then(async (found) => {
      const subscription = await found?.pushManager.getSubscription().catch(() => null);
      if (!current) return;
      setSubscribed(Boolean(subscription));
      setRegistration(found);
    });
    return () => {
      current = false;
    };
  }, [askable]);

  const run = useCallback((action: () => Promise<NotificationPermission>, subscribes: boolean) => {
    setBusy(true);
    setFailed(false);
    void attempt(action)
      .then((permission) => {
        setSupport(permission);
        setSubscribed(subscribes && permission === 'granted');
      })
      .catch(() => setFailed(true))
      .finally(() => setBusy(false));
  }, []);

  const pushManager = registration?.pushManager;
  const turnOn = useCallback(() => {
    if (pushManager && pushKey) run(() => turnOnPush({ pushManager, pushKey, language }), true);
  }, [pushManager, pushKey, language, run]);
  const turnOff = useCallback(() => {
    // The permission stays as it is: turning on again later needs no prompt, only a new subscription.
    if (pushManager) run(() => turnOffPush(pushManager).then(() => Notification.permission), false);
  }, [pushManager, run]);

  return { state: deviceState(support, pushKey, registration, subscribed), busy, failed, turnOn, turnOff };
}

/**
 * On each start of a signed-in app, once the key is known: this browser's subscription, if it has
 * one, is sent again (the server's `last_seen_at`), made anew if the server's key changed.
 */
export function useRefreshPushSubscription(pushKey: string | null, language: NotificationLanguage): void {
  useEffect(() => {
    if (!pushKey || pushSupport(readPushEnvironment()) !== 'granted') return;
    void currentRegistration()
      .then((registration) => registration && syncPushSubscription({ pushManager: registration.pushManager, pushKey, language }))
      .catch(() => undefined);
  }, [pushKey, language]);
}

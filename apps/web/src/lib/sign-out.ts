import { API_BASE, LANGUAGE_STORAGE_KEY, SESSIONS_PATHS } from '@academy/contract';
import { t } from 'i18next';
import { alerts } from './alerts';
import { queryClient } from './query-client';
import { forgetPaperPages } from './service-worker';
import { clearSession, readSession } from './session';

/** How long Log Out waits for this browser's push subscription to be dropped. */
const UNSUBSCRIBE_WAIT_MS = 3000;

/**
 * Log Out (spec section 4): everything the app kept in localStorage goes, not only the session,
 * except the language: it belongs to the browser, not the account, and the login screen that
 * follows should still be in it.
 * The server ends the session too, so a copied token dies with it; the page does not wait for that
 * (keepalive lets the request finish after the page moves on).
 */
export async function signOut(): Promise<void> {
  // This browser's push subscription goes first, while the token still lets the server forget it
  // (a shared phone must not get the previous student's notifications). Loaded only now, and never
  // allowed to hold the sign-out up for long.
  const unsubscribed = import('../features/notifications/lib/subscribe').then((push) => push.unsubscribeThisBrowser());
  await Promise.race([unsubscribed.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, UNSUBSCRIBE_WAIT_MS))]);
  const token = readSession()?.token;
  if (token) {
    void fetch(`${API_BASE}${SESSIONS_PATHS.signOut}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, keepalive: true }).catch(
      () => undefined,
    );
  }
  const language = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  localStorage.clear();
  if (language) localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  queryClient.clear();
  // Papers kept on the phone for sitting offline (questions, pictures, waiting answers) belong to
  // the account, so they go too (docs/papers.md, 'What stays on the phone'). Loaded only
  // now, so the shell's first download does not carry the store.
  void import('../features/papers/lib/sitting-store')
    .then((papers) => papers.deleteSittingDatabase())
    .catch(() => undefined);
  forgetPaperPages();
}

/**
 * The server refused our token: the account was suspended, deleted or its password changed. Cached
 * answers belong to that account, so they go too.
 */
export function endRefusedSession(): void {
  clearSession();
  queryClient.clear();
  window.location.hash = '#/';
  void alerts.info({ title: t('server.sessionEnded'), autoClose: true });
}

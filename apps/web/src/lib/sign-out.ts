import { API_BASE, SERVER_TEXT, SESSIONS_PATHS } from '@academy/contract';
import { alerts } from './alerts';
import { queryClient } from './query-client';
import { clearSession, readSession } from './session';

/**
 * Log Out (spec section 4): everything the app kept in localStorage goes, not only the session.
 * The server ends the session too, so a copied token dies with it; the page does not wait for that
 * (keepalive lets the request finish after the page moves on).
 */
export function signOut(): void {
  const token = readSession()?.token;
  if (token) {
    void fetch(`${API_BASE}${SESSIONS_PATHS.signOut}`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, keepalive: true }).catch(
      () => undefined,
    );
  }
  localStorage.clear();
  queryClient.clear();
}

/**
 * The server refused our token: the account was suspended, deleted or its password changed. Cached
 * answers belong to that account, so they go too.
 */
export function endRefusedSession(): void {
  clearSession();
  queryClient.clear();
  window.location.hash = '#/';
  void alerts.info({ title: SERVER_TEXT.sessionEnded, autoClose: true });
}

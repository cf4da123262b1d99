import { SERVER_TEXT } from '@academy/contract';
import { alerts } from './alerts';
import { queryClient } from './query-client';
import { clearSession } from './session';

/** Log Out (spec section 4): everything the app kept in localStorage goes, not only the session. */
export function signOut(): void {
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

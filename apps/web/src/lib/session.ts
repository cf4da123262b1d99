import { SESSION_KEYS, type StoredSession } from '@academy/contract';

/** The signed-in account as stored by the login screen, or null when nobody is signed in. */
export function readSession(): StoredSession | null {
  // The server prerenders the page of a visitor who has not signed in.
  if (import.meta.env.SSR) return null;
  if (!localStorage.getItem('token')) return null;
  const entries = SESSION_KEYS.map((key) => [key, localStorage.getItem(key) ?? ''] as const);
  return Object.fromEntries(entries) as StoredSession;
}

export function writeSession(session: StoredSession): void {
  for (const key of SESSION_KEYS) localStorage.setItem(key, session[key]);
}

export function clearSession(): void {
  for (const key of SESSION_KEYS) localStorage.removeItem(key);
}

/** A password change answers a fresh token (the old one is dead); the rest of the session stays. */
export function replaceSessionToken(token: string): void {
  if (localStorage.getItem('token')) localStorage.setItem('token', token);
}

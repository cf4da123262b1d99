import type { LoginAnswer } from './students';

// The browser session of spec section 3: localStorage keys and where each value comes from.
export const SESSION_KEYS = [
  'token',
  'accountType',
  'id',
  'email',
  'name',
  'classType',
  'historyType',
  'batch',
] as const;
export type SessionKey = (typeof SESSION_KEYS)[number];

/** The browser remembers the language chosen under this key; Log Out keeps it. */
export const LANGUAGE_STORAGE_KEY = 'language';
export type StoredSession = Record<SessionKey, string>;

/** Spec section 3: `id` holds the studentId of the login answer (the admin's id for an admin). */
export function sessionFromLogin(answer: LoginAnswer): StoredSession {
  return {
    token: answer.token,
    accountType: answer.accountType,
    id: answer.studentId,
    email: answer.email,
    name: answer.name,
    classType: answer.classType,
    historyType: answer.historyType,
    batch: answer.batch,
  };
}

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
export type StoredSession = Record<SessionKey, string>;

// The fixed option lists of spec section 9. The server validates against them and the web app
// renders its selects from them, so a new batch year is added here and nowhere else.

/**
 * The academy's clock: screens show times in Sri Lanka, the audit log's date filter counts its days,
 * and papers open and close by it. Sri Lanka has kept UTC+05:30 all year since 2006.
 */
export const ACADEMY_TIME_ZONE = 'Asia/Colombo';

export const BATCHES = ['2025', '2026', '2027'] as const;
export type Batch = (typeof BATCHES)[number];

/** Class types a student enrols in. */
export const CLASS_TYPES = ['Theory', 'Revision', 'Paper', 'Theory&Revision'] as const;
export type ClassType = (typeof CLASS_TYPES)[number];

/** Class types an announcement can target ('Theory&Revision' students match both halves). */
export const MESSAGE_CLASS_TYPES = ['Theory', 'Revision', 'Paper'] as const;
export type MessageClassType = (typeof MESSAGE_CLASS_TYPES)[number];

/** History specialisations; the registration payload's historyType. */
export const HISTORY_TYPES = ['Indian', 'Europe'] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];

/** Regions an announcement can target; the same words as HISTORY_TYPES. */
export const REGIONS = HISTORY_TYPES;

export const ACCOUNT_STATES = ['active', 'de-active'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

export const ACCOUNT_TYPES = ['admin', 'student'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const DISTRICTS = [
  'Colombo',
  'Gampaha',
  'Kalutara',
  'Kandy',
  'Matale',
  'Nuwara Eliya',
  'Galle',
  'Matara',
  'Hambantota',
  'Jaffna',
  'Kilinochchi',
  'Mannar',
  'Vavuniya',
  'Mullaitivu',
  'Batticaloa',
  'Ampara',
  'Trincomalee',
  'Kurunegala',
  'Puttalam',
  'Anuradhapura',
  'Polonnaruwa',
  'Badulla',
  'Monaragala',
  'Ratnapura',
  'Kegalle',
] as const;
export type District = (typeof DISTRICTS)[number];

/** The spec treats every accountType other than 'admin' (it also saw 'user') as a student. */
export function isAdmin(accountType: string | null | undefined): boolean {
  return accountType === 'admin';
}

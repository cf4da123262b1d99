import { z } from 'zod';
import { dataAnswer } from './api';
import { currentPasswordSchema } from './students';

// Privacy (docs/data-inventory.md): a student's own data as one JSON file, and their request to be
// erased after a grace period, which they can cancel by signing in before it ends.

export const PRIVACY_PATHS = {
  /** GET: the caller's own data, as a JSON download. */
  export: 'privacy/mine/export',
  /** GET the request's state; POST asks for erasure (the password again); DELETE cancels it. */
  erasure: 'privacy/mine/erasure',
} as const;

/** The erasure request as its owner sees it; `eraseAfter` null when none is pending. */
export const erasureStateSchema = z.object({
  requestedAt: z.string().nullable(),
  eraseAfter: z.string().nullable(),
  /** The grace period a new request would get, in days (ERASURE_GRACE_DAYS). */
  graceDays: z.number().int(),
});
export type ErasureState = z.infer<typeof erasureStateSchema>;
export const erasureStateAnswerSchema = dataAnswer(erasureStateSchema);

/** Erasure asks for the account's password again: a stolen session alone cannot close the account. */
export const erasureBodySchema = z.object({ password: currentPasswordSchema });
export type ErasureBody = z.infer<typeof erasureBodySchema>;

const rows = z.array(z.record(z.string(), z.unknown()));

/**
 * The export file: every table row that is about the caller, by what it is. Secrets (the password
 * hash, token versions, push keys) and other students' data are never in it.
 */
export const privacyExportSchema = z.object({
  exportedAt: z.string(),
  profile: z.record(z.string(), z.unknown()),
  consent: z.object({ noticeVersion: z.string(), consentedAt: z.string() }).nullable(),
  erasureRequest: z.object({ requestedAt: z.string(), eraseAfter: z.string() }).nullable(),
  classGrants: rows,
  watchHistory: rows,
  paperAttempts: rows,
  feePayments: rows,
  feeSlips: rows,
  notificationPreferences: z.record(z.string(), z.unknown()).nullable(),
  pushDevices: rows,
  sessions: rows,
});
export type PrivacyExport = z.infer<typeof privacyExportSchema>;

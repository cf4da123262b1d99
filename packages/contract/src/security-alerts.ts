import { z } from 'zod';
import { dataAnswer } from './api';

// Alerts on unusual activity (docs/security.md 'Alerts on unusual activity', ASVS 8.1.4, 11.1.7,
// 11.1.8): what the server counts per account or address over a sliding window, and the alerts
// raised when a count reaches its threshold, as the admins list them.

export const SECURITY_ALERT_KINDS = [
  /** 429 answers to one address: a client hammering past its request budgets. */
  'rate-limited',
  /** Refused sign-ins from one address (a wrong password, an unknown e-mail, a suspended account). */
  'sign-in-failures',
  /** Sign-ins to one account refused by the sign-in guard: someone keeps trying a locked account. */
  'lockouts',
  /** 401s and 403s to one account (or, signed out, one address): probing what it may not open. */
  'access-refused',
  /** Wrong passwords one signed-in account gave when asked again (step-up, password change, ending sessions). */
  'password-failures',
  /** CSV exports and bulk reads of the students list by one admin. */
  'bulk-reads',
] as const;
export type SecurityAlertKind = (typeof SECURITY_ALERT_KINDS)[number];

export const SECURITY_ALERTS_PATHS = { list: 'security-alerts' } as const;

export const securityAlertSchema = z.object({
  id: z.string(),
  kind: z.enum(SECURITY_ALERT_KINDS),
  /** `account:<id>` or `address:<ip>`: who or where, and nothing more. */
  subject: z.string(),
  count: z.number().int(),
  threshold: z.number().int(),
  windowMs: z.number().int(),
  raisedAt: z.string(),
});
export type SecurityAlert = z.infer<typeof securityAlertSchema>;
export const securityAlertsAnswerSchema = dataAnswer(z.array(securityAlertSchema));

/** The newest alerts the list shows. */
export const SECURITY_ALERTS_LISTED = 100;

import type { SecurityAlertKind } from '@academy/contract';
import type { SecurityEvent } from '../../lib/security-events';

// What the security alerts count (docs/security.md 'Alerts on unusual activity'): events of the
// security log (lib/security-events.ts), 429 answers and admins' bulk reads of students, each
// counted per subject (an account or an address) over a sliding window, and an alert raised when
// one subject's count reaches its kind's threshold. The kinds are SECURITY_ALERT_KINDS (contract).

/** The threshold of each kind in one window; 0 turns the kind off. */
export interface SecurityAlertRules {
  windowMs: number;
  thresholds: Record<SecurityAlertKind, number>;
}

/** One event counted: its kind and who or where (`account:<id>` or `address:<ip>`). */
export interface CountedEvent {
  kind: SecurityAlertKind;
  subject: string;
}

export const accountSubject = (id: string): string => `account:${id}`;
export const addressSubject = (ip: string | undefined): string => `address:${ip ?? 'unknown'}`;

/** What a security event counts towards, if anything: successes and routine outcomes count nothing. */
export function countedEventOf(event: SecurityEvent, ip: string | undefined): CountedEvent | null {
  if (event.outcome !== 'failure') return null;
  switch (event.security) {
    case 'sign-in':
      // A sign-in over its address's budget answered 429, which `rate-limited` counts already.
      if (event.reason === 'rate-limited') return null;
      if (event.reason === 'locked' && event.accountId) return { kind: 'lockouts', subject: accountSubject(event.accountId) };
      return { kind: 'sign-in-failures', subject: addressSubject(ip) };
    case 'password-change':
    case 'sessions-ended':
    case 'step-up':
      return { kind: 'password-failures', subject: accountSubject(event.accountId) };
    case 'second-factor':
      // A wrong or replayed admin code: someone with the password guessing the second factor.
      return event.accountId ? { kind: 'password-failures', subject: accountSubject(event.accountId) } : { kind: 'sign-in-failures', subject: addressSubject(ip) };
    case 'access-refused':
      return { kind: 'access-refused', subject: event.accountId ? accountSubject(event.accountId) : addressSubject(ip) };
    default:
      // The password-reset steps: their own hourly limits and the sign-in budget bound them.
      return null;
  }
}

import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { OtpFailureReason } from '@academy/contract';
import type { RefusalReason } from '../features/sign-in-guard/rules';

// The security log: one structured line for each sign-in decision, password change, step of a
// password reset, ended session and refused request, so an operator can alert on them
// (docs/operations.md). Every line carries `security` (which event), `outcome`, the client's
// address (`ip`, as TRUST_PROXY says) and, when known, the account and session ids; failures are
// written at warn, successes at info. Never a password, token or code, and no personal data
// (names, e-mails, phone numbers): an account is named by its id only, and a sign-in to an e-mail
// with no account names nothing.

/** Why a sign-in was refused. */
export type SignInFailure =
  /** No live account has the e-mail. */
  | 'unknown-account'
  | 'wrong-password'
  /** The password was right, but the account is suspended. */
  | 'suspended'
  /** The password was right, but it was a temporary one past its days (ASVS 2.3.1). */
  | 'temporary-password-expired'
  /** The sign-in guard refused the try before its password was checked; `rule` says which of its rules. */
  | 'locked'
  /** The address spent its sign-in request budget (plugins/rate-limits.ts). */
  | 'rate-limited';

/** The admin actions that ask for the admin's password again (ASVS 3.7.1). */
export type StepUpAction = 'email-change' | 'export' | 'suspend' | 'delete' | 'second-factor-off' | 'second-factor-reset';

export type SecurityEvent =
  | { security: 'sign-in'; outcome: 'success'; accountId: string; sessionId: string; knownDevice: boolean }
  | { security: 'sign-in'; outcome: 'failure'; reason: SignInFailure; accountId?: string; rule?: RefusalReason; knownDevice?: boolean }
  | { security: 'password-change'; outcome: 'success'; accountId: string; sessionId: string }
  /** `too-many-failures`: the account's wrong current passwords reached the limit; the call answered 429. */
  | { security: 'password-change'; outcome: 'failure'; reason: 'wrong-password' | 'too-many-failures'; accountId: string; sessionId: string }
  /** A reset code mailed to the account's address. */
  | { security: 'password-reset.send-code'; outcome: 'success'; accountId: string }
  /** Nothing mailed: no account has the e-mail, or the e-mail had its codes for the hour. */
  | { security: 'password-reset.send-code'; outcome: 'failure'; reason: 'unknown-account' | 'hourly-limit' }
  /** An admin account's address: no code, a notice instead (admins recover with `npm run create-admin` on the server). */
  | { security: 'password-reset.send-code'; outcome: 'failure'; reason: 'admin-account'; accountId: string }
  | { security: 'password-reset.confirm-code'; outcome: 'success'; accountId: string }
  | { security: 'password-reset.confirm-code'; outcome: 'failure'; reason: OtpFailureReason; accountId?: string }
  /** The new password set with a reset token: every session of the account ended. */
  | { security: 'password-reset.set-password'; outcome: 'success'; accountId: string }
  | { security: 'password-reset.set-password'; outcome: 'failure'; reason: 'expired'; accountId?: string }
  /**
   * The caller ended sessions of their own: `this` one (Log Out), `one` other by id
   * (`endedSessionId`), or all `others`; `ended` counts them.
   */
  /** The password asked before ending sessions was wrong, or the account's wrong answers reached the limit (429). */
  | { security: 'sessions-ended'; outcome: 'failure'; reason: 'wrong-password' | 'too-many-failures'; accountId: string; sessionId: string; scope: 'one' | 'others' }
  | {
      security: 'sessions-ended';
      outcome: 'success';
      accountId: string;
      sessionId: string;
      scope: 'this' | 'one' | 'others';
      ended: number;
      endedSessionId?: string;
    }
  /** The password an admin is asked again before a risky action on students was wrong, or past the failure limit (429). */
  | {
      security: 'step-up';
      outcome: 'failure';
      reason: 'wrong-password' | 'too-many-failures';
      accountId: string;
      sessionId: string;
      action: StepUpAction;
    }
  /**
   * An admin's second factor (features/admin-mfa): a code accepted at sign-in or enrolment, or
   * refused (wrong, used before, or the sign-in's challenge unknown, used, expired or out of tries).
   */
  | { security: 'second-factor'; outcome: 'success'; proof: 'totp' | 'recovery-code'; accountId: string; sessionId: string; where: string }
  | {
      security: 'second-factor';
      outcome: 'failure';
      reason: 'wrong-code' | 'replayed-code' | 'challenge-ended';
      accountId?: string;
      sessionId?: string;
      where: string;
    }
  /** A 401 or 403: the route as registered (its pattern, never the address), and the sentence the caller was given. */
  | {
      security: 'access-refused';
      outcome: 'failure';
      status: number;
      method: string;
      route: string;
      reason: string;
      accountId?: string;
      sessionId?: string;
    };

/** Writes a feature's security events for one request. */
export type SecurityLog = (event: SecurityEvent) => void;

const MESSAGE = 'security event';

/** One event as a line of `log`, with the client's address. */
export function writeSecurityEvent(log: FastifyBaseLogger, ip: string | undefined, event: SecurityEvent): void {
  const line = { ...event, ip };
  if (event.outcome === 'failure') log.warn(line, MESSAGE);
  else log.info(line, MESSAGE);
}

/**
 * The events each request wrote of its own: their refusal is not logged again as `access-refused`,
 * and the security alerts count them once the answer is sent (features/security-alerts).
 */
const written = new WeakMap<FastifyRequest, SecurityEvent[]>();

/** The security log of one request: its logger (the line carries the request's id) and address. */
export function securityLogOf(request: FastifyRequest): SecurityLog {
  return (event) => {
    const events = written.get(request);
    if (events) events.push(event);
    else written.set(request, [event]);
    writeSecurityEvent(request.log, request.ip, event);
  };
}

/** Whether the request already wrote the security event that explains its answer. */
export function wroteSecurityEvent(request: FastifyRequest): boolean {
  return written.has(request);
}

/** The events the request wrote through `securityLogOf`, in order; none for most requests. */
export function securityEventsOf(request: FastifyRequest): readonly SecurityEvent[] {
  return written.get(request) ?? [];
}

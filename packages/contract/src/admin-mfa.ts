import { z } from 'zod';
import { dataAnswer, OK } from './api';
import { RECOVERY_CODE_PATTERN, TOTP_CODE_PATTERN } from './admin-mfa-text';
import { currentPasswordSchema, loginAnswerSchema } from './students';

// Two-step sign-in for admins (ASVS 4.3.1): a TOTP app (RFC 6238: SHA-1, 6 digits, 30 s) is the
// second factor, with single-use recovery codes for a lost phone. Required for every admin: one
// without it is, after the password, limited to these calls until they enrol (docs/security.md).

export const ADMIN_MFA_PATHS = {
  /** Second sign-in step: the password step's challenge and a code; answers the session. */
  signIn: 'admin-mfa/sign-in',
  /** The caller's own second factor: state (GET), turn off (DELETE). */
  mine: 'admin-mfa/mine',
  /** Starts (or restarts) enrolment: a new secret, as QR code and text. */
  enrolment: 'admin-mfa/mine/enrolment',
  /** Completes enrolment with a code from the app; answers the recovery codes once. */
  confirm: 'admin-mfa/mine/enrolment/confirm',
  /** Another admin removes an admin's lost second factor. */
  reset: 'admin-mfa/admins/:id',
} as const;

/** What a code field takes: six digits, or a recovery code (spaces and case forgiven). */
export const secondFactorCodeSchema = z
  .string({ error: 'is required' })
  .transform((value) => value.replace(/\s+/g, '').toLowerCase())
  .refine((value) => TOTP_CODE_PATTERN.test(value) || RECOVERY_CODE_PATTERN.test(value), { error: 'must be the 6-digit code from your authenticator app or a recovery code' });

/** The password step's answer for an admin with a second factor: no session yet, a challenge for the code step. */
export const secondFactorNeededSchema = z.object({
  code: z.literal(OK),
  message: z.string(),
  secondFactor: z.literal('code'),
  /** Single-use, short-lived: sent back with the code. */
  challenge: z.string(),
  expiresAt: z.string(),
});
export type SecondFactorNeeded = z.infer<typeof secondFactorNeededSchema>;

/** A session: `secondFactor: 'enrol'` marks an admin's session limited to setting up the second factor. */
export const signedInAnswerSchema = loginAnswerSchema.extend({ secondFactor: z.literal('enrol').optional() });

/** Every answer of the password step: a session, or the code step. */
export const signInStepAnswerSchema = z.union([signedInAnswerSchema, secondFactorNeededSchema]);
export type SignInStepAnswer = z.infer<typeof signInStepAnswerSchema>;

export function needsSecondFactor(answer: SignInStepAnswer): answer is SecondFactorNeeded {
  return 'secondFactor' in answer && answer.secondFactor === 'code';
}

export const secondFactorSignInBodySchema = z.object({
  challenge: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(200),
  code: secondFactorCodeSchema,
});
export type SecondFactorSignInBody = z.input<typeof secondFactorSignInBodySchema>;

export const adminMfaStateSchema = z.object({
  enrolled: z.boolean(),
  enrolledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** Whether this session passed the second factor (false: limited to enrolment). */
  sessionVerified: z.boolean(),
});
export type AdminMfaState = z.infer<typeof adminMfaStateSchema>;
export const adminMfaStateAnswerSchema = dataAnswer(adminMfaStateSchema);

export const enrolmentSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as an SVG QR code, a data: URL for an <img>. */
  qrCode: z.string(),
});
export type Enrolment = z.infer<typeof enrolmentSchema>;
export const enrolmentAnswerSchema = dataAnswer(enrolmentSchema);

export const confirmEnrolmentBodySchema = z.object({
  code: z.string({ error: 'is required' }).trim().regex(TOTP_CODE_PATTERN, { error: 'must be the 6-digit code from your authenticator app' }),
});
export type ConfirmEnrolmentBody = z.infer<typeof confirmEnrolmentBodySchema>;
export const recoveryCodesAnswerSchema = dataAnswer(z.object({ recoveryCodes: z.array(z.string()) }));

/** Turning one's own factor off asks for the password and a current code (re-authentication, ASVS 3.7.1). */
export const turnOffBodySchema = z.object({ password: currentPasswordSchema, code: secondFactorCodeSchema });
export type TurnOffBody = z.input<typeof turnOffBodySchema>;

/** Removing another admin's factor asks for the caller's own password. */
export const resetBodySchema = z.object({ password: currentPasswordSchema });

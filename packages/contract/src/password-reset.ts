import { z } from 'zod';
import { dataAnswer, errorAnswerSchema } from './api';
import { emailSchema, passwordSchema } from './students';

// The forgot-password calls (PRODUCT.md 'Forgot password'): send a code by e-mail, trade the
// code for a short-lived reset token, set the new password with that token.

export const PASSWORD_RESET_PATHS = {
  sendOtp: 'students/student/forgot-password/send-otp',
  confirmOtp: 'students/student/forgot-password/confirm-otp',
  resetPassword: 'students/student/forgot-password/reset-password',
} as const;

/** Spec section 9: 'OTP length: 5'. */
export const OTP_LENGTH = 5;
export const OTP_TTL_MINUTES = 10;
/** Wrong tries a code survives; the next try fails even with the right code. */
export const OTP_MAX_WRONG_TRIES = 5;
/** Codes mailed to one address per rolling hour; further requests get the same answer and no mail. */
export const OTP_MAX_PER_HOUR = 3;
export const RESET_TOKEN_TTL_MINUTES = 15;

export const otpSchema = z
  .string({ error: 'is required' })
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: `must be ${OTP_LENGTH} digits` });

export const sendOtpBodySchema = z.object({ email: emailSchema });
export type SendOtpBody = z.infer<typeof sendOtpBodySchema>;

export const confirmOtpBodySchema = z.object({ email: emailSchema, otp: otpSchema });
export type ConfirmOtpBody = z.infer<typeof confirmOtpBodySchema>;

export const resetPasswordBodySchema = z.object({
  resetToken: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(200, { error: 'is not valid' }),
  password: passwordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** The same answer whether or not the address has an account. */
export const sendOtpAnswerSchema = dataAnswer(z.null());
export type SendOtpAnswer = z.infer<typeof sendOtpAnswerSchema>;

export const confirmOtpAnswerSchema = dataAnswer(z.object({ resetToken: z.string() }));
export type ConfirmOtpAnswer = z.infer<typeof confirmOtpAnswerSchema>;

export const resetPasswordAnswerSchema = dataAnswer(z.null());
export type ResetPasswordAnswer = z.infer<typeof resetPasswordAnswerSchema>;

/** Why a code was refused, so the screen can offer a new code where retyping cannot help. */
export const OTP_FAILURE_REASONS = ['wrong', 'expired', 'used', 'locked'] as const;
export type OtpFailureReason = (typeof OTP_FAILURE_REASONS)[number];

export const otpErrorAnswerSchema = errorAnswerSchema.extend({ reason: z.enum(OTP_FAILURE_REASONS).optional() });
export type OtpErrorAnswer = z.infer<typeof otpErrorAnswerSchema>;

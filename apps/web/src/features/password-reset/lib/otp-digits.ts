import { OTP_LENGTH } from '@academy/contract';

/** The OTP boxes' value: exactly OTP_LENGTH slots, each '' or one digit. */
export type OtpDigits = string[];

export const EMPTY_OTP: OtpDigits = Array.from({ length: OTP_LENGTH }, () => '');

/**
 * Typed or pasted text placed into the boxes from `start`: digits only, cut to what fits (spec
 * section 5: a paste is cut to 5 characters). Answers the new digits and the box to focus next.
 */
export function placeDigits(digits: OtpDigits, start: number, text: string): { digits: OtpDigits; focus: number } {
  const incoming = text.replace(/\D/g, '').slice(0, OTP_LENGTH - start).split('');
  if (incoming.length === 0) return { digits, focus: start };
  const next = [...digits];
  incoming.forEach((digit, offset) => {
    next[start + offset] = digit;
  });
  return { digits: next, focus: Math.min(start + incoming.length, OTP_LENGTH - 1) };
}

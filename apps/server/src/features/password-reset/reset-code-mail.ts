import type { Branding } from '@academy/contract';
import { brandedMail, sriLankaTime } from '../../mail/branded-mail';
import type { Mail } from '../../mail/mailer';

export interface ResetCodeMailInput {
  to: string;
  name: string;
  code: string;
  ttlMinutes: number;
  expiresAt: Date;
  branding: Branding;
}

/**
 * The code mail. It names the academy so the student knows who sent it, and says when the code
 * dies and what to do if they did not ask.
 */
export function resetCodeMail(input: ResetCodeMailInput): Mail {
  const { title } = input.branding;
  return brandedMail({
    to: input.to,
    subject: `${title}: your password reset code`,
    branding: input.branding,
    name: input.name,
    paragraphs: [`Someone asked to reset the password of your ${title} account. Your OTP is:`],
    highlight: input.code,
    after: [`It expires in ${input.ttlMinutes} minutes, at ${sriLankaTime(input.expiresAt)}, and works once.`],
    footnote: ['If you did not ask for this, ignore this mail: your password stays as it is.', `Never share this code. ${title} will never ask you for it.`],
  });
}

import type { Branding } from '@academy/contract';
import type { Mail } from '../../mail/mailer';

export interface ResetCodeMailInput {
  to: string;
  name: string;
  code: string;
  ttlMinutes: number;
  expiresAt: Date;
  branding: Branding;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The academy is in Sri Lanka; the expiry is shown in its time, whatever the server's zone. */
const expiryTime = (at: Date) =>
  `${new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Colombo', hour: '2-digit', minute: '2-digit' }).format(at)} (Sri Lanka time)`;

/**
 * The code mail: plain text for any client, HTML for the rest. It names the academy so the
 * student knows who sent it, and says when the code dies and what to do if they did not ask.
 */
export function resetCodeMail(input: ResetCodeMailInput): Mail {
  const { title, colors } = input.branding;
  const expiry = `It expires in ${input.ttlMinutes} minutes, at ${expiryTime(input.expiresAt)}, and works once.`;
  const notYou = 'If you did not ask for this, ignore this mail: your password stays as it is.';
  const neverShare = `Never share this code. ${title} will never ask you for it.`;
  const text = [
    `Hello ${input.name},`,
    '',
    `Someone asked to reset the password of your ${title} account. Your OTP is:`,
    '',
    `    ${input.code}`,
    '',
    expiry,
    '',
    notYou,
    neverShare,
    '',
    `- ${title}`,
    '',
  ].join('\n');

  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:${escapeHtml(colors.lightBlue)};font-family:Arial,Helvetica,sans-serif;color:${escapeHtml(colors.navy)}">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(title)}</h1>
<p>Hello ${escapeHtml(input.name)},</p>
<p>Someone asked to reset the password of your ${escapeHtml(title)} account. Your OTP is:</p>
<p style="font-size:32px;font-weight:bold;letter-spacing:8px;margin:16px 0;color:${escapeHtml(colors.green)}">${escapeHtml(input.code)}</p>
<p>${escapeHtml(expiry)}</p>
<p style="color:${escapeHtml(colors.slate)}">${escapeHtml(notYou)}<br>${escapeHtml(neverShare)}</p>
</div>
</body></html>
`;
  return { to: input.to, subject: `${title}: your password reset code`, text, html };
}

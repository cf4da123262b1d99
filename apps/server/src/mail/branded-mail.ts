import type { Branding } from '@academy/contract';
import type { Mail } from './mailer';

// The one look of every mail the portal sends: plain text for any client, and HTML in the
// academy's colours for the rest, both from the same paragraphs, so the two never say different
// things.

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The academy is in Sri Lanka; times in mail are in its time, whatever the server's zone. */
export function sriLankaTime(at: Date, withDate = false): string {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Colombo',
    ...(withDate ? { day: 'numeric', month: 'long', year: 'numeric' } : {}),
    hour: '2-digit',
    minute: '2-digit',
  });
  return `${format.format(at)} (Sri Lanka time)`;
}

export interface BrandedMailInput {
  to: string;
  subject: string;
  branding: Branding;
  /** Whom the mail greets: "Hello {name},". */
  name: string;
  /** What the mail says, a paragraph each. */
  paragraphs: string[];
  /** Shown large after the paragraphs (a code), and indented in the text. */
  highlight?: string;
  /** Said after the highlight, as a paragraph each. */
  after?: string[];
  /** One button after the paragraphs (its address written out in the text). */
  button?: { label: string; url: string };
  /** The quieter lines at the end (what to do if it was not you). */
  footnote: string[];
}

export function brandedMail(input: BrandedMailInput): Mail {
  const { title, colors } = input.branding;
  const after = input.after ?? [];
  const text = [
    `Hello ${input.name},`,
    '',
    ...input.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(input.highlight === undefined ? [] : [`    ${input.highlight}`, '']),
    ...after.flatMap((paragraph) => [paragraph, '']),
    ...(input.button ? [`${input.button.label}: ${input.button.url}`, ''] : []),
    ...input.footnote,
    '',
    `- ${title}`,
    '',
  ].join('\n');

  const paragraph = (content: string) => `<p>${escapeHtml(content)}</p>`;
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:${escapeHtml(colors.lightBlue)};font-family:Arial,Helvetica,sans-serif;color:${escapeHtml(colors.navy)}">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(title)}</h1>
<p>Hello ${escapeHtml(input.name)},</p>
${input.paragraphs.map(paragraph).join('\n')}
${input.highlight === undefined ? '' : `<p style="font-size:32px;font-weight:bold;letter-spacing:8px;margin:16px 0;color:${escapeHtml(colors.green)}">${escapeHtml(input.highlight)}</p>\n`}${after.map(paragraph).join('\n')}
${input.button ? `<p><a href="${escapeHtml(input.button.url)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:${escapeHtml(colors.navy)};color:#ffffff;text-decoration:none">${escapeHtml(input.button.label)}</a></p>\n` : ''}<p style="color:${escapeHtml(colors.slate)}">${input.footnote.map(escapeHtml).join('<br>')}</p>
</div>
</body></html>
`;
  return { to: input.to, subject: input.subject, text, html };
}

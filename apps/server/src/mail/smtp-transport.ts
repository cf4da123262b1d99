import type { Transporter } from 'nodemailer';
import type { MailTransport } from './mailer';

/**
 * SMTP_URL as nodemailer reads it, e.g. smtps://user:pass@smtp.example.lk:465. nodemailer is
 * loaded with the first mail, not at start: most starts send none for a while.
 */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  let transporter: Promise<Transporter> | null = null;
  const connect = () => (transporter ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(pooled(smtpUrl))));
  return {
    async deliver(mail) {
      await (await connect()).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
    },
    async close() {
      if (transporter) (await transporter).close();
    },
  };
}

/**
 * Two kept-open connections instead of one per mail: a notification's e-mails go out in batches.
 * nodemailer reads the pool from the address's query (the URL form ignores options beside it);
 * what SMTP_URL already says about them wins.
 */
function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  if (!url.searchParams.has('maxConnections')) url.searchParams.set('maxConnections', '2');
  return url.toString();
}

import type { Transporter } from 'nodemailer';
import type { MailTransport } from './mailer';

/**
 * SMTP_URL as nodemailer reads it, e.g. smtps://user:pass@smtp.example.lk:465. nodemailer is
 * loaded with the first mail, not at start: most starts send none for a while.
 */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  let transporter: Promise<Transporter> | null = null;
  const connect = () => (transporter ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)));
  return {
    async deliver(mail) {
      await (await connect()).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    async close() {
      if (transporter) (await transporter).close();
    },
  };
}

import nodemailer from 'nodemailer';
import type { MailTransport } from './mailer';

/** SMTP_URL as nodemailer reads it, e.g. smtps://user:pass@smtp.example.lk:465. */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async deliver(mail) {
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    async close() {
      transporter.close();
    },
  };
}

import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport } from './mailer';

/** What an outbox .json file holds; the .txt beside it is the same mail for a human to read. */
export interface OutboxMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  createdAt: string;
}

/**
 * The embedded default (PRODUCT.md 'Forgot password'): with no mail server, each mail is written
 * to the outbox folder and its path logged, so the flow works on a laptop. The files carry
 * one-time codes, so only the server's user may read them.
 */
export function createOutboxTransport(outboxDir: string, from: string, log: FastifyBaseLogger): MailTransport {
  return {
    async deliver(mail) {
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const createdAt = new Date().toISOString();
      // Names sort by time; the random part keeps two mails of one millisecond apart.
      const base = path.join(outboxDir, `${createdAt.replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`);
      const record: OutboxMail = { from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, ...(mail.headers ? { headers: mail.headers } : {}), createdAt };
      const extra = Object.entries(mail.headers ?? {}).map(([name, value]) => `${name}: ${value}\n`).join('');
      const readable = `From: ${from}\nTo: ${mail.to}\nSubject: ${mail.subject}\nDate: ${createdAt}\n${extra}\n${mail.text}`;
      await writeFile(`${base}.txt`, readable, { mode: 0o600 });
      // The .json appears last and whole (rename): a reader that finds it finds the complete mail.
      await writeFile(`${base}.json.partial`, JSON.stringify(record, null, 2), { mode: 0o600 });
      await rename(`${base}.json.partial`, `${base}.json`);
      log.info({ path: `${base}.txt` }, 'mail written to the outbox (SMTP_URL is not set)');
    },
    async close() {},
  };
}

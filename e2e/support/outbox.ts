import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { e2eDataDir } from './server-env';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** Every mail the server wrote to its outbox (no SMTP_URL in the browser suite), oldest first. */
function outbox(): OutboxMail[] {
  const folder = path.join(e2eDataDir(), 'outbox');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as OutboxMail);
}

export function mailsTo(address: string): OutboxMail[] {
  return outbox().filter((mail) => mail.to.toLowerCase() === address.toLowerCase());
}

/** The password-reset code mails to the address (a changed password also mails a notice). */
function codeMailsTo(address: string): OutboxMail[] {
  return mailsTo(address).filter((mail) => mail.subject.endsWith('your password reset code'));
}

/** Waits for the count-th code mail to the address (mail goes out off the request path) and reads its code. */
export async function otpFromOutbox(address: string, count: number): Promise<string> {
  await expect.poll(() => codeMailsTo(address).length).toBeGreaterThanOrEqual(count);
  const mail = codeMailsTo(address)[count - 1];
  const code = /^\s+(\d{5})\s*$/m.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in the mail to ${address}: ${mail?.text}`);
  return code;
}

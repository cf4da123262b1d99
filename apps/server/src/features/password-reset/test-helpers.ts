import { expect, afterAll, beforeAll } from 'vitest';
import { PASSWORD_RESET_PATHS } from '@academy/contract';
import { startSmtpReceiver, type ReceivedMail, type SmtpReceiver } from '../../../test/smtp-receiver';
import { startTestApp, type TestApp } from '../../../test/test-app';

// Shared by this feature's tests: the real app delivering through a real SMTP receiver.

export type ResetTestApp = TestApp & { smtp: SmtpReceiver };

export function useResetTestApp(): ResetTestApp {
  const holder = {} as ResetTestApp;
  beforeAll(async () => {
    const smtp = await startSmtpReceiver();
    Object.assign(holder, await startTestApp({ SMTP_URL: smtp.url }), { smtp });
  });
  afterAll(async () => {
    await holder.app?.close();
    await holder.database?.drop();
    await holder.smtp?.close();
  });
  return holder;
}

let clientCounter = 0;

/** A client address of its own per test, so one test's calls never meet another's client limit. */
export function newClient(): string {
  clientCounter += 1;
  return `10.7.${Math.floor(clientCounter / 250)}.${(clientCounter % 250) + 1}`;
}

export const post = (t: TestApp, path: keyof typeof PASSWORD_RESET_PATHS, payload: object, client: string) =>
  t.app.inject({ method: 'POST', url: `/api/${PASSWORD_RESET_PATHS[path]}`, payload, remoteAddress: client });

const mailsTo = (t: ResetTestApp, email: string) =>
  t.smtp.mails.filter((m) => m.to.some((to) => to.toLowerCase() === email.toLowerCase()));

/** Whether a mail is a reset code to this address (a reset or change also mails a notice: account-notices/). */
export const isCodeMailTo = (email: string) => (mail: ReceivedMail) =>
  mail.to.some((to) => to.toLowerCase() === email.toLowerCase()) && mail.subject.endsWith('your password reset code');

const codeMailsTo = (t: ResetTestApp, email: string) => t.smtp.mails.filter(isCodeMailTo(email));

/** The code as the student reads it in the plain-text body. */
export function codeIn(mail: ReceivedMail): string {
  const code = /Your OTP is:\s+(\d{5})\s/.exec(mail.text)?.[1];
  expect(code, mail.text).toBeDefined();
  return code as string;
}

/** Waits for the nth (1-based) code mail to this address and reads the code from it. */
export async function nthCode(t: ResetTestApp, email: string, nth = 1): Promise<string> {
  await t.smtp.waitFor(() => codeMailsTo(t, email).length >= nth);
  return codeIn(codeMailsTo(t, email)[nth - 1] as ReceivedMail);
}

/** Asks for a code and returns it from the mail that arrives through SMTP. */
export async function requestCode(t: ResetTestApp, email: string, client: string): Promise<string> {
  const before = codeMailsTo(t, email).length;
  const response = await post(t, 'sendOtp', { email }, client);
  expect(response.statusCode, response.body).toBe(200);
  return nthCode(t, email, before + 1);
}

/**
 * Mail goes out off the request path, so 'no mail' is shown against a marker: a mail requested
 * afterwards for another account arrives, and still nothing more came for `email`.
 */
export async function expectMailCount(t: ResetTestApp, email: string, count: number, markerEmail: string): Promise<void> {
  await requestCode(t, markerEmail, newClient());
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(mailsTo(t, email)).toHaveLength(count);
}

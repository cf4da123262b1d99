import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { createOutboxTransport } from './outbox-transport';
import { createSmtpTransport } from './smtp-transport';

/** One mail as every sender writes it: a plain-text body for any client and an HTML one. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines (List-Unsubscribe, say); the transports add them as given. */
  headers?: Record<string, string>;
}

/** Where mail actually goes. `deliver` resolves once the mail is accepted (or written). */
export interface MailTransport {
  deliver(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

export interface Mailer {
  /** Delivers one mail; rejects when delivery fails. */
  send(mail: Mail): Promise<void>;
  /**
   * Delivers off the request path, so an answer takes as long whether or not a mail went out;
   * a failure is logged, never thrown at the caller.
   */
  dispatch(mail: Mail): void;
  /** Waits for mail still on its way, then closes the transport. */
  close(): Promise<void>;
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise the outbox folder in the data folder. */
export function createMailer(config: Config['mail'], log: FastifyBaseLogger): Mailer {
  const transport = config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, config.from)
    : createOutboxTransport(config.outboxDir, config.from, log);
  const pending = new Set<Promise<void>>();

  return {
    send: (mail) => transport.deliver(mail),
    dispatch(mail) {
      const delivery = transport
        .deliver(mail)
        .catch((error: unknown) => log.error({ err: error, subject: mail.subject }, 'mail delivery failed'))
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async close() {
      await Promise.allSettled([...pending]);
      await transport.close();
    },
  };
}

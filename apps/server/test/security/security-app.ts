import { afterAll, beforeAll } from 'vitest';
import { startSmtpReceiver, type SmtpReceiver } from '../smtp-receiver';
import { startTestApp, type TestApp } from '../test-app';
import { Fingerprinter } from './fingerprint';
import { SECURITY_PAYHERE_ENV } from './payment-examples';
import { buildWorld, type World } from './world';

/** A public address (one of a push service's) that every host name resolves to in these suites. */
const PUBLIC_PUSH_ADDRESS = '142.250.4.95';

export interface SecurityTestApp extends TestApp {
  smtp: SmtpReceiver;
  world: World;
  fingerprints: Fingerprinter;
}

/** The real app, mailing through a real SMTP receiver, with the callers and data of world.ts. */
export function useSecurityTestApp(env: Record<string, string> = {}): SecurityTestApp {
  const holder = {} as SecurityTestApp;
  beforeAll(async () => {
    const smtp = await startSmtpReceiver();
    // No notification worker: a fan-out queued by an allowed call must not write while a refused one is fingerprinted.
    // Push services' names resolve to a public address without asking DNS: subscribing judges the
    // endpoint by its addresses, and a suite must not depend on the machine's network.
    // PayHere set up (sandbox), so the fees' orders and notification routes run as deployed.
    const started = await startTestApp({ SMTP_URL: smtp.url, NOTIFY_JOB_CONCURRENCY: '0', ...SECURITY_PAYHERE_ENV, ...env }, { lookup: async () => [PUBLIC_PUSH_ADDRESS] });
    Object.assign(holder, started, { smtp, fingerprints: new Fingerprinter(started.database) });
    holder.world = await buildWorld(started, smtp);
  }, 120_000);
  afterAll(async () => {
    await holder.app?.close();
    await holder.database?.drop();
    await holder.smtp?.close();
  });
  return holder;
}

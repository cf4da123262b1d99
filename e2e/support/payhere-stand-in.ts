import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakePayHere, type SentNotification } from '../../apps/server/test/fake-payhere';

// The browser suite's PayHere (apps/server/test/fake-payhere.ts as a process of its own): the
// portal's checkout form posts to it, its page's Pay button sends the signed notification to the
// portal and the browser back. It runs as the first entry of Playwright's webServer list
// (`payhereStandInServer`), so it is up before the portal; specs change its settings and read what
// it sent through its control calls.

export const E2E_PAYHERE_PORT = Number(process.env.E2E_PAYHERE_PORT ?? 18766);
export const PAYHERE_STAND_IN_URL = `http://127.0.0.1:${E2E_PAYHERE_PORT}`;
/** The merchant the portals of the run are set up as; the secret is the stand-in's and theirs only. */
export const PAYHERE_STAND_IN_MERCHANT = { merchantId: '1211149', merchantSecret: 'e2e-stand-in-merchant-secret-4f1c9a' } as const;

/** The settings that point a portal at the stand-in, in sandbox mode, with `publicUrl` (the portal's own address) for PayHere's calls back. */
export function payhereEnv(publicUrl: string): Record<string, string> {
  return {
    PAYHERE_MERCHANT_ID: PAYHERE_STAND_IN_MERCHANT.merchantId,
    PAYHERE_MERCHANT_SECRET: PAYHERE_STAND_IN_MERCHANT.merchantSecret,
    PAYHERE_MODE: 'sandbox',
    PAYHERE_CHECKOUT_URL: `${PAYHERE_STAND_IN_URL}/pay/checkout`,
    PUBLIC_URL: publicUrl,
  };
}

/** The webServer entry that runs the stand-in (put it first in Playwright's `webServer` list). */
export const payhereStandInServer = {
  command: 'npx tsx support/payhere-stand-in.ts',
  cwd: path.dirname(path.dirname(fileURLToPath(import.meta.url))),
  url: `${PAYHERE_STAND_IN_URL}/`,
  reuseExistingServer: false,
  timeout: 30_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: { E2E_PAYHERE_PORT: String(E2E_PAYHERE_PORT) },
};

/** Changes the running stand-in's settings: `notifyDelayMs` shows the return page's waiting state. */
export async function setStandInSettings(settings: { notifyDelayMs?: number; resendUntil200?: number }): Promise<void> {
  const response = await fetch(`${PAYHERE_STAND_IN_URL}/stand-in/settings`, { method: 'POST', body: JSON.stringify(settings) });
  if (!response.ok) throw new Error(`the PayHere stand-in refused its settings: ${response.status}`);
}

/** Every notification the stand-in sent so far, with the portal's answer to each. */
export async function standInSent(): Promise<SentNotification[]> {
  const response = await fetch(`${PAYHERE_STAND_IN_URL}/stand-in/sent`);
  return (await response.json()) as SentNotification[];
}

// Run as a command (the webServer entry): listen until Playwright stops it.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const standIn = await startFakePayHere({ ...PAYHERE_STAND_IN_MERCHANT, port: E2E_PAYHERE_PORT });
  const stop = () => void standIn.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

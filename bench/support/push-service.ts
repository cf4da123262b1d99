import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { pushControl, spawnPushService, type BrowserSubscription, type PushServiceAddress, type ReceivedPush } from '../../apps/server/test/fake-push-process';

// The local push service (apps/server/test/fake-push-service.ts) as a process of its own, as the
// browser suite runs it: it verifies each push's VAPID token and decrypts its body, so a push it
// counts as received is one a browser would have shown. Steered through its JSON control API.

export type { BrowserSubscription, ReceivedPush };

export interface PushServiceProcess extends PushServiceAddress {
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** Starts the service in a process group of its own; `stop` ends the whole group. */
export async function startPushService(): Promise<PushServiceProcess> {
  const { child, address } = await spawnPushService();
  const stop = async () => {
    if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await exited;
  };
  return { child, ...address, stop };
}

/** What pushManager.subscribe() gives a browser, made by the push service for `applicationServerKey`. */
export function subscribeDevice(service: PushServiceProcess, applicationServerKey: string): Promise<BrowserSubscription> {
  return pushControl(service.control).subscribe(applicationServerKey);
}

/** Scripts one endpoint: gone (404 or 410 from now on), or its next `failTimes` pushes answering `status`. */
export function scriptEndpoint(service: PushServiceProcess, script: { endpoint: string; gone?: 404 | 410; failTimes?: number; status?: number }): Promise<void> {
  return pushControl(service.control).script(script);
}

/** Every push the service accepted and decrypted so far. */
export function receivedPushes(service: PushServiceProcess): Promise<ReceivedPush[]> {
  return pushControl(service.control).received();
}

/** CPU time (user + system, µs) of every process of the service's group: npx, tsx and the service under them. */
export function pushServiceCpuMicros(service: PushServiceProcess): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const after = fields.slice(fields.lastIndexOf(')') + 2).split(' ');
      // After the name: state, ppid, pgrp, ... utime and stime are the 12th and 13th, in 10 ms ticks.
      if (Number(after[2]) === service.child.pid) total += (Number(after[11]) + Number(after[12])) * 10_000;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

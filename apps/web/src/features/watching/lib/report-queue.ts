import { MAX_REPORTS_PER_BATCH, type ProgressReport } from '@academy/contract';
import { ApiError } from '../../../lib/api-client';
import { readSession } from '../../../lib/session';
import { sendReports } from '../api/send-reports';

// Progress reports wait in localStorage until the server has them, so a flaky line or a closed tab
// loses nothing: the next page load sends what is left. Reports are sealed into a batch with an id
// before the first try, and a batch is only ever sent again as it was, with the same id, so the
// server applies it once however often the answer is lost (docs/watching.md).

interface QueuedBatch {
  batchId: string;
  reports: ProgressReport[];
  sealedAt: number;
}

interface Queue {
  batches: QueuedBatch[];
  pending: ProgressReport[];
}

/** Older batches are dropped unsent: the server forgets batch ids after 14 days. */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;
const MAX_BATCHES = 200;

function storageKey(): string | null {
  const session = readSession();
  return session ? `watching-queue:${session.id}` : null;
}

function load(key: string): Queue {
  try {
    const stored = JSON.parse(localStorage.getItem(key) ?? '') as Queue;
    if (Array.isArray(stored.batches) && Array.isArray(stored.pending)) return stored;
  } catch {
    // nothing stored, or not ours
  }
  return { batches: [], pending: [] };
}

function save(key: string, queue: Queue): void {
  const now = Date.now();
  const batches = queue.batches.filter((batch) => now - batch.sealedAt < KEEP_MS).slice(-MAX_BATCHES);
  try {
    localStorage.setItem(key, JSON.stringify({ batches, pending: queue.pending }));
  } catch {
    // Storage full or refused: the reports still go out while the page is open.
  }
}

export function enqueueReport(report: ProgressReport): void {
  const key = storageKey();
  if (!key) return;
  const queue = load(key);
  queue.pending.push(report);
  save(key, queue);
}

function seal(queue: Queue): void {
  while (queue.pending.length > 0) {
    queue.batches.push({ batchId: crypto.randomUUID(), reports: queue.pending.splice(0, MAX_REPORTS_PER_BATCH), sealedAt: Date.now() });
  }
}

/** A refusal that sending again cannot fix (bad input, a file no longer open to the student). */
function hopeless(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);
}

let sending: Promise<void> | null = null;

/** Sends every queued batch in order; stops at the first that fails for a reason that may pass. */
export function flushReports(options: { keepalive?: boolean } = {}): Promise<void> {
  if (sending && !options.keepalive) return sending;
  const run = async () => {
    const key = storageKey();
    if (!key) return;
    const sealed = load(key);
    seal(sealed);
    save(key, sealed);
    for (const batch of sealed.batches) {
      try {
        await sendReports({ batchId: batch.batchId, reports: batch.reports }, options.keepalive);
      } catch (error) {
        if (!hopeless(error)) return;
      }
      const now = load(key);
      now.batches = now.batches.filter((queued) => queued.batchId !== batch.batchId);
      save(key, now);
    }
  };
  const current = run().finally(() => {
    if (sending === current) sending = null;
  });
  sending = current;
  return current;
}

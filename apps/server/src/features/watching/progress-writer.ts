import type { Db } from '../../db/database';
import { applyBatches, forgetBatchesBefore, pairKey, type CheckedBatch } from './repo';

// Group commit: batches that arrive while a transaction is running wait for the next one, which
// takes all of them together. An idle server writes a batch at once; a busy one writes many per
// commit (a few multi-row statements) instead of one transaction per request. A request is answered
// only after its commit, so an acknowledged report survives the process being killed, and a report
// is never held in memory where a restart would lose it (on SQLite a power cut may lose the last
// moments of progress: repo.ts, applyBatches).

const BATCH_ID_DAYS = 14;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

interface Waiting {
  batch: CheckedBatch;
  resolve: (applied: boolean) => void;
  reject: (error: unknown) => void;
}

export class ProgressWriter {
  private waiting: Waiting[] = [];
  private running: Promise<void> | null = null;
  private prunedAt = 0;

  constructor(private readonly db: Db) {}

  /** Resolves true once the batch is stored, false when it had been stored before. */
  write(batch: CheckedBatch): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ batch, resolve, reject });
      this.running ??= this.drain();
    });
  }

  /** Resolves once everything handed in so far is written (server close). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      const group = this.waiting;
      this.waiting = [];
      try {
        const fresh = await applyBatches(this.db, group.map((entry) => entry.batch));
        // The same batch twice in one group (a retry racing its first sending): the first copy is the applied one.
        for (const entry of group) {
          entry.resolve(fresh.delete(pairKey(entry.batch.accountId, entry.batch.batchId)));
        }
      } catch (error) {
        for (const entry of group) entry.reject(error);
      }
      await this.prune();
    }
    this.running = null;
  }

  private async prune(): Promise<void> {
    if (Date.now() - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = Date.now();
    await forgetBatchesBefore(this.db, new Date(Date.now() - BATCH_ID_DAYS * 24 * 3600 * 1000).toISOString()).catch(() => undefined);
  }
}

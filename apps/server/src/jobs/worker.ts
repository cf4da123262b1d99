import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { JobQueue, type Job } from './queue';

// Runs jobs of the kinds it has handlers for, at most `concurrency` at once in this instance. While
// a job runs its lease is renewed every third of the lease; a renewal that fails (another instance
// took the job after a stall) aborts this run, so two instances never finish the same job.

export interface JobContext {
  signal: AbortSignal;
  attempt: number;
}

/** A handler's error that no retry can cure (the source is gone, the file is not a video). */
export class PermanentJobError extends Error {}

export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;

/** What a worker does with a kind of job: run it, and what to record once it has failed for good. */
export interface JobKind {
  run: JobHandler;
  failed?: (payload: unknown, error: string) => Promise<void>;
}

export interface JobWorkerOptions {
  concurrency: number;
  leaseMs: number;
  /** How often an idle worker looks for a job; `wake()` looks at once. */
  pollMs: number;
  log: FastifyBaseLogger;
}

export class JobWorker {
  readonly owner = randomUUID();
  private readonly queue: JobQueue;
  private readonly running = new Map<string, { abort: AbortController; done: Promise<void> }>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private looking = false;
  /** The current look for work: a job it is taking when a stop comes must be stopped too. */
  private filling: Promise<void> = Promise.resolve();

  constructor(
    queue: JobQueue,
    private readonly kinds: Record<string, JobKind>,
    private readonly options: JobWorkerOptions,
  ) {
    this.queue = queue;
  }

  start(): void {
    if (this.options.concurrency < 1) return;
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks for work now (after an enqueue), instead of at the next poll. */
  wake(): void {
    if (this.stopped || this.looking) return;
    this.looking = true;
    this.filling = this.fill()
      .catch((error: unknown) => this.options.log.error({ err: error }, 'jobs: could not take a job'))
      .finally(() => {
        this.looking = false;
      });
  }

  private async fill(): Promise<void> {
    while (!this.stopped && this.running.size < this.options.concurrency) {
      const job = await this.queue.take(Object.keys(this.kinds), this.owner, this.options.leaseMs);
      if (!job) return;
      const abort = new AbortController();
      const done = this.run(job, abort).finally(() => {
        this.running.delete(job.id);
        this.wake();
      });
      this.running.set(job.id, { abort, done });
    }
  }

  private async run(job: Job, abort: AbortController): Promise<void> {
    const kind = this.kinds[job.kind];
    if (!kind) return;
    const renew = setInterval(() => {
      this.queue.renew(job.id, this.owner, this.options.leaseMs).then(
        (held) => {
          if (!held) abort.abort(new Error('the job was taken by another worker'));
        },
        (error: unknown) => this.options.log.warn({ err: error, jobId: job.id }, 'jobs: lease renewal failed'),
      );
    }, Math.max(100, Math.floor(this.options.leaseMs / 3)));
    const log = this.options.log.child({ jobId: job.id, kind: job.kind, attempt: job.attempts });
    try {
      log.info('job started');
      await kind.run(job.payload, { signal: abort.signal, attempt: job.attempts });
      clearInterval(renew);
      // Finished, even if a stop came at the last moment; a job another worker took is not ours to complete.
      await this.queue.complete(job.id, this.owner);
      log.info('job done');
    } catch (error) {
      clearInterval(renew);
      if (abort.signal.aborted) {
        log.info('job stopped');
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      const final = await this.queue.fail(job, this.owner, message, error instanceof PermanentJobError);
      log.warn({ err: error, final }, 'job failed');
      if (final) await kind.failed?.(job.payload, message);
    }
  }

  /** Stops taking jobs and aborts the running ones; their leases lapse and another run takes them. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    // A job taken while the stop came would otherwise start after it, its ffmpeg outliving the
    // server: wait for the take, so that the job is among those stopped here.
    await this.filling;
    for (const { abort } of this.running.values()) abort.abort(new Error('the server is stopping'));
    await Promise.allSettled([...this.running.values()].map((entry) => entry.done));
  }
}

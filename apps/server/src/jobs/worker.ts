import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { JobQueue, type Job } from './queue';

// Runs jobs of the kinds it has handlers for, at most `concurrency` at once in this instance. While
// a job runs its lease is renewed every third of the lease; a renewal that fails (another instance
// took the job after a stall, or the job was queued again) aborts this run, so two instances never
// finish the same job. Each run holds a lease of its own, named by the worker and a count of its
// runs: a job its own run queues again for now can be taken again by this worker while that run is
// ending, and the first run's end must neither finish nor stop the second.

export interface JobContext {
  signal: AbortSignal;
  attempt: number;
  /**
   * Queues this job (its payload as it is) to run again at `ms`, and wakes this worker then. Call it
   * last: the run loses its lease, so its end leaves the row queued, and a renewal after the call
   * stops the run.
   */
  runAgainAt(ms: number): Promise<void>;
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
  /** How often an idle worker looks for a job; `wake()` looks at once, `wakeAt(ms)` at a moment. */
  pollMs: number;
  log: FastifyBaseLogger;
}

/** The longest delay setTimeout keeps (2^31 - 1 ms, 24.8 days); a longer one would fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

export class JobWorker {
  readonly owner = randomUUID();
  private readonly queue: JobQueue;
  /** The runs going on, by their lease. */
  private readonly running = new Map<string, { abort: AbortController; done: Promise<void> }>();
  private runs = 0;
  private timer: NodeJS.Timeout | null = null;
  /** The timer to the earliest run this instance was told of (`wakeAt`). */
  private alarm: { at: number; timer: NodeJS.Timeout } | null = null;
  private stopped = true;
  private looking = false;
  /** A wake that came while a look was under way: that look may have missed what it was for. */
  private lookAgain = false;
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
    if (this.stopped) return;
    if (this.looking) {
      this.lookAgain = true;
      return;
    }
    this.looking = true;
    this.lookAgain = false;
    this.filling = this.fill()
      .catch((error: unknown) => this.options.log.error({ err: error }, 'jobs: could not take a job'))
      .finally(() => {
        this.looking = false;
        if (this.lookAgain) this.wake();
      });
  }

  /**
   * Looks for work at `ms` (since the epoch): the time of a job queued to run then, so it starts then
   * rather than at the next poll after it. One timer, to the earliest time asked for: a call for a
   * later time keeps it (the poll, or whoever knows that later job, finds it), a call for an earlier
   * one replaces it, and a call for now or a past time looks at once.
   */
  wakeAt(ms: number): void {
    if (this.stopped) return;
    const delay = ms - Date.now();
    if (delay <= 0) {
      this.wake();
      return;
    }
    if (this.alarm && this.alarm.at <= ms) return;
    if (this.alarm) clearTimeout(this.alarm.timer);
    // Asked again when it fires: a timer may fire a millisecond early, and a far time is reached in steps.
    const timer = setTimeout(() => {
      this.alarm = null;
      this.wakeAt(ms);
    }, Math.min(delay, MAX_TIMER_MS));
    timer.unref();
    this.alarm = { at: ms, timer };
  }

  private async fill(): Promise<void> {
    while (!this.stopped && this.running.size < this.options.concurrency) {
      this.runs += 1;
      const lease = `${this.owner}:${this.runs}`;
      const job = await this.queue.take(Object.keys(this.kinds), lease, this.options.leaseMs);
      if (!job) return;
      const abort = new AbortController();
      const done = this.run(job, lease, abort).finally(() => {
        this.running.delete(lease);
        this.wake();
      });
      this.running.set(lease, { abort, done });
    }
  }

  private async run(job: Job, lease: string, abort: AbortController): Promise<void> {
    const kind = this.kinds[job.kind];
    if (!kind) return;
    const renew = setInterval(() => {
      this.queue.renew(job.id, lease, this.options.leaseMs).then(
        (held) => {
          if (!held) abort.abort(new Error('the job is no longer held by this run: queued again, or taken by another worker'));
        },
        (error: unknown) => this.options.log.warn({ err: error, jobId: job.id }, 'jobs: lease renewal failed'),
      );
    }, Math.max(100, Math.floor(this.options.leaseMs / 3)));
    const log = this.options.log.child({ jobId: job.id, kind: job.kind, attempt: job.attempts });
    try {
      log.info('job started');
      const runAgainAt = async (ms: number) => {
        await this.queue.enqueueAt(job.kind, job.key, job.payload, ms);
        this.wakeAt(ms);
      };
      await kind.run(job.payload, { signal: abort.signal, attempt: job.attempts, runAgainAt });
      clearInterval(renew);
      // Finished, even if a stop came at the last moment; a job queued again or taken by another run is not ours to complete.
      await this.queue.complete(job.id, lease);
      log.info('job done');
    } catch (error) {
      clearInterval(renew);
      if (abort.signal.aborted) {
        log.info('job stopped');
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      const final = await this.queue.fail(job, lease, message, error instanceof PermanentJobError);
      log.warn({ err: error, final }, 'job failed');
      if (final) await kind.failed?.(job.payload, message);
    }
  }

  /** Stops taking jobs and aborts the running ones; their leases lapse and another run takes them. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.alarm) clearTimeout(this.alarm.timer);
    this.alarm = null;
    // A job taken while the stop came would otherwise start after it, its ffmpeg outliving the
    // server: wait for the take, so that the job is among those stopped here.
    await this.filling;
    for (const { abort } of this.running.values()) abort.abort(new Error('the server is stopping'));
    await Promise.allSettled([...this.running.values()].map((entry) => entry.done));
  }
}

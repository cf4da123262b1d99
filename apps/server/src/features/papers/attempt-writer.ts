// The attempt writer: every write of a sitting (start, saves, hand-in, the close job's close) goes
// through one group commit. The sitting calls are many small writes that peak together (a hall
// starting in one second, handing in within ten), and one transaction each would wait for the disk
// once each. As watching's progress writer does, operations that arrive while a transaction runs
// wait for the next one, which applies all of them in a few multi-row statements and one commit
// (attempt-group.ts); an idle server writes at once. A request is answered after its commit, and
// SQLite keeps its synchronous = FULL for these transactions (the database's setting; only
// progress lowers it, within its own hold of the one connection): an acknowledged answer survives
// a power cut, at one fsync per group.
import type { GroupDeps, HandedIn, Operation, SaveOp, Saved, Started, StartOp } from './attempt-operations';
import { writeGroup } from './attempt-group';
import * as repo from './attempt-repo';
import type { PapersContext } from './context';
import { iso } from './rows';

interface Waiting {
  operation: Operation;
  resolve: (value: never) => void;
  reject: (error: unknown) => void;
}

export class AttemptWriter {
  private waiting: Waiting[] = [];
  private running: Promise<void> | null = null;

  constructor(private readonly deps: GroupDeps) {}

  /** Starts or resumes the student's attempt on this device; refuses with papers.md's 409s. */
  start(op: StartOp): Promise<Started> {
    return this.enqueue({ kind: 'start', op });
  }

  /** Applies a request's saves and periods; a closed attempt acknowledges a pure repeat and refuses anything new. */
  save(op: SaveOp): Promise<Saved> {
    return this.enqueue({ kind: 'save', op });
  }

  /** Applies the saves it carries, then hands in and marks; idempotent as papers.md 'Hand in' says. */
  handIn(op: SaveOp): Promise<HandedIn> {
    return this.enqueue({ kind: 'handIn', op });
  }

  /** Hands in by time, and marks, every named attempt whose deadline + grace came before `now`: answers how many. */
  close(paperId: string, attemptIds: string[], now: number): Promise<number> {
    return this.enqueue({ kind: 'close', op: { paperId, attemptIds, now } });
  }

  /** Resolves once everything handed to the writer so far is written (server close). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private enqueue<T>(operation: Operation): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ operation, resolve: resolve as (value: never) => void, reject });
      this.running ??= this.drainSoon();
    });
  }

  /**
   * Starts the next group one turn of the event loop later. SQLite's driver never yields, so a
   * group started at once would hold only the request that started it, and every save would pay
   * its own commit and disk flush; one turn later, the requests already read from the sockets join.
   */
  private async drainSoon(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    await this.drain();
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      const group = this.waiting;
      this.waiting = [];
      await this.write(group);
    }
    this.running = null;
  }

  private async write(group: Waiting[]): Promise<void> {
    try {
      const outcomes = await writeGroup(this.deps, group.map((entry) => entry.operation));
      group.forEach((entry, index) => {
        const outcome = outcomes[index];
        if (outcome && 'refusal' in outcome) entry.reject(outcome.refusal);
        else entry.resolve(outcome?.value as never);
      });
    } catch (error) {
      const [only] = group;
      if (only && group.length === 1) return only.reject(error);
      // The group's transaction wrote nothing. One operation's failure (a row deleted meanwhile, a
      // deadlock between instances) must not fail the requests beside it: each is tried on its own.
      this.deps.log.warn({ err: error, operations: group.length }, 'a group of sitting writes failed; writing them one by one');
      for (const entry of group) await this.write([entry]);
    }
  }
}

/** The close job's part: how many attempts of the paper stay open, and when the earliest of them is due. */
export interface CloseSummary {
  closed: number;
  open: number;
  /** The earliest deadline + grace among the attempts still open (ms), or null when none is. */
  nextDueAt: number | null;
}

const CLOSE_GROUP = 500;

/**
 * Hands in by time, and marks, every attempt of a paper not handed in whose deadline + grace has
 * passed at `now`, through the writer in groups of 500; what the close job runs.
 */
export async function closeDueAttempts(ctx: Pick<PapersContext, 'db' | 'graceMs' | 'writer'>, paperId: string, now: number): Promise<CloseSummary> {
  let closed = 0;
  for (;;) {
    const due = await repo.dueAttemptIds(ctx.db, paperId, iso(now - ctx.graceMs), CLOSE_GROUP);
    if (due.length === 0) break;
    const count = await ctx.writer.close(paperId, due, now);
    closed += count;
    // Attempts the writer found not due after all (extra time moved them meanwhile) are left for their time.
    if (count === 0 || due.length < CLOSE_GROUP) break;
  }
  const { open, earliestDeadline } = await repo.openAttemptSummary(ctx.db, paperId);
  return { closed, open, nextDueAt: earliestDeadline === null ? null : Date.parse(earliestDeadline) + ctx.graceMs };
}

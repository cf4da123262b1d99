// What the attempt writer is asked to do (a start, a request's saves, a hand-in, the close job's
// close) and what each answers: the language between the sitting service, the writer and its group.
import type { HeldAnswer, IntegrityEvent, Save } from '@academy/contract';
import type { AppError } from '../../lib/errors';
import type { SittingOrder } from '@academy/contract';
import type { AnswerRow, SittingAttempt } from './attempt-repo';
import type { PapersContext } from './context';
import type { HandedInBy } from './rules';

/** What a group works with: the papers' context without the writer itself. */
export type GroupDeps = Pick<PapersContext, 'db' | 'clock' | 'graceMs' | 'queue' | 'wakeAt' | 'cache' | 'log'>;

export interface StartOp {
  paperId: string;
  accountId: string;
  /** SHA-256 of the browser's deviceKey: the same browser resumes as the same device. */
  deviceKeyHash: string;
  /** 'Chrome on Android', and the address: recorded for the tutor. */
  label: string;
  ip: string;
  /** Drawn before the group; kept only when this start makes the attempt. */
  order: SittingOrder;
  /** Copied from the account: the ranks' groups. */
  district: string;
  batch: string;
  school: string;
}

export interface Started {
  attempt: SittingAttempt;
  /** The attempt's order as kept (`order_json`): drawn by the start that made it. */
  orderJson: string;
  device: number;
  /** Every answer the server holds for the attempt. */
  answers: AnswerRow[];
}

/** The saves and integrity periods of one request, on the caller's own attempt. */
export interface SaveOp {
  paperId: string;
  attemptId: string;
  device: number;
  saves: Save[];
  events: IntegrityEvent[];
}

export interface Saved {
  /** The seqs now stored as the answer. */
  applied: number[];
  /** Seqs already held, or overtaken by a save with a higher (seq, device). */
  ignored: number[];
  /** What the server holds for the questions of the ignored saves. */
  current: HeldAnswer[];
  /** The attempt after the group. */
  attempt: SittingAttempt;
}

export interface HandedIn {
  handedInAt: string;
  handedInBy: HandedInBy;
  /** Questions with an option chosen, as marked. */
  answered: number;
}

export type Operation =
  | { kind: 'start'; op: StartOp }
  | { kind: 'save'; op: SaveOp }
  | { kind: 'handIn'; op: SaveOp }
  | { kind: 'close'; op: { paperId: string; attemptIds: string[]; now: number } };

/** One operation's answer, or its refusal. */
export type Outcome = { value: unknown } | { refusal: AppError };

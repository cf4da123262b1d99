// What the papers feature works with, built once by create-papers.ts and handed to its routes, jobs
// and folder hooks.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs/queue';
import type { ClassMaterialContext } from '../class-material/tree';
import type { Notifier } from '../../notify/notifier';
import type { MessagesDeps } from '../messages/service';
import type { AttemptWriter } from './attempt-writer';
import type { PaperCache } from './paper-cache';

/**
 * Each part of the feature adds what it owns (the question cache, the attempt writer) here, so
 * routes and jobs share one of each.
 */
export interface PapersContext {
  db: Db;
  /** Class access (`locate`, `openableClass`): who may open a class may sit its papers. */
  material: ClassMaterialContext;
  queue: JobQueue;
  /** Tells this instance's paper worker of a run due at `atMs` (now when left out). */
  wakeAt: (atMs?: number) => void;
  /** The server's clock; tests move their own instead of waiting for a deadline. */
  clock: () => number;
  /** How long after a deadline answers already on their way still count. */
  graceMs: number;
  /** One student's start, answers and hand-in requests a minute, each. */
  savesPerMinute: number;
  /** Question images: `<hash>.webp`, written beside and renamed. */
  imagesDir: string;
  /** The written part's files (answer-scripts.md): `pages` holds students' pages, `sheets` the question sheets. */
  writtenDirs: { pages: string; sheets: string };
  /** This instance's copy of each paper's questions, options, key and marks (paper-cache.ts). */
  cache: PaperCache;
  /** Every write of a sitting (start, saves, hand-in, the close by time) goes through its group commit. */
  writer: AttemptWriter;
  /** The merit list is posted as a message, through the messages feature's own sending. */
  messages: MessagesDeps;
  /** Where an opening and a release are announced; null where nothing is (tools, one-off runs). */
  notifier: Notifier | null;
  log: FastifyBaseLogger;
}

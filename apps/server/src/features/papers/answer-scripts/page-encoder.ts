// Where a page is encoded (answer-scripts.md 'Normalised'): in a child process of its own, one page
// at a time, not in the server. Decoding a 12-megapixel photo and writing WebP holds about 100 MB
// while it runs, and glibc keeps what a libvips thread freed in that thread's arena, so in the
// server it stayed resident after the hall had gone (bench/scripts.ts: 261 MB). The child runs with
// one malloc arena (MALLOC_ARENA_MAX=1: its libvips thread and its main thread then reuse the same
// freed memory; with two, each kept its own, and a 12-megapixel photo's encoding peaked 65 MB above
// the child's start instead of 37 MB, for the same CPU) and exits when idle, so its memory goes back
// to the system; a photo that crashes libvips ends the child, not the server. It keeps the server's
// CPU priority: a lower one let other work on a busy machine starve the hall's queue.
//
// The child is `node -e` with the source below, not a file: the built server is one bundle, and the
// child needs nothing of it but sharp, resolved here to the same copy the server would load.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';

/** What the child is asked to make: a WebP at `output` from the picture at `input`. */
export interface EncodeJob {
  input: string;
  output: string;
  /** 'auto': upright by the EXIF orientation; a number: turned clockwise by that many degrees. */
  rotate: 'auto' | number;
  /** The longer side at most this, never enlarged; left as it is when absent. */
  maxSide?: number;
  limitInputPixels: number;
  quality: number;
  effort: number;
}

export interface EncodedPage {
  width: number;
  height: number;
  bytes: number;
}

/** Idle this long, the child exits and its memory is the system's again. */
const IDLE_EXIT_MS = 5_000;

/**
 * The child: takes one job at a time over IPC and answers it. Read by name with sequentialRead (one
 * pass, a strip at a time into the shrink); a turn reads the file as bytes, since libvips caches
 * what it opened by name and a turned page's file is about to be replaced. Its operation cache is
 * off: no page is asked for twice.
 */
const CHILD_SOURCE = `
const { readFileSync } = require('node:fs');
const sharp = require(process.env.PAGE_ENCODER_SHARP);
sharp.cache(false);
process.on('message', async (job) => {
  try {
    let image = job.rotate === 'auto'
      ? sharp(job.input, { limitInputPixels: job.limitInputPixels, sequentialRead: true }).rotate()
      : sharp(readFileSync(job.input), { limitInputPixels: job.limitInputPixels }).rotate(job.rotate);
    if (job.maxSide) image = image.resize(job.maxSide, job.maxSide, { fit: 'inside', withoutEnlargement: true });
    const info = await image.webp({ quality: job.quality, effort: job.effort }).toFile(job.output);
    process.send({ ok: true, width: info.width, height: info.height, bytes: info.size });
  } catch (error) {
    process.send({ ok: false, message: String(error && error.message) });
  }
});
process.on('disconnect', () => process.exit(0));
`;

type Answer = ({ ok: true } & EncodedPage) | { ok: false; message: string };

let child: ChildProcess | undefined;
let idleTimer: NodeJS.Timeout | undefined;
/** The jobs waiting for the child, in order; the first is the one it is encoding. */
const queue: { job: EncodeJob; resolve: (page: EncodedPage) => void; reject: (error: Error) => void }[] = [];

function startChild(): ChildProcess {
  const sharpPath = createRequire(import.meta.url).resolve('sharp');
  // Only what it needs: never the server's secrets.
  const started = spawn(process.execPath, ['-e', CHILD_SOURCE], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { PATH: process.env.PATH ?? '', MALLOC_ARENA_MAX: '1', PAGE_ENCODER_SHARP: sharpPath },
  });
  started.on('message', (answer: Answer) => {
    const current = queue.shift();
    if (current) {
      if (answer.ok) current.resolve({ width: answer.width, height: answer.height, bytes: answer.bytes });
      else current.reject(new Error(answer.message));
    }
    next();
  });
  const ended = (reason: string) => {
    if (child !== started) return;
    child = undefined;
    // A job it was encoding when it ended (a crash) fails; the rest go to a new child.
    queue.shift()?.reject(new Error(reason));
    next();
  };
  started.on('exit', () => ended('the page encoder ended'));
  started.on('error', (error) => ended(`the page encoder failed: ${error.message}`));
  return started;
}

/** Gives the child the first waiting job, or lets it go idle (and exit) when none wait. */
function next(): void {
  clearTimeout(idleTimer);
  const first = queue[0];
  if (!first) {
    // Idle: nothing of it keeps the server's process alive.
    child?.channel?.unref();
    const idle = child;
    idleTimer = setTimeout(() => {
      if (!idle || child !== idle || queue.length > 0) return;
      // Forgotten first: a job that comes while it exits starts a new child.
      child = undefined;
      idle.disconnect();
    }, IDLE_EXIT_MS).unref();
    return;
  }
  child ??= startChild();
  child.channel?.ref();
  child.send(first.job);
}

/** Encodes one page in the child; jobs wait their turn (one at a time on this instance). */
export function encodeInChild(job: EncodeJob): Promise<EncodedPage> {
  return new Promise((resolve, reject) => {
    queue.push({ job, resolve, reject });
    if (queue.length === 1) next();
  });
}

import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { constants, setPriority } from 'node:os';

// One run of ffmpeg or ffprobe. Transcoding shares the machine with the students being served, so
// every run is given the lowest CPU priority the moment it starts: the kernel then hands the
// server's requests the CPU first and the transcode what is left.

export interface ToolRun {
  /** Called with each line ffmpeg writes to stdout (its `-progress pipe:1` report). */
  onStdoutLine?: (line: string) => void;
  /** Aborting kills the tool. */
  signal?: AbortSignal;
}

export class ToolError extends Error {
  constructor(
    message: string,
    /** The last lines ffmpeg wrote to stderr: why it stopped. */
    readonly detail: string,
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

/** How much of stderr is kept for the error: ffmpeg says why it stopped at the end. */
const STDERR_TAIL_BYTES = 4096;

/**
 * A tool started at the lowest priority. Aborting `signal` kills it at once (SIGKILL: what it was
 * writing is scratch), and its 'close' still follows: a caller that settles on 'close' has the
 * tool gone before it goes on, so a stopping server never leaves an ffmpeg running behind it.
 */
export type Tool = ChildProcessByStdio<null, Readable, Readable>;

export function spawnTool(binary: string, args: string[], signal?: AbortSignal): Tool {
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], signal, killSignal: 'SIGKILL' });
  try {
    if (child.pid !== undefined) setPriority(child.pid, constants.priority.PRIORITY_LOW);
  } catch {
    // A system that refuses to lower a priority still transcodes, only less politely.
  }
  return child;
}

/** A tool that did not start at all (not found, not executable): the abort of a running one ends in 'close' instead. */
export function failedToStart(child: Tool): boolean {
  return child.pid === undefined;
}

export function runTool(binary: string, args: string[], run: ToolRun = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawnTool(binary, args, run.signal);
    let stdout = '';
    let partialLine = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (!run.onStdoutLine) {
        stdout += chunk;
        return;
      }
      const lines = (partialLine + chunk).split('\n');
      partialLine = lines.pop() ?? '';
      for (const line of lines) run.onStdoutLine(line.trim());
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_BYTES);
    });
    child.once('error', (error) => {
      if (failedToStart(child)) reject(error);
    });
    child.once('close', (code, signal) => {
      if (code === 0) resolve(stdout);
      else reject(new ToolError(`${binary.split('/').pop() ?? binary} stopped (${signal ?? `exit ${code}`})`, stderr.trim()));
    });
  });
}

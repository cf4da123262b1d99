import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { constants, setPriority } from 'node:os';

// One run of ffmpeg or ffprobe. Transcoding shares the machine with the students being served, so
// every run is given the lowest CPU priority the moment it starts: the kernel then hands the
// server's requests the CPU first and the transcode what is left.
//
// The tools parse untrusted media (admins' uploads, leaked copies from anywhere sent to the tracer)
// in a large C code base, so each runs confined: under resource limits set by util-linux's prlimit
// before it starts (address space, CPU time, size of any file it writes, no core dumps), and, when
// MEDIA_TOOL_SANDBOX names one, inside a sandbox command such as bubblewrap (docs/security.md,
// 'Media tools'). A decoder driven into a loop or an allocation storm is killed by the kernel
// instead of taking the server's machine with it.

export interface ToolConfinement {
  /** The most address space the tool may map, bytes (RLIMIT_AS). */
  memoryBytes: number;
  /** The most CPU time, all its threads together, seconds (RLIMIT_CPU): the kernel then ends it. */
  cpuSeconds: number;
  /** Words put before the tool's own command line (MEDIA_TOOL_SANDBOX), e.g. `bwrap ... --`; [] for none. */
  sandbox: readonly string[];
}

/**
 * The defaults, wide enough for honest work: a six-rung ladder from 1080p mapped 1.1 GB on two cores
 * (x264 maps more with more threads), and a long lecture's ladder takes CPU hours.
 */
export const DEFAULT_CONFINEMENT: ToolConfinement = { memoryBytes: 8 * 1024 ** 3, cpuSeconds: 12 * 3600, sandbox: [] };

/** The largest file a tool may write (RLIMIT_FSIZE): the tracer's raw frames of a ten-hour copy are 1.7 GB, a segment a few MB. */
export const TOOL_FILE_SIZE_LIMIT = 4 * 1024 ** 3;

/** The command that runs `binary` confined: prlimit sets the limits on itself and then executes the rest, so the tool keeps its process. */
export function confinedCommand(binary: string, args: string[], confinement: ToolConfinement): { command: string; args: string[] } {
  const limits = [`--as=${confinement.memoryBytes}`, `--cpu=${confinement.cpuSeconds}`, `--fsize=${TOOL_FILE_SIZE_LIMIT}`, '--core=0'];
  return { command: 'prlimit', args: [...limits, '--', ...confinement.sandbox, binary, ...args] };
}

export interface ToolRun {
  /** Called with each line ffmpeg writes to stdout (its `-progress pipe:1` report). */
  onStdoutLine?: (line: string) => void;
  /** Aborting kills the tool. */
  signal?: AbortSignal;
  /** DEFAULT_CONFINEMENT unless the settings say otherwise (MediaBinaries.confinement). */
  confinement?: ToolConfinement;
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

export function spawnTool(binary: string, args: string[], signal?: AbortSignal, confinement: ToolConfinement = DEFAULT_CONFINEMENT): Tool {
  const confined = confinedCommand(binary, args, confinement);
  const child = spawn(confined.command, confined.args, { stdio: ['ignore', 'pipe', 'pipe'], signal, killSignal: 'SIGKILL' });
  try {
    if (child.pid !== undefined) setPriority(child.pid, constants.priority.PRIORITY_LOW);
  } catch {
    // A system that refuses to lower a priority still transcodes, only less politely.
  }
  return child;
}

/** Why a tool did not start, saying so when it is prlimit that is missing (util-linux, on every Debian). */
export function startError(error: Error): Error {
  const missing = (error as NodeJS.ErrnoException).code === 'ENOENT' && (error as NodeJS.ErrnoException).path === 'prlimit';
  return missing ? new Error('prlimit was not found: install util-linux, which sets the media tools\' resource limits', { cause: error }) : error;
}

/** A tool that did not start at all (not found, not executable): the abort of a running one ends in 'close' instead. */
export function failedToStart(child: Tool): boolean {
  return child.pid === undefined;
}

export function runTool(binary: string, args: string[], run: ToolRun = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawnTool(binary, args, run.signal, run.confinement);
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
      if (failedToStart(child)) reject(startError(error));
    });
    child.once('close', (code, signal) => {
      if (code === 0) resolve(stdout);
      else reject(new ToolError(`${binary.split('/').pop() ?? binary} stopped (${signal ?? `exit ${code}`})`, stderr.trim()));
    });
  });
}

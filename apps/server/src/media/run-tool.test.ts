import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { mediaBinaries } from './binaries';
import { DEFAULT_CONFINEMENT, runTool, TOOL_FILE_SIZE_LIMIT } from './run-tool';
import { processesNaming } from './stop-tools';

// A stopping server aborts its jobs' tools and then exits: each tool must be gone by the time its
// run settles, or it goes on encoding behind a server that no longer exists.

const { ffmpeg } = mediaBinaries({ ffmpegPath: null, ffprobePath: null });

/** How many processes have `token` in their arguments. */
const running = async (token: string) => (await processesNaming(token)).length;

it('settles an aborted run only once its tool has ended', async () => {
  const token = `run-tool-${randomUUID()}`;
  const abort = new AbortController();
  // An encode that would run for hours: a test pattern to nowhere, named by the token.
  const run = runTool(ffmpeg, ['-nostdin', '-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25', '-c:v', 'libx264', '-preset', 'ultrafast', '-metadata', `title=${token}`, '-f', 'null', '-'], { signal: abort.signal });
  const outcome = run.then(
    () => 'finished',
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  await expect.poll(() => running(token)).toBe(1);
  abort.abort(new Error('the server is stopping'));
  expect(await outcome).toMatch(/stopped \(SIGKILL\)/);
  expect(await running(token)).toBe(0);
});

// Each tool runs confined (run-tool.ts): the kernel holds it to its limits, whatever its input drives it to.

/** An encode that would run for hours, named by `token` so the test finds its process. */
const endlessEncode = (token: string) => ['-nostdin', '-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25', '-c:v', 'libx264', '-preset', 'ultrafast', '-metadata', `title=${token}`, '-f', 'null', '-'];

/** The process whose arguments name `token`, once it is ffmpeg itself (prlimit, and a sandbox command, execute it in their place). */
async function toolProcess(token: string): Promise<number> {
  const ffmpegItself = async () => (await processesNaming(token)).filter((found) => found.args.startsWith(`${ffmpeg} `));
  await expect.poll(async () => (await ffmpegItself()).length).toBe(1);
  return (await ffmpegItself())[0]?.pid ?? 0;
}

/** The soft limit of one row of /proc/<pid>/limits ('Max cpu time'), as written there. */
function limitOf(pid: number, row: string): string | undefined {
  const line = readFileSync(`/proc/${pid}/limits`, 'utf8').split('\n').find((text) => text.startsWith(row));
  return line?.slice(row.length).trim().split(/\s+/)[0];
}

describe('confinement', () => {
  it('starts every tool under its address-space, CPU-time, file-size and core-dump limits', async () => {
    const token = `limits-${randomUUID()}`;
    const abort = new AbortController();
    const confinement = { memoryBytes: 3 * 1024 ** 3, cpuSeconds: 7200, sandbox: [] };
    const run = runTool(ffmpeg, endlessEncode(token), { signal: abort.signal, confinement }).catch(() => 'stopped');
    const pid = await toolProcess(token);
    try {
      expect(limitOf(pid, 'Max address space')).toBe(String(3 * 1024 ** 3));
      expect(limitOf(pid, 'Max cpu time')).toBe('7200');
      expect(limitOf(pid, 'Max file size')).toBe(String(TOOL_FILE_SIZE_LIMIT));
      expect(limitOf(pid, 'Max core file size')).toBe('0');
    } finally {
      abort.abort();
      await run;
    }
  });

  it('applies the defaults to a run that names no confinement', async () => {
    const token = `defaults-${randomUUID()}`;
    const abort = new AbortController();
    const run = runTool(ffmpeg, endlessEncode(token), { signal: abort.signal }).catch(() => 'stopped');
    const pid = await toolProcess(token);
    try {
      expect(limitOf(pid, 'Max address space')).toBe(String(DEFAULT_CONFINEMENT.memoryBytes));
      expect(limitOf(pid, 'Max cpu time')).toBe(String(DEFAULT_CONFINEMENT.cpuSeconds));
    } finally {
      abort.abort();
      await run;
    }
  });

  it('has the kernel end a runaway run at its CPU time', async () => {
    const token = `runaway-${randomUUID()}`;
    const outcome = await runTool(ffmpeg, endlessEncode(token), { confinement: { ...DEFAULT_CONFINEMENT, cpuSeconds: 1 } }).then(
      () => 'finished',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    // ffmpeg catches SIGXCPU at the limit to stop cleanly, and the kernel's SIGKILL ends it there.
    expect(outcome).toMatch(/stopped \(SIG(XCPU|KILL)\)/);
    expect(await running(token)).toBe(0);
  });

  it('fails a decode that needs more memory than its address space allows', async () => {
    const outcome = await runTool(ffmpeg, ['-nostdin', '-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=1920x1080:rate=25', '-frames:v', '5', '-c:v', 'libx264', '-f', 'null', '-'], {
      confinement: { ...DEFAULT_CONFINEMENT, memoryBytes: 64 * 1024 ** 2 },
    }).then(
      () => 'finished',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(outcome).toMatch(/^ffmpeg stopped/);
  });

  it('runs the tool inside the sandbox command MEDIA_TOOL_SANDBOX names', async () => {
    // util-linux's unshare, as a stand-in for bubblewrap: a network namespace of the tool's own.
    const token = `sandbox-${randomUUID()}`;
    const abort = new AbortController();
    const sandbox = ['unshare', '--map-root-user', '--net', '--'];
    const run = runTool(ffmpeg, endlessEncode(token), { signal: abort.signal, confinement: { ...DEFAULT_CONFINEMENT, sandbox } }).catch(() => 'stopped');
    const pid = await toolProcess(token);
    try {
      expect(readlinkSync(`/proc/${pid}/ns/net`)).not.toBe(readlinkSync('/proc/self/ns/net'));
      expect(limitOf(pid, 'Max cpu time')).toBe(String(DEFAULT_CONFINEMENT.cpuSeconds));
    } finally {
      abort.abort();
      await run;
    }
  });
});

it('takes the confinement from the settings, the sandbox command split into its words', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'academy-confinement-'));
  try {
    const config = loadConfig({ DATA_DIR: dataDir, MEDIA_TOOL_MEMORY_MB: '1024', MEDIA_TOOL_CPU_SECONDS: '600', MEDIA_TOOL_SANDBOX: ' bwrap  --unshare-net --ro-bind / / -- ' });
    expect(mediaBinaries(config.lessons).confinement).toEqual({ memoryBytes: 1024 ** 3, cpuSeconds: 600, sandbox: ['bwrap', '--unshare-net', '--ro-bind', '/', '/', '--'] });
    expect(loadConfig({ DATA_DIR: dataDir }).lessons.toolConfinement).toEqual(DEFAULT_CONFINEMENT);
    expect(() => loadConfig({ DATA_DIR: dataDir, MEDIA_TOOL_MEMORY_MB: 'lots' })).toThrow(/MEDIA_TOOL_MEMORY_MB.*must be a whole number/);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

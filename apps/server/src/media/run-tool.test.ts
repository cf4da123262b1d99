import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { mediaBinaries } from './binaries';
import { runTool } from './run-tool';

// A stopping server aborts its jobs' tools and then exits: each tool must be gone by the time its
// run settles, or it goes on encoding behind a server that no longer exists.

const { ffmpeg } = mediaBinaries({ ffmpegPath: null, ffprobePath: null });

/** The processes whose arguments hold `token` (Linux's /proc). */
function running(token: string): number {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(token);
      } catch {
        return false;
      }
    }).length;
}

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
  expect(running(token)).toBe(0);
});

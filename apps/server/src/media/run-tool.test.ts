import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { mediaBinaries } from './binaries';
import { runTool } from './run-tool';
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

import { readdir, readFile } from 'node:fs/promises';

// A server killed outright (SIGKILL, the OOM killer, a power cut of the process) cannot stop the
// ffmpeg it started: the tool, at the lowest priority, goes on to the end of its work, writing
// into the dead try's scratch folder and taking the CPU the next try needs. The next try of the
// job stops it. Found by path: every tool run names the files of its scratch folder in its
// arguments. Linux's /proc lists them; elsewhere there is nothing to read, and nothing is stopped.

const WAIT_MS = 5_000;

/** The processes (other than this one) whose arguments contain `text`, with their arguments. */
export async function processesNaming(text: string): Promise<{ pid: number; args: string }[]> {
  const names = await readdir('/proc').catch(() => [] as string[]);
  const found: { pid: number; args: string }[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    const args = await readFile(`/proc/${name}/cmdline`, 'utf8').catch(() => '');
    if (args.includes(text)) found.push({ pid: Number(name), args: args.replaceAll('\0', ' ').trim() });
  }
  return found;
}

/** The processes whose arguments name a file under `dir`. */
async function processesWorkingIn(dir: string): Promise<number[]> {
  return (await processesNaming(`${dir}/`)).map((found) => found.pid);
}

/** Kills every process still working in `dir`, and waits (a few seconds at most) until they are gone. */
export async function stopToolsIn(dir: string): Promise<number> {
  const pids = await processesWorkingIn(dir);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // It ended on its own meanwhile, or is not ours to stop.
    }
  }
  for (const deadline = Date.now() + WAIT_MS; pids.length > 0 && Date.now() < deadline; ) {
    if ((await processesWorkingIn(dir)).length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return pids.length;
}

// Cold-start benchmark: the start of a built tree, as users start it: `npm start` (the README's
// command and defaults) until GET /api/health answers 200, under 1.5 s. A first start (which
// builds whatever is stale and creates the database) is not timed; then BENCH_STARTS (5) restarts
// on the same data folder are, and the median is the figure.
//
//   npm run bench:cold-start
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { percentile } from './support';
import { reportFigures } from './support/results';
import { benchPort, startServer, stopServer, BENCH_ADMIN } from './support/server';

const STARTS = Number(process.env.BENCH_STARTS ?? 5);
const GOAL_MS = 1500;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'academy-bench-cold-start-'));
  const port = await benchPort();
  try {
    await stopServer(await startServer({ port, dataDir, admin: BENCH_ADMIN }));
    const times: number[] = [];
    for (let i = 0; i < STARTS; i += 1) {
      const started = performance.now();
      const server = await startServer({ port, dataDir, admin: BENCH_ADMIN });
      times.push(performance.now() - started);
      await stopServer(server);
    }
    console.log(`npm start to /api/health 200, ${STARTS} starts: ${times.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}\n`);
    const median = percentile([...times].sort((a, b) => a - b), 50);
    reportFigures([{ bench: 'cold-start', figure: 'cold start of a built tree (median)', value: `${(median / 1000).toFixed(2)} s`, goal: `< ${GOAL_MS / 1000} s`, met: median < GOAL_MS }]);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

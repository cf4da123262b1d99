import { appendFileSync } from 'node:fs';

// Every bench reports its figures here as well as in its own detail: `npm run bench` (run-all.ts)
// names a file in BENCH_RESULTS, each bench appends one JSON line per figure, and run-all prints
// them all as one table at the end. A bench run alone prints its own lines only.

export interface Figure {
  bench: string;
  /** What was measured: 'student feed, req/s'. */
  figure: string;
  /** The measured value as shown: '6,210 req/s'. */
  value: string;
  /** The reference measured in the same run (bare Fastify, nginx), when there is one. */
  reference?: string;
  /** value / reference, when the goal is a ratio. */
  ratio?: number;
  goal: string;
  met: boolean;
}

export function recordFigure(figure: Figure): void {
  const file = process.env.BENCH_RESULTS;
  if (file) appendFileSync(file, `${JSON.stringify(figure)}\n`);
}

/** Records every figure, prints one line each, and sets the exit code: 1 when a goal was missed. */
export function reportFigures(figures: Figure[]): void {
  for (const f of figures) {
    recordFigure(f);
    const ratio = f.ratio === undefined ? '' : ` = ${f.ratio.toFixed(2)} of ${f.reference ?? 'the reference'}`;
    console.log(`${f.met ? 'PASS' : 'FAIL'}  ${f.figure}: ${f.value}${ratio} (goal ${f.goal})`);
  }
  process.exitCode = figures.every((f) => f.met) ? 0 : 1;
}

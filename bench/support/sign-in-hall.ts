import { STUDENTS_PATHS } from '@academy/contract';

// The sign-in hall, for bench/load.ts: a class signs in at once from the hall's one address (every
// request of the benchmark comes from loopback), the first 30 after one typo and the next 5 after
// five, as the tests do (apps/server/src/features/sign-in-guard/hall.test.ts). Each student's
// tries go one after another, the students all at once. Goal: every student in, no refusal.

export interface HallFigures {
  students: number;
  signedIn: number;
  /** 429 answers: a sign-in rule, or a request budget, refused someone. */
  refusals: number;
  /** Answers other than 200, 401 (a typo) and 429. */
  unexpected: number;
  seconds: number;
  /** Latency of every sign-in request, typos included, ms. */
  p50: number;
  p97_5: number;
  p99: number;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

export async function signInHall(base: string, students: { email: string; password: string }[]): Promise<HallFigures> {
  const latencies: number[] = [];
  const statuses: number[] = [];
  const attempt = async (email: string, password: string) => {
    const started = performance.now();
    const response = await fetch(`${base}/api/${STUDENTS_PATHS.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    statuses.push(response.status);
    return response.status;
  };
  const started = performance.now();
  const finals = await Promise.all(
    students.map(async (student, i) => {
      const typos = i < 30 ? 1 : i < 35 ? 5 : 0;
      for (let typo = 0; typo < typos; typo += 1) await attempt(student.email, `${student.password}-typo${typo}`);
      return attempt(student.email, student.password);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    students: students.length,
    signedIn: finals.filter((status) => status === 200).length,
    refusals: statuses.filter((status) => status === 429).length,
    unexpected: statuses.filter((status) => ![200, 401, 429].includes(status)).length,
    seconds,
    p50: percentile(sorted, 0.5),
    p97_5: percentile(sorted, 0.975),
    p99: percentile(sorted, 0.99),
  };
}

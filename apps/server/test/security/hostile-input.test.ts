import type { InjectOptions } from 'fastify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestFor, send, type Answer } from './call-route';
import { errorContractProblems } from './error-contract';
import { changes, type Fingerprint } from './fingerprint';
import { hostileMutations } from './hostile-requests';
import { exampleOf, GRANTED } from './route-examples';
import { useSecurityTestApp } from './security-app';
import { reviveCallers, type Actor } from './world';

// Hostile input: every route's valid example, corrupted by fast-check (hostile-requests.ts)
// and sent as an anonymous caller, a student and an admin. Whatever arrives, the server never
// answers 5xx; a 4xx keeps the error contract; a refused request stores nothing (a fingerprint of
// every table and every data file, before and after); and every answer keeps nosniff and grants
// no foreign origin. HEAD twins run the same handlers as their GET and are left to the matrix.

const ACTORS: Actor[] = ['anonymous', 'student', 'admin'];
/**
 * Runs per route for a caller the route lets in: 10 on every `npm test` (each run takes a
 * fingerprint of every table and file), HOSTILE_RUNS=200 to search deeper by hand.
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 10);
/** Runs where the access check answers before the request is even read. */
const REFUSED_RUNS = Math.max(2, Math.ceil(RUNS / 4));
/** HOSTILE_SEED replays a failure reported by an earlier run. */
const SEED = process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : undefined;

function answerProblems(answer: Answer, method: string): string[] {
  const problems: string[] = [];
  if (answer.statusCode >= 500) problems.push(`answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`);
  if (answer.statusCode >= 400 && answer.statusCode < 500) problems.push(...errorContractProblems(answer, method));
  if (answer.headers['x-content-type-options'] !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  if (answer.headers['access-control-allow-origin'] !== undefined) problems.push(`CORS allowed ${String(answer.headers['access-control-allow-origin'])}`);
  return problems;
}

const PROTOTYPE_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

/** A poisoned key that reached a naive merge shows on every object of the process (the server runs in it). */
function pollutionProblems(): string[] {
  const polluted = Object.getOwnPropertyNames(Object.prototype).filter((name) => !PROTOTYPE_NAMES.has(name));
  return polluted.length > 0 ? [`Object.prototype was polluted with ${polluted.join(', ')}`] : [];
}

/** Enough of a request to replay it by hand. */
function describeRequest(request: InjectOptions): string {
  const payload = request.payload;
  const body = Buffer.isBuffer(payload) ? payload.toString('latin1') : typeof payload === 'string' ? payload : JSON.stringify(payload);
  return `${request.method} ${String(request.url).slice(0, 300)} headers=${JSON.stringify(request.headers).slice(0, 300)} body=${String(body).slice(0, 300)}`;
}

/** fast-check's report without the mutation's source: what went wrong and the seed to replay it. */
function shortReport(error: Error): string {
  const seed = /\{ seed: (-?\d+), path: "([^"]*)"/.exec(error.message);
  const cause = error.cause instanceof Error ? error.cause.message : error.message;
  return `${cause}${seed ? ` (HOSTILE_SEED=${seed[1]})` : ''}`;
}

describe('hostile input to every route', () => {
  const t = useSecurityTestApp();

  describe.each(ACTORS)('as %s', (actor) => {
    it('never answers 5xx, keeps the error contract on every 4xx, and stores nothing for a refused request', async () => {
      const failures: string[] = [];
      const routes = t.app.declaredRoutes.filter((route) => route.method !== 'HEAD');
      for (const route of routes) {
        const example = exampleOf(route.method, route.url);
        if (!example) continue; // the access matrix names a route without an example
        await reviveCallers(t.world);
        const base = requestFor(t.world, route, actor, await example.build({ world: t.world, actor }));
        const runs = GRANTED[route.access].includes(actor) ? RUNS : REFUSED_RUNS;
        // The fingerprint taken after a refused request is the next request's "before": nothing
        // runs in between. An accepted request may write, so the next run takes its own.
        let afterRefusal: Fingerprint | undefined;
        const property = fc.asyncProperty(hostileMutations(route.url, base), async (mutate) => {
          const request = mutate(base);
          const before = afterRefusal ?? (await t.fingerprints.take());
          afterRefusal = undefined;
          const answer = await send(t.app, request);
          const problems = [...answerProblems(answer, route.method), ...pollutionProblems()];
          if (answer.statusCode >= 400) {
            const after = await t.fingerprints.take();
            const changed = changes(before, after, example.refusalWrites);
            if (changed.length > 0) problems.push(`refused with ${answer.statusCode} but changed ${changed.join(', ')}`);
            afterRefusal = after;
          }
          if (problems.length > 0) throw new Error(`${problems.join('; ')}\n  request: ${describeRequest(request)}`);
        });
        try {
          await fc.assert(property, { numRuns: runs, ...(SEED === undefined ? {} : { seed: SEED }) });
        } catch (error) {
          failures.push(`${route.method} ${route.url} as ${actor}: ${shortReport(error as Error)}`);
        }
      }
      expect(failures).toEqual([]);
    }, 300_000);
  });
});

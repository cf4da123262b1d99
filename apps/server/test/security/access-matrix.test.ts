import { describe, expect, it } from 'vitest';
import type { DeclaredRoute } from '../../src/plugins/auth';
import { requestFor, send } from './call-route';
import { errorContractProblems } from './error-contract';
import { changes } from './fingerprint';
import { exampleOf, GRANTED, narrowerFor, ROUTE_EXAMPLES, type RouteExample } from './route-examples';
import { useSecurityTestApp } from './security-app';
import { ACTORS, type Actor } from './world';

// The access matrix: every route of the real app, as declared in its `config.access`,
// called by six callers with a valid request. A caller the declaration does not grant must be
// refused (401, 403, or 404 for another student's resource) with the error contract's body and
// nothing stored; a caller it grants must be served, which proves the example valid and so that
// each refusal came from the access check, not from the validator.

type Expectation = { allowed: true; status: number } | { allowed: false; statuses: number[] };

function expectationFor(route: DeclaredRoute, actor: Actor, example: RouteExample): Expectation {
  if (GRANTED[route.access].includes(actor)) {
    const narrower = narrowerFor(example, actor);
    if (narrower) return { allowed: false, statuses: [narrower.status] };
    return { allowed: true, status: example.status ?? 200 };
  }
  if (actor === 'anonymous' || actor === 'suspendedStudent' || actor === 'endedSession') return { allowed: false, statuses: [401] };
  // Another student reaching the first student's resource may learn that it exists (403) or not (404).
  if (route.access === 'owner') return { allowed: false, statuses: [403, 404] };
  return { allowed: false, statuses: [403] };
}

describe('the access matrix: every API route against every kind of caller', () => {
  const t = useSecurityTestApp();
  const key = (route: Pick<DeclaredRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;

  it('has a valid example for every declared route, and no example for a route that is gone', () => {
    const declared = t.app.declaredRoutes;
    expect(declared.length).toBeGreaterThan(40);
    const missing = declared.filter((route) => !exampleOf(route.method, route.url)).map((route) => `${key(route)} (${route.access})`);
    expect(missing, 'routes without an example: add them to test/security/route-examples.ts').toEqual([]);
    const gone = Object.keys(ROUTE_EXAMPLES).filter((name) => !declared.some((route) => key(route) === name));
    expect(gone, 'examples of routes the app no longer has').toEqual([]);
    const redeclared = declared.flatMap((route) => {
      const example = exampleOf(route.method, route.url);
      return example && example.access !== route.access ? [`${key(route)} declares ${route.access}, the matrix says ${example.access}`] : [];
    });
    expect(redeclared, 'a changed declaration must be changed in the matrix too').toEqual([]);
    const widening = Object.entries(ROUTE_EXAMPLES).flatMap(([name, example]) => {
      const route = declared.find((r) => key(r) === name);
      const granted = route ? GRANTED[route.access] : [];
      const narrowed = [example.narrower ?? []].flat().flatMap((entry) => entry.actors);
      return narrowed.filter((actor) => !granted.includes(actor)).map((actor) => `${name}: ${actor}`);
    });
    expect(widening, 'a narrower list may only name callers the declaration grants').toEqual([]);
  });

  it('refuses every caller a route does not grant, stores nothing for a refusal, and serves the callers it grants', async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const route of t.app.declaredRoutes) {
      const example = exampleOf(route.method, route.url);
      if (!example) continue; // the test above names it
      for (const actor of ACTORS) {
        const expected = expectationFor(route, actor, example);
        const request = requestFor(t.world, route, actor, await example.build({ world: t.world, actor }));
        const before = expected.allowed ? null : await t.fingerprints.take();
        const answer = await send(t.app, request);
        calls += 1;
        const where = `${key(route)} [${route.access}] as ${actor}`;
        if (expected.allowed) {
          if (answer.statusCode !== expected.status) failures.push(`${where}: expected ${expected.status}, got ${answer.statusCode} ${answer.body.slice(0, 200)}`);
          continue;
        }
        if (!expected.statuses.includes(answer.statusCode)) {
          failures.push(`${where}: expected a refusal (${expected.statuses.join(' or ')}), got ${answer.statusCode} ${answer.body.slice(0, 200)}`);
        }
        for (const problem of errorContractProblems(answer, route.method)) failures.push(`${where}: ${problem}`);
        const changed = changes(before ?? new Map(), await t.fingerprints.take());
        if (changed.length > 0) failures.push(`${where}: the refused call changed ${changed.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBe(t.app.declaredRoutes.length * ACTORS.length);
  }, 240_000);
});

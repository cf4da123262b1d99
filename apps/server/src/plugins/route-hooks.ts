import type { RouteOptions } from 'fastify';

// What the plugins' onRoute hooks share: a route's methods, which methods carry a body or change
// something, and a route's own hooks of one phase as a list to put a step before or after.

/** The methods whose requests Fastify reads a body for; a GET's is never read. */
export const BODY_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The methods that change nothing. */
export const READ_ONLY_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export function routeMethods(route: RouteOptions): string[] {
  return [route.method].flat();
}

/** A route's own hooks of one phase (none, one, or a list) as a list. */
export function ownHooks<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : [hooks].flat() as T[];
}

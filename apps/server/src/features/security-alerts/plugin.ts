import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/database';
import { securityEventsOf } from '../../lib/security-events';
import type { Notifier } from '../../notify/notifier';
import { createSecurityMonitor, type SecurityMonitor } from './monitor';
import { accountSubject, addressSubject, countedEventOf, type CountedEvent, type SecurityAlertRules } from './rules';
import { LocalWindowCounts, RedisWindowCounts } from './window-counts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts security events towards the alerts (features/security-alerts). */
    securityAlerts: SecurityMonitor;
  }
}

export interface SecurityAlertsOptions {
  db: Db;
  notifier: Notifier | null;
  rules: SecurityAlertRules;
  /** The shared store; null counts in this process. */
  redis: { client: Redis; prefix: string } | null;
  clock: () => number;
}

/**
 * Counts what every answered request says about security once it is sent: the events it wrote to
 * the security log, a 401 or 403 no event explained (as plugins/auth.ts logs them), and a 429.
 * The counting never delays or fails an answer.
 */
export const securityAlertsPlugin = fp(async (app: FastifyInstance, options: SecurityAlertsOptions) => {
  const { windowMs } = options.rules;
  const counts = options.redis ? new RedisWindowCounts(options.redis.client, `${options.redis.prefix}security-alerts:`, windowMs) : new LocalWindowCounts(windowMs);
  const monitor = createSecurityMonitor({ db: options.db, notifier: options.notifier, counts, rules: options.rules, clock: options.clock, log: app.log });
  app.decorate('securityAlerts', monitor);
  app.addHook('onClose', () => monitor.idle());
  app.addHook('onResponse', (request, reply, done) => {
    for (const event of countedEventsOf(request, reply.statusCode)) void monitor.count(event);
    done();
  });
});

function countedEventsOf(request: FastifyRequest, status: number): CountedEvent[] {
  const written = securityEventsOf(request);
  const counted = written.flatMap((event) => countedEventOf(event, request.ip) ?? []);
  if (status === 429) counted.push({ kind: 'rate-limited', subject: addressSubject(request.ip) });
  if ((status === 401 || status === 403) && written.length === 0) {
    const account = request.account;
    counted.push({ kind: 'access-refused', subject: account ? accountSubject(account.id) : addressSubject(request.ip) });
  }
  return counted;
}

/** Counts one bulk read of students (a CSV export, a bulk page) by the request's admin towards `bulk-reads`. */
export function countBulkRead(request: FastifyRequest): void {
  const account = request.account;
  if (account) void request.server.securityAlerts.count({ kind: 'bulk-reads', subject: accountSubject(account.id) });
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorAnswerSchema, SECURITY_ALERT_KINDS, SECURITY_ALERTS_LISTED, SECURITY_ALERTS_PATHS, securityAlertsAnswerSchema, type SecurityAlertKind } from '@academy/contract';
import type { Db } from '../../db/database';
import { listAlerts } from './repo';

const isKind = (kind: string): kind is SecurityAlertKind => (SECURITY_ALERT_KINDS as readonly string[]).includes(kind);

/** `GET security-alerts`: the newest alerts, for the admins' Security alerts screen. */
export const securityAlertsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(`/${SECURITY_ALERTS_PATHS.list}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags: ['security'],
      security: [{ bearer: [] }],
      summary: 'The newest security alerts: unusual activity counted over a sliding window (docs/security.md)',
      response: { 200: securityAlertsAnswerSchema, 401: errorAnswerSchema, 403: errorAnswerSchema },
    },
    handler: async () => {
      const rows = await listAlerts(db, SECURITY_ALERTS_LISTED);
      return {
        code: 200 as const,
        message: 'Security alerts',
        // A kind a newer release wrote is left out rather than failing the list.
        data: rows.flatMap((row) =>
          isKind(row.kind)
            ? [{ id: row.id, kind: row.kind, subject: row.subject, count: row.count, threshold: row.threshold, windowMs: row.window_ms, raisedAt: row.raised_at }]
            : [],
        ),
      };
    },
  });
};

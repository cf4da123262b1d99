// The admins' fees screen: the overview, one class month, reminders, revenue, the accountant's CSV
// and the Needs attention list. HTTP only; the rules are in overview-service.ts, remind.ts,
// export-csv.ts and alerts.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertsQuerySchema,
  classMonthAnswerSchema,
  classMonthQuerySchema,
  errorAnswerSchema,
  exportQuerySchema,
  feeAlertAnswerSchema,
  feeAlertParamsSchema,
  feeAlertsAnswerSchema,
  feeClassMonthParamsSchema,
  FEES_PATHS,
  FEES_TEXT,
  overviewAnswerSchema,
  remindAnswerSchema,
  remindBodySchema,
  resolveAlertBodySchema,
  revenueAnswerSchema,
  revenueQuerySchema,
} from '@academy/contract';
import { currentAccount } from '../../plugins/auth';
import { actorOf } from '../audit-log/service';
import { listAlerts, resolveAlert } from './alerts';
import type { FeesContext } from './context';
import { exportPayments } from './export-csv';
import { classMonth, overview, revenue } from './overview-service';
import { remind } from './remind';
import { refused, security, tags } from './route-schemas';

export const adminRoutes: FastifyPluginAsyncZod<{ ctx: FeesContext }> = async (app, { ctx }) => {
  app.get(`/${FEES_PATHS.overview}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags,
      security,
      summary: 'Per class with a plan, per fee month: students, paid, pending, free, half, exceptions, unpaid, money paid and still due',
      response: { 200: overviewAnswerSchema, ...refused },
    },
    handler: async () => ({ code: 200 as const, message: FEES_TEXT.overviewRead, data: await overview(ctx) }),
  });

  app.get(`/${FEES_PATHS.classMonth}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "One class month: its counts and amounts, and every student with their state, method, receipt and last reminder",
      params: feeClassMonthParamsSchema,
      querystring: classMonthQuerySchema,
      response: { 200: classMonthAnswerSchema, ...refused, 409: errorAnswerSchema },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: FEES_TEXT.classMonthRead,
      data: await classMonth(ctx, currentAccount(request).id, request.params.folderId, request.params.month, request.query),
    }),
  });

  app.post(`/${FEES_PATHS.remind}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: 'Remind the unpaid students of a class month by e-mail (all, or the ones named); at most once a day each',
      description: '`sent`: reminders queued; `skipped`: students reminded within the last 24 hours, or named but not unpaid.',
      body: remindBodySchema,
      response: { 200: remindAnswerSchema, ...refused, 409: errorAnswerSchema },
    },
    handler: async (request) => ({ code: 200 as const, message: FEES_TEXT.remindersSent, data: await remind(ctx, actorOf(request), request.body) }),
  });

  app.get(`/${FEES_PATHS.revenue}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags,
      security,
      summary: 'Money received per Sri Lanka month and class, with refunds and chargebacks in the month they happened (at most 24 months)',
      querystring: revenueQuerySchema,
      response: { 200: revenueAnswerSchema, ...refused },
    },
    handler: async (request) => ({ code: 200 as const, message: FEES_TEXT.revenueRead, data: await revenue(ctx, request.query) }),
  });

  app.get(`/${FEES_PATHS.export}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "The accountant's CSV: a line per payment received and per refund recorded between two Sri Lanka days (audited)",
      querystring: exportQuerySchema,
      produces: ['text/csv'],
      response: { 200: z.string().describe('CSV text, UTF-8 with a byte-order mark'), ...refused },
    },
    handler: async (request, reply) => {
      const { csv, fileName } = await exportPayments(ctx, actorOf(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(csv);
    },
  });

  app.get(`/${FEES_PATHS.alerts}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags,
      security,
      summary: 'Needs attention: chargebacks, amounts that did not match, months paid twice, copied slips; open ones first',
      querystring: alertsQuerySchema,
      response: { 200: feeAlertsAnswerSchema, ...refused },
    },
    handler: async (request) => ({ code: 200 as const, message: FEES_TEXT.alertsRead, data: await listAlerts(ctx, request.query) }),
  });

  app.post(`/${FEES_PATHS.alertResolve}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: 'Mark an alert handled, with a note (audited); handled again changes nothing',
      params: feeAlertParamsSchema,
      body: resolveAlertBodySchema,
      response: { 200: feeAlertAnswerSchema, ...refused },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: FEES_TEXT.alertResolved,
      data: await resolveAlert(ctx, actorOf(request), request.params.alertId, request.body.note),
    }),
  });
};

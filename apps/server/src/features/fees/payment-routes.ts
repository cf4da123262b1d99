// Payments (admin: record, list, refund), receipts (their payer or an admin) and orders (the
// student paying online). HTTP only; the rules are in payment-actions.ts, reversals.ts and
// order-service.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorAnswerSchema,
  feeOrderParamsSchema,
  feePaymentParamsSchema,
  FEES_PATHS,
  FEES_TEXT,
  orderAnswerSchema,
  orderBodySchema,
  orderStateAnswerSchema,
  paymentAnswerSchema,
  paymentBodySchema,
  paymentsPageAnswerSchema,
  paymentsQuerySchema,
  receiptAnswerSchema,
  refundBodySchema,
} from '@academy/contract';
import { currentAccount } from '../../plugins/auth';
import { actorOf } from '../audit-log/service';
import type { FeesContext } from './context';
import { createOrder, readOrder } from './order-service';
import { paymentsPage, readReceipt, recordByAdmin } from './payment-actions';
import { refundPayment } from './reversals';
import { refused, security, tags } from './route-schemas';

export const paymentRoutes: FastifyPluginAsyncZod<{ ctx: FeesContext }> = async (app, { ctx }) => {
  app.post(`/${FEES_PATHS.orders}`, {
    config: { access: 'signed-in', budget: 'write' },
    schema: {
      tags,
      security,
      summary: "A student's order for one month through PayHere: the amount is the server's, the answer the checkout form to post",
      body: orderBodySchema,
      response: { 200: orderAnswerSchema, ...refused, 409: errorAnswerSchema },
    },
    handler: async (request) => ({ code: 200 as const, message: FEES_TEXT.orderCreated, data: await createOrder(ctx, currentAccount(request), request.body) }),
  });

  app.get(`/${FEES_PATHS.order}`, {
    config: { access: 'owner', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "An order's state as PayHere's notifications left it, and its receipt once paid (the return page polls it)",
      params: feeOrderParamsSchema,
      response: { 200: orderStateAnswerSchema, ...refused },
    },
    handler: async (request) => ({ code: 200 as const, message: FEES_TEXT.orderRead, data: await readOrder(ctx, currentAccount(request), request.params.orderId) }),
  });

  app.post(`/${FEES_PATHS.payments}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: 'Record money received in cash, by bank transfer, or through PayHere whose notification never came; the amount is the plan’s',
      body: paymentBodySchema,
      response: { 200: paymentAnswerSchema, ...refused, 409: errorAnswerSchema },
    },
    handler: async (request) => ({ code: 200 as const, message: FEES_TEXT.paymentRecorded, data: await recordByAdmin(ctx, actorOf(request), request.body) }),
  });

  app.get(`/${FEES_PATHS.payments}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags,
      security,
      summary: 'Every payment, newest first, by class, month, method and days of receipt',
      querystring: paymentsQuerySchema,
      response: { 200: paymentsPageAnswerSchema, ...refused },
    },
    handler: async (request) => ({ code: 200 as const, message: FEES_TEXT.paymentsRead, ...(await paymentsPage(ctx, currentAccount(request).id, request.query)) }),
  });

  app.post(`/${FEES_PATHS.paymentRefund}`, {
    config: { access: 'admin', budget: 'write' },
    schema: {
      tags,
      security,
      summary: "Record a refund of some or all of a payment's months: they close",
      params: feePaymentParamsSchema,
      body: refundBodySchema,
      response: { 200: paymentAnswerSchema, ...refused, 409: errorAnswerSchema },
    },
    handler: async (request) => ({
      code: 200 as const,
      message: FEES_TEXT.refundRecorded,
      data: await refundPayment(ctx, actorOf(request), request.params.paymentId, request.body),
    }),
  });

  app.get(`/${FEES_PATHS.receipt}`, {
    config: { access: 'owner', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "A payment's receipt, to its payer or an admin",
      params: feePaymentParamsSchema,
      response: { 200: receiptAnswerSchema, ...refused },
    },
    handler: async (request) => ({ code: 200 as const, message: FEES_TEXT.receiptRead, data: await readReceipt(ctx, currentAccount(request), request.params.paymentId) }),
  });
};

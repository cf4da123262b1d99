// A student's own fees, and an admin's view of one student's. HTTP only; the rules are in
// mine-service.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feeStudentParamsSchema, FEES_PATHS, FEES_TEXT, myFeesAnswerSchema, studentFeesAnswerSchema } from '@academy/contract';
import { currentAccount } from '../../plugins/auth';
import type { FeesContext } from './context';
import { myFees, studentFees } from './mine-service';
import { refused, security, tags } from './route-schemas';

export const mineRoutes: FastifyPluginAsyncZod<{ ctx: FeesContext }> = async (app, { ctx }) => {
  app.get(`/${FEES_PATHS.mine}`, {
    config: { access: 'signed-in', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "The caller's fees: per class with a plan, the months of the class year with their state, amount, due day and receipt; payments; slips",
      description: 'Students only (an admin: 403 "Only students pay fees."). A rejected slip carries the reason the admin gave.',
      response: { 200: myFeesAnswerSchema, ...refused },
    },
    handler: async (request) => ({ code: 200 as const, message: FEES_TEXT.mineRead, data: await myFees(ctx, currentAccount(request)) }),
  });

  app.get(`/${FEES_PATHS.studentFees}`, {
    config: { access: 'admin', budget: 'read' },
    schema: {
      tags,
      security,
      summary: "A student's fees as the admins see them: their months per class, payments, slips, free cards and exceptions with who and why",
      params: feeStudentParamsSchema,
      response: { 200: studentFeesAnswerSchema, ...refused },
    },
    handler: async (request) => ({ code: 200 as const, message: FEES_TEXT.studentFeesRead, data: await studentFees(ctx, request.params.studentId) }),
  });
};

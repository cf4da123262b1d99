import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createApprovals, type Approvals, type ApprovalsDeps } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Second-admin approval of deletions (features/approvals): the deletion routes ask it instead of deleting. */
    approvals: Approvals;
  }
}

/** Makes `app.approvals` available to every route; the features register what an approval carries out. */
export const approvalsPlugin = fp(async (app: FastifyInstance, deps: ApprovalsDeps) => {
  app.decorate('approvals', createApprovals(deps));
});

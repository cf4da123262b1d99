// The class fees' routes, as the one plugin app.ts registers under /api. Each part of the feature
// registers its own route file here.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoutes } from './admin-routes';
import type { FeesContext } from './context';
import { mineRoutes } from './mine-routes';
import { notifyRoutes } from './notify-routes';
import { paymentRoutes } from './payment-routes';
import { planRoutes } from './plan-routes';
import { slipRoutes } from './slip-routes';

/** Every fees call under /api (docs/fees.md 'The calls'). */
export const feesRoutes: FastifyPluginAsyncZod<{ ctx: FeesContext }> = async (app, { ctx }) => {
  await app.register(planRoutes, { ctx });
  await app.register(paymentRoutes, { ctx });
  // Encapsulated: its form-body parser reaches the notify route only.
  await app.register(notifyRoutes, { ctx });
  await app.register(slipRoutes, { ctx });
  await app.register(mineRoutes, { ctx });
  await app.register(adminRoutes, { ctx });
};

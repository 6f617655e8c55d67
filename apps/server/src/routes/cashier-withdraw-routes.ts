import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../services/service-deps.ts';

/** Cashier withdraw endpoints (issue 6, docs/cashier.md). */
export const cashierWithdrawRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  _app,
  _options,
) => {};

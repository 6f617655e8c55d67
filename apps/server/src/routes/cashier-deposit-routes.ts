import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../services/service-deps.ts';

/** Cashier deposit endpoints (issue 6, docs/cashier.md). */
export const cashierDepositRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  _app,
  _options,
) => {};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../services/service-deps.ts';

/** Back office players, dashboard and audit log (issue 7). */
export const staffPlayersRoutes: FastifyPluginAsyncZod<{ deps: ServiceDeps }> = async (
  _app,
  _options,
) => {};

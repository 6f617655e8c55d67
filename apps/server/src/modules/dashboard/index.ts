/**
 * The player's dashboard (issue 44 item 4, docs/dashboard.md): one read-only endpoint over
 * the wallet, exchange, casino, crash and safer-play modules' own services. Writes nothing.
 * Other modules and the app import this module only through this file.
 */
import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../../deps.ts';
import { dashboardRoutes } from './dashboard-routes.ts';

/** Registers GET /dashboard under `apiPrefix`; after the exchange module (it reads its engine). */
export async function dashboardModule(
  app: FastifyInstance,
  { deps, apiPrefix }: { deps: ServiceDeps; apiPrefix: string },
): Promise<void> {
  await app.register(dashboardRoutes, { prefix: apiPrefix, deps, engine: app.exchange });
}

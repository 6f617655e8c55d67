/**
 * Back office: staff accounts and roles, the audit log, the dashboard, player administration,
 * balance adjustments and broadcasts. It may call every other module; none calls it.
 * Other modules and the app import this module only through this file.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDeps } from '../../deps.ts';
import { staffAccountRoutes } from './staff-account-routes.ts';
import { staffBroadcastRoutes } from './staff-broadcast-routes.ts';
import { staffPlayersRoutes } from './staff-players-routes.ts';

/** The module's routes; registered under the API prefix by buildApp. */
export const backofficeModule: FastifyPluginAsync<{ deps: ServiceDeps }> = async (
  app,
  { deps },
) => {
  await app.register(staffAccountRoutes, { deps });
  await app.register(staffBroadcastRoutes, { deps });
  await app.register(staffPlayersRoutes, { deps });
};

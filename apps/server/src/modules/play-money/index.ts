/**
 * Play money (issue 42 item 6): the daily points a player of a MONEY_MODE=play site claims.
 * Moves points only through the wallet module's entry; beside the cashier, which a play site
 * closes (docs/play-money.md).
 * Other modules and the app import this module only through this file.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDeps } from '../../deps.ts';
import { allowanceRoutes } from './allowance-routes.ts';

/** The module's routes; registered under the API prefix by buildApp. */
export const playMoneyModule: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  await app.register(allowanceRoutes, { deps });
};

/**
 * Cashier: gateways, deposits, withdrawals, bank details and KYC. Moves money only through
 * the wallet module.
 * Other modules and the app import this module only through this file.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDeps } from '../../deps.ts';
import { cashierDepositRoutes } from './deposit-routes.ts';
import { refuseCashOnPlaySite } from './play-site-gate.ts';
import { cashierWithdrawRoutes } from './withdraw-routes.ts';

/** The module's routes; registered under the API prefix by buildApp. */
export const cashierModule: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  // A play-money site has no cashier: before the routes, so it covers all of them.
  if (deps.config.moneyMode === 'play') app.addHook('onRequest', refuseCashOnPlaySite);
  await app.register(cashierDepositRoutes, { deps });
  await app.register(cashierWithdrawRoutes, { deps });
};

export { insertGatewaysIfAbsent } from './gateway-repository.ts';
export { SEED_GATEWAYS } from './gateway-service.ts';

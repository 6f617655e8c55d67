/**
 * Safer play (issue 42): limits (limits/), and beside it the other parts. Other modules and
 * the app import this module only through this file.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDeps } from '../../deps.ts';
import type { WalletApi } from '../wallet/index.ts';
import { playerDepositLimitsPolicy, playerLimitsPolicy } from './limits/limits-policy.ts';
import { limitsRoutes } from './limits/limits-routes.ts';

/** The module's routes; registered under the API prefix by buildApp. */
export const saferPlayModule: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  await app.register(limitsRoutes, { deps });
};

/** Registers the player's deposit, loss and stake limits on the one wallet (buildApp). */
export function registerLimitPolicies(wallet: WalletApi): void {
  wallet.addLimitPolicy(playerLimitsPolicy);
  wallet.policies.addDeposit(playerDepositLimitsPolicy);
}

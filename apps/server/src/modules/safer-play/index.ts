/**
 * Safer play (issue 42): limits (limits/), reality checks and session limits (sessions/),
 * time-out and self-exclusion (exclusion/), each as wallet policies on the one wallet and
 * their screens' endpoints under /api/rg/. Other modules and the app import this module only
 * through this file.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDeps } from '../../deps.ts';
import type { WalletApi } from '../wallet/index.ts';
import { registerExclusionPolicies } from './exclusion/exclusion-policies.ts';
import { exclusionRoutes } from './exclusion/exclusion-routes.ts';
import { playerDepositLimitsPolicy, playerLimitsPolicy } from './limits/limits-policy.ts';
import { limitsRoutes } from './limits/limits-routes.ts';
import { saferPlaySessions } from './sessions/index.ts';

/** The module's routes and wallet policies; registered under the API prefix by buildApp. */
export const saferPlayModule: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  // Time-out and self-exclusion: every stake and deposit refused while one holds.
  const removeExclusionPolicies = registerExclusionPolicies(deps.wallet);
  app.addHook('onClose', async () => removeExclusionPolicies());
  await app.register(exclusionRoutes, { deps });
  await app.register(limitsRoutes, { deps });
  await app.register(saferPlaySessions, { deps });
};

/** Registers the player's deposit, loss and stake limits on the one wallet (buildApp). */
export function registerLimitPolicies(wallet: WalletApi): void {
  wallet.addLimitPolicy(playerLimitsPolicy);
  wallet.policies.addDeposit(playerDepositLimitsPolicy);
}

export { getLimitsState } from './limits/limits-service.ts';
export { getRealityCheck } from './sessions/session-settings-service.ts';

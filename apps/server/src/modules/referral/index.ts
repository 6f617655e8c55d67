/**
 * Referral: a player's own code and link, what it brought (visits, sign-ups, sources, invited
 * players) and the reward an invited player's first qualifying deposit pays (docs/referral.md).
 * It reads identity's players and codes and the site's visits and settings, and pays through
 * the wallet's entry; the cashier calls it inside a deposit's approval.
 * Other modules and the app import this module only through this file.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDeps } from '../../deps.ts';
import { referralRoutes } from './referral-routes.ts';

/** The module's routes; registered under the API prefix by buildApp. */
export const referralModule: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  await app.register(referralRoutes, { deps });
};

export { rewardReferrerOfDeposit } from './referral-service.ts';

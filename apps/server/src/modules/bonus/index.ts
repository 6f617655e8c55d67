/**
 * Bonuses (docs/bonus.md): the deposit offers staff publish, a player's bonuses and their
 * wagering, and the funding policy that lets bonus coins fund casino stakes after cash. Coins
 * move only through the wallet's entry; the cashier and the referral programme call this
 * module inside a deposit's approval. Other modules and the app import it only through here.
 */
import type { FastifyPluginAsync } from 'fastify';
import { BONUS_PRODUCTS } from '@spm/contract';
import { cashThenCoins } from '@spm/core';
import type { ServiceDeps } from '../../deps.ts';
import type { WalletApi } from '../wallet/index.ts';
import { bonusRoutes } from './bonus-routes.ts';
import { bonusStaffRoutes } from './bonus-staff-routes.ts';

/** The module's routes; registered under the API prefix by buildApp. */
export const bonusModule: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  await app.register(bonusRoutes, { deps });
  await app.register(bonusStaffRoutes, { deps });
};

/** Registers on the wallet the funding policy: casino stakes draw cash first, then coins. */
export function registerBonusFunding(wallet: WalletApi): void {
  wallet.policies.setFundingPolicy(cashThenCoins(BONUS_PRODUCTS));
}

export { grantOfferOfDeposit, recordBonusGrant } from './bonus-money.ts';
export { allBonusClaimsOf, staffPlayerBonuses } from './bonus-staff-service.ts';

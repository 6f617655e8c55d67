import { objectWith } from '@spm/core';
/**
 * Casino (issue 14): the lobby and launch, the seamless wallet external providers and the
 * built-in one call, SPM Games' tables, and the back office's casino screens.
 * Money moves only through the wallet module's API (docs/adding-a-product.md).
 * Other modules and the app import this module only through this file.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServiceDeps } from '../../deps.ts';
import { lobbyRoutes } from './lobby-routes.ts';
import {
  callProviderWallet,
  PROVIDER_WALLET_PREFIX,
  providerWalletRoutes,
} from './provider-wallet-routes.ts';
import { registerSpmGames } from './spm/index.ts';
import { staffCasinoRoutes } from './staff-casino-routes.ts';

/**
 * The casino's routes under `apiPrefix`. A fastify-plugin, so what it decorates (the SPM
 * Games tables) is seen app-wide: main starts the tables, tests drive them.
 */
async function casinoPlugin(
  app: FastifyInstance,
  { deps, apiPrefix }: { deps: ServiceDeps; apiPrefix: string },
): Promise<void> {
  // Each part registers its routes here: lobby and launch, provider wallet, SPM Games, staff.
  await app.register(lobbyRoutes, { prefix: apiPrefix, deps });
  await app.register(providerWalletRoutes, {
    prefix: `${apiPrefix}${PROVIDER_WALLET_PREFIX}`,
    deps,
  });
  // SPM Games calls the wallet above signed, stamped with the app's clock (its window's).
  await registerSpmGames(app, {
    deps,
    apiPrefix,
    caller: (call) =>
      callProviderWallet(
        app,
        objectWith(call, { apiPrefix, timestampMs: deps.clock.now().getTime() }),
      ),
  });
  await app.register(staffCasinoRoutes, { prefix: apiPrefix, deps });
}

export const casinoModule = fp(casinoPlugin, { name: 'spm-casino' });

export { insertCasinoCatalogueIfAbsent, SEED_SPM_TABLES } from './catalogue-seed.ts';
export { callProviderWallet, providerWalletPath } from './provider-wallet-routes.ts';
export type { ProviderWalletCall } from './provider-wallet-routes.ts';
export { signProviderBody } from './provider-signature.ts';
export { callbackBatchStats } from './provider-wallet-batch.ts';
export { casinoHistory } from './lobby-service.ts';

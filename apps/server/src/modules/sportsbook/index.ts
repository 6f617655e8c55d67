/**
 * The sportsbook (docs/sportsbook.md): Betby's renderer on the player's page, the operator
 * API Betby calls for each bet's money, and, when no Betby brand is configured, the
 * platform's stand-in that speaks Betby's protocol. Money moves only through the wallet
 * module's API (product 'sportsbook', docs/adding-a-product.md).
 * Other modules and the app import this module only through this file.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServiceDeps } from '../../deps.ts';
import { sportsbookKeysLoader } from './sportsbook-keys.ts';
import { betbyOperatorRoutes, sportsbookPlayerRoutes } from './sportsbook-routes.ts';
import { sportsbookSetup } from './sportsbook-service.ts';
import { registerSportsbookStandIn } from './standin/index.ts';

async function sportsbookPlugin(
  app: FastifyInstance,
  { deps, apiPrefix }: { deps: ServiceDeps; apiPrefix: string },
): Promise<void> {
  const setup = sportsbookSetup(deps, apiPrefix);
  const keys = sportsbookKeysLoader(deps);
  await app.register(betbyOperatorRoutes, { prefix: apiPrefix, deps, setup, keys });
  await app.register(sportsbookPlayerRoutes, { prefix: apiPrefix, deps, setup, keys });
  await registerSportsbookStandIn(app, { deps, apiPrefix });
}

export const sportsbookModule = fp(sportsbookPlugin, { name: 'spm-sportsbook' });

/** The origin of Betby's renderer when a brand is configured: the CSP lets it in. */
export function sportsbookScriptOrigin(config: ServiceDeps['config']): string | undefined {
  const { betby } = config.sportsbook;
  return betby ? new URL(betby.scriptUrl).origin : undefined;
}

export { allPlayerBets, listPlayerBets, pagePlayerBets } from './sportsbook-repository.ts';
export { sportsbookBetView } from './sportsbook-service.ts';

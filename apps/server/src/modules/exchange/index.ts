/**
 * Exchange: the sports catalogue, the matching engine (one strategy per market kind), the
 * feed and its simulator, and the market stream. Moves money only through the wallet module.
 * Other modules and the app import this module only through this file.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServiceDeps } from '../../deps.ts';
import { ExchangeEngine } from './exchange-engine.ts';
import { exchangeRoutes } from './exchange-routes.ts';
import { createMarketPublisher, installMarketStream } from './market-stream.ts';
import { staffNameTranslationRoutes } from './staff-name-translations.ts';
import { staffSportsRoutes } from './staff-sports-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sports exchange engine: books, placements, settlement (the simulator drives it). */
    exchange: ExchangeEngine;
  }
}

/**
 * The engine, its market stream on the app's socket.io server and the exchange routes under
 * `apiPrefix`. A fastify-plugin, so `app.exchange` is seen app-wide (the feed and tests drive
 * the engine through it).
 */
async function exchangePlugin(
  app: FastifyInstance,
  { deps, apiPrefix }: { deps: ServiceDeps; apiPrefix: string },
): Promise<void> {
  const engine = new ExchangeEngine(deps);
  const marketSnapshot = (marketId: string) => {
    const market = engine.markets.get(marketId);
    return market ? engine.snapshot(market) : undefined;
  };
  const publisher = createMarketPublisher(
    app.realtime.io,
    marketSnapshot,
    (room) => app.realtime.mayReach(room),
    engine.names,
    // Every fancy market, its closing and settling too: that takes it off the boards.
    (marketId) => engine.markets.get(marketId)?.type === 'fancy',
  );
  engine.onChange = (marketId) => publisher.publish(marketId);
  installMarketStream(app.realtime.io, marketSnapshot, deps.clock, engine.names);
  app.decorate('exchange', engine);
  // The books come from the orders table, which exists once migrations ran (main migrates
  // after building the app, before listening).
  app.addHook('onReady', async () => engine.load());
  app.addHook('onClose', async () => publisher.close());
  await app.register(exchangeRoutes, { prefix: apiPrefix, deps, engine });
  await app.register(staffSportsRoutes, { prefix: apiPrefix, deps, engine });
  await app.register(staffNameTranslationRoutes, { prefix: apiPrefix, deps, engine });
}

export const exchangeModule = fp(exchangePlugin, { name: 'spm-exchange' });

export { ExchangeEngine } from './exchange-engine.ts';
export { refreshEvent, reloadMarket } from './cluster-catalogue.ts';
export { listBets } from './bets-service.ts';
export { listPlayerOrders } from './exchange-repository.ts';
export { MarketSimulator } from './market-simulator.ts';
export type { MarketState } from './exchange-types.ts';

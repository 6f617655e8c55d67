export { ExchangeEngine } from './exchange-engine.ts';
export { listPlayerOrders } from './exchange-repository.ts';
export { exchangeRoutes } from './exchange-routes.ts';
export { MarketSimulator } from './market-simulator.ts';
export { createMarketPublisher, installMarketStream } from './market-stream.ts';
export { staffSportsRoutes } from './staff-sports-routes.ts';

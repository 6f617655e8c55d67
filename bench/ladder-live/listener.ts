// The ladder-live bench's listener, a process of its own (so its socket work is not the
// server's): one socket.io client (bench/fanout's protocol client) subscribed to the in-play
// match-odds markets it is told, counting every change of a market's best prices, back or
// lay on any runner, as a player's ladder would show it.
import { MARKET_EVENTS, REALTIME_PATH, type MarketUpdate } from '@spm/contract';
import { ProtocolClient } from '../fanout/protocol-client.ts';

export interface ListenerPlan {
  baseUrl: string;
  token: string;
  marketIds: string[];
}

export interface ListenerReport {
  /** Per market: updates received, best-price changes, and of those while open. */
  markets: Record<string, { updates: number; changes: number; suspendedUpdates: number }>;
  /** Per market: the last snapshot received (for the checks after the run). */
  last: Record<string, MarketUpdate>;
}

/** What a ladder shows first: each runner's best back and best lay price, or none. */
const bestPrices = (market: MarketUpdate): string =>
  market.runners
    .map((r) => `${r.availableToBack[0]?.price ?? '-'}/${r.availableToLay[0]?.price ?? '-'}`)
    .join(' ');

process.once('message', (message) => {
  const plan = message as ListenerPlan;
  const client = new ProtocolClient(plan.baseUrl, REALTIME_PATH, { token: plan.token });
  const report: ListenerReport = { markets: {}, last: {} };
  const seen = new Map<string, { version: number; best: string }>();
  let counting = false;
  for (const id of plan.marketIds)
    report.markets[id] = { updates: 0, changes: 0, suspendedUpdates: 0 };
  client.on(MARKET_EVENTS.update, (payload) => {
    const market = payload as MarketUpdate;
    const tally = report.markets[market.id];
    if (!tally) return;
    const before = seen.get(market.id);
    // A snapshot older than the one held is dropped, as the app does.
    if (before && market.version < before.version) return;
    const best = bestPrices(market);
    seen.set(market.id, { version: market.version, best });
    report.last[market.id] = market;
    if (!counting) return;
    tally.updates += 1;
    if (market.status !== 'open') tally.suspendedUpdates += 1;
    if (before && before.best !== best) tally.changes += 1;
  });
  client.once('connect_error', (error) => {
    console.error('listener: connect error', error);
    process.exit(1);
  });
  client.once('connect', () => {
    void client
      .emitWithAck(MARKET_EVENTS.subscribe, { marketIds: plan.marketIds }, 10_000)
      .then(() => process.send?.({ kind: 'ready' }));
  });
  process.on('message', (next) => {
    const command = next as { kind: 'count' | 'stop' };
    if (command.kind === 'count') counting = true;
    if (command.kind === 'stop') {
      counting = false;
      process.send?.({ kind: 'report', report }, () => {
        client.disconnect();
        process.exit(0);
      });
    }
  });
});

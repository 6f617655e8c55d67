import type { MarketResultBody } from '@spm/contract';
import {
  betsFromFill,
  exchangeBetPnl,
  exchangeExposure,
  exchangePnlByRunner,
  exchangeOrderProfitPaise,
  listRestingOrders,
  parsePrice,
  settleExchangeMarket,
  type ExchangeBet,
  type Paise,
  type PlayerExchangeBet,
} from '@spm/core';
import { AppError } from '../../../http/app-error.ts';
import type { DbHandle } from '../../../db/database.ts';
import * as repo from '../exchange-repository.ts';
import { placementHash } from '../exchange-money.ts';
import type { ExchangePlaceBody, MarketKind } from '../exchange-context.ts';
import { bodyOf } from '../exchange-context.ts';
import type { MarketState } from '../exchange-types.ts';
import { assertLimits } from '../placement-support.ts';
import { addTo, pnlTally, runnerResultOf, validateRunnerResult } from './runner-results.ts';

/**
 * Match odds: players trade with each other on the book (DESIGN 5). An order matches what it
 * can at once and rests the remainder. The checks that need no database run here; the order
 * then goes to the market's writer (exchange-writer.ts), which matches it with the other
 * commands of its batch and commits them together; a refused order leaves the book as it was.
 */
export const matchOdds: MarketKind = {
  type: 'match_odds',

  fingerprint(body, stakePaise) {
    const order = bodyOf(body, 'match_odds');
    return placementHash({
      kind: 'match_odds',
      marketId: order.marketId,
      runnerId: order.runnerId,
      side: order.side,
      priceHundredths: priceOf(order),
      stakePaise,
    });
  },

  async place(env, playerId, market, body, order) {
    const request = bodyOf(body, 'match_odds');
    const priceHundredths = priceOf(request);
    const runner = market.runners.find((r) => r.id === request.runnerId);
    if (!runner) throw new AppError('RUNNER_NOT_FOUND');
    env.checkOpen(market);
    const suspensionsSeen = market.suspensions;
    const profitPaise = exchangeOrderProfitPaise(request.side, order.stakePaise, priceHundredths);
    assertLimits(market, order.stakePaise, profitPaise);
    await env.inPlayDelay(market, suspensionsSeen);
    // The writer checks the market is open again, finds replays, matches and commits.
    return env.submitExchange(market, {
      kind: 'place',
      playerId,
      runnerId: runner.id,
      side: request.side,
      priceHundredths,
      stakePaise: order.stakePaise,
      idempotencyKey: request.idempotencyKey,
      hash: order.hash,
      suspensionsSeen,
    });
  },

  async requiredExposure(db, market, playerId) {
    const owner = String(playerId);
    const matched: ExchangeBet[] = [];
    for (const fill of await repo.fillsOfMarket(db, Number(market.id), playerId)) {
      for (const bet of betsOfFill(fill)) if (bet.playerId === owner) matched.push(bet);
    }
    const unmatched: ExchangeBet[] = [];
    for (const runner of market.runners) {
      for (const resting of listRestingOrders(runner.book)) {
        if (resting.ownerId !== owner) continue;
        unmatched.push({
          side: resting.side,
          runnerId: runner.id,
          priceHundredths: resting.priceHundredths,
          stakePaise: resting.unmatchedPaise,
        });
      }
    }
    const runnerIds = market.runners.map((r) => r.id);
    return exchangeExposure({ runnerIds, matched, unmatched }).exposurePaise;
  },

  validateResult: validateRunnerResult,

  async settleBets(db: DbHandle, market: MarketState, result: MarketResultBody) {
    const runnerResult = runnerResultOf(result);
    const tally = pnlTally();
    const bets: PlayerExchangeBet[] = [];
    for (const fill of await repo.fillsOfMarket(db, Number(market.id))) {
      const [taker, maker] = betsOfFill(fill);
      bets.push(taker, maker);
      const winner = runnerResult.kind === 'winner' ? runnerResult.runnerId : null;
      tally.add(fill.takerOrderId, winner === null ? 0n : exchangeBetPnl(taker, winner));
      tally.add(fill.makerOrderId, winner === null ? 0n : exchangeBetPnl(maker, winner));
    }
    const settlement = settleExchangeMarket({
      bets,
      result: runnerResult,
      commissionBasisPoints: market.commissionBps,
    });
    return { settlement, orderPnl: tally.pnl };
  },

  runnerOutcomes: true,

  async playersPnlByRunner(db, marketId, runnerIds) {
    const bets = new Map<number, ExchangeBet[]>();
    for (const fill of await repo.fillsOfMarket(db, marketId)) {
      for (const bet of betsOfFill(fill)) addTo(bets, Number(bet.playerId), bet);
    }
    const pnl = new Map<number, Map<string, Paise>>();
    for (const [playerId, list] of bets) pnl.set(playerId, exchangePnlByRunner(runnerIds, list));
    return pnl;
  },
};

function priceOf(body: ExchangePlaceBody): number {
  const price = parsePrice(body.price);
  if (!price.ok) throw new AppError('PRICE_INVALID');
  return price.priceHundredths;
}

export function betsOfFill(fill: repo.FillRow): [PlayerExchangeBet, PlayerExchangeBet] {
  return betsFromFill(String(fill.runnerId), {
    takerOrderId: String(fill.takerOrderId),
    takerOwnerId: String(fill.takerPlayerId),
    takerSide: fill.takerSide as 'back' | 'lay',
    makerOrderId: String(fill.makerOrderId),
    makerOwnerId: String(fill.makerPlayerId),
    priceHundredths: fill.priceHundredths,
    stakePaise: fill.stakePaise,
  });
}

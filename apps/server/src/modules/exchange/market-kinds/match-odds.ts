import type { MarketResultBody, OrderAnswer } from '@spm/contract';
import {
  betsFromFill,
  exchangeBetPnl,
  exchangeExposure,
  exchangePnlByRunner,
  exchangeOrderProfitPaise,
  listRestingOrders,
  parsePrice,
  placeOrder,
  settleExchangeMarket,
  type ExchangeBet,
  type Fill,
  type Paise,
  type PlayerExchangeBet,
} from '@spm/core';
import { AppError } from '../../../http/app-error.ts';
import type { DbHandle } from '../../../db/database.ts';
import * as repo from '../exchange-repository.ts';
import { moneyTransaction, placementHash, type LedgerContext } from '../exchange-money.ts';
import type {
  ExchangePlaceBody,
  MarketKind,
  PlacementEnv,
  PlacementOrder,
} from '../exchange-context.ts';
import { bodyOf } from '../exchange-context.ts';
import type { MarketState, RunnerState } from '../exchange-types.ts';
import { assertLimits, cloneBook, ledgerError, orderAnswer } from '../placement-support.ts';
import { addTo, pnlTally, runnerResultOf, validateRunnerResult } from './runner-results.ts';

/**
 * Match odds: players trade with each other on the book (DESIGN 5). An order matches what it
 * can at once and rests the remainder; the book is changed before the transaction and rebuilt
 * from a snapshot if the transaction fails, so a refused order leaves the book as it was.
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
    const profitPaise = exchangeOrderProfitPaise(request.side, order.stakePaise, priceHundredths);
    assertLimits(market, order.stakePaise, profitPaise);
    await env.inPlayDelay(market);
    return env.serial(market.id, async () => {
      env.checkOpen(market);
      const again = await env.replay(playerId, request.idempotencyKey, order.hash);
      if (again) return again;
      const trade = { playerId, market, runner, request, order, priceHundredths };
      return matchOnBook(env, trade);
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

interface Trade {
  playerId: number;
  market: MarketState;
  runner: RunnerState;
  request: ExchangePlaceBody;
  order: PlacementOrder;
  priceHundredths: number;
}

/** Inside the market's turn: match, record and hold in one transaction, or leave no trace. */
async function matchOnBook(env: PlacementEnv, trade: Trade): Promise<OrderAnswer> {
  const { market, runner } = trade;
  const before = listRestingOrders(runner.book);
  let fillsDone: Fill[] = [];
  const result = await moneyTransaction(env.deps, async (ctx) => {
    await env.fence(ctx.tx, market.id);
    const done = await recordTrade(env, ctx, trade);
    fillsDone = done.fills;
    return { ok: true as const, answer: done.answer };
  }).catch((error: unknown) => {
    runner.book = cloneBook(before);
    throw error;
  });
  if (!result.ok) {
    runner.book = cloneBook(before);
    market.version += 1;
    throw ledgerError(result.code);
  }
  for (const f of fillsDone) {
    market.tradedVolumePaise += f.stakePaise;
    runner.lastTradedPriceHundredths = f.priceHundredths;
  }
  env.changed(market.id);
  return result.answer;
}

async function recordTrade(
  env: PlacementEnv,
  ctx: LedgerContext,
  trade: Trade,
): Promise<{ answer: OrderAnswer; fills: Fill[] }> {
  const { playerId, market, runner, request, order, priceHundredths } = trade;
  const orderId = await repo.nextOrderId(ctx.tx);
  await repo.insertOrder(ctx.tx, {
    id: orderId,
    playerId,
    marketId: Number(market.id),
    runnerId: Number(runner.id),
    side: request.side,
    priceHundredths,
    stakePaise: order.stakePaise,
    status: 'unmatched',
    idempotencyKey: request.idempotencyKey,
    requestHash: order.hash,
    seq: orderId,
    createdAt: ctx.now,
  });
  const placed = placeOrder(runner.book, {
    id: String(orderId),
    side: request.side,
    priceHundredths,
    stakePaise: order.stakePaise,
    ownerId: String(playerId),
    seq: orderId,
  });
  if (!placed.ok) throw new Error(`order book refused order ${orderId}: ${placed.code}`);
  const makers = await recordFills(ctx, trade, orderId, placed.fills);
  const row = await repo.addToOrder(
    ctx.tx,
    orderId,
    placed.matchedPaise,
    placed.selfCrossCancelledPaise,
  );
  await env.rebalanceHolds(ctx, market, [playerId, ...makers], {
    key: `order:${orderId}`,
    playerId,
    stakePaise: order.stakePaise,
    reference: `ORDER-${orderId}`,
  });
  const answer = orderAnswer(row, placed.fills);
  await repo.setOrderAnswer(ctx.tx, orderId, answer);
  market.version += 1;
  await repo.updateMarket(ctx.tx, Number(market.id), { version: market.version });
  return { answer, fills: placed.fills };
}

/** The fills and the makers' matched stakes; answers the makers whose holds change. */
async function recordFills(
  ctx: LedgerContext,
  trade: Trade,
  orderId: number,
  fills: Fill[],
): Promise<Set<number>> {
  await repo.insertFills(
    ctx.tx,
    fills.map((f) => ({
      marketId: Number(trade.market.id),
      runnerId: Number(trade.runner.id),
      takerOrderId: orderId,
      makerOrderId: Number(f.makerOrderId),
      takerPlayerId: trade.playerId,
      makerPlayerId: Number(f.makerOwnerId),
      takerSide: f.takerSide,
      priceHundredths: f.priceHundredths,
      stakePaise: f.stakePaise,
      createdAt: ctx.now,
    })),
  );
  const makers = new Set<number>();
  for (const f of fills) {
    await repo.addToOrder(ctx.tx, Number(f.makerOrderId), f.stakePaise, 0n);
    makers.add(Number(f.makerOwnerId));
  }
  return makers;
}

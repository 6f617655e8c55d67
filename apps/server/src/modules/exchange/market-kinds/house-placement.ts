import {
  objectWith,
  acceptHouseRate,
  houseBookSide,
  houseBetAtRiskPaise,
  houseProfitPaise,
  paiseToPoints,
} from '@spm/core';
import type { OrderAnswer } from '@spm/contract';
import { AppError } from '../../../http/app-error.ts';
import * as repo from '../exchange-repository.ts';
import { moneyTransaction, orderMoveKey, type LedgerContext } from '../exchange-money.ts';
import type {
  BookmakerPlaceBody,
  FancyPlaceBody,
  PlacementEnv,
  PlacementOrder,
} from '../exchange-context.ts';
import type { MarketState, RunnerState } from '../exchange-types.ts';
import { assertLimits, assertNotSuspendedSince, ledgerError } from '../placement-support.ts';

/** How one house kind (bookmaker, fancy) prices a bet: its runner, line and current rate. */
export interface HouseTerms {
  runner: RunnerState | undefined;
  line: number | null;
  /** The rate offered now for this bet, read inside the market's turn; null when off. */
  currentRate(): number | null;
}

interface HouseBet {
  playerId: number;
  market: MarketState;
  request: BookmakerPlaceBody | FancyPlaceBody;
  order: PlacementOrder;
  terms: HouseTerms;
  ratePer100: number;
}

/**
 * Bookmaker and fancy: the house takes the other side at the current rate (DESIGN 5), so the
 * bet is matched in full at once, at the rate on offer when its turn comes if that is as good
 * for the player as the one asked (RATE_CHANGED otherwise).
 */
export async function placeWithHouse(
  env: PlacementEnv,
  playerId: number,
  market: MarketState,
  request: BookmakerPlaceBody | FancyPlaceBody,
  order: PlacementOrder,
  terms: HouseTerms,
): Promise<OrderAnswer> {
  const bookSide = houseBookSide(request.side);
  env.checkOpen(market);
  const suspensionsSeen = market.suspensions;
  assertLimits(
    market,
    order.stakePaise,
    houseProfitPaise(bookSide, order.stakePaise, request.rate),
  );
  await env.inPlayDelay(market, suspensionsSeen);
  return env.serial(market.id, async () => {
    env.checkOpen(market);
    assertNotSuspendedSince(market, suspensionsSeen);
    const again = await env.replay(playerId, request.idempotencyKey, order.hash);
    if (again) return again;
    const accepted = acceptHouseRate(bookSide, request.rate, terms.currentRate());
    if (!accepted.ok) throw new AppError(accepted.code);
    const ratePer100 = accepted.ratePer100;
    assertLimits(
      market,
      order.stakePaise,
      houseProfitPaise(bookSide, order.stakePaise, ratePer100),
    );
    const bet: HouseBet = { playerId, market, request, order, terms, ratePer100 };
    const result = await moneyTransaction(env.deps, async (ctx) => {
      await env.fence(ctx.tx, [market.id]);
      return { ok: true as const, answer: await recordHouseBet(env, ctx, bet) };
    });
    if (!result.ok) throw ledgerError(result.code);
    market.tradedVolumePaise += order.stakePaise;
    env.changed(market.id);
    return result.answer;
  });
}

async function recordHouseBet(
  env: PlacementEnv,
  ctx: LedgerContext,
  bet: HouseBet,
): Promise<OrderAnswer> {
  const { playerId, market, request, order, terms, ratePer100 } = bet;
  const orderId = await repo.nextOrderId(ctx.tx);
  await repo.insertOrder(ctx.tx, {
    id: orderId,
    playerId,
    marketId: Number(market.id),
    runnerId: terms.runner ? Number(terms.runner.id) : null,
    side: request.side,
    rate: ratePer100,
    line: terms.line,
    stakePaise: order.stakePaise,
    matchedPaise: order.stakePaise,
    status: 'matched',
    idempotencyKey: request.idempotencyKey,
    requestHash: order.hash,
    seq: orderId,
    createdAt: ctx.now,
  });
  const row = (await repo.findOrder(ctx.tx, orderId))!;
  await env.rebalanceHolds(ctx, market, [playerId], {
    key: orderMoveKey(orderId),
    playerId,
    stakePaise: order.stakePaise,
    // Matched in full at once: all of it is at risk now.
    atRiskPaise: new Map([
      [playerId, houseBetAtRiskPaise(request.side, order.stakePaise, ratePer100)],
    ]),
    reference: `ORDER-${orderId}`,
  });
  const answer: OrderAnswer = {
    orderId: String(orderId),
    status: 'matched',
    matchedStake: paiseToPoints(row.matchedPaise),
    unmatchedStake: 0,
    averagePrice: ratePer100,
  };
  await repo.setOrderAnswer(ctx.tx, orderId, answer);
  return answer;
}

/** The fingerprint of a house bet: the request as sent, its stake in paise, without its key. */
export function houseFingerprint(
  body: BookmakerPlaceBody | FancyPlaceBody,
  stakePaise: bigint,
  hash: (value: unknown) => string,
): string {
  const { idempotencyKey: _key, stake: _stake, ...rest } = body;
  return hash(objectWith(rest, { stakePaise }));
}

import type { OrderAnswer } from '@spm/contract';
import {
  checkMarketOpen,
  checkStakeLimits,
  createOrderBook,
  paiseToPoints,
  placeOrder,
  pointsToPaise,
  type OrderBook,
  type Paise,
  type RestingOrderView,
} from '@spm/core';
import { AppError } from '../../http/app-error.ts';
import type * as repo from './exchange-repository.ts';
import type { EventState, MarketState } from './exchange-types.ts';

/*
 * Small helpers every kind of placement shares: the rules of @spm/core turned into the errors
 * the API answers, the order answer, and restoring a book after a refused transaction.
 */

export function stakeToPaise(stake: number): Paise {
  const parsed = pointsToPaise(stake);
  if (!parsed.ok || parsed.paise <= 0n) throw new AppError('VALIDATION_FAILED');
  return parsed.paise;
}

export function assertOpen(market: MarketState, event: EventState | undefined): void {
  const open = checkMarketOpen(market.status, event?.status);
  if (!open.ok) throw new AppError(open.code);
}

/**
 * Refuses a bet whose market stopped taking bets since the bet was first checked
 * (`suspensionsSeen`), though the market may be open again now.
 */
export function assertNotSuspendedSince(market: MarketState, suspensionsSeen: number): void {
  if (market.suspensions !== suspensionsSeen) throw new AppError('MARKET_SUSPENDED');
}

export function assertLimits(market: MarketState, stakePaise: Paise, profitPaise: Paise): void {
  const within = checkStakeLimits(market, stakePaise, profitPaise);
  if (!within.ok) throw new AppError(within.code);
}

export function ledgerError(code: string): AppError {
  if (code === 'INSUFFICIENT_FUNDS' || code === 'IDEMPOTENCY_MISMATCH') {
    return new AppError(code);
  }
  return new AppError('INTERNAL', `ledger refused: ${code}`);
}

export function orderStatus(stake: Paise, matched: Paise, cancelled: Paise): OrderAnswer['status'] {
  if (stake - matched - cancelled > 0n) return matched > 0n ? 'partially_matched' : 'unmatched';
  return matched > 0n ? 'matched' : 'cancelled';
}

/** An order's answer: its state now and the stake-weighted average of its fills' prices. */
export function orderAnswer(
  row: Pick<repo.OrderRow, 'id' | 'stakePaise' | 'matchedPaise' | 'cancelledPaise'>,
  fills: { priceHundredths: number; stakePaise: Paise }[],
): OrderAnswer {
  let weighted = 0n;
  let total = 0n;
  for (const f of fills) {
    weighted += BigInt(f.priceHundredths) * f.stakePaise;
    total += f.stakePaise;
  }
  return {
    orderId: String(row.id),
    status: orderStatus(row.stakePaise, row.matchedPaise, row.cancelledPaise),
    matchedStake: paiseToPoints(row.matchedPaise),
    unmatchedStake: paiseToPoints(row.stakePaise - row.matchedPaise - row.cancelledPaise),
    averagePrice: total === 0n ? null : Math.round(Number((weighted * 100n) / total) / 100) / 100,
  };
}

/** A book rebuilt from the resting orders it held before a change that was rolled back. */
export function cloneBook(resting: RestingOrderView[]): OrderBook {
  const book = createOrderBook();
  for (const order of [...resting].sort((a, b) => a.seq - b.seq)) {
    placeOrder(book, {
      id: order.id,
      side: order.side,
      priceHundredths: order.priceHundredths,
      stakePaise: order.unmatchedPaise,
      ownerId: order.ownerId,
      seq: order.seq,
    });
  }
  return book;
}

import type { MarketResultBody } from '@spm/contract';
import type { Paise } from '@spm/core';
import { AppError } from '../../../http/app-error.ts';
import type { MarketState } from '../exchange-types.ts';

/** Runner markets (match odds, bookmaker) take a void or a winner among their runners. */
export function validateRunnerResult(market: MarketState, result: MarketResultBody): void {
  if ('void' in result) return;
  if (!('winnerRunnerId' in result)) throw new AppError('VALIDATION_FAILED');
  if (!market.runners.some((r) => r.id === result.winnerRunnerId)) {
    throw new AppError('RUNNER_NOT_FOUND');
  }
}

export type RunnerResult = { kind: 'void' } | { kind: 'winner'; runnerId: string };

export function runnerResultOf(result: MarketResultBody): RunnerResult {
  return 'void' in result || !('winnerRunnerId' in result)
    ? { kind: 'void' }
    : { kind: 'winner', runnerId: result.winnerRunnerId };
}

/** Each order's P&L summed over its bets (a match-odds order fills in many pieces). */
export function pnlTally() {
  const pnl = new Map<number, Paise>();
  return {
    pnl,
    add(orderId: number, amountPaise: Paise): void {
      pnl.set(orderId, (pnl.get(orderId) ?? 0n) + amountPaise);
    },
  };
}

/** Appends to the list a map keeps per key. */
export function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

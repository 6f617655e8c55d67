import type { CrashBetView } from '@spm/contract';
import { toPaise } from './multiplier';

/**
 * Auto bet: a panel places its bet every round by itself until one of the player's stops.
 * Each stop is optional; amounts are points as typed, compared in paise.
 */
export interface AutoBetPlan {
  /** Stop after this many rounds played (placed and finished). */
  rounds: number | null;
  /** Stop once the net loss of the rounds played reaches this many points. */
  stopLoss: number | null;
  /** Stop once the net profit of the rounds played reaches this many points. */
  stopProfit: number | null;
}

export type AutoBetStop = 'rounds' | 'loss' | 'profit';

/** Each finished auto bet's net result in paise (payout less stake), by bet id. */
export type AutoBetResults = ReadonlyMap<string, number>;

/**
 * A finished bet's net result in paise, or null while it is still undecided (flying) or when
 * it was refunded (an incident: the round did not count). `roundOver`: the round crashed, so
 * a bet still marked active lost.
 */
export function betNetPaise(bet: CrashBetView, roundOver: boolean): number | null {
  if (bet.status === 'cashed_out') return toPaise(bet.payout ?? 0) - toPaise(bet.stake);
  if (bet.status === 'lost' || (bet.status === 'active' && roundOver)) return -toPaise(bet.stake);
  return null;
}

/** The net result of the rounds played so far, in paise. */
export function autoBetNetPaise(results: AutoBetResults): number {
  let total = 0;
  for (const net of results.values()) total += net;
  return total;
}

/** Which stop the results reach, checked in the order rounds, loss, profit; null: go on. */
export function autoBetStop(plan: AutoBetPlan, results: AutoBetResults): AutoBetStop | null {
  const net = autoBetNetPaise(results);
  if (plan.rounds !== null && results.size >= plan.rounds) return 'rounds';
  if (plan.stopLoss !== null && -net >= toPaise(plan.stopLoss)) return 'loss';
  if (plan.stopProfit !== null && net >= toPaise(plan.stopProfit)) return 'profit';
  return null;
}

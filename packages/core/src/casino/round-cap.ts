import { MAX_WIN_POINTS } from '@spm/contract';
import type { Paise } from '../money.ts';

/** What one player may win in one round, in paise (the game rules' maximum win). */
export const MAX_ROUND_WIN_PAISE: Paise = BigInt(MAX_WIN_POINTS) * 100n;

/**
 * One player's returns from one round, in the order the bets were placed, held to the round's
 * maximum win in total (the game rules' 75,000 points): earlier bets are paid first, and a bet
 * past the cap gets what is left of it, or nothing. The sum is what the wallet credits, so
 * each bet's recorded payout is what was actually paid.
 */
export function capRoundReturns(returnsPaise: readonly Paise[], maxWinPaise: Paise): Paise[] {
  let roomPaise = maxWinPaise > 0n ? maxWinPaise : 0n;
  return returnsPaise.map((returnPaise) => {
    const paidPaise = returnPaise < roomPaise ? returnPaise : roomPaise;
    roomPaise -= paidPaise;
    return paidPaise;
  });
}

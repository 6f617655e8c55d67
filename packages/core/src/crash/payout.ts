/**
 * What a crash bet pays (docs/crash-fairness.md, "Cash-outs and the maximum win"). Amounts
 * are bigint paise, multipliers integer hundredths. "Win" here is the game rules' maximum
 * win read as the bet's whole return, stake included (the wallet's round rule,
 * MAX_ROUND_WIN_PAISE, caps the same figure).
 */
import type { Paise } from '../money.ts';
import { MAX_ROUND_WIN_PAISE } from '../round-rule.ts';
import { CRASH_START_HUNDREDTHS } from './crash-point.ts';

/** The lowest auto cash-out target: 1.01x (a 1.00x target would pay back every stake). */
export const MIN_AUTO_CASH_OUT_HUNDREDTHS = 101;

function checkMultiplier(name: string, hundredths: number, lowest: number): void {
  if (!Number.isSafeInteger(hundredths) || hundredths < lowest) {
    throw new RangeError(`${name} must be an integer of at least ${lowest}, got ${hundredths}`);
  }
}

function checkAmounts(stakePaise: Paise, maxWinPaise: Paise): void {
  if (stakePaise <= 0n) throw new RangeError('stakePaise must be more than 0');
  if (maxWinPaise < stakePaise) throw new RangeError('maxWinPaise must be at least the stake');
}

/**
 * A cash-out's return: stake × multiplier, rounded down to the paisa, and never above the
 * maximum win.
 */
export function cashOutPayout(input: {
  stakePaise: Paise;
  multiplierHundredths: number;
  maxWinPaise: Paise;
}): Paise {
  checkAmounts(input.stakePaise, input.maxWinPaise);
  checkMultiplier('multiplierHundredths', input.multiplierHundredths, CRASH_START_HUNDREDTHS);
  const payoutPaise = (input.stakePaise * BigInt(input.multiplierHundredths)) / 100n;
  return payoutPaise < input.maxWinPaise ? payoutPaise : input.maxWinPaise;
}

/**
 * The highest multiplier whose return stays within the maximum win: the largest m with
 * floor(stake × m / 100) <= maxReturn, i.e. floor((100 × (maxReturn + 1) - 1) / stake). A bet
 * still flying when the curve reaches it is cashed out there automatically (7,500 points
 * staked: 10.00x for a 75,000-point maximum).
 */
export function maxWinCashOutMultiplier(stakePaise: Paise, maxReturnPaise: Paise): number {
  checkAmounts(stakePaise, maxReturnPaise);
  return Number((100n * (maxReturnPaise + 1n) - 1n) / stakePaise);
}

/** How a bet ended. */
export type CrashBetSettlement =
  | {
      outcome: 'cashed-out';
      /** What cashed it out: the player, the player's auto target, or the maximum win. */
      by: 'manual' | 'auto' | 'max-win';
      multiplierHundredths: number;
      payoutPaise: Paise;
    }
  | { outcome: 'lost'; by: null; multiplierHundredths: null; payoutPaise: 0n };

export interface CrashBet {
  stakePaise: Paise;
  /** The auto cash-out target, 1.01x or more; null when the player set none. */
  autoCashOutHundredths: number | null;
  /** The server's multiplier when the player's cash-out arrived; null when none arrived. */
  manualCashOutHundredths: number | null;
  crashPointHundredths: number;
  /** The most the bet may return (the room left under the round's maximum win). */
  maxWinPaise?: Paise;
}

/**
 * Settles one bet. The curve only rises, so the cash-out that happens first is the one at
 * the lowest multiplier among the manual one, the auto target and the maximum win's
 * multiplier. An automatic one (target or maximum win) pays exactly its multiplier when it is
 * at or below the crash point; a manual one pays only below the crash point (one at or after
 * the crash instant is refused). Otherwise the bet is lost. The paid multiplier never passes
 * the crash point and the return never passes the maximum win.
 */
export function settleCrashBet(bet: CrashBet): CrashBetSettlement {
  const maxWinPaise = bet.maxWinPaise ?? MAX_ROUND_WIN_PAISE;
  const { stakePaise, autoCashOutHundredths: auto, manualCashOutHundredths: manual } = bet;
  checkAmounts(stakePaise, maxWinPaise);
  checkMultiplier('crashPointHundredths', bet.crashPointHundredths, CRASH_START_HUNDREDTHS);
  if (auto !== null) checkMultiplier('autoCashOutHundredths', auto, MIN_AUTO_CASH_OUT_HUNDREDTHS);
  if (manual !== null) checkMultiplier('manualCashOutHundredths', manual, CRASH_START_HUNDREDTHS);

  const maxWinMultiplier = maxWinCashOutMultiplier(stakePaise, maxWinPaise);
  const automatic =
    auto !== null && auto <= maxWinMultiplier
      ? { by: 'auto' as const, at: auto }
      : { by: 'max-win' as const, at: maxWinMultiplier };
  const cashOut =
    manual !== null && manual < automatic.at && manual < bet.crashPointHundredths
      ? { by: 'manual' as const, at: manual }
      : automatic.at <= bet.crashPointHundredths
        ? automatic
        : null;
  if (cashOut === null) {
    return { outcome: 'lost', by: null, multiplierHundredths: null, payoutPaise: 0n };
  }
  return {
    outcome: 'cashed-out',
    by: cashOut.by,
    multiplierHundredths: cashOut.at,
    payoutPaise: cashOutPayout({ stakePaise, multiplierHundredths: cashOut.at, maxWinPaise }),
  };
}

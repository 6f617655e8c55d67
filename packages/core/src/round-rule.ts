import { MAX_BET_POINTS, MAX_WIN_POINTS } from '@spm/contract';
import type { Paise } from './money.ts';

/*
 * The spec's per-round rule (SPEC game rules): one player may stake at most 7,500 points and
 * win at most 75,000 points in one round of one game. One rule for every product that has
 * rounds (casino now, crash and sportsbook next); the server registers it on the wallet as
 * its round rule (docs/adding-a-product.md "Round rule"), products never restate it.
 */

const PAISE_PER_POINT = 100n;

/** A round's accepted stakes (net of refunds) may not pass this. */
export const MAX_ROUND_STAKE_PAISE: Paise = BigInt(MAX_BET_POINTS) * PAISE_PER_POINT;
/** What one player may win in one round, in paise (the game rules' maximum win). */
export const MAX_ROUND_WIN_PAISE: Paise = BigInt(MAX_WIN_POINTS) * PAISE_PER_POINT;

/** What a round holds for one player so far. */
export interface RoundTotals {
  /** Accepted stakes, net of refunds. */
  stakedPaise: Paise;
  /** Wins credited so far. */
  wonPaise: Paise;
}

/** A stake the round rule refuses: the limit's name and the most the round may hold. */
export interface RoundRefusal {
  ok: false;
  code: 'ROUND_LIMIT_REACHED';
  limit: 'round-stake';
  maxStakePaise: Paise;
}

export type RoundStakeVerdict = { ok: true } | RoundRefusal;

/** The per-round caps and how a stake and a win meet them. */
export interface RoundRule {
  readonly maxStakePaise: Paise;
  readonly maxWinPaise: Paise;
  /** Whether a stake may join the round: refused when the round's stakes would pass the cap. */
  stake(round: RoundTotals, stakePaise: Paise): RoundStakeVerdict;
  /**
   * What a win is credited: the win up to what the round may still pay (0 once the cap is
   * reached). A win is never refused: refusing it would leave the round unsettled.
   */
  winCredit(round: RoundTotals, winPaise: Paise): Paise;
}

/** The rule with these caps (the spec's: `SPEC_ROUND_RULE`). */
export function roundRule(caps: { maxStakePaise: Paise; maxWinPaise: Paise }): RoundRule {
  const { maxStakePaise, maxWinPaise } = caps;
  return {
    maxStakePaise,
    maxWinPaise,
    stake: (round, stakePaise) =>
      round.stakedPaise + stakePaise > maxStakePaise
        ? { ok: false, code: 'ROUND_LIMIT_REACHED', limit: 'round-stake', maxStakePaise }
        : { ok: true },
    winCredit: (round, winPaise) => {
      const roomPaise = maxWinPaise - round.wonPaise;
      if (roomPaise <= 0n || winPaise <= 0n) return 0n;
      return winPaise < roomPaise ? winPaise : roomPaise;
    },
  };
}

/** The spec's rule: 7,500 points staked and 75,000 points won per player and round. */
export const SPEC_ROUND_RULE: RoundRule = roundRule({
  maxStakePaise: MAX_ROUND_STAKE_PAISE,
  maxWinPaise: MAX_ROUND_WIN_PAISE,
});

/**
 * One player's returns from one round, in the order the bets were placed, held to the round's
 * maximum win in total: earlier bets are paid first, and a bet past the cap gets what is left
 * of it, or nothing. The sum is what the wallet credits, so each bet's recorded payout is
 * what was actually paid (a game that settles many bets of a round at once, SPM Games).
 */
export function capRoundReturns(
  returnsPaise: readonly Paise[],
  maxWinPaise: Paise = MAX_ROUND_WIN_PAISE,
): Paise[] {
  const rule = roundRule({ maxStakePaise: MAX_ROUND_STAKE_PAISE, maxWinPaise });
  const round: RoundTotals = { stakedPaise: 0n, wonPaise: 0n };
  return returnsPaise.map((returnPaise) => {
    const paidPaise = rule.winCredit(round, returnPaise);
    round.wonPaise += paidPaise;
    return paidPaise;
  });
}

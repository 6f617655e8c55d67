import type { SpmGameKind, SpmRoundOutcome } from '@spm/contract';

/**
 * The built-in casino games' shared shapes (issue 14). Pure: no clock, no randomness of
 * its own. Every random choice comes from the provably-fair stream of a round
 * (`fairness.ts`): HMAC-SHA256(serverSeed, `${clientSeed}:${nonce}:${counter}`), so the
 * browser can replay a round from its revealed seed.
 */

/** A card: rank A 2-9 T J Q K and suit S H D C, for example `TD`. */
export type CardCode = string;

/** The provably-fair inputs of one round. */
export interface RoundSeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** One bet spot of a game and what it returns per 1 staked (stake included) on a win. */
export interface BetSpotRule {
  id: string;
  /**
   * For example 1.98 (evens less the house's share), 12 for Lucky 7's seven. A spot with a
   * paytable pays by what its hand makes: `payout` is then its best payout.
   */
  payout: number;
  /** Teen Patti's Pair Plus: the payout of each hand class that wins, smallest first. */
  paytable?: readonly { handClass: string; payout: number }[];
  /** The spot's theoretical return to player, percent. */
  rtpPercent: number;
}

/** The dealt round: every card in the order it is revealed, and the final outcome. */
export interface DealtRound {
  /** Reveal steps in order: each adds one card to one hand (or, for the wheel, the segment). */
  steps: readonly { hand: string; card: CardCode | null; segment?: number }[];
  /** The outcome once every step is shown (winners and result code filled). */
  outcome: SpmRoundOutcome;
}

/** One game's rules. */
export interface CasinoGameRules {
  kind: SpmGameKind;
  spots: readonly BetSpotRule[];
  /** The game's best spot's theoretical RTP, percent (`spmGameRtpPercent`; the lobby shows the range). */
  rtpPercent: number;
  /** Deals a round from its seeds: the same seeds always deal the same round. */
  deal(seeds: RoundSeeds): DealtRound;
  /**
   * What a settled round returns on a stake on `spotId`, in paise, stake included (0 when
   * lost; the stake alone for a push or a half-back rule, as documented per game).
   */
  returnPaise(outcome: SpmRoundOutcome, spotId: string, stakePaise: bigint): bigint;
}

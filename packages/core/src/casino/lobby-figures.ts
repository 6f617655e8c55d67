import type { SpmGameKind } from '@spm/contract';
import { SPM_GAME_SPOTS } from './spots.ts';

/**
 * What the lobby and the table show of a built-in game before a bet (issue 40 item 3):
 * its RTP as the range of its bets, and the chips a table offers within its limits.
 * Decisions: docs/casino-games.md ("The lobby's figures").
 */

/** A game's RTP as the lowest and the highest of its bets' theoretical RTPs, percent. */
export interface RtpRangePercent {
  min: number;
  max: number;
}

/**
 * The RTP range of a built-in game over every bet spot it offers (SPM_GAME_SPOTS, the same
 * figures spots.test.ts recomputes exactly and bench/casino-rtp measures): a spot added to a
 * game's list widens its range with no other change.
 */
export function spmGameRtpRangePercent(kind: SpmGameKind): RtpRangePercent {
  const percents = SPM_GAME_SPOTS[kind].map((spot) => spot.rtpPercent);
  return { min: Math.min(...percents), max: Math.max(...percents) };
}

/**
 * The chip denominations a table may offer, points: the usual casino ladder (1, 5, 10, 25
 * in every decade). A table shows those strictly between its limits, and the limits.
 */
export const CASINO_CHIP_LADDER_POINTS: readonly number[] = [
  1, 5, 10, 25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000,
];

/** A chip rack holds at most this many chips, so it fits one row of a 360 px phone. */
export const MAX_TABLE_CHIPS = 7;

/**
 * The chips of a table whose bets go from `minBetPoints` to `maxBetPoints`: the minimum,
 * the maximum, and up to five ladder chips strictly between them, spread evenly over the
 * ladder's steps in that range (so a 10–7,500 table offers 10, 25, 100, 500, 1,000, 5,000
 * and 7,500, a 1–50 table 1, 5, 10, 25 and 50). Every chip is a stake the table accepts.
 */
export function tableChipsPoints(minBetPoints: number, maxBetPoints: number): number[] {
  if (!(minBetPoints > 0) || !(maxBetPoints >= minBetPoints)) {
    throw new RangeError(`no chips for the limits ${minBetPoints}–${maxBetPoints}`);
  }
  if (minBetPoints === maxBetPoints) return [minBetPoints];
  const between = CASINO_CHIP_LADDER_POINTS.filter(
    (chip) => chip > minBetPoints && chip < maxBetPoints,
  );
  const room = MAX_TABLE_CHIPS - 2;
  const picked =
    between.length <= room
      ? between
      : Array.from(
          { length: room },
          (_, index) => between[Math.round((index * (between.length - 1)) / (room - 1))]!,
        );
  return [minBetPoints, ...picked, maxBetPoints];
}

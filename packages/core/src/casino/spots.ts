import type { SpmGameKind } from '@spm/contract';
import type { BetSpotRule } from './types.ts';

/**
 * The bet spots of the built-in games and what each returns per 1 staked on a win (stake
 * included). Every round deals from one freshly shuffled 52-card deck (the wheel: 52
 * segments). Rules and the exact RTP derivations: docs/casino-games.md; every rtpPercent is
 * recomputed exactly by exact-rtp.ts in spots.test.ts.
 */
export const SPM_GAME_SPOTS: Record<SpmGameKind, readonly BetSpotRule[]> = {
  // Player A against Player B, three cards each; a tie of equal hands returns both stakes.
  'teen-patti-2020': [
    { id: 'player-a', payout: 1.98, rtpPercent: 99.0 },
    { id: 'player-b', payout: 1.98, rtpPercent: 99.0 },
  ],
  // Joker first, then Andar, Bahar, Andar, ... until a card of the joker's rank.
  'andar-bahar': [
    { id: 'andar', payout: 1.9, rtpPercent: 97.85 },
    { id: 'bahar', payout: 2.0, rtpPercent: 97.0 },
  ],
  // One card each, aces low; on a tie the Dragon and Tiger bets return half their stake.
  'dragon-tiger': [
    { id: 'dragon', payout: 2.0, rtpPercent: 97.06 },
    { id: 'tiger', payout: 2.0, rtpPercent: 97.06 },
    { id: 'tie', payout: 16.0, rtpPercent: 94.12 },
  ],
  // One card: low A-6, high 8-K, the seven itself; red and black include the seven.
  'lucky-7': [
    { id: 'low', payout: 2.0, rtpPercent: 92.31 },
    { id: 'high', payout: 2.0, rtpPercent: 92.31 },
    { id: 'seven', payout: 12.0, rtpPercent: 92.31 },
    { id: 'red', payout: 1.95, rtpPercent: 97.5 },
    { id: 'black', payout: 1.95, rtpPercent: 97.5 },
  ],
  // 52 segments: 25 × "1", 12 × "3", 8 × "5", 4 × "10", 2 × "20", 1 × "50"; a number pays n to
  // 1, except "50" (47 to 1), so that the best spot is the low-variance "1" (the lobby's RTP).
  'lucky-wheel': [
    { id: '1', payout: 2, rtpPercent: 96.15 },
    { id: '3', payout: 4, rtpPercent: 92.31 },
    { id: '5', payout: 6, rtpPercent: 92.31 },
    { id: '10', payout: 11, rtpPercent: 84.62 },
    { id: '20', payout: 21, rtpPercent: 80.77 },
    { id: '50', payout: 48, rtpPercent: 92.31 },
  ],
};

/**
 * A game's best spot's RTP ("up to"): the bench's quoted spot. The lobby shows the range of
 * every spot's instead (`spmGameRtpRangePercent`, lobby-figures.ts).
 */
export function spmGameRtpPercent(kind: SpmGameKind): number {
  return Math.max(...SPM_GAME_SPOTS[kind].map((spot) => spot.rtpPercent));
}

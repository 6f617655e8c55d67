import type { SpmGameKind } from '@spm/contract';
import type { BetSpotRule } from './types.ts';

/**
 * Pair Plus on one Teen Patti hand: pays by the hand's class whoever wins the round (pays by
 * rarity, so the pure sequence pays more than the rarer-ranked trail), 97.68%.
 */
const PAIR_PLUS_PAYTABLE = [
  { handClass: 'pair', payout: 2 },
  { handClass: 'colour', payout: 5 },
  { handClass: 'sequence', payout: 7 },
  { handClass: 'trail', payout: 31 },
  { handClass: 'pure-sequence', payout: 41 },
] as const;

/** A Dragon Tiger side's card bets: odd (A 3 5 7 9 J K) / even, red / black, and its suit. */
function dragonTigerCardSpots(side: 'dragon' | 'tiger'): BetSpotRule[] {
  return [
    { id: `${side}-odd`, payout: 1.8, rtpPercent: 96.92 },
    { id: `${side}-even`, payout: 2.1, rtpPercent: 96.92 },
    { id: `${side}-red`, payout: 1.94, rtpPercent: 97.0 },
    { id: `${side}-black`, payout: 1.94, rtpPercent: 97.0 },
    { id: `${side}-spade`, payout: 3.75, rtpPercent: 93.75 },
    { id: `${side}-heart`, payout: 3.75, rtpPercent: 93.75 },
    { id: `${side}-club`, payout: 3.75, rtpPercent: 93.75 },
    { id: `${side}-diamond`, payout: 3.75, rtpPercent: 93.75 },
  ];
}

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
    // Side bets: Pair Plus on Player A's hand, on Player B's.
    { id: 'pair-plus-a', payout: 41, rtpPercent: 97.68, paytable: PAIR_PLUS_PAYTABLE },
    { id: 'pair-plus-b', payout: 41, rtpPercent: 97.68, paytable: PAIR_PLUS_PAYTABLE },
  ],
  // Joker first, then Andar, Bahar, Andar, ... until a card of the joker's rank.
  'andar-bahar': [
    { id: 'andar', payout: 1.9, rtpPercent: 97.85 },
    { id: 'bahar', payout: 2.0, rtpPercent: 97.0 },
    // Side bets: how many cards after the joker until the match, the matching card included.
    { id: 'cards-1-5', payout: 3.55, rtpPercent: 96.23 },
    { id: 'cards-6-10', payout: 4.4, rtpPercent: 95.5 },
    { id: 'cards-11-15', payout: 5.7, rtpPercent: 96.35 },
    { id: 'cards-16-25', payout: 4.4, rtpPercent: 95.92 },
    { id: 'cards-26-30', payout: 15.75, rtpPercent: 96.05 },
    { id: 'cards-31-35', payout: 26, rtpPercent: 96.13 },
    { id: 'cards-36-40', payout: 51, rtpPercent: 96.73 },
    { id: 'cards-41-49', payout: 121, rtpPercent: 95.87 },
  ],
  // One card each, aces low; on a tie the Dragon and Tiger bets return half their stake.
  'dragon-tiger': [
    { id: 'dragon', payout: 2.0, rtpPercent: 97.06 },
    { id: 'tiger', payout: 2.0, rtpPercent: 97.06 },
    { id: 'tie', payout: 16.0, rtpPercent: 94.12 },
    // Side bets on each side's own card, whatever the result (a tie changes nothing).
    ...dragonTigerCardSpots('dragon'),
    ...dragonTigerCardSpots('tiger'),
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

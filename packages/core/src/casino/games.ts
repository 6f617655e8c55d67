import type { SpmGameKind, SpmRoundOutcome } from '@spm/contract';
import type { BetSpotRule, CardCode, CasinoGameRules, DealtRound, RoundSeeds } from './types.ts';
import { SPM_GAME_SPOTS, spmGameRtpPercent } from './spots.ts';
import {
  cardColour,
  cardRank,
  cardRankValue,
  createFairRandom,
  serverSeedMatches,
  shuffledDeck,
  type DealingDeck,
} from './fairness.ts';
import { rankTeenPattiHand } from './teen-patti.ts';
import { isSideBetSpot, sideBetPayout } from './side-bets.ts';

/**
 * The five built-in games' rules (docs/casino-games.md): how a round is dealt from its seeds
 * and what each bet spot returns. Every card game deals from the top of the round's shuffled
 * deck (`shuffledDeck`); the wheel draws its segment with the round's first `nextInt(52)`.
 */

type Step = DealtRound['steps'][number];

/**
 * The wheel's 52 segments clockwise from segment 0 (the pointer's segment is the result):
 * 25 × 1, 12 × 3, 8 × 5, 4 × 10, 2 × 20, 1 × 50.
 */
export const LUCKY_WHEEL_SEGMENTS: readonly number[] = [
  50, 1, 3, 1, 5, 1, 3, 1, 10, 1, 3, 1, 5, 1, 20, 1, 3, 1, 5, 1, 3, 1, 10, 1, 5, 1, 3, 1, 5, 1, 3,
  1, 20, 1, 3, 1, 10, 1, 5, 1, 3, 1, 5, 1, 3, 1, 10, 1, 3, 1, 5, 3,
];

function spotOf(kind: SpmGameKind, spotId: string): BetSpotRule {
  const spot = SPM_GAME_SPOTS[kind].find((candidate) => candidate.id === spotId);
  if (!spot) throw new RangeError(`${kind} has no bet spot ${JSON.stringify(spotId)}`);
  return spot;
}

/** stake × payout, rounded down to the paisa (payouts have at most 2 decimals). */
export function stakeTimesPayoutPaise(stakePaise: bigint, payout: number): bigint {
  const hundredths = Math.round(payout * 100);
  if (Math.abs(hundredths - payout * 100) > 1e-6 || hundredths < 0) {
    throw new RangeError(`payout ${payout} is not a non-negative amount with 2 decimals`);
  }
  return (stakePaise * BigInt(hundredths)) / 100n;
}

/**
 * What `spotId` returns, given how the round settled: a side bet stake × what the cards earn
 * it (side-bets.ts), `push` spots the stake back, `half` spots half of it (rounded down),
 * winners stake × payout, everything else 0.
 */
function settle(
  kind: SpmGameKind,
  outcome: SpmRoundOutcome,
  spotId: string,
  stakePaise: bigint,
  refunds: { push?: readonly string[]; half?: readonly string[] } = {},
): bigint {
  const spot = spotOf(kind, spotId);
  if (stakePaise < 0n) throw new RangeError('a stake cannot be negative');
  if (outcome.resultCode === null) throw new RangeError('the round is not settled');
  if (isSideBetSpot(kind, spotId)) {
    return stakeTimesPayoutPaise(stakePaise, sideBetPayout(kind, outcome, spot));
  }
  if (refunds.push?.includes(spotId)) return stakePaise;
  if (refunds.half?.includes(spotId)) return stakePaise / 2n;
  return outcome.winners.includes(spotId) ? stakeTimesPayoutPaise(stakePaise, spot.payout) : 0n;
}

/** A card game's rules with its deal from an already shuffled deck (for exact enumeration). */
export interface CardGameRules extends CasinoGameRules {
  dealDeck(deck: DealingDeck): DealtRound;
}

function cardGame(
  kind: SpmGameKind,
  deal: (deck: DealingDeck) => {
    steps: Step[];
    hands: Record<string, CardCode[]>;
    winners: string[];
    resultCode: string;
  },
  returnPaise: CasinoGameRules['returnPaise'],
): CardGameRules {
  const dealDeck = (deck: DealingDeck): DealtRound => {
    const { steps, hands, winners, resultCode } = deal(deck);
    return { steps, outcome: { hands, segment: null, winners, resultCode } };
  };
  return {
    kind,
    spots: SPM_GAME_SPOTS[kind],
    rtpPercent: spmGameRtpPercent(kind),
    deal: (seeds: RoundSeeds) => dealDeck(shuffledDeck(seeds)),
    dealDeck,
    returnPaise,
  };
}

/** Deals `deck`'s top cards to `order`'s hands in turn. */
function dealInOrder(deck: DealingDeck, order: readonly string[]) {
  const hands: Record<string, CardCode[]> = {};
  const steps: Step[] = order.map((hand, index) => {
    const card = deck.at(index)!;
    (hands[hand] ??= []).push(card);
    return { hand, card };
  });
  return { hands, steps };
}

const teenPatti = cardGame(
  'teen-patti-2020',
  (deck) => {
    const { hands, steps } = dealInOrder(deck, ['a', 'b', 'a', 'b', 'a', 'b']);
    const a = rankTeenPattiHand(hands.a!).value;
    const b = rankTeenPattiHand(hands.b!).value;
    const resultCode = a > b ? 'A' : a < b ? 'B' : 'T';
    const winners = a > b ? ['player-a'] : a < b ? ['player-b'] : [];
    return { hands, steps, winners, resultCode };
  },
  (outcome, spotId, stakePaise) =>
    settle('teen-patti-2020', outcome, spotId, stakePaise, {
      push: outcome.resultCode === 'T' ? ['player-a', 'player-b'] : [],
    }),
);

const andarBahar = cardGame(
  'andar-bahar',
  (deck) => {
    const joker = deck.at(0)!;
    const hands: Record<string, CardCode[]> = { joker: [joker], andar: [], bahar: [] };
    const steps: Step[] = [{ hand: 'joker', card: joker }];
    // Andar takes the 1st, 3rd, ... card after the joker; three cards of its rank remain.
    for (let index = 1; index < deck.length; index += 1) {
      const card = deck.at(index)!;
      const hand = index % 2 === 1 ? 'andar' : 'bahar';
      hands[hand]!.push(card);
      steps.push({ hand, card });
      if (cardRank(card) === cardRank(joker)) {
        return {
          hands,
          steps,
          winners: [hand],
          resultCode: hand === 'andar' ? 'A' : 'B',
        };
      }
    }
    throw new Error('a full deck always holds three more cards of the joker rank');
  },
  (outcome, spotId, stakePaise) => settle('andar-bahar', outcome, spotId, stakePaise),
);

const dragonTiger = cardGame(
  'dragon-tiger',
  (deck) => {
    const { hands, steps } = dealInOrder(deck, ['dragon', 'tiger']);
    const dragon = cardRankValue(hands.dragon![0]!);
    const tiger = cardRankValue(hands.tiger![0]!);
    if (dragon === tiger) return { hands, steps, winners: ['tie'], resultCode: 'X' };
    return dragon > tiger
      ? { hands, steps, winners: ['dragon'], resultCode: 'D' }
      : { hands, steps, winners: ['tiger'], resultCode: 'T' };
  },
  (outcome, spotId, stakePaise) =>
    settle('dragon-tiger', outcome, spotId, stakePaise, {
      half: outcome.resultCode === 'X' ? ['dragon', 'tiger'] : [],
    }),
);

const luckySeven = cardGame(
  'lucky-7',
  (deck) => {
    const { hands, steps } = dealInOrder(deck, ['card']);
    const card = hands.card![0]!;
    const value = cardRankValue(card);
    const side = value < 7 ? 'low' : value > 7 ? 'high' : 'seven';
    const resultCode = side === 'low' ? 'L' : side === 'high' ? 'H' : '7';
    return { hands, steps, winners: [side, cardColour(card)], resultCode };
  },
  (outcome, spotId, stakePaise) => settle('lucky-7', outcome, spotId, stakePaise),
);

/** The wheel's round once the pointer stops on `segment`. */
export function dealWheelSegment(segment: number): DealtRound {
  const number = LUCKY_WHEEL_SEGMENTS[segment];
  if (number === undefined) throw new RangeError(`the wheel has no segment ${segment}`);
  return {
    steps: [{ hand: 'wheel', card: null, segment }],
    outcome: { hands: {}, segment, winners: [String(number)], resultCode: `x${number}` },
  };
}

const luckyWheel: CasinoGameRules = {
  kind: 'lucky-wheel',
  spots: SPM_GAME_SPOTS['lucky-wheel'],
  rtpPercent: spmGameRtpPercent('lucky-wheel'),
  deal: (seeds) => dealWheelSegment(createFairRandom(seeds).nextInt(LUCKY_WHEEL_SEGMENTS.length)),
  returnPaise: (outcome, spotId, stakePaise) => settle('lucky-wheel', outcome, spotId, stakePaise),
};

/** The card games' rules with their deal from a given deck. */
export const SPM_CARD_GAME_RULES = {
  'teen-patti-2020': teenPatti,
  'andar-bahar': andarBahar,
  'dragon-tiger': dragonTiger,
  'lucky-7': luckySeven,
} as const satisfies Partial<Record<SpmGameKind, CardGameRules>>;

export const SPM_GAME_RULES: Record<SpmGameKind, CasinoGameRules> = {
  'teen-patti-2020': teenPatti,
  'andar-bahar': andarBahar,
  'dragon-tiger': dragonTiger,
  'lucky-7': luckySeven,
  'lucky-wheel': luckyWheel,
};

/**
 * Every spot a settled round pays: its `winners` (the main result) and the side bets its cards
 * win. None while the round is not settled.
 */
export function spmWinningSpots(kind: SpmGameKind, outcome: SpmRoundOutcome): string[] {
  if (outcome.resultCode === null) return [];
  return SPM_GAME_SPOTS[kind]
    .filter((spot) =>
      isSideBetSpot(kind, spot.id)
        ? sideBetPayout(kind, outcome, spot) > 0
        : outcome.winners.includes(spot.id),
    )
    .map((spot) => spot.id);
}

/**
 * The browser's fairness check of a settled round: does the revealed server seed hash to
 * what was published before betting opened, and what does it deal.
 */
export function verifySpmRound(
  kind: SpmGameKind,
  seeds: RoundSeeds,
  publishedServerSeedHash: string,
): { hashMatches: boolean; dealt: DealtRound } {
  return {
    hashMatches: serverSeedMatches(seeds.serverSeed, publishedServerSeedHash),
    dealt: SPM_GAME_RULES[kind].deal(seeds),
  };
}

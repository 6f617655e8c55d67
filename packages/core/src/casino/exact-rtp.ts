import type { SpmGameKind, SpmRoundOutcome } from '@spm/contract';
import type { CardCode } from './types.ts';
import { SPM_GAME_SPOTS } from './spots.ts';
import { STARTING_DECK, cardRank } from './fairness.ts';
import {
  LUCKY_WHEEL_SEGMENTS,
  SPM_CARD_GAME_RULES,
  SPM_GAME_RULES,
  dealWheelSegment,
} from './games.ts';
import { rankTeenPattiHand } from './teen-patti.ts';
import { isSideBetSpot } from './side-bets.ts';

/**
 * The exact theoretical RTP of every bet spot, by enumerating every equally likely way a round
 * can fall (docs/casino-games.md, "RTP"), settled by the games' own `returnPaise`. Not a
 * simulation: the tests compare spots.ts's `rtpPercent` with these, and the RTP bench
 * measures against them.
 */

/** An outcome and how many of the equally likely cases give it. */
interface WeightedOutcome {
  outcome: SpmRoundOutcome;
  weight: bigint;
}

/** An exact RTP as a fraction (return ÷ stake). */
export interface ExactRtp {
  numerator: bigint;
  denominator: bigint;
}

/** Percent with 2 decimals, rounded half up. */
export function rtpPercentOf({ numerator, denominator }: ExactRtp): number {
  const hundredthsOfPercent = (numerator * 10_000n * 2n + denominator) / (denominator * 2n);
  return Number(hundredthsOfPercent) / 100;
}

/** The fraction as a float (for differences against a measurement). */
export function rtpRatioOf({ numerator, denominator }: ExactRtp): number {
  return Number((numerator * 1_000_000_000_000n) / denominator) / 1e12;
}

/** 1 for every ordered deal of the cards that matter; the rest of the deck is irrelevant. */
function orderedDeals(cardsDealt: number): WeightedOutcome[] {
  const kind = cardsDealt === 1 ? 'lucky-7' : 'dragon-tiger';
  const results: WeightedOutcome[] = [];
  for (const first of STARTING_DECK) {
    if (cardsDealt === 1) {
      results.push({ outcome: SPM_CARD_GAME_RULES[kind].dealDeck([first]).outcome, weight: 1n });
      continue;
    }
    for (const second of STARTING_DECK) {
      if (second === first) continue;
      const deal = SPM_CARD_GAME_RULES[kind].dealDeck([first, second]).outcome;
      results.push({ outcome: deal, weight: 1n });
    }
  }
  return results;
}

/**
 * Andar Bahar: after the joker, which of the 51 remaining positions hold the three cards of
 * its rank is one of C(51, 3) = 20,825 equally likely sets, and the other cards never matter.
 * The first match is on draw k (1 to 49) in C(51 - k, 2) of them: the two later matches
 * anywhere among the 51 - k positions after it. Answers that count for draw k.
 */
export function andarBaharFirstMatchCases(draw: number): bigint {
  if (!Number.isInteger(draw) || draw < 1 || draw > 49) return 0n;
  const after = BigInt(51 - draw);
  return (after * (after - 1n)) / 2n;
}

/**
 * Andar Bahar's rounds, one per draw of the first match (which decides the winning side and
 * the cards dealt), weighted by `andarBaharFirstMatchCases`; each is dealt by the game itself
 * on a deck built to have it: joker AS, other cards, then AH on draw k.
 */
function andarBaharDeals(): WeightedOutcome[] {
  const others = STARTING_DECK.filter((card) => cardRank(card) !== 'A');
  const results: WeightedOutcome[] = [];
  for (let draw = 1; draw <= 49; draw += 1) {
    const deck: CardCode[] = [
      'AS',
      ...others.slice(0, draw - 1),
      'AH',
      ...others.slice(draw - 1),
      'AD',
      'AC',
    ];
    results.push({
      outcome: SPM_CARD_GAME_RULES['andar-bahar'].dealDeck(deck).outcome,
      weight: andarBaharFirstMatchCases(draw),
    });
  }
  return results;
}

/** The 22,100 three-card hands as card index triples (into STARTING_DECK) and their values. */
function teenPattiHands(): { cards: [number, number, number][]; values: Int32Array } {
  const cards: [number, number, number][] = [];
  for (let a = 0; a < 52; a += 1) {
    for (let b = a + 1; b < 52; b += 1) {
      for (let c = b + 1; c < 52; c += 1) cards.push([a, b, c]);
    }
  }
  const values = Int32Array.from(
    cards,
    (hand) => rankTeenPattiHand(hand.map((index) => STARTING_DECK[index]!)).value,
  );
  return { cards, values };
}

/** How many values of a sorted list are below `value`, and how many equal it. */
function countBelowAndEqual(sorted: Int32Array, value: number): [number, number] {
  const firstAtLeast = (target: number) => {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (sorted[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const below = firstAtLeast(value);
  return [below, firstAtLeast(value + 1) - below];
}

/**
 * Teen Patti: every (hand A, hand B) pair of disjoint three-card hands is equally likely
 * (22,100 × 18,424 of them). For each hand A, the hands B below it and equal to it are counted
 * among all hands, less those sharing a card with A (inclusion-exclusion over A's cards:
 * hands holding one given card, plus back those holding two, less A itself).
 * Answers [A wins, B wins, ties] in pairs.
 */
export function teenPattiPairCounts(
  /** Which hands A to count (by index in the hands' lexicographic order); all by default. */
  includesHandA: (index: number) => boolean = () => true,
): { aWins: bigint; bWins: bigint; ties: bigint } {
  const { cards, values } = teenPattiHands();
  const sortedAll = Int32Array.from(values).sort();
  const byCard: number[][] = Array.from({ length: 52 }, () => []);
  const byPair = new Map<number, number[]>();
  cards.forEach((hand, index) => {
    const value = values[index]!;
    for (const card of hand) byCard[card]!.push(value);
    for (const [left, right] of [
      [hand[0], hand[1]],
      [hand[0], hand[2]],
      [hand[1], hand[2]],
    ] as const) {
      const key = left * 52 + right;
      const list = byPair.get(key) ?? [];
      list.push(value);
      byPair.set(key, list);
    }
  });
  const sortedByCard = byCard.map((list) => Int32Array.from(list).sort());
  let aWins = 0;
  let ties = 0;
  let handsA = 0;
  cards.forEach((hand, index) => {
    if (!includesHandA(index)) return;
    handsA += 1;
    const value = values[index]!;
    let [below, equal] = countBelowAndEqual(sortedAll, value);
    for (const card of hand) {
      const [cardBelow, cardEqual] = countBelowAndEqual(sortedByCard[card]!, value);
      below -= cardBelow;
      equal -= cardEqual;
    }
    for (const [left, right] of [
      [hand[0], hand[1]],
      [hand[0], hand[2]],
      [hand[1], hand[2]],
    ] as const) {
      for (const other of byPair.get(left * 52 + right)!) {
        if (other < value) below += 1;
        else if (other === value) equal += 1;
      }
    }
    // Hand A itself holds all three of its cards: counted 1 - 3 + 3 = 1 time so far, once too many.
    equal -= 1;
    aWins += below;
    ties += equal;
  });
  // Every hand A leaves C(49, 3) = 18,424 hands B.
  const pairs = BigInt(handsA) * 18_424n;
  const bWins = pairs - BigInt(aWins) - BigInt(ties);
  return { aWins: BigInt(aWins), bWins, ties: BigInt(ties) };
}

function teenPattiDeals(): WeightedOutcome[] {
  const { aWins, bWins, ties } = teenPattiPairCounts();
  const outcome = (winners: string[], resultCode: string): SpmRoundOutcome => ({
    hands: {},
    segment: null,
    winners,
    resultCode,
  });
  return [
    { outcome: outcome(['player-a'], 'A'), weight: aWins },
    { outcome: outcome(['player-b'], 'B'), weight: bWins },
    { outcome: outcome([], 'T'), weight: ties },
  ];
}

/**
 * Pair Plus on one hand depends on that hand alone, and each of the 22,100 three-card hands
 * is equally likely to be it: one deal per hand, dealt by the game with the hand on `hand`'s
 * positions and the first three other cards of the deck on the other hand's.
 */
function teenPattiOneHand(hand: 'a' | 'b'): WeightedOutcome[] {
  return teenPattiHands().cards.map((indexes) => {
    const cards = indexes.map((index) => STARTING_DECK[index]!);
    const other = STARTING_DECK.filter((card) => !cards.includes(card)).slice(0, 3);
    const [first, second] = hand === 'a' ? [cards, other] : [other, cards];
    const deck = [first[0]!, second[0]!, first[1]!, second[1]!, first[2]!, second[2]!];
    return { outcome: SPM_CARD_GAME_RULES['teen-patti-2020'].dealDeck(deck).outcome, weight: 1n };
  });
}

function wheelDeals(): WeightedOutcome[] {
  return LUCKY_WHEEL_SEGMENTS.map((_number, segment) => ({
    outcome: dealWheelSegment(segment).outcome,
    weight: 1n,
  }));
}

/** Equally likely cases of a game and the spots they settle (every spot when `covers` is unset). */
interface DealSet {
  covers?: (spotId: string) => boolean;
  deals: () => WeightedOutcome[];
}

const DEAL_SETS: Record<SpmGameKind, readonly DealSet[]> = {
  'teen-patti-2020': [
    { covers: (spotId) => spotId === 'pair-plus-a', deals: () => teenPattiOneHand('a') },
    { covers: (spotId) => spotId === 'pair-plus-b', deals: () => teenPattiOneHand('b') },
    { covers: (spotId) => !isSideBetSpot('teen-patti-2020', spotId), deals: teenPattiDeals },
  ],
  'andar-bahar': [{ deals: andarBaharDeals }],
  'dragon-tiger': [{ deals: () => orderedDeals(2) }],
  'lucky-7': [{ deals: () => orderedDeals(1) }],
  'lucky-wheel': [{ deals: wheelDeals }],
};

/** A stake every payout of 2 decimals and every half stake divides exactly. */
const STAKE_PAISE = 10_000n;

/** Enumerations already done: they are pure, and Teen Patti's take about a second. */
const computed = new Map<SpmGameKind, Readonly<Record<string, ExactRtp>>>();

/** Every spot's exact RTP, by spot id. */
export function exactSpotRtps(kind: SpmGameKind): Readonly<Record<string, ExactRtp>> {
  const known = computed.get(kind);
  if (known) return known;
  const rules = SPM_GAME_RULES[kind];
  const rtps: Record<string, ExactRtp> = {};
  for (const { covers = () => true, deals: dealsOf } of DEAL_SETS[kind]) {
    const spots = SPM_GAME_SPOTS[kind].filter((spot) => covers(spot.id));
    const deals = dealsOf();
    const total = deals.reduce((sum, deal) => sum + deal.weight, 0n);
    for (const spot of spots) {
      let returned = 0n;
      for (const { outcome, weight } of deals) {
        returned += weight * rules.returnPaise(outcome, spot.id, STAKE_PAISE);
      }
      rtps[spot.id] = Object.freeze({ numerator: returned, denominator: total * STAKE_PAISE });
    }
  }
  computed.set(kind, Object.freeze(rtps));
  return rtps;
}

import type { CardCode } from './types.ts';
import { cardRankValue, cardSuit } from './fairness.ts';

/**
 * Teen Patti hand ranking (docs/casino-games.md): trail > pure sequence > sequence > colour >
 * pair > high card. Aces are high except in A-2-3; A-K-Q is the highest sequence and A-2-3
 * the second highest (above K-Q-J). Within a class: trails and pairs by rank (a pair then by
 * its odd card), sequences by their top card, colours and high cards card by card from the
 * highest. Suits never rank: equal values are a tie.
 */
export const TEEN_PATTI_CLASSES = [
  'high-card',
  'pair',
  'colour',
  'sequence',
  'pure-sequence',
  'trail',
] as const;
export type TeenPattiClass = (typeof TEEN_PATTI_CLASSES)[number];

/** Class weight: every key within a class is below it (13^3 = 2197). */
const CLASS_WEIGHT = 10_000;

/** Rank with aces high: 2 = 0 ... K = 11, A = 12. */
function highRank(card: CardCode): number {
  const value = cardRankValue(card);
  return value === 1 ? 12 : value - 2;
}

export interface TeenPattiHand {
  handClass: TeenPattiClass;
  /** Compares hands: higher wins, equal is a tie. */
  value: number;
}

export function rankTeenPattiHand(cards: readonly CardCode[]): TeenPattiHand {
  if (cards.length !== 3 || new Set(cards).size !== 3) {
    throw new RangeError('a Teen Patti hand is three different cards');
  }
  const [high, middle, low] = cards.map(highRank).sort((left, right) => right - left) as [
    number,
    number,
    number,
  ];
  const flush =
    cardSuit(cards[0]!) === cardSuit(cards[1]!) && cardSuit(cards[1]!) === cardSuit(cards[2]!);
  const ordinaryRun = high - middle === 1 && middle - low === 1;
  const aceTwoThree = high === 12 && middle === 1 && low === 0;
  // Sequence key: top card × 2 (2-3-4 → 4 ... K-Q-J → 22, A-K-Q → 24); A-2-3 → 23, between.
  const runKey = ordinaryRun ? high * 2 : aceTwoThree ? 23 : -1;
  const cardByCard = high * 169 + middle * 13 + low;

  let handClass: TeenPattiClass;
  let key: number;
  if (high === low) {
    handClass = 'trail';
    key = high;
  } else if (runKey >= 0) {
    handClass = flush ? 'pure-sequence' : 'sequence';
    key = runKey;
  } else if (flush) {
    handClass = 'colour';
    key = cardByCard;
  } else if (high === middle || middle === low) {
    handClass = 'pair';
    // The pair's rank is the middle card's whichever end the odd card sits at.
    const kicker = high === middle ? low : high;
    key = middle * 13 + kicker;
  } else {
    handClass = 'high-card';
    key = cardByCard;
  }
  return { handClass, value: TEEN_PATTI_CLASSES.indexOf(handClass) * CLASS_WEIGHT + key };
}

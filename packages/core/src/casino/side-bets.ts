import type { SpmGameKind, SpmRoundOutcome } from '@spm/contract';
import type { BetSpotRule, CardCode } from './types.ts';
import { cardColour, cardRankValue, cardSuit, type CardSuit } from './fairness.ts';
import { rankTeenPattiHand } from './teen-patti.ts';

/**
 * The side bets of the real tables (issue 40 item 5; docs/casino-games.md): each is judged on
 * the settled round's cards alone, so a round's `winners` and result code stay the main
 * result's, as every round dealt before the side bets has them.
 */

/** What a side-bet spot earns per 1 staked on the round's cards: its payout, or 0 when lost. */
type SideBetPayout = (outcome: SpmRoundOutcome, spot: BetSpotRule) => number;

/** Andar Bahar's card-count spots: cards dealt after the joker until the match, the match included. */
export const ANDAR_BAHAR_COUNT_RANGES = [
  { spot: 'cards-1-5', from: 1, to: 5 },
  { spot: 'cards-6-10', from: 6, to: 10 },
  { spot: 'cards-11-15', from: 11, to: 15 },
  { spot: 'cards-16-25', from: 16, to: 25 },
  { spot: 'cards-26-30', from: 26, to: 30 },
  { spot: 'cards-31-35', from: 31, to: 35 },
  { spot: 'cards-36-40', from: 36, to: 40 },
  // Three cards of the joker's rank among the other 51: the first is at most the 49th.
  { spot: 'cards-41-49', from: 41, to: 49 },
] as const;

function handOf(outcome: SpmRoundOutcome, hand: string): readonly CardCode[] {
  const cards = outcome.hands[hand];
  if (!cards || cards.length === 0) throw new RangeError(`the round dealt no ${hand} hand`);
  return cards;
}

/** Andar Bahar: the cards dealt after the joker, the matching card included (1 to 49). */
export function andarBaharCardsDealt(outcome: SpmRoundOutcome): number {
  return (outcome.hands.andar?.length ?? 0) + (outcome.hands.bahar?.length ?? 0);
}

const fixed =
  (wins: (outcome: SpmRoundOutcome) => boolean): SideBetPayout =>
  (outcome, spot) =>
    wins(outcome) ? spot.payout : 0;

/** Pair Plus on hand `a` or `b`: the paytable's payout of the hand's class, 0 below a pair. */
const pairPlus =
  (hand: 'a' | 'b'): SideBetPayout =>
  (outcome, spot) => {
    const { handClass } = rankTeenPattiHand(handOf(outcome, hand));
    return spot.paytable?.find((entry) => entry.handClass === handClass)?.payout ?? 0;
  };

const SUIT_SPOTS: Record<string, CardSuit> = { spade: 'S', heart: 'H', club: 'C', diamond: 'D' };

/** A Dragon Tiger side's card: odd or even (aces 1, J 11, Q 12, K 13), red or black, its suit. */
function dragonTigerSide(side: 'dragon' | 'tiger'): Record<string, SideBetPayout> {
  const card = (outcome: SpmRoundOutcome) => handOf(outcome, side)[0]!;
  const bets: Record<string, SideBetPayout> = {
    [`${side}-odd`]: fixed((outcome) => cardRankValue(card(outcome)) % 2 === 1),
    [`${side}-even`]: fixed((outcome) => cardRankValue(card(outcome)) % 2 === 0),
    [`${side}-red`]: fixed((outcome) => cardColour(card(outcome)) === 'red'),
    [`${side}-black`]: fixed((outcome) => cardColour(card(outcome)) === 'black'),
  };
  for (const [name, suit] of Object.entries(SUIT_SPOTS)) {
    bets[`${side}-${name}`] = fixed((outcome) => cardSuit(card(outcome)) === suit);
  }
  return bets;
}

const SIDE_BETS: Partial<Record<SpmGameKind, Record<string, SideBetPayout>>> = {
  'teen-patti-2020': { 'pair-plus-a': pairPlus('a'), 'pair-plus-b': pairPlus('b') },
  'andar-bahar': Object.fromEntries(
    ANDAR_BAHAR_COUNT_RANGES.map(({ spot, from, to }) => [
      spot,
      fixed((outcome) => {
        const dealt = andarBaharCardsDealt(outcome);
        if (dealt === 0) throw new RangeError('the round dealt no Andar or Bahar card');
        return dealt >= from && dealt <= to;
      }),
    ]),
  ),
  'dragon-tiger': Object.assign(dragonTigerSide('dragon'), dragonTigerSide('tiger')),
};

/** Whether `spotId` is one of the game's side bets (settled on the cards, not on `winners`). */
export function isSideBetSpot(kind: SpmGameKind, spotId: string): boolean {
  return Object.hasOwn(SIDE_BETS[kind] ?? {}, spotId);
}

/** What side-bet `spot` earns per 1 staked on the settled round's cards (0: lost). */
export function sideBetPayout(
  kind: SpmGameKind,
  outcome: SpmRoundOutcome,
  spot: BetSpotRule,
): number {
  const payout = SIDE_BETS[kind]?.[spot.id];
  if (!payout) throw new RangeError(`${kind} has no side bet ${JSON.stringify(spot.id)}`);
  return payout(outcome, spot);
}

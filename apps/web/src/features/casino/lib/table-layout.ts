import type { SpmGameKind } from '@spm/contract';
import { ANDAR_BAHAR_COUNT_RANGES, isSideBetSpot } from '@spm/core';

/**
 * How each game lays its hands out on the table: the hands in reading order and how many
 * cards each shows face down before the deal. Hands the round carries beyond these are shown
 * after them, so a layout never hides a dealt card.
 */
export const TABLE_HANDS: Record<SpmGameKind, readonly { hand: string; cards: number }[]> = {
  'teen-patti-2020': [
    { hand: 'a', cards: 3 },
    { hand: 'b', cards: 3 },
  ],
  'andar-bahar': [
    { hand: 'joker', cards: 1 },
    { hand: 'andar', cards: 0 },
    { hand: 'bahar', cards: 0 },
  ],
  'dragon-tiger': [
    { hand: 'dragon', cards: 1 },
    { hand: 'tiger', cards: 1 },
  ],
  'lucky-7': [{ hand: 'card', cards: 1 }],
  'lucky-wheel': [],
};

/** The hands to draw: the layout's, then any other the round dealt. */
export function handsToShow(
  kind: SpmGameKind,
  dealt: Record<string, readonly string[]>,
): { hand: string; cards: readonly string[]; placeholders: number }[] {
  const layout = TABLE_HANDS[kind];
  const known = new Set(layout.map((item) => item.hand));
  return [
    ...layout.map((item) => {
      const cards = dealt[item.hand] ?? [];
      return { hand: item.hand, cards, placeholders: Math.max(0, item.cards - cards.length) };
    }),
    ...Object.entries(dealt)
      .filter(([hand]) => !known.has(hand))
      .map(([hand, cards]) => ({ hand, cards, placeholders: 0 })),
  ];
}

/** The bet spot a hand wins for, where its name differs (Teen Patti's hands a and b). */
const HAND_SPOTS: Record<string, string> = { a: 'player-a', b: 'player-b' };

/** Whether `hand` won the settled round (its spot is among the winners). */
export function handWon(hand: string, winners: readonly string[]): boolean {
  return winners.includes(HAND_SPOTS[hand] ?? hand);
}

/**
 * Where a bet spot sits on the table: `main` for the game's own bets, else its side bets'
 * group: Pair Plus, Andar Bahar's cards dealt, Dragon's card, Tiger's card.
 */
export function spotGroup(kind: SpmGameKind, spotId: string): string {
  if (!isSideBetSpot(kind, spotId)) return 'main';
  if (spotId.startsWith('cards-')) return 'cards';
  if (spotId.startsWith('pair-plus-')) return 'pair-plus';
  return spotId.split('-')[0]!;
}

/** The table's spots by group, in the order the game lists them (`main` first). */
export function spotsByGroup<Spot extends { id: string }>(
  kind: SpmGameKind,
  spots: readonly Spot[],
): { group: string; spots: Spot[] }[] {
  const groups: { group: string; spots: Spot[] }[] = [];
  for (const spot of spots) {
    const group = spotGroup(kind, spot.id);
    const known = groups.find((item) => item.group === group);
    if (known) known.spots.push(spot);
    else groups.push({ group, spots: [spot] });
  }
  return groups;
}

/**
 * A side-bet button's short name inside its group, where the group's title says the rest:
 * Andar Bahar's range ("1–5", "41+"), or the key under `casino.sideBets.short` of a Dragon
 * Tiger card bet ("odd", "spade"). Null: the spot's full name.
 */
export function shortSpotName(spotId: string): { text: string } | { key: string } | null {
  const range = ANDAR_BAHAR_COUNT_RANGES.find((item) => item.spot === spotId);
  if (range) return { text: cardsRangeText(range) };
  const card = /^(?:dragon|tiger)-(\w+)$/.exec(spotId);
  return card ? { key: card[1]! } : null;
}

/** An Andar Bahar card-count range as players read it: "1–5", the last "41+". */
export function cardsRangeText({ from, to }: { from: number; to: number }): string {
  return to === 49 ? `${from}+` : `${from}–${to}`;
}

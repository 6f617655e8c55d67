import type { SpmGameKind } from '@spm/contract';

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

import { useTranslation } from 'react-i18next';
import type { SpmGameKind, SpmRound } from '@spm/contract';
import { ANDAR_BAHAR_COUNT_RANGES, andarBaharCardsDealt, rankTeenPattiHand } from '@spm/core';
import { cardsRangeText } from '../lib/table-layout';

/**
 * What the side bets are judged on, under the cards as they are dealt: each Teen Patti hand's
 * class once it holds three cards (Pair Plus), Andar Bahar's cards dealt so far and, once
 * settled, the range that wins. Dragon Tiger's card bets read straight off the cards.
 */
export function SideBetFacts({ kind, round }: { kind: SpmGameKind; round: SpmRound }) {
  const { t } = useTranslation();
  const { hands, resultCode } = round.outcome;
  const facts: string[] = [];
  if (kind === 'teen-patti-2020') {
    for (const hand of ['a', 'b'] as const) {
      const cards = hands[hand] ?? [];
      if (cards.length !== 3) continue;
      const { handClass } = rankTeenPattiHand(cards);
      facts.push(
        t('casino.sideBets.facts.hand', {
          hand: t(`casino.hands.${hand}`),
          handClass: t(`casino.sideBets.handClasses.${handClass}`),
        }),
      );
    }
  }
  if (kind === 'andar-bahar') {
    const dealt = andarBaharCardsDealt(round.outcome);
    const range = ANDAR_BAHAR_COUNT_RANGES.find(({ from, to }) => dealt >= from && dealt <= to);
    if (dealt > 0) {
      facts.push(
        resultCode !== null && range
          ? t('casino.sideBets.facts.cardsDealtRange', {
              cards: dealt,
              range: cardsRangeText(range),
            })
          : t('casino.sideBets.facts.cardsDealt', { cards: dealt }),
      );
    }
  }
  if (facts.length === 0) return null;
  return (
    <p className="side-bet-facts" data-testid="side-bet-facts">
      {facts.join(' · ')}
    </p>
  );
}

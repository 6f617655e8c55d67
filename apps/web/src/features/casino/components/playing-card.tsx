import { useTranslation } from 'react-i18next';
import { cardColour, cardRank, cardSuit } from '@spm/core';
import type { CardSuit } from '@spm/core';

const SUIT_SYMBOLS: Record<CardSuit, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
const SUIT_NAMES: Record<CardSuit, string> = {
  S: 'spades',
  H: 'hearts',
  D: 'diamonds',
  C: 'clubs',
};

/**
 * A card face from its two-character code (`TD`, checked by the contract's schema); it slides
 * in when it first appears.
 */
export function PlayingCard({ code }: { code: string }) {
  const { t } = useTranslation();
  const rank = cardRank(code) === 'T' ? '10' : cardRank(code);
  const suit = cardSuit(code);
  const red = cardColour(code) === 'red';
  return (
    <span
      className={`playing-card${red ? ' playing-card--red' : ''}`}
      role="img"
      aria-label={t('casino.table.cardLabel', {
        rank,
        suit: t(`casino.suits.${SUIT_NAMES[suit]}`),
      })}
      data-testid="playing-card"
      data-card={code}
    >
      <span className="playing-card__rank">{rank}</span>
      <span className="playing-card__suit">{SUIT_SYMBOLS[suit]}</span>
    </span>
  );
}

/** The back of a card, where a card is still to come. */
export function CardBack() {
  return <span className="playing-card playing-card--back" aria-hidden="true" />;
}

import { useTranslation } from 'react-i18next';

const SUIT_SYMBOLS: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };
const SUIT_NAMES: Record<string, string> = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' };

/** A card face from its two-character code (`TD`); it slides in when it first appears. */
export function PlayingCard({ code, small = false }: { code: string; small?: boolean }) {
  const { t } = useTranslation();
  const rank = code[0] === 'T' ? '10' : (code[0] ?? '');
  const suit = code[1] ?? '';
  const red = suit === 'H' || suit === 'D';
  return (
    <span
      className={`playing-card${red ? ' playing-card--red' : ''}${small ? ' playing-card--small' : ''}`}
      role="img"
      aria-label={t('casino.table.cardLabel', {
        rank,
        suit: t(`casino.suits.${SUIT_NAMES[suit] ?? 'spades'}`),
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
export function CardBack({ small = false }: { small?: boolean }) {
  return (
    <span
      className={`playing-card playing-card--back${small ? ' playing-card--small' : ''}`}
      aria-hidden="true"
    />
  );
}

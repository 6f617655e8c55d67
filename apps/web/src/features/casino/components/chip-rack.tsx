import { useTranslation } from 'react-i18next';
import { tableChipsPoints } from '@spm/core';
import { formatAmount, formatCount } from '@spm/client';

/** A chip's face: 2,500 reads 2.5K, as on a casino chip; smaller ones in full. */
function chipFace(points: number): string {
  return points >= 1000 && points % 100 === 0 ? `${points / 1000}K` : formatCount(points);
}

/** The table's first chip (its minimum): the stake a table opens with. */
export function firstChip(minBet: number, maxBet: number): number {
  return tableChipsPoints(minBet, maxBet)[0]!;
}

/**
 * The table's chips: only stakes within its limits (its minimum and maximum and the usual
 * chips between, `tableChipsPoints`), one picked; a spot click bets the picked chip.
 */
export function ChipRack({
  minBet,
  maxBet,
  selected,
  onPick,
}: {
  minBet: number;
  maxBet: number;
  selected: number;
  onPick: (stake: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="chip-rack">
      <span className="chip-rack__label">
        {t('casino.table.chip')} <strong data-testid="chip-stake">{formatAmount(selected)}</strong>
      </span>
      <div className="table-chips" role="group" aria-label={t('casino.honestLobby.chips')}>
        {tableChipsPoints(minBet, maxBet).map((chip, index) => (
          <button
            key={chip}
            type="button"
            className={`table-chip${selected === chip ? ' table-chip--selected' : ''}`}
            aria-pressed={selected === chip}
            aria-label={t('casino.honestLobby.chipLabel', { amount: formatAmount(chip) })}
            onClick={() => onPick(chip)}
            data-testid={`chip-preset-${index}`}
            data-chip={chip}
          >
            {chipFace(chip)}
          </button>
        ))}
      </div>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import type { SpmGameKind, SpmTable } from '@spm/contract';
import { formatAmount } from '@spm/client';
import { spotLabel } from '../lib/spot-label';
import { shortSpotName, spotsByGroup } from '../lib/table-layout';

type Spot = SpmTable['spots'][number];

/** "×1.98", or a paytable spot's range "×2–41". */
export function spotPayoutText(spot: Spot): string {
  if (!spot.paytable?.length) return `×${spot.payout}`;
  const payouts = spot.paytable.map((entry) => entry.payout);
  return `×${Math.min(...payouts)}–${Math.max(...payouts)}`;
}

interface BetSpotsProps {
  kind: SpmGameKind;
  spots: readonly Spot[];
  /** Spots the settled round pays (`spmWinningSpots`). */
  winners: ReadonlySet<string>;
  /** The player's stake on a spot this round (0: none). */
  stakeOn: (spotId: string) => number;
  disabled: boolean;
  placing: string | null;
  onPlace: (spotId: string) => void;
}

/**
 * The table's bet spots: the game's own bets first, then each group of side bets under its
 * title (Pair Plus, cards dealt, Dragon's and Tiger's card), small buttons in a grid that
 * fits a phone.
 */
export function BetSpots({
  kind,
  spots,
  winners,
  stakeOn,
  disabled,
  placing,
  onPlace,
}: BetSpotsProps) {
  const { t } = useTranslation();
  const button = (spot: Spot, side: boolean) => {
    const mine = stakeOn(spot.id);
    const label = spotLabel(t, spot.id);
    const short = side ? shortSpotName(spot.id) : null;
    const name =
      short === null
        ? label
        : 'text' in short
          ? short.text
          : t(`casino.sideBets.short.${short.key}`);
    return (
      <button
        key={spot.id}
        type="button"
        className={`bet-spot${side ? ' bet-spot--side' : ''}${winners.has(spot.id) ? ' bet-spot--winner' : ''}`}
        disabled={disabled || placing !== null}
        aria-busy={placing === spot.id}
        aria-label={name === label ? undefined : `${label} ${spotPayoutText(spot)}`}
        onClick={() => onPlace(spot.id)}
        data-testid="bet-spot"
        data-spot={spot.id}
      >
        <span className="bet-spot__name">{name}</span>
        <span className="bet-spot__payout">{spotPayoutText(spot)}</span>
        {mine > 0 && (
          <span className="bet-spot__mine" data-testid="bet-spot-mine">
            {formatAmount(mine)}
          </span>
        )}
      </button>
    );
  };
  return (
    <>
      {spotsByGroup(kind, spots).map(({ group, spots: grouped }) =>
        group === 'main' ? (
          <div key={group} className={`bet-spots bet-spots--${kind}`} data-testid="bet-spots">
            {grouped.map((spot) => button(spot, false))}
          </div>
        ) : (
          <section
            key={group}
            className="bet-group"
            aria-label={t(`casino.sideBets.groups.${group}`)}
            data-testid="bet-group"
            data-group={group}
          >
            <h2 className="bet-group__title">{t(`casino.sideBets.groups.${group}`)}</h2>
            <div className={`bet-spots bet-spots--side bet-spots--${group}`}>
              {grouped.map((spot) => button(spot, true))}
            </div>
          </section>
        ),
      )}
    </>
  );
}

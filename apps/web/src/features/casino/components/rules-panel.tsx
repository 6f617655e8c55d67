import { useTranslation } from 'react-i18next';
import type { SpmTable } from '@spm/contract';
import { SPM_GAME_SPOTS, isSideBetSpot } from '@spm/core';
import { formatAmount } from '@spm/client';
import { spotLabel } from '../lib/spot-label';
import { spotPayoutText } from './bet-spots';

/** The game's rules: how it is played, every bet spot with its payout and RTP, and the limits. */
export function RulesPanel({ table }: { table: SpmTable }) {
  const { t } = useTranslation();
  const rtpOf = (spotId: string) =>
    SPM_GAME_SPOTS[table.kind].find((spot) => spot.id === spotId)?.rtpPercent;
  const hasSideBets = table.spots.some((spot) => isSideBetSpot(table.kind, spot.id));
  return (
    <details className="table-panel" data-testid="rules-panel">
      <summary className="table-panel__summary">{t('casino.rules.title')}</summary>
      <p>{t(`casino.rules.${table.kind}`)}</p>
      {hasSideBets && (
        <p data-testid="rules-side-bets">{t(`casino.sideBets.rules.${table.kind}`)}</p>
      )}
      <table className="rules-table">
        <thead>
          <tr>
            <th scope="col">{t('casino.rules.spot')}</th>
            <th scope="col">{t('casino.rules.payout')}</th>
            <th scope="col">{t('casino.rules.rtp')}</th>
          </tr>
        </thead>
        <tbody>
          {table.spots.map((spot) => {
            const rtp = rtpOf(spot.id);
            return (
              <tr key={spot.id} data-testid="rules-spot" data-spot={spot.id}>
                <td>{spotLabel(t, spot.id)}</td>
                <td>
                  {spot.paytable?.length ? (
                    <ul className="rules-paytable">
                      {spot.paytable.map((entry) => (
                        <li key={entry.handClass} data-testid="rules-paytable-entry">
                          {t(`casino.sideBets.handClasses.${entry.handClass}`)} ×{entry.payout}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    spotPayoutText(spot)
                  )}
                </td>
                <td>{rtp === undefined ? '—' : `${rtp.toFixed(2)}%`}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="page__muted">{t('casino.rules.payoutNote')}</p>
      <p data-testid="rules-limits">
        {t('casino.rules.limits', {
          min: formatAmount(table.minBet),
          max: formatAmount(table.maxBet),
        })}
      </p>
      <p className="page__muted">{t('casino.rules.roundLimits')}</p>
    </details>
  );
}

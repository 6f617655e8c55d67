import { useTranslation } from 'react-i18next';
import type { SpmTable } from '@spm/contract';
import { SPM_GAME_SPOTS } from '@spm/core';
import { formatAmount } from '@spm/client';
import { spotLabel } from '../lib/spot-label';

/** The game's rules: how it is played, every bet spot with its payout and RTP, and the limits. */
export function RulesPanel({ table }: { table: SpmTable }) {
  const { t } = useTranslation();
  const rtpOf = (spotId: string) =>
    SPM_GAME_SPOTS[table.kind].find((spot) => spot.id === spotId)?.rtpPercent;
  return (
    <details className="table-panel" data-testid="rules-panel">
      <summary className="table-panel__summary">{t('casino.rules.title')}</summary>
      <p>{t(`casino.rules.${table.kind}`)}</p>
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
              <tr key={spot.id} data-testid="rules-spot">
                <td>{spotLabel(t, spot.id)}</td>
                <td>×{spot.payout}</td>
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

import { useTranslation } from 'react-i18next';
import type { CrashSettingsView } from '@spm/contract';
import { formatAmount } from '@spm/client';
import { formatMultiplier } from '../lib/multiplier';
import { MIN_AUTO_CASH_OUT } from '../lib/inputs';

/** How the game is played and its numbers, from the server's settings. */
export function RulesPanel({ settings }: { settings: CrashSettingsView }) {
  const { t } = useTranslation('crash');
  return (
    <details className="crash-section" data-testid="crash-rules">
      <summary className="crash-section__toggle">{t('rules.title')}</summary>
      <p>{t('rules.howTo')}</p>
      <dl className="crash-rules">
        <dt>{t('rules.houseEdge')}</dt>
        <dd data-testid="crash-rules-edge">{`${settings.houseEdgePercent}%`}</dd>
        <dt>{t('rules.rtp')}</dt>
        <dd data-testid="crash-rules-rtp">{`${settings.rtpPercent}%`}</dd>
        <dt>{t('rules.stakes')}</dt>
        <dd data-testid="crash-rules-stakes">
          {t('rules.stakesValue', {
            min: formatAmount(settings.minStake),
            max: formatAmount(settings.maxStakePerRound),
          })}
        </dd>
        <dt>{t('rules.maxReturn')}</dt>
        <dd data-testid="crash-rules-max-return">{formatAmount(settings.maxReturn)}</dd>
        <dt>{t('rules.maxMultiplier')}</dt>
        <dd>{formatMultiplier(settings.maxMultiplier)}</dd>
      </dl>
      <p>{t('rules.autoCashOut', { min: formatMultiplier(MIN_AUTO_CASH_OUT) })}</p>
      <p>{t('rules.maxReturnRule', { max: formatAmount(settings.maxReturn) })}</p>
      <p>{t('rules.twoBets')}</p>
      <p className="page__muted">{t('rules.fairness')}</p>
    </details>
  );
}

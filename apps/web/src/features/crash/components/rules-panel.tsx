import { useTranslation } from 'react-i18next';
import type { CrashSettingsView } from '@spm/contract';
import { formatAmount } from '@spm/client';
import { formatMultiplier } from '../lib/multiplier';
import { MIN_AUTO_CASH_OUT } from '../lib/inputs';

/** How the game is played and its numbers, from the server's settings. */
export function RulesPanel({ settings }: { settings: CrashSettingsView }) {
  const { t } = useTranslation();
  return (
    <details className="crash-section" data-testid="crash-rules">
      <summary className="crash-section__toggle">{t('crash.rules.title')}</summary>
      <p>{t('crash.rules.howTo')}</p>
      <dl className="crash-rules">
        <dt>{t('crash.rules.houseEdge')}</dt>
        <dd data-testid="crash-rules-edge">{`${settings.houseEdgePercent}%`}</dd>
        <dt>{t('crash.rules.rtp')}</dt>
        <dd data-testid="crash-rules-rtp">{`${settings.rtpPercent}%`}</dd>
        <dt>{t('crash.rules.stakes')}</dt>
        <dd data-testid="crash-rules-stakes">
          {t('crash.rules.stakesValue', {
            min: formatAmount(settings.minStake),
            max: formatAmount(settings.maxStakePerRound),
          })}
        </dd>
        <dt>{t('crash.rules.maxReturn')}</dt>
        <dd data-testid="crash-rules-max-return">{formatAmount(settings.maxReturn)}</dd>
        <dt>{t('crash.rules.maxMultiplier')}</dt>
        <dd>{formatMultiplier(settings.maxMultiplier)}</dd>
      </dl>
      <p>{t('crash.rules.autoCashOut', { min: formatMultiplier(MIN_AUTO_CASH_OUT) })}</p>
      <p>{t('crash.rules.maxReturnRule', { max: formatAmount(settings.maxReturn) })}</p>
      <p>{t('crash.rules.twoBets')}</p>
      <p className="page__muted">{t('crash.rules.fairness')}</p>
    </details>
  );
}

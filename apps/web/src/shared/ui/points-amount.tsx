import { useTranslation } from 'react-i18next';
import { formatAmount } from '@spm/client';
import { usePlaySite } from '@/shared/stores/site-money-mode';
import './points-amount.css';

/**
 * An amount as the site counts it: on a play-money site (MONEY_MODE=play) with the points
 * unit after it ("1,000.00 points"), elsewhere the figure alone as before. `playMoney` says it
 * for a record that knows (a sportsbook bet of a points account on a real-money site).
 */
export function PointsAmount({ amount, playMoney }: { amount: number; playMoney?: boolean }) {
  const { t } = useTranslation();
  const playSite = usePlaySite();
  if (!(playMoney ?? playSite)) return <>{formatAmount(amount)}</>;
  return (
    <>
      {formatAmount(amount)} <span className="points-unit">{t('playMoney.unit')}</span>
    </>
  );
}

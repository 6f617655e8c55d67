import { useTranslation } from 'react-i18next';
import { formatPoints, netOfCommission } from '@spm/core';
import type { Paise } from '@spm/core';

/**
 * A projected win as settlement will pay it: the profit, the market's commission and the net
 * profit, computed by @spm/core's netOfCommission (the function settlement itself uses). With
 * no commission on the market only the profit shows, as that is what is paid.
 */
export function NetProfit({
  grossPaise,
  commissionBasisPoints,
  testIdPrefix,
  variant = 'rows',
}: {
  grossPaise: Paise;
  commissionBasisPoints: number;
  testIdPrefix: string;
  /** 'rows' in the bet slip; 'compact' in a table cell. */
  variant?: 'rows' | 'compact';
}) {
  const { t } = useTranslation();
  const { commissionPaise, netPaise } = netOfCommission(grossPaise, commissionBasisPoints);
  const percent = commissionBasisPoints / 100;
  return (
    <dl className={`net-profit net-profit--${variant}`} data-testid={`${testIdPrefix}-breakdown`}>
      <div className="net-profit__row">
        <dt>{t('exchange.profit.gross')}</dt>
        <dd className="pnl pnl--up" data-testid={`${testIdPrefix}-profit`}>
          {formatPoints(grossPaise)}
        </dd>
      </div>
      {commissionBasisPoints > 0 && (
        <>
          <div className="net-profit__row">
            <dt>{t('exchange.profit.commission', { percent })}</dt>
            <dd data-testid={`${testIdPrefix}-commission`}>{formatPoints(commissionPaise)}</dd>
          </div>
          <div className="net-profit__row net-profit__row--net">
            <dt>{t('exchange.profit.net')}</dt>
            <dd className="pnl pnl--up" data-testid={`${testIdPrefix}-net`}>
              {formatPoints(netPaise)}
            </dd>
          </div>
        </>
      )}
    </dl>
  );
}

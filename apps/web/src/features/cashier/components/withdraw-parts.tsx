import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WithdrawInfo } from '@spm/contract';
import { formatAmount } from '@spm/client';
import { needsKyc, pendingLimitReached } from '../lib/withdraw';

/** Withdrawable now, the limits and the pending requests, above both withdraw forms. */
export function WithdrawSummary({
  info,
  min,
  max,
}: {
  info: WithdrawInfo;
  min: number;
  max: number;
}) {
  const { t } = useTranslation();
  return (
    <section className="cashier-card cashier-wallet" aria-labelledby="withdraw-summary-title">
      <h2 id="withdraw-summary-title" className="cashier-wallet__label">
        {t('cashier.withdraw.withdrawable')}
      </h2>
      <p className="cashier-wallet__balance" data-testid="withdraw-withdrawable">
        {formatAmount(info.withdrawable)}
      </p>
      <dl className="cashier-wallet__list">
        <div className="cashier-wallet__row">
          <dt>{t('cashier.withdraw.limitsLabel')}</dt>
          <dd data-testid="withdraw-limits">
            {t('cashier.limits', { min: formatAmount(min), max: formatAmount(max) })}
          </dd>
        </div>
        <div className="cashier-wallet__row">
          <dt>{t('cashier.withdraw.pendingLabel')}</dt>
          <dd data-testid="withdraw-pending">
            {t('cashier.withdraw.pendingOf', { count: info.pendingCount, max: info.maxPending })}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * What stops a withdrawal before it is tried: KYC (above the threshold, with the way to
 * /kyc) and the pending-requests limit (with the way to the history, to cancel one).
 */
export function WithdrawNotices({ info, amount }: { info: WithdrawInfo; amount: number | null }) {
  const { t } = useTranslation();
  const blocked = needsKyc(info, amount);
  return (
    <>
      {info.kycStatus !== 'approved' && (
        <p
          className={`notice ${blocked ? 'notice--danger' : 'notice--info'}`}
          data-testid="withdraw-kyc-notice"
          data-blocking={blocked}
        >
          {t(
            info.kycStatus === 'pending'
              ? 'cashier.withdraw.kycPendingNotice'
              : 'cashier.withdraw.kycNotice',
            { amount: formatAmount(info.kycRequiredAbove) },
          )}{' '}
          {info.kycStatus !== 'pending' && (
            <Link to="/kyc" data-testid="withdraw-kyc-link">
              {t('cashier.withdraw.kycLink')}
            </Link>
          )}
        </p>
      )}
      {pendingLimitReached(info) && (
        <p className="notice notice--warning" data-testid="withdraw-pending-limit">
          {t('cashier.withdraw.pendingLimit', { max: info.maxPending })}{' '}
          <Link to="/withdrawlist">{t('cashier.hub.withdrawHistory')}</Link>
        </p>
      )}
    </>
  );
}

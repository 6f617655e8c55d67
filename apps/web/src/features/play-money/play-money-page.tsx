import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateTime } from '@spm/client';
import { PointsAmount } from '@/shared/ui/points-amount';
import { useWalletFigures } from '@/shared/ui/wallet-figures';
import { useClaimPlayAllowance, usePlayAllowance } from './allowance-api';
import './play-money.css';

/** The daily points: the rule, and the claim button or when the next claim opens. */
function AllowanceCard() {
  const { t, i18n } = useTranslation();
  const allowance = usePlayAllowance();
  const claim = useClaimPlayAllowance();
  const data = allowance.data;
  return (
    <section className="cashier-card play-allowance" aria-labelledby="play-allowance-title">
      <h2 id="play-allowance-title" className="play-allowance__title">
        {t('playMoney.allowanceTitle')}
      </h2>
      {data && !data.available && (
        <p data-testid="play-allowance-unavailable">{t('playMoney.unavailable')}</p>
      )}
      {data?.available && (
        <>
          <p data-testid="play-allowance-rule">
            {t('playMoney.allowanceRule', { amount: formatAmount(data.amount) })}
          </p>
          {claim.data && (
            <p className="notice notice--success" role="status" data-testid="play-allowance-added">
              {t('playMoney.added', { amount: formatAmount(claim.data.amount) })}
            </p>
          )}
          {data.claimedToday ? (
            <p data-testid="play-allowance-claimed">
              {t('playMoney.claimed', { time: formatDateTime(data.nextClaimAt, i18n.language) })}
            </p>
          ) : (
            <button
              type="button"
              className="button button--primary button--large"
              disabled={claim.isPending}
              onClick={() => claim.mutate()}
              data-testid="play-allowance-claim"
            >
              {t('playMoney.claim', { amount: formatAmount(data.amount) })}
            </button>
          )}
        </>
      )}
    </section>
  );
}

/**
 * What every cash screen (cashier, deposit, withdrawal, KYC, bonuses) shows on a play-money
 * site (issue 42 item 6): why there is no cashier, the balance in points and the daily points.
 */
export function PlayMoneyPage() {
  const { t } = useTranslation();
  const { balance } = useWalletFigures();
  return (
    <section className="page cashier-page play-money-page" data-testid="play-money-page">
      <h1 className="page__title" data-testid="page-title">
        {t('playMoney.title')}
      </h1>
      <p className="notice notice--info" role="note" data-testid="play-money-why">
        {t('playMoney.why')}
      </p>
      <section className="cashier-card cashier-wallet">
        <p className="cashier-wallet__label">{t('playMoney.balance')}</p>
        <p className="cashier-wallet__balance" data-testid="play-money-balance">
          <PointsAmount amount={balance} />
        </p>
      </section>
      <AllowanceCard />
    </section>
  );
}

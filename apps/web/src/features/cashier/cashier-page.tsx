import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageProps } from '@/shared/lib/route-paths';
import { formatAmount } from '@spm/client';
import { useAuthStore } from '@/shared/stores/auth-store';
import { DemoNotice } from '@/shared/ui/demo-notice';
import { ExposureAmount, useWalletFigures } from '@/shared/ui/wallet-figures';
import { KycStatusLink } from './components/kyc-status-link';
import './cashier.css';

/** The wallet as the cashier shows it, from the auth store (moved live by update_balance). */
function WalletCard() {
  const { t } = useTranslation();
  const wallet = useAuthStore((state) => state.wallet);
  const { balance, exposure } = useWalletFigures();
  const rows = [
    { key: 'cash', label: t('wallet.cash'), value: wallet.cash },
    { key: 'coins', label: t('wallet.coins'), value: wallet.coins },
    { key: 'sports', label: t('wallet.sports'), value: wallet.sports },
  ];
  return (
    <section className="cashier-card cashier-wallet" aria-labelledby="cashier-wallet-title">
      <h2 id="cashier-wallet-title" className="visually-hidden">
        {t('wallet.title')}
      </h2>
      <p className="cashier-wallet__label">{t('cashier.hub.withdrawable')}</p>
      <p className="cashier-wallet__balance" data-testid="cashier-balance">
        {formatAmount(balance)}
      </p>
      <dl className="cashier-wallet__list">
        {rows.map((row) => (
          <div className="cashier-wallet__row" key={row.key}>
            <dt>{row.label}</dt>
            <dd data-testid={`cashier-${row.key}`}>{formatAmount(row.value)}</dd>
          </div>
        ))}
        <div className="cashier-wallet__row">
          <dt>{t('wallet.exposure')}</dt>
          <dd>
            <ExposureAmount amount={exposure} testId="cashier-exposure" />
          </dd>
        </div>
      </dl>
      <p className="cashier-wallet__note">{t('cashier.hub.bonusNote')}</p>
    </section>
  );
}

/**
 * The protected /cashier hub (SPEC 2.2): the wallet, Deposit and Withdraw, and the way to
 * every other cashier screen (histories, KYC, bank details).
 */
export function CashierPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  return (
    <section className="page cashier-page">
      <h1 className="page__title" data-testid="page-title">
        {t(titleKey)}
      </h1>
      <DemoNotice />
      <WalletCard />
      <div className="cashier-actions">
        <Link
          className="button button--primary button--large cashier-actions__button"
          to="/gateways"
          data-testid="cashier-deposit"
        >
          {t('cashier.hub.deposit')}
        </Link>
        <Link
          className="button button--outline button--large cashier-actions__button"
          to="/withdraw"
          data-testid="cashier-withdraw"
        >
          {t('cashier.hub.withdraw')}
        </Link>
      </div>
      <nav className="cashier-card cashier-links" aria-label={t('cashier.hub.more')}>
        <Link className="cashier-link" to="/deposit/list" data-testid="cashier-deposit-history">
          <span className="cashier-link__text">{t('cashier.hub.depositHistory')}</span>
        </Link>
        <Link className="cashier-link" to="/withdrawlist" data-testid="cashier-withdraw-history">
          <span className="cashier-link__text">{t('cashier.hub.withdrawHistory')}</span>
        </Link>
        <Link className="cashier-link" to="/withdraw/gateways" data-testid="cashier-crypto">
          <span className="cashier-link__text">{t('cashier.hub.cryptoWithdraw')}</span>
        </Link>
        <KycStatusLink />
        <Link
          className="cashier-link"
          to={{ pathname: '/profile', hash: '#bank-details' }}
          data-testid="cashier-bank-details"
        >
          <span className="cashier-link__text">{t('cashier.hub.bankDetails')}</span>
        </Link>
      </nav>
    </section>
  );
}

import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { STATEMENT_WALLETS } from '@spm/contract';
import { useDismiss } from '@/shared/hooks/use-dismiss';
import { useAuthStore } from '@/shared/stores/auth-store';
import { usePlaySite } from '@/shared/stores/site-money-mode';
import { PointsAmount } from '@/shared/ui/points-amount';
import { ExposureAmount, useWalletFigures } from '@/shared/ui/wallet-figures';
import './wallet-summary.css';

/**
 * The signed-in header's money: balance and exposure, with a panel of the four wallets of
 * SPEC 3 (cash, coins, sports, wicket). Everything is read from the auth store, where the
 * realtime client puts each update_balance, so the figures move without a reload; balance and
 * exposure through useWalletFigures, as every casino table reads them.
 */
export function WalletSummary() {
  const { t } = useTranslation();
  const wallet = useAuthStore((state) => state.wallet);
  const { balance, exposure } = useWalletFigures();
  const playSite = usePlaySite();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(rootRef, open, close);

  return (
    <div className="wallet-summary" ref={rootRef}>
      <button
        type="button"
        className="wallet-summary__trigger"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
        data-testid="wallet-toggle"
      >
        <span className="wallet-summary__figure">
          <span className="wallet-summary__label">
            {t(playSite ? 'playMoney.balance' : 'header.balance')}
          </span>
          <span className="wallet-summary__amount" data-testid="header-balance">
            <PointsAmount amount={balance} />
          </span>
        </span>
        <span className="wallet-summary__figure wallet-summary__figure--exposure">
          <span className="wallet-summary__label">{t('header.exposure')}</span>
          <ExposureAmount
            amount={exposure}
            className="wallet-summary__amount"
            testId="header-exposure"
          />
        </span>
        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      {open && (
        <section
          className="wallet-panel"
          id={panelId}
          aria-label={t('wallet.title')}
          data-testid="wallet-panel"
        >
          <h2 className="wallet-panel__title">{t('wallet.title')}</h2>
          <dl className="wallet-panel__list">
            <div className="wallet-panel__row wallet-panel__row--main">
              <dt>{t('wallet.balance')}</dt>
              <dd data-testid="wallet-balance">
                <PointsAmount amount={balance} />
              </dd>
            </div>
            <div className="wallet-panel__row">
              <dt>{t('wallet.exposure')}</dt>
              <dd>
                <ExposureAmount amount={exposure} testId="wallet-exposure" />
              </dd>
            </div>
            {STATEMENT_WALLETS.map((name) => (
              <div className="wallet-panel__row" key={name}>
                <dt>{t(`wallet.${name}`)}</dt>
                <dd data-testid={`wallet-${name}`}>
                  <PointsAmount amount={wallet[name]} />
                </dd>
              </div>
            ))}
          </dl>
          <Link
            className="button button--outline button--block"
            to="/statement"
            onClick={close}
            data-testid="wallet-statement-link"
          >
            {t('wallet.viewStatement')}
          </Link>
        </section>
      )}
    </div>
  );
}

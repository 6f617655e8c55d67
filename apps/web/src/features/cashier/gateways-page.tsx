import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Gateway } from '@spm/contract';
import type { PageProps } from '@/shared/lib/route-paths';
import { formatAmount } from '@spm/client';
import { DemoNotice } from '@/shared/ui/demo-notice';
import { useGateways } from './api/cashier-api';
import { GatewayIcon } from './components/gateway-icon';
import { LoadState } from './components/load-state';
import './cashier.css';
import { CashierPageFrame } from './components/cashier-page-frame';

function GatewayCard({ gateway }: { gateway: Gateway }) {
  const { t } = useTranslation();
  return (
    <li>
      <Link
        className="gateway-card"
        to={`/deposit/${gateway.code}`}
        data-testid="gateway-card"
        data-code={gateway.code}
      >
        <GatewayIcon kind={gateway.kind} />
        <span className="gateway-card__body">
          <span className="gateway-card__name">{gateway.name}</span>
          <span className="gateway-card__kind">{t(`cashier.gatewayKinds.${gateway.kind}`)}</span>
          <span className="gateway-card__limits" data-testid="gateway-limits">
            {t('cashier.limits', {
              min: formatAmount(gateway.minAmount),
              max: formatAmount(gateway.maxAmount),
            })}
          </span>
        </span>
        <span className="gateway-card__badges">
          {gateway.depositBonusPercent > 0 && (
            <span className="badge badge--bonus" data-testid="gateway-bonus">
              {t('cashier.bonusBadge', { percent: gateway.depositBonusPercent })}
            </span>
          )}
          {gateway.automated && (
            <span className="badge badge--auto" data-testid="gateway-automatic">
              {t('cashier.automatic')}
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

/** "The gateway list" of SPEC 2.2 (/gateways): every deposit method, each to its own page. */
export function GatewaysPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const gateways = useGateways();
  return (
    <CashierPageFrame title={t(titleKey)}>
      <DemoNotice />
      <p className="page__muted">{t('cashier.gateways.lead')}</p>
      {!gateways.data ? (
        <LoadState isError={gateways.isError} testId="gateways" />
      ) : gateways.data.length === 0 ? (
        <p className="cashier-empty" data-testid="gateways-empty">
          {t('cashier.gateways.empty')}
        </p>
      ) : (
        <ul className="gateway-grid">
          {gateways.data.map((gateway) => (
            <GatewayCard key={gateway.code} gateway={gateway} />
          ))}
        </ul>
      )}
    </CashierPageFrame>
  );
}

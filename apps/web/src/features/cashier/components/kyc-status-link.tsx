import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useKyc } from '../api/cashier-api';
import { StatusBadge } from './status-badge';

/** The hub's KYC entry: a link to /kyc with the current status as a badge. */
export function KycStatusLink() {
  const { t } = useTranslation();
  const kyc = useKyc();
  return (
    <Link className="cashier-link" to="/kyc" data-testid="cashier-kyc-link">
      <span className="cashier-link__text">{t('cashier.hub.kyc')}</span>
      {kyc.data && <StatusBadge status={kyc.data.status} testId="cashier-kyc-status" />}
    </Link>
  );
}

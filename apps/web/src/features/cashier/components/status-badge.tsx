import { useTranslation } from 'react-i18next';

/** A request's status (pending, approved, declined, expired, cancelled) or a KYC state. */
export function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={`status-badge status-badge--${status}`}
      data-status={status}
      data-testid={testId}
    >
      {t(`cashier.status.${status}`)}
    </span>
  );
}

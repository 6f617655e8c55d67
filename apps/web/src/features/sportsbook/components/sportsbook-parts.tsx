import { useTranslation } from 'react-i18next';
import type { SportsbookBetStatus } from '@spm/contract';
import { StatusPill, type StatusTone } from '@/shared/ui/status-pill';

/** A failed read or load: what went wrong and a Retry. */
export function RetryError({
  text,
  onRetry,
  testId,
}: {
  text: string;
  onRetry: () => void;
  testId: string;
}) {
  const { t } = useTranslation('sportsbook');
  return (
    <div className="page__error" role="alert" data-testid={testId}>
      <p className="page__muted">{text}</p>
      <button
        type="button"
        className="button button--outline"
        onClick={onRetry}
        data-testid={`${testId}-retry`}
      >
        {t('retry')}
      </button>
    </div>
  );
}

const STATUS_TONE: Record<SportsbookBetStatus, StatusTone> = {
  open: 'info',
  won: 'good',
  cashed_out: 'good',
  lost: 'bad',
  refunded: 'muted',
  discarded: 'muted',
};

export function BetStatusBadge({ status }: { status: SportsbookBetStatus }) {
  const { t } = useTranslation('sportsbook');
  return (
    <StatusPill
      status={status}
      tone={STATUS_TONE[status]}
      label={t(`status.${status}`)}
      testId="sportsbook-bet-status"
    />
  );
}

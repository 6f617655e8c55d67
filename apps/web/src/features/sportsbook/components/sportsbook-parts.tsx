import { useTranslation } from 'react-i18next';
import type { SportsbookBetStatus } from '@spm/contract';

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

export function BetStatusBadge({ status }: { status: SportsbookBetStatus }) {
  const { t } = useTranslation('sportsbook');
  return (
    <span
      className={`sportsbook-status sportsbook-status--${status}`}
      data-status={status}
      data-testid="sportsbook-bet-status"
    >
      {t(`status.${status}`)}
    </span>
  );
}

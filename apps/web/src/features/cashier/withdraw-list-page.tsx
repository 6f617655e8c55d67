import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { WITHDRAW_STATUSES } from '@spm/contract';
import type { Withdrawal } from '@spm/contract';
import type { PageProps } from '@/shared/lib/route-paths';
import { formatAmount } from '@spm/client';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { useIsDemo } from '@/shared/ui/demo-notice';
import { cancelWithdrawal, useInvalidateCashier, useWithdrawals } from './api/cashier-api';
import type { WithdrawalQuery } from './api/cashier-api';
import { HistoryFilters, noFilters } from './components/history-filters';
import type { HistoryFilterValues } from './components/history-filters';
import { LoadState } from './components/load-state';
import { HistoryResults } from './components/history-results';
import { HistoryTime } from './components/history-time';
import { StatusBadge } from './components/status-badge';
import { isRangeReversed } from './lib/dates';
import './cashier.css';
import { CashierPageFrame } from './components/cashier-page-frame';

function WithdrawalItem({
  withdrawal,
  onCancel,
}: {
  withdrawal: Withdrawal;
  onCancel: (withdrawal: Withdrawal) => void;
}) {
  const { t } = useTranslation();
  const isDemo = useIsDemo();
  const { destination } = withdrawal;
  return (
    <li className="history-item" data-testid="withdrawal-row" data-id={withdrawal.id}>
      <div className="history-item__head">
        <span className="history-item__title">
          {t(`cashier.destinationTypes.${destination.type}`)}
          {destination.network && ` · ${destination.network}`}
        </span>
        <StatusBadge status={withdrawal.status} testId="withdrawal-status" />
      </div>
      <p className="history-item__amount" data-testid="withdrawal-amount">
        {formatAmount(withdrawal.amount)}
      </p>
      <dl className="history-item__details">
        <div>
          <dt>{t('cashier.history.destination')}</dt>
          <dd className="history-item__mono" data-testid="withdrawal-destination">
            {destination.label}
          </dd>
        </div>
        {withdrawal.extra > 0 && (
          <div>
            <dt>{t('cashier.history.extra')}</dt>
            <dd data-testid="withdrawal-extra">+{formatAmount(withdrawal.extra)}</dd>
          </div>
        )}
        <div>
          <dt>{t('cashier.history.payout')}</dt>
          <dd data-testid="withdrawal-payout">{formatAmount(withdrawal.payout)}</dd>
        </div>
        <HistoryTime label={t('cashier.history.requested')} value={withdrawal.createdAt} />
        {withdrawal.decidedAt && (
          <HistoryTime label={t('cashier.history.decided')} value={withdrawal.decidedAt} />
        )}
      </dl>
      {withdrawal.reason && (
        <p className="history-item__reason" data-testid="withdrawal-reason">
          {t('cashier.history.reason', { reason: withdrawal.reason })}
        </p>
      )}
      {withdrawal.status === 'pending' && !isDemo && (
        <button
          type="button"
          className="button button--outline history-item__action"
          onClick={() => onCancel(withdrawal)}
          data-testid="withdrawal-cancel"
        >
          {t('cashier.history.cancel')}
        </button>
      )}
    </li>
  );
}

function toQuery(filters: HistoryFilterValues, page: number): WithdrawalQuery {
  return {
    page,
    status: WITHDRAW_STATUSES.find((status) => status === filters.status),
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
}

function WithdrawalResults({ filters }: { filters: HistoryFilterValues }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateCashier();
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<Withdrawal | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const withdrawals = useWithdrawals(toQuery(filters, page));
  const closeDialog = useCallback(() => setConfirming(null), []);

  const confirmCancel = async () => {
    if (!confirming) return;
    setCancelling(true);
    const cancelled = await cancelWithdrawal(confirming.id);
    setCancelling(false);
    setConfirming(null);
    // Refetched either way: a refusal (already decided) means the row changed meanwhile.
    invalidate();
    if (cancelled) toast.success(t('cashier.history.cancelled'));
  };

  const data = withdrawals.data;
  if (!data) return <LoadState isError={withdrawals.isError} testId="withdrawals" />;
  return (
    <HistoryResults
      data={data}
      busy={withdrawals.isPlaceholderData}
      onPage={setPage}
      testId="withdrawals"
      emptyText={t('cashier.history.noWithdrawals')}
      newTo="/withdraw"
      newLabel={t('cashier.hub.withdraw')}
      extra={
        confirming && (
          <ConfirmDialog
            title={t('cashier.history.cancelTitle')}
            confirmLabel={t('cashier.history.cancelConfirm')}
            onConfirm={() => void confirmCancel()}
            onCancel={closeDialog}
            busy={cancelling}
            testId="withdrawal-cancel-dialog"
          >
            <p>
              {t('cashier.history.cancelText', {
                amount: formatAmount(confirming.amount),
                destination: confirming.destination.label,
              })}
            </p>
          </ConfirmDialog>
        )
      }
    >
      {data.items.map((withdrawal) => (
        <WithdrawalItem key={withdrawal.id} withdrawal={withdrawal} onCancel={setConfirming} />
      ))}
    </HistoryResults>
  );
}

/** /withdrawlist: the player's withdrawals, newest first; a pending one can be cancelled. */
export function WithdrawListPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<HistoryFilterValues>(noFilters);
  return (
    <CashierPageFrame
      title={t(titleKey)}
      action={{
        to: '/withdraw',
        labelKey: 'cashier.hub.withdraw',
        testId: 'withdrawals-new',
        variant: 'primary',
      }}
    >
      <HistoryFilters
        value={filters}
        onChange={setFilters}
        statuses={WITHDRAW_STATUSES}
        testId="withdrawals-filter"
      />
      {!isRangeReversed(filters.from, filters.to) && (
        <WithdrawalResults
          key={`${filters.status}|${filters.from}|${filters.to}`}
          filters={filters}
        />
      )}
    </CashierPageFrame>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPOSIT_STATUSES } from '@spm/contract';
import type { Deposit } from '@spm/contract';
import type { PageProps } from '@/shared/lib/route-paths';
import { formatAmount } from '@spm/client';
import { useDeposits, useGateways } from './api/cashier-api';
import type { DepositQuery } from './api/cashier-api';
import { HistoryFilters, noFilters } from './components/history-filters';
import type { HistoryFilterValues } from './components/history-filters';
import { LoadState } from './components/load-state';
import { HistoryResults } from './components/history-results';
import { HistoryTime } from './components/history-time';
import { StatusBadge } from './components/status-badge';
import { isRangeReversed } from './lib/dates';
import './cashier.css';
import { CashierPageFrame } from './components/cashier-page-frame';

function DepositItem({ deposit }: { deposit: Deposit }) {
  const { t } = useTranslation();
  const payable = deposit.status === 'pending' && deposit.automated && deposit.payUrl;
  return (
    <li className="history-item" data-testid="deposit-row" data-id={deposit.id}>
      <div className="history-item__head">
        <span className="history-item__title">{deposit.gatewayName}</span>
        <StatusBadge status={deposit.status} testId="deposit-status" />
      </div>
      <p className="history-item__amount" data-testid="deposit-amount">
        {formatAmount(deposit.amount)}
      </p>
      <dl className="history-item__details">
        {deposit.bonus > 0 && (
          <div>
            <dt>{t('cashier.history.bonus')}</dt>
            <dd data-testid="deposit-bonus">+{formatAmount(deposit.bonus)}</dd>
          </div>
        )}
        {deposit.reference && (
          <div>
            <dt>{t('cashier.history.reference')}</dt>
            <dd className="history-item__mono" data-testid="deposit-reference">
              {deposit.reference}
            </dd>
          </div>
        )}
        <HistoryTime label={t('cashier.history.requested')} value={deposit.createdAt} />
        {deposit.decidedAt && (
          <HistoryTime label={t('cashier.history.decided')} value={deposit.decidedAt} />
        )}
        {deposit.status === 'pending' && (
          <HistoryTime label={t('cashier.history.expires')} value={deposit.expiresAt} />
        )}
      </dl>
      {deposit.status === 'cancelled' ? (
        // Issue 40 item 7: the player's own cancel at the gateway, in their language; not a
        // failure, so no reason is quoted.
        <p className="history-item__reason" data-testid="deposit-reason">
          {t('cashier.gatewayCancel.message')}
        </p>
      ) : (
        deposit.reason && (
          <p className="history-item__reason" data-testid="deposit-reason">
            {t('cashier.history.reason', { reason: deposit.reason })}
          </p>
        )
      )}
      {payable && (
        <a
          className="button button--primary history-item__action"
          href={deposit.payUrl ?? undefined}
          data-testid="deposit-pay"
        >
          {t('cashier.history.pay')}
        </a>
      )}
    </li>
  );
}

function toQuery(filters: HistoryFilterValues, page: number): DepositQuery {
  return {
    page,
    status: DEPOSIT_STATUSES.find((status) => status === filters.status),
    gateway: filters.gateway || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
}

function DepositResults({ filters }: { filters: HistoryFilterValues }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const deposits = useDeposits(toQuery(filters, page));
  const data = deposits.data;
  if (!data) return <LoadState isError={deposits.isError} testId="deposits" />;
  return (
    <HistoryResults
      data={data}
      busy={deposits.isPlaceholderData}
      onPage={setPage}
      testId="deposits"
      emptyText={t('cashier.history.noDeposits')}
      newTo="/gateways"
      newLabel={t('cashier.hub.deposit')}
    >
      {data.items.map((deposit) => (
        <DepositItem key={deposit.id} deposit={deposit} />
      ))}
    </HistoryResults>
  );
}

/** /deposit/list: the player's deposit requests, newest first, filtered and paged. */
export function DepositListPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<HistoryFilterValues>(noFilters);
  const gateways = useGateways();
  return (
    <CashierPageFrame
      title={t(titleKey)}
      action={{
        to: '/gateways',
        labelKey: 'cashier.hub.deposit',
        testId: 'deposits-new',
        variant: 'primary',
      }}
    >
      <HistoryFilters
        value={filters}
        onChange={setFilters}
        statuses={DEPOSIT_STATUSES}
        gateways={gateways.data ?? []}
        testId="deposits-filter"
      />
      {/* New filters start again at page 1: the key gives the results fresh paging. */}
      {!isRangeReversed(filters.from, filters.to) && (
        <DepositResults
          key={`${filters.status}|${filters.gateway}|${filters.from}|${filters.to}`}
          filters={filters}
        />
      )}
    </CashierPageFrame>
  );
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPOSIT_STATUSES, type StaffDeposit } from '@spm/contract';
import { StatusBadge } from '../../shared/ui/index.ts';
import { formatAmount, formatDateTime } from '@spm/client';
import { fetchDeposit, fetchDeposits, fetchGatewayOptions, queueKeys } from './api.ts';
import { DecisionActions } from './components/decision-actions.tsx';
import { DecisionHistory } from './components/decision-history.tsx';
import { QueueDrawer } from './components/queue-drawer.tsx';
import { PlayerLabel, queueColumns } from './components/queue-columns.tsx';
import { QueueFilters } from './components/queue-filters.tsx';
import { QueueTable } from './components/queue-table.tsx';
import { UploadImage } from './components/upload-image.tsx';
import { useQueueFilters } from './lib.ts';
import './queues.css';

/** Deposits waiting for a decision (and the decided ones, by filter). */
export function DepositQueuePage() {
  const { t } = useTranslation('ops');
  const { filters, values, apply, setPage } = useQueueFilters();
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useQuery({
    queryKey: queueKeys.list('deposit', filters),
    queryFn: () => fetchDeposits(filters),
    placeholderData: keepPreviousData,
  });
  const gateways = useQuery({
    queryKey: ['queues', 'gateway-options'],
    queryFn: fetchGatewayOptions,
    staleTime: 60_000,
  });

  const columns = queueColumns<StaffDeposit>(t, {
    onOpen: setOpenId,
    showDecided: filters.status !== 'pending',
    fields: [
      { key: 'gateway', header: t('queues.columns.gateway'), render: (row) => row.gatewayName },
      {
        key: 'amount',
        header: t('queues.columns.amount'),
        align: 'num',
        render: (row) => formatAmount(row.amount),
      },
      {
        key: 'bonus',
        header: t('queues.columns.bonus'),
        align: 'num',
        render: (row) => formatAmount(row.bonus),
      },
      {
        key: 'reference',
        header: t('queues.columns.reference'),
        render: (row) => row.reference ?? '—',
      },
    ],
    afterCreated: [
      {
        key: 'expires',
        header: t('queues.columns.expires'),
        render: (row) => formatDateTime(row.expiresAt),
      },
    ],
  });

  return (
    <section className="page">
      <h1>{t('queues.deposit.title')}</h1>
      <QueueFilters
        values={values}
        onApply={apply}
        statuses={DEPOSIT_STATUSES}
        gateways={gateways.data ?? []}
      />
      <QueueTable
        columns={columns}
        list={list}
        testId="deposit-queue"
        onOpen={setOpenId}
        onPage={setPage}
      />
      {openId ? (
        <DepositDrawer
          id={openId}
          initial={list.data?.items.find((row) => row.id === openId)}
          onClose={() => setOpenId(null)}
        />
      ) : null}
    </section>
  );
}

function DepositDrawer({
  id,
  initial,
  onClose,
}: {
  id: string;
  initial: StaffDeposit | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('ops');
  const detail = useQuery({
    queryKey: queueKeys.detail('deposit', id),
    queryFn: () => fetchDeposit(id),
    initialData: initial,
    initialDataUpdatedAt: 0,
  });

  return (
    <QueueDrawer title={t('queues.deposit.detailTitle', { id })} detail={detail} onClose={onClose}>
      {(deposit) => (
        <>
          <dl>
            <dt>{t('queues.columns.player')}</dt>
            <dd>
              <PlayerLabel row={deposit} />
            </dd>
            <dt>{t('queues.columns.gateway')}</dt>
            <dd>
              {deposit.gatewayName} <span className="muted">({deposit.gateway})</span>
            </dd>
            <dt>{t('queues.columns.amount')}</dt>
            <dd>{formatAmount(deposit.amount)}</dd>
            <dt>{t('queues.columns.bonus')}</dt>
            <dd>{formatAmount(deposit.bonus)}</dd>
            <dt>{t('queues.columns.reference')}</dt>
            <dd>{deposit.reference ?? '—'}</dd>
            <dt>{t('queues.deposit.flow')}</dt>
            <dd>
              {deposit.automated ? t('queues.deposit.automated') : t('queues.deposit.manual')}
            </dd>
            <dt>{t('queues.deposit.gatewayTxnId')}</dt>
            <dd>{deposit.gatewayTxnId ?? '—'}</dd>
            <dt>{t('queues.columns.created')}</dt>
            <dd>{formatDateTime(deposit.createdAt)}</dd>
            <dt>{t('queues.columns.expires')}</dt>
            <dd>{formatDateTime(deposit.expiresAt)}</dd>
            <dt>{t('queues.columns.status')}</dt>
            <dd>
              <StatusBadge status={deposit.status} label={t(`status.${deposit.status}`)} />
            </dd>
          </dl>
          <section className="ops-section">
            <h3>{t('queues.deposit.proof')}</h3>
            {deposit.proofUploadId ? (
              <UploadImage uploadId={deposit.proofUploadId} label={t('queues.deposit.proof')} />
            ) : (
              <p className="muted">{t('queues.deposit.noProof')}</p>
            )}
          </section>
          {deposit.status === 'pending' ? (
            <DecisionActions
              kind="deposit"
              id={deposit.id}
              approveEffect={
                deposit.bonus > 0
                  ? t('queues.deposit.approveEffectBonus', {
                      amount: formatAmount(deposit.amount),
                      bonus: formatAmount(deposit.bonus),
                      username: deposit.username,
                    })
                  : t('queues.deposit.approveEffect', {
                      amount: formatAmount(deposit.amount),
                      username: deposit.username,
                    })
              }
              declineEffect={t('queues.deposit.declineEffect', { username: deposit.username })}
            />
          ) : null}
          <DecisionHistory
            kind="deposit"
            id={deposit.id}
            decidedBy={deposit.decidedBy}
            decidedAt={deposit.decidedAt}
            reason={deposit.reason}
            note={deposit.note}
          />
        </>
      )}
    </QueueDrawer>
  );
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WITHDRAW_STATUSES, type StaffWithdrawal } from '@spm/contract';
import { StatusBadge } from '../../shared/ui/index.ts';
import { formatAmount, formatDateTime } from '@spm/client';
import { fetchWithdrawal, fetchWithdrawals, queueKeys } from './api.ts';
import { CopyButton } from './components/copy-button.tsx';
import { DecisionActions } from './components/decision-actions.tsx';
import { DecisionHistory } from './components/decision-history.tsx';
import { QueueDrawer } from './components/queue-drawer.tsx';
import { PlayerLabel, queueColumns } from './components/queue-columns.tsx';
import { QueueFilters } from './components/queue-filters.tsx';
import { QueueTable } from './components/queue-table.tsx';
import { useQueueFilters } from './lib.ts';
import './queues.css';

/** Destination fields already shown from `destination` itself. */
const SHOWN_ABOVE = new Set(['type', 'gateway', 'network']);

/** A UPI destination keeps the UPI id in accountNo (bank details, SPEC 3). */
function detailLabelKey(type: StaffWithdrawal['destination']['type'], field: string): string {
  return type === 'upi' && field === 'accountNo' ? 'upiId' : field;
}

/** Withdrawals to pay out by hand, with the full destination to pay to. */
export function WithdrawalQueuePage() {
  const { t } = useTranslation('ops');
  const { filters, values, apply, setPage } = useQueueFilters();
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useQuery({
    queryKey: queueKeys.list('withdrawal', filters),
    queryFn: () => fetchWithdrawals(filters),
    placeholderData: keepPreviousData,
  });

  const columns = queueColumns<StaffWithdrawal>(t, {
    onOpen: setOpenId,
    showDecided: filters.status !== 'pending',
    fields: [
      {
        key: 'destination',
        header: t('queues.columns.destination'),
        render: (row) => (
          <span>
            {t(`queues.withdrawal.types.${row.destination.type}`)} · {row.destination.label}
          </span>
        ),
      },
      {
        key: 'amount',
        header: t('queues.columns.amount'),
        align: 'num',
        render: (row) => formatAmount(row.amount),
      },
      {
        key: 'extra',
        header: t('queues.columns.extra'),
        align: 'num',
        render: (row) => formatAmount(row.extra),
      },
      {
        key: 'payout',
        header: t('queues.columns.payout'),
        align: 'num',
        render: (row) => formatAmount(row.payout),
      },
    ],
  });

  return (
    <section className="page">
      <h1>{t('queues.withdrawal.title')}</h1>
      <QueueFilters values={values} onApply={apply} statuses={WITHDRAW_STATUSES} />
      <QueueTable
        columns={columns}
        list={list}
        testId="withdrawal-queue"
        onOpen={setOpenId}
        onPage={setPage}
      />
      {openId ? (
        <WithdrawalDrawer
          id={openId}
          initial={list.data?.items.find((row) => row.id === openId)}
          onClose={() => setOpenId(null)}
        />
      ) : null}
    </section>
  );
}

function WithdrawalDrawer({
  id,
  initial,
  onClose,
}: {
  id: string;
  initial: StaffWithdrawal | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('ops');
  const detail = useQuery({
    queryKey: queueKeys.detail('withdrawal', id),
    queryFn: () => fetchWithdrawal(id),
    initialData: initial,
    initialDataUpdatedAt: 0,
  });

  return (
    <QueueDrawer
      title={t('queues.withdrawal.detailTitle', { id })}
      detail={detail}
      onClose={onClose}
    >
      {(withdrawal) => (
        <>
          <dl>
            <dt>{t('queues.columns.player')}</dt>
            <dd>
              <PlayerLabel row={withdrawal} />
            </dd>
            <dt>{t('queues.columns.amount')}</dt>
            <dd>{formatAmount(withdrawal.amount)}</dd>
            <dt>{t('queues.columns.extra')}</dt>
            <dd>{formatAmount(withdrawal.extra)}</dd>
            <dt>{t('queues.columns.payout')}</dt>
            <dd className="ops-strong">{formatAmount(withdrawal.payout)}</dd>
            <dt>{t('queues.columns.created')}</dt>
            <dd>{formatDateTime(withdrawal.createdAt)}</dd>
            <dt>{t('queues.columns.status')}</dt>
            <dd>
              <StatusBadge status={withdrawal.status} label={t(`status.${withdrawal.status}`)} />
            </dd>
          </dl>
          <section className="ops-section" aria-label={t('queues.withdrawal.destination')}>
            <h3>{t('queues.withdrawal.destination')}</h3>
            <dl className="ops-destination" data-testid="withdrawal-destination">
              <dt>{t('queues.withdrawal.type')}</dt>
              <dd>{t(`queues.withdrawal.types.${withdrawal.destination.type}`)}</dd>
              {withdrawal.destination.gateway ? (
                <>
                  <dt>{t('queues.columns.gateway')}</dt>
                  <dd>{withdrawal.destination.gateway}</dd>
                </>
              ) : null}
              {withdrawal.destination.network ? (
                <>
                  <dt>{t('queues.withdrawal.network')}</dt>
                  <dd>{withdrawal.destination.network}</dd>
                </>
              ) : null}
              {Object.entries(withdrawal.destinationDetails)
                .filter(([field]) => !SHOWN_ABOVE.has(field))
                .map(([field, value]) => {
                  const label = t(
                    `queues.withdrawal.fields.${detailLabelKey(withdrawal.destination.type, field)}`,
                    { defaultValue: field },
                  );
                  return (
                    <div key={field} className="ops-destination-row">
                      <dt>{label}</dt>
                      <dd>
                        <code>{value ?? '—'}</code>
                        {value ? <CopyButton value={value} label={label} /> : null}
                      </dd>
                    </div>
                  );
                })}
            </dl>
          </section>
          {withdrawal.status === 'pending' ? (
            <DecisionActions
              kind="withdrawal"
              id={withdrawal.id}
              approveEffect={t('queues.withdrawal.approveEffect', {
                payout: formatAmount(withdrawal.payout),
                amount: formatAmount(withdrawal.amount),
                username: withdrawal.username,
              })}
              declineEffect={t('queues.withdrawal.declineEffect', {
                amount: formatAmount(withdrawal.amount),
                username: withdrawal.username,
              })}
            />
          ) : null}
          <DecisionHistory
            kind="withdrawal"
            id={withdrawal.id}
            decidedBy={withdrawal.decidedBy}
            decidedAt={withdrawal.decidedAt}
            reason={withdrawal.reason}
            note={withdrawal.note}
          />
        </>
      )}
    </QueueDrawer>
  );
}

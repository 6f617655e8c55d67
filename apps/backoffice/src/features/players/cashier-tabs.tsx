import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { StaffDeposit, StaffKyc, StaffWithdrawal } from '@spm/contract';
import { ImageViewer, StatusBadge, type Column } from '../../shared/ui/index.ts';
import { formatAmount, formatDateTime } from '@spm/client';
import { fetchPlayerDeposits, fetchPlayerKyc, fetchPlayerWithdrawals } from './api.ts';
import { PagedList, usePagedTab } from './history-tabs.tsx';

interface Viewing {
  uploadId: string;
  title: string;
}

function Decision({ by, at, text }: { by: string | null; at: string | null; text: string | null }) {
  if (!by && !at && !text) return <>—</>;
  return (
    <span className="decision">
      {by ? <strong>{by}</strong> : null} {at ? formatDateTime(at) : null}
      {text ? <span className="muted"> · {text}</span> : null}
    </span>
  );
}

interface Decided {
  status: string;
  decidedBy: string | null;
  decidedAt: string | null;
  reason: string | null;
  note: string | null;
}

/** Every cashier tab ends its row with the request's status and who decided it. */
function statusAndDecision<T extends Decided>(t: TFunction): Column<T>[] {
  return [
    {
      key: 'status',
      header: t('cashier.status'),
      render: (row) => (
        <StatusBadge status={row.status} label={t(`cashier.statuses.${row.status}`)} />
      ),
    },
    {
      key: 'decision',
      header: t('cashier.decision'),
      render: (row) => (
        <Decision by={row.decidedBy} at={row.decidedAt} text={row.reason ?? row.note} />
      ),
    },
  ];
}

export function DepositsTab({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const { query, setPage } = usePagedTab(playerId, 'deposits', fetchPlayerDeposits);
  const columns: Column<StaffDeposit>[] = [
    { key: 'id', header: t('cashier.id'), render: (row) => row.id },
    {
      key: 'created',
      header: t('cashier.created'),
      render: (row) => formatDateTime(row.createdAt),
    },
    { key: 'gateway', header: t('cashier.gateway'), render: (row) => row.gatewayName },
    {
      key: 'amount',
      header: t('cashier.amount'),
      align: 'num',
      render: (row) => formatAmount(row.amount),
    },
    {
      key: 'bonus',
      header: t('cashier.bonus'),
      align: 'num',
      render: (row) => (row.bonus ? formatAmount(row.bonus) : ''),
    },
    { key: 'reference', header: t('cashier.reference'), render: (row) => row.reference ?? '—' },
    ...statusAndDecision<StaffDeposit>(t),
    {
      key: 'proof',
      header: t('cashier.proof'),
      render: (row) =>
        row.proofUploadId ? (
          <button
            type="button"
            className="link"
            onClick={() =>
              setViewing({
                uploadId: row.proofUploadId ?? '',
                title: t('cashier.proofTitle', { id: row.id }),
              })
            }
          >
            {t('cashier.view')}
          </button>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <>
      <PagedList
        query={query}
        columns={columns}
        rowKey={(row) => row.id}
        onPage={setPage}
        empty={t('cashier.noDeposits')}
        testId="deposits-table"
      />
      <ImageViewer
        open={viewing !== null}
        uploadId={viewing?.uploadId}
        title={viewing?.title}
        onClose={() => setViewing(null)}
      />
    </>
  );
}

export function WithdrawalsTab({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const { query, setPage } = usePagedTab(playerId, 'withdrawals', fetchPlayerWithdrawals);
  const columns: Column<StaffWithdrawal>[] = [
    { key: 'id', header: t('cashier.id'), render: (row) => row.id },
    {
      key: 'created',
      header: t('cashier.created'),
      render: (row) => formatDateTime(row.createdAt),
    },
    {
      key: 'amount',
      header: t('cashier.amount'),
      align: 'num',
      render: (row) => formatAmount(row.amount),
    },
    {
      key: 'payout',
      header: t('cashier.payout'),
      align: 'num',
      render: (row) => formatAmount(row.payout),
    },
    {
      key: 'destination',
      header: t('cashier.destination'),
      render: (row) =>
        `${t(`cashier.destinations.${row.destination.type}`)} · ${row.destination.label}`,
    },
    ...statusAndDecision<StaffWithdrawal>(t),
  ];
  return (
    <PagedList
      query={query}
      columns={columns}
      rowKey={(row) => row.id}
      onPage={setPage}
      empty={t('cashier.noWithdrawals')}
      testId="withdrawals-table"
    />
  );
}

export function KycTab({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const { query, setPage } = usePagedTab(playerId, 'kyc', fetchPlayerKyc);
  const docName = (row: StaffKyc) =>
    t(`kycDocuments.${row.docTypeName}`, { defaultValue: row.docTypeName });
  const columns: Column<StaffKyc>[] = [
    {
      key: 'created',
      header: t('cashier.created'),
      render: (row) => formatDateTime(row.createdAt),
    },
    { key: 'type', header: t('cashier.document'), render: docName },
    { key: 'docId', header: t('cashier.documentId'), render: (row) => row.docId ?? '—' },
    ...statusAndDecision<StaffKyc>(t),
    {
      key: 'images',
      header: t('cashier.images'),
      render: (row) => (
        <span className="inline-actions">
          <button
            type="button"
            className="link"
            onClick={() =>
              setViewing({
                uploadId: row.frontUploadId,
                title: `${docName(row)} · ${t('cashier.front')}`,
              })
            }
          >
            {t('cashier.front')}
          </button>
          {row.backUploadId ? (
            <button
              type="button"
              className="link"
              onClick={() =>
                setViewing({
                  uploadId: row.backUploadId ?? '',
                  title: `${docName(row)} · ${t('cashier.back')}`,
                })
              }
            >
              {t('cashier.back')}
            </button>
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <>
      <PagedList
        query={query}
        columns={columns}
        rowKey={(row) => row.id}
        onPage={setPage}
        empty={t('cashier.noKyc')}
        testId="kyc-table"
      />
      <ImageViewer
        open={viewing !== null}
        uploadId={viewing?.uploadId}
        title={viewing?.title}
        onClose={() => setViewing(null)}
      />
    </>
  );
}

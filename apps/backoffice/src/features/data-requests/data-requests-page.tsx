import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DATA_REQUEST_STATUSES,
  DATA_REQUEST_TEXT_MAX,
  staffDataRequestListSchema,
  staffDataRequestSchema,
  type DataRequestStatus,
  type StaffDataRequest,
} from '@spm/contract';
import { formatDateTime } from '@spm/client';
import { staffRequest } from '../../shared/api.ts';
import {
  DataTable,
  Field,
  FiltersBar,
  Pager,
  ReasonDialog,
  StatusBadge,
  errorText,
  toastError,
  toastSuccess,
  type Column,
} from '../../shared/ui/index.ts';

const PAGE_SIZE = 25;
type Outcome = 'done' | 'refused';

/**
 * Players' correction and erasure requests (issue 42 item 8, docs/personal-data.md): open
 * ones first, the nearest deadline on top, overdue ones flagged. Marking an erasure done
 * closes and anonymises the account on the server; every decision is audited.
 */
export function DataRequestsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [status, setStatus] = useState<DataRequestStatus | ''>('open');
  const [draft, setDraft] = useState<DataRequestStatus | ''>('open');
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<{ row: StaffDataRequest; outcome: Outcome } | null>(
    null,
  );

  const list = useQuery({
    queryKey: ['data-requests', status, page],
    queryFn: () =>
      staffRequest(staffDataRequestListSchema, {
        url: '/staff/privacy/requests',
        query: { status: status || undefined, page, pageSize: PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

  const decide = useMutation({
    mutationFn: ({ id, outcome, note }: { id: string; outcome: Outcome; note: string }) =>
      staffRequest(staffDataRequestSchema, {
        url: `/staff/privacy/requests/${id}/decision`,
        method: 'POST',
        data: { outcome, note },
      }),
    onSuccess: async () => {
      setDeciding(null);
      toastSuccess(t('dataRequests.decided'));
      await client.invalidateQueries({ queryKey: ['data-requests'] });
    },
    onError: (error) => toastError(error),
  });

  const columns: Column<StaffDataRequest>[] = [
    { key: 'id', header: '#', render: (row) => row.id },
    {
      key: 'player',
      header: t('dataRequests.player'),
      render: (row) => (
        <Link to={`/players/${row.playerId}`}>
          {row.username} <span className="muted">#{row.playerId}</span>
        </Link>
      ),
    },
    {
      key: 'kind',
      header: t('dataRequests.kind'),
      render: (row) => t(`dataRequests.kinds.${row.kind}`),
    },
    { key: 'details', header: t('dataRequests.details'), render: (row) => row.details ?? '—' },
    {
      key: 'created',
      header: t('dataRequests.created'),
      render: (row) => formatDateTime(row.createdAt),
    },
    {
      key: 'due',
      header: t('dataRequests.due'),
      render: (row) => (
        <span data-testid={`data-request-due-${row.id}`}>
          {formatDateTime(row.dueAt)}
          {row.overdue ? (
            <>
              {' '}
              <StatusBadge status="rejected" label={t('dataRequests.overdue')} />
            </>
          ) : null}
        </span>
      ),
    },
    {
      key: 'status',
      header: t('dataRequests.status'),
      render: (row) => (
        <StatusBadge
          status={
            row.status === 'done' ? 'approved' : row.status === 'refused' ? 'declined' : 'pending'
          }
          label={t(`dataRequests.statuses.${row.status}`)}
        />
      ),
    },
    {
      key: 'decision',
      header: t('dataRequests.decision'),
      render: (row) =>
        row.status === 'open' ? (
          <span className="actions">
            <button
              type="button"
              className="primary"
              onClick={() => setDeciding({ row, outcome: 'done' })}
              data-testid={`data-request-done-${row.id}`}
            >
              {t('dataRequests.markDone')}
            </button>{' '}
            <button type="button" onClick={() => setDeciding({ row, outcome: 'refused' })}>
              {t('dataRequests.refuse')}
            </button>
          </span>
        ) : (
          <span>
            {row.note}
            {row.decidedBy ? <span className="muted"> ({row.decidedBy})</span> : null}
          </span>
        ),
    },
  ];

  const effect = (target: { row: StaffDataRequest; outcome: Outcome }) => {
    if (target.outcome === 'refused') return t('dataRequests.refuseEffect');
    return target.row.kind === 'erasure'
      ? t('dataRequests.erasureEffect', { username: target.row.username })
      : t('dataRequests.correctionEffect');
  };

  return (
    <div className="page">
      <h1>{t('dataRequests.title')}</h1>
      <p className="muted">{t('dataRequests.deadlineNote')}</p>
      <FiltersBar
        label={t('dataRequests.filtersLabel')}
        onApply={() => {
          setStatus(draft);
          setPage(1);
        }}
        onReset={() => {
          setDraft('open');
          setStatus('open');
          setPage(1);
        }}
      >
        <Field label={t('dataRequests.status')}>
          <select
            value={draft}
            onChange={(event) => setDraft(event.target.value as DataRequestStatus | '')}
            data-testid="data-requests-status"
          >
            <option value="">{t('dataRequests.all')}</option>
            {DATA_REQUEST_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`dataRequests.statuses.${value}`)}
              </option>
            ))}
          </select>
        </Field>
      </FiltersBar>
      {list.isError ? (
        <p className="field-error" role="alert">
          {errorText(list.error)}
        </p>
      ) : null}
      <DataTable
        columns={columns}
        rows={list.data?.items}
        rowKey={(row) => row.id}
        loading={list.isPending}
        empty={t('dataRequests.none')}
        testId="data-requests-table"
      />
      {list.data ? (
        <Pager
          page={list.data.page}
          pageSize={list.data.pageSize}
          total={list.data.total}
          onPage={setPage}
        />
      ) : null}
      <ReasonDialog
        open={deciding !== null}
        title={
          deciding
            ? t(deciding.outcome === 'done' ? 'dataRequests.markDone' : 'dataRequests.refuse')
            : ''
        }
        message={deciding ? effect(deciding) : undefined}
        label={t('dataRequests.note')}
        confirmLabel={
          deciding?.outcome === 'refused' ? t('dataRequests.refuse') : t('dataRequests.markDone')
        }
        minLength={1}
        maxLength={DATA_REQUEST_TEXT_MAX}
        danger={deciding?.row.kind === 'erasure' && deciding.outcome === 'done'}
        busy={decide.isPending}
        onSubmit={(note) => {
          if (deciding) decide.mutate({ id: deciding.row.id, outcome: deciding.outcome, note });
        }}
        onCancel={() => setDeciding(null)}
      />
    </div>
  );
}

import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DATA_REQUEST_STATUSES,
  DATA_REQUEST_TEXT_MAX,
  staffDataRequestListSchema,
  staffDataRequestSchema,
  type DataRequestStatus,
} from '@spm/contract';
import { staffRequest } from '../../shared/api.ts';
import {
  DataTable,
  Field,
  FiltersBar,
  Pager,
  ReasonDialog,
  errorText,
  toastError,
  toastSuccess,
} from '../../shared/ui/index.ts';
import { dataRequestColumns, type Outcome, type PendingDecision } from './data-request-columns.tsx';

const PAGE_SIZE = 25;

function StatusFilter({ onApply }: { onApply: (status: DataRequestStatus | '') => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<DataRequestStatus | ''>('open');
  return (
    <FiltersBar
      label={t('dataRequests.filtersLabel')}
      onApply={() => onApply(draft)}
      onReset={() => {
        setDraft('open');
        onApply('open');
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
  );
}

/** The decision's note, with what marking it done or refusing it will do. */
function DecisionDialog({
  deciding,
  onCancel,
}: {
  deciding: PendingDecision | null;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const decide = useMutation({
    mutationFn: ({ id, outcome, note }: { id: string; outcome: Outcome; note: string }) =>
      staffRequest(staffDataRequestSchema, {
        url: `/staff/privacy/requests/${id}/decision`,
        method: 'POST',
        data: { outcome, note },
      }),
    onSuccess: async () => {
      onCancel();
      toastSuccess(t('dataRequests.decided'));
      await client.invalidateQueries({ queryKey: ['data-requests'] });
    },
    onError: (error) => toastError(error),
  });
  const effect = (target: PendingDecision) => {
    if (target.outcome === 'refused') return t('dataRequests.refuseEffect');
    return target.row.kind === 'erasure'
      ? t('dataRequests.erasureEffect', { username: target.row.username })
      : t('dataRequests.correctionEffect');
  };
  return (
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
      onCancel={onCancel}
    />
  );
}

/**
 * Players' correction and erasure requests (issue 42 item 8, docs/personal-data.md): open
 * ones first, the nearest deadline on top, overdue ones flagged. Marking an erasure done
 * closes and anonymises the account on the server; every decision is audited.
 */
export function DataRequestsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<DataRequestStatus | ''>('open');
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<PendingDecision | null>(null);

  const list = useQuery({
    queryKey: ['data-requests', status, page],
    queryFn: () =>
      staffRequest(staffDataRequestListSchema, {
        url: '/staff/privacy/requests',
        query: { status: status || undefined, page, pageSize: PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="page">
      <h1>{t('dataRequests.title')}</h1>
      <p className="muted">{t('dataRequests.deadlineNote')}</p>
      <StatusFilter
        onApply={(chosen) => {
          setStatus(chosen);
          setPage(1);
        }}
      />
      {list.isError ? (
        <p className="field-error" role="alert">
          {errorText(list.error)}
        </p>
      ) : null}
      <DataTable
        columns={dataRequestColumns(t, setDeciding)}
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
      <DecisionDialog deciding={deciding} onCancel={() => setDeciding(null)} />
    </div>
  );
}

import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StaffDataRequest } from '@spm/contract';
import { formatDateTime } from '@spm/client';
import { StatusBadge, type Column } from '../../shared/ui/index.ts';

export type Outcome = 'done' | 'refused';

/** A request and what the staff member is about to decide on it. */
export interface PendingDecision {
  row: StaffDataRequest;
  outcome: Outcome;
}

function DueCell({ row }: { row: StaffDataRequest }) {
  const { t } = useTranslation();
  return (
    <span data-testid={`data-request-due-${row.id}`}>
      {formatDateTime(row.dueAt)}
      {row.overdue ? (
        <>
          {' '}
          <StatusBadge status="rejected" label={t('dataRequests.overdue')} />
        </>
      ) : null}
    </span>
  );
}

/** An open request's two buttons; a decided one's note and who decided. */
function DecisionCell({
  row,
  onDecide,
}: {
  row: StaffDataRequest;
  onDecide: (decision: PendingDecision) => void;
}) {
  const { t } = useTranslation();
  if (row.status !== 'open') {
    return (
      <span>
        {row.note}
        {row.decidedBy ? <span className="muted"> ({row.decidedBy})</span> : null}
      </span>
    );
  }
  return (
    <span className="actions">
      <button
        type="button"
        className="primary"
        onClick={() => onDecide({ row, outcome: 'done' })}
        data-testid={`data-request-done-${row.id}`}
      >
        {t('dataRequests.markDone')}
      </button>{' '}
      <button type="button" onClick={() => onDecide({ row, outcome: 'refused' })}>
        {t('dataRequests.refuse')}
      </button>
    </span>
  );
}

export function dataRequestColumns(
  t: TFunction,
  onDecide: (decision: PendingDecision) => void,
): Column<StaffDataRequest>[] {
  return [
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
    { key: 'due', header: t('dataRequests.due'), render: (row) => <DueCell row={row} /> },
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
      render: (row) => <DecisionCell row={row} onDecide={onDecide} />,
    },
  ];
}

import type { TFunction } from 'i18next';
import { StatusBadge, type Column } from '../../../shared/ui/index.ts';
import { formatDateTime } from '@spm/client';
import { decidedColumn } from './decided-column.tsx';

interface QueueRow {
  id: string;
  username: string;
  playerId: string;
  createdAt: string;
  status: string;
  decidedBy: string | null;
  decidedAt: string | null;
  reason: string | null;
  note: string | null;
}

/** The player of a request: name and id. */
export function PlayerLabel({ row }: { row: { username: string; playerId: string } }) {
  return (
    <span>
      {row.username} <span className="muted">#{row.playerId}</span>
    </span>
  );
}

/**
 * The columns every queue shares around its own: id (opens the request), player, then the
 * queue's `fields`, created, the queue's `afterCreated`, who decided (when the list shows
 * decided requests) and the status.
 */
export function queueColumns<T extends QueueRow>(
  t: TFunction<'ops'>,
  options: {
    onOpen: (id: string) => void;
    fields: Column<T>[];
    afterCreated?: Column<T>[];
    showDecided: boolean;
  },
): Column<T>[] {
  return [
    {
      key: 'id',
      header: t('queues.columns.id'),
      render: (row) => (
        <button type="button" className="link" onClick={() => options.onOpen(row.id)}>
          #{row.id}
        </button>
      ),
    },
    {
      key: 'player',
      header: t('queues.columns.player'),
      render: (row) => <PlayerLabel row={row} />,
    },
    ...options.fields,
    {
      key: 'created',
      header: t('queues.columns.created'),
      render: (row) => formatDateTime(row.createdAt),
    },
    ...(options.afterCreated ?? []),
    ...(options.showDecided ? [decidedColumn<T>(t)] : []),
    {
      key: 'status',
      header: t('queues.columns.status'),
      render: (row) => <StatusBadge status={row.status} label={t(`status.${row.status}`)} />,
    },
  ];
}

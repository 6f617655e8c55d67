import { type Column } from '../../../shared/ui/index.ts';
import { formatDateTime } from '@spm/client';

interface Decided {
  decidedBy: string | null;
  decidedAt: string | null;
  reason: string | null;
  note: string | null;
}

/** The list column of a decided request: who, when, and the reason or note. */
export function decidedColumn<T extends Decided>(t: (key: string) => string): Column<T> {
  return {
    key: 'decided',
    header: t('queues.decision'),
    render: (row) =>
      row.decidedAt ? (
        <span>
          {row.decidedBy ?? '—'} · {formatDateTime(row.decidedAt)}
          {row.reason || row.note ? (
            <small className="muted ops-block">{row.reason ?? row.note}</small>
          ) : null}
        </span>
      ) : (
        '—'
      ),
  };
}

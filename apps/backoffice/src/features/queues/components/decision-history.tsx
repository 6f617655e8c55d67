import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable, opsErrorText } from '../../../shared/ui/index.ts';
import { formatDateTime } from '@spm/client';
import type { AuditEntry } from '@spm/contract';
import { fetchRequestAudit, queueKeys, type QueueKind } from '../api.ts';

export interface DecisionHistoryProps {
  kind: QueueKind;
  id: string;
  decidedBy: string | null;
  decidedAt: string | null;
  reason: string | null;
  note: string | null;
}

function statusOf(value: unknown): string | null {
  if (typeof value === 'object' && value !== null && 'status' in value) {
    const status = (value as { status: unknown }).status;
    return typeof status === 'string' ? status : null;
  }
  return null;
}

/** Who decided and why, then every audit entry written for this request. */
export function DecisionHistory({
  kind,
  id,
  decidedBy,
  decidedAt,
  reason,
  note,
}: DecisionHistoryProps) {
  const { t } = useTranslation('ops');
  const audit = useQuery({
    queryKey: queueKeys.audit(kind, id),
    queryFn: () => fetchRequestAudit(kind, id),
  });

  const columns: Column<AuditEntry>[] = [
    { key: 'time', header: t('audit.time'), render: (row) => formatDateTime(row.createdAt) },
    {
      key: 'who',
      header: t('audit.who'),
      render: (row) =>
        row.actorName ?? (row.actorId ? `#${row.actorId}` : t(`audit.actor.${row.actorType}`)),
    },
    { key: 'action', header: t('audit.action'), render: (row) => row.action },
    {
      key: 'change',
      header: t('audit.change'),
      render: (row) => {
        const before = statusOf(row.before);
        const after = statusOf(row.after);
        return before || after ? `${before ?? '—'} → ${after ?? '—'}` : '—';
      },
    },
    { key: 'reason', header: t('audit.reason'), render: (row) => row.reason ?? '—' },
    { key: 'ip', header: t('audit.ip'), render: (row) => row.ip ?? '—' },
  ];

  return (
    <section className="ops-section" aria-label={t('queues.history')}>
      <h3>{t('queues.history')}</h3>
      <dl>
        <dt>{t('queues.decidedBy')}</dt>
        <dd>{decidedBy ?? '—'}</dd>
        <dt>{t('queues.decidedAt')}</dt>
        <dd>{formatDateTime(decidedAt)}</dd>
        <dt>{t('queues.reason')}</dt>
        <dd>{reason ?? '—'}</dd>
        <dt>{t('queues.note')}</dt>
        <dd>{note ?? '—'}</dd>
      </dl>
      {audit.isError ? (
        <p className="field-error">{opsErrorText(audit.error)}</p>
      ) : (
        <DataTable
          columns={columns}
          rows={audit.data?.items}
          rowKey={(row) => row.id}
          loading={audit.isPending}
          empty={t('queues.noAudit')}
          caption={t('queues.auditCaption')}
          testId="request-audit"
        />
      )}
    </section>
  );
}

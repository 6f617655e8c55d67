import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { staffExclusionsSchema, type Exclusion, type StaffExclusions } from '@spm/contract';
import { formatDateTime } from '@spm/client';
import { staffRequest } from '../../shared/api.ts';
import { DataTable, errorText, type Column } from '../../shared/ui/index.ts';
import { playerKeys } from './api.ts';

type AuditRow = StaffExclusions['audit'][number];

function fetchExclusions(playerId: string) {
  return staffRequest(staffExclusionsSchema, { url: `/staff/players/${playerId}/exclusions` });
}

const kindText = (t: TFunction, value: Exclusion['kind']) => t(`saferPlayExclusion.kinds.${value}`);

function exclusionColumns(t: TFunction): Column<Exclusion>[] {
  return [
    {
      key: 'kind',
      header: t('saferPlayExclusion.kind'),
      render: (row) => kindText(t, row.kind),
    },
    {
      key: 'starts',
      header: t('saferPlayExclusion.startsAt'),
      render: (row) => formatDateTime(row.startsAt),
    },
    {
      key: 'ends',
      header: t('saferPlayExclusion.endsAt'),
      render: (row) => formatDateTime(row.endsAt),
    },
    {
      key: 'asked',
      header: t('saferPlayExclusion.returnRequestedAt'),
      render: (row) => (row.returnRequestedAt ? formatDateTime(row.returnRequestedAt) : '—'),
    },
    {
      key: 'returns',
      header: t('saferPlayExclusion.returnsAt'),
      render: (row) => (row.returnsAt ? formatDateTime(row.returnsAt) : '—'),
    },
  ];
}

function exclusionAuditColumns(t: TFunction): Column<AuditRow>[] {
  return [
    {
      key: 'at',
      header: t('saferPlayExclusion.at'),
      render: (row) => formatDateTime(row.createdAt),
    },
    {
      key: 'action',
      header: t('saferPlayExclusion.action'),
      render: (row) => t(`saferPlayExclusion.actions.${row.action.replace('safer_play.', '')}`),
    },
    { key: 'ip', header: t('saferPlayExclusion.ip'), render: (row) => row.ip ?? '—' },
  ];
}

/**
 * A player's time-outs and self-exclusions (issue 42 item 5): the one under way, every one
 * taken and the audit of each change. Read-only: staff can neither shorten nor lift one.
 */
export function ExclusionsTab({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: playerKeys.tab(playerId, 'exclusions', {}),
    queryFn: () => fetchExclusions(playerId),
  });
  if (query.isError) {
    return (
      <p className="field-error" role="alert">
        {errorText(query.error)}
      </p>
    );
  }
  const current = query.data?.restriction;
  return (
    <div data-testid="player-exclusions">
      <p className="muted">{t('saferPlayExclusion.readOnly')}</p>
      {query.data ? (
        <p data-testid="player-exclusion-current">
          {current
            ? t('saferPlayExclusion.current', {
                kind: kindText(t, current.kind),
                until: formatDateTime(current.returnsAt ?? current.endsAt),
              })
            : t('saferPlayExclusion.none')}
        </p>
      ) : null}
      <h2>{t('saferPlayExclusion.history')}</h2>
      <DataTable
        columns={exclusionColumns(t)}
        rows={query.data?.history}
        rowKey={(row) => row.id}
        loading={query.isPending}
        empty={t('saferPlayExclusion.noHistory')}
        testId="player-exclusions-history"
      />
      <h2>{t('saferPlayExclusion.audit')}</h2>
      <DataTable
        columns={exclusionAuditColumns(t)}
        rows={query.data?.audit}
        rowKey={(row) => row.id}
        loading={query.isPending}
        empty={t('saferPlayExclusion.noHistory')}
        testId="player-exclusions-audit"
      />
    </div>
  );
}

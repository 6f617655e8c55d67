import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  limitsReportSchema,
  staffPlayerLimitsSchema,
  type LimitChange,
  type LimitView,
  type LimitsReportRow,
} from '@spm/contract';
import { formatAmount, formatDateTime } from '@spm/client';
import { staffRequest } from '../../shared/api.ts';
import { DataTable, errorText, type Column } from '../../shared/ui/index.ts';

/*
 * Safer play limits for staff (issue 42 item 5), read only: a player's limits with what
 * counts and pending changes, the history of their changes, and the report of players at or
 * near a limit. Every change is in the audit log too (rg.limits.*).
 */

const amountOrNone = (amount: number | null, none: string) =>
  amount === null ? none : formatAmount(amount);

function limitColumns(t: TFunction): Column<LimitView>[] {
  const none = t('limits.none');
  return [
    { key: 'name', header: t('limits.limit'), render: (row) => t(`limits.names.${row.name}`) },
    {
      key: 'amount',
      header: t('limits.amount'),
      align: 'num',
      render: (row) => amountOrNone(row.amount, none),
    },
    {
      key: 'used',
      header: t('limits.used'),
      align: 'num',
      render: (row) => formatAmount(row.used),
    },
    {
      key: 'pending',
      header: t('limits.pending'),
      render: (row) =>
        row.pending
          ? t('limits.pendingAt', {
              amount: amountOrNone(row.pending.amount, none),
              at: formatDateTime(row.pending.effectiveAt),
            })
          : '—',
    },
  ];
}

function limitHistoryColumns(t: TFunction): Column<LimitChange>[] {
  const none = t('limits.none');
  return [
    {
      key: 'at',
      header: t('limits.requestedAt'),
      render: (row) => formatDateTime(row.requestedAt),
    },
    {
      key: 'change',
      header: t('limits.change'),
      render: (row) => t(`limits.changes.${row.change}`),
    },
    {
      key: 'name',
      header: t('limits.limit'),
      render: (row) => (row.name ? t(`limits.names.${row.name}`) : '—'),
    },
    {
      key: 'from',
      header: t('limits.from'),
      align: 'num',
      render: (row) => amountOrNone(row.fromAmount, none),
    },
    {
      key: 'to',
      header: t('limits.to'),
      align: 'num',
      render: (row) => amountOrNone(row.toAmount, none),
    },
    {
      key: 'effective',
      header: t('limits.effectiveAt'),
      render: (row) => formatDateTime(row.effectiveAt),
    },
  ];
}

/** The player's limits and the history of their changes. */
export function LimitsTab({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['players', 'detail', playerId, 'limits'],
    queryFn: () =>
      staffRequest(staffPlayerLimitsSchema, { url: `/staff/players/${playerId}/limits` }),
  });
  return (
    <>
      {query.isError ? (
        <p className="field-error" role="alert">
          {errorText(query.error)}
        </p>
      ) : null}
      <h2>{t('limits.title')}</h2>
      <DataTable
        columns={limitColumns(t)}
        rows={query.data?.state.limits.filter((row) => row.amount !== null || row.pending)}
        rowKey={(row) => row.name}
        loading={query.isPending && !query.isError}
        empty={t('limits.noLimits')}
        testId="player-limits"
      />
      <h2>{t('limits.history')}</h2>
      <DataTable
        columns={limitHistoryColumns(t)}
        rows={query.data?.history}
        rowKey={(row) => String(row.id)}
        loading={query.isPending && !query.isError}
        empty={t('limits.noHistory')}
        testId="player-limit-history"
      />
    </>
  );
}

/** Players at or near (a percent of) one of their limits. */
export function LimitsReportPage() {
  const { t } = useTranslation();
  const [near, setNear] = useState(80);
  const query = useQuery({
    queryKey: ['limits-report', near],
    queryFn: () =>
      staffRequest(limitsReportSchema, { url: '/staff/rg/limits-report', query: { near } }),
  });
  const columns: Column<LimitsReportRow>[] = [
    {
      key: 'player',
      header: t('limits.player'),
      render: (row) => <Link to={`/players/${row.playerId}?tab=limits`}>{row.username}</Link>,
    },
    { key: 'name', header: t('limits.limit'), render: (row) => t(`limits.names.${row.name}`) },
    {
      key: 'amount',
      header: t('limits.amount'),
      align: 'num',
      render: (row) => formatAmount(row.amount),
    },
    {
      key: 'used',
      header: t('limits.used'),
      align: 'num',
      render: (row) => formatAmount(row.used),
    },
    { key: 'percent', header: '%', align: 'num', render: (row) => `${row.percent}%` },
  ];
  return (
    <div className="page">
      <header className="page-head">
        <h1>{t('limits.reportTitle')}</h1>
      </header>
      <label>
        {t('limits.near')}{' '}
        <select value={near} onChange={(event) => setNear(Number(event.target.value))}>
          {[50, 80, 90, 100].map((value) => (
            <option key={value} value={value}>
              {value}%
            </option>
          ))}
        </select>
      </label>
      {query.isError ? (
        <p className="field-error" role="alert">
          {errorText(query.error)}
        </p>
      ) : null}
      <DataTable
        columns={columns}
        rows={query.data?.rows}
        rowKey={(row) => `${row.playerId}-${row.name}`}
        loading={query.isPending && !query.isError}
        empty={t('limits.noneNear')}
        testId="limits-report"
      />
    </div>
  );
}

import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { StatementEntry, staffBetSchema, staffPlayerSessionSchema } from '@spm/contract';
import {
  DataTable,
  Field,
  FiltersBar,
  Pager,
  StatusBadge,
  errorText,
  type Column,
} from '../../shared/ui/index.ts';
import { formatAmount, formatDateTime, indianToday, shiftDay } from '@spm/client';
import { fetchBets, fetchLedger, fetchSessions, playerKeys } from './api.ts';

type Bet = z.infer<typeof staffBetSchema>;
type Session = z.infer<typeof staffPlayerSessionSchema>;

export interface Paged<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** A paged list with its error line and pager, for the player's tabs. */
export function PagedList<T>({
  query,
  columns,
  rowKey,
  onPage,
  empty,
  testId,
}: {
  query: { data?: Paged<T>; isPending: boolean; isError: boolean; error: unknown };
  columns: Column<T>[];
  rowKey: (row: T) => string;
  onPage: (page: number) => void;
  empty: string;
  testId: string;
}) {
  return (
    <>
      {query.isError ? (
        <p className="field-error" role="alert">
          {errorText(query.error)}
        </p>
      ) : null}
      <DataTable
        columns={columns}
        rows={query.data?.items}
        rowKey={rowKey}
        loading={query.isPending && !query.isError}
        empty={empty}
        testId={testId}
      />
      {query.data ? (
        <Pager
          page={query.data.page}
          pageSize={query.data.pageSize}
          total={query.data.total}
          onPage={onPage}
        />
      ) : null}
    </>
  );
}

/** The statement as the player sees it, for an Indian date range (default: the last 7 days). */
export function LedgerTab({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const today = indianToday();
  const [draft, setDraft] = useState({ from: shiftDay(today, -6), to: today });
  const [range, setRange] = useState(draft);
  const [page, setPage] = useState(1);
  const params = { ...range, page };
  const query = useQuery({
    queryKey: playerKeys.tab(playerId, 'ledger', params),
    queryFn: () => fetchLedger(playerId, params),
    placeholderData: keepPreviousData,
  });

  const columns: Column<StatementEntry>[] = [
    { key: 'time', header: t('ledger.time'), render: (row) => formatDateTime(row.time) },
    { key: 'type', header: t('ledger.type'), render: (row) => t(`ledger.kinds.${row.kind}`) },
    { key: 'wallet', header: t('ledger.wallet'), render: (row) => t(`wallet.${row.wallet}`) },
    { key: 'description', header: t('ledger.description'), render: (row) => row.description },
    { key: 'reference', header: t('ledger.reference'), render: (row) => row.reference },
    {
      key: 'credit',
      header: t('ledger.credit'),
      align: 'num',
      render: (row) => (row.credit ? formatAmount(row.credit) : ''),
    },
    {
      key: 'debit',
      header: t('ledger.debit'),
      align: 'num',
      render: (row) => (row.debit ? formatAmount(row.debit) : ''),
    },
    {
      key: 'balance',
      header: t('ledger.balanceAfter'),
      align: 'num',
      render: (row) => formatAmount(row.balanceAfter),
    },
  ];

  return (
    <>
      <FiltersBar
        label={t('ledger.range')}
        onApply={() => {
          setRange(draft);
          setPage(1);
        }}
      >
        <Field label={t('ui.from')}>
          <input
            type="date"
            name="from"
            value={draft.from}
            max={draft.to}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </Field>
        <Field label={t('ui.to')}>
          <input
            type="date"
            name="to"
            value={draft.to}
            min={draft.from}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </Field>
      </FiltersBar>
      <PagedList
        query={query}
        columns={columns}
        rowKey={(row) => row.id}
        onPage={setPage}
        empty={t('ledger.none')}
        testId="ledger-table"
      />
    </>
  );
}

/** One paged tab of a player: its page and the query of that page. */
export function usePagedTab<T>(
  playerId: string,
  tab: string,
  fetchPage: (playerId: string, page: number) => Promise<T>,
) {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: playerKeys.tab(playerId, tab, { page }),
    queryFn: () => fetchPage(playerId, page),
    placeholderData: keepPreviousData,
  });
  return { query, setPage };
}

export function BetsTab({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const { query, setPage } = usePagedTab(playerId, 'bets', fetchBets);
  const columns: Column<Bet>[] = [
    { key: 'placed', header: t('bets.placed'), render: (bet) => formatDateTime(bet.placedAt) },
    { key: 'event', header: t('bets.event'), render: (bet) => bet.eventName },
    {
      key: 'market',
      header: t('bets.market'),
      render: (bet) => `${bet.marketName} (${t(`marketTypes.${bet.marketType}`)})`,
    },
    { key: 'selection', header: t('bets.selection'), render: (bet) => bet.selection },
    {
      key: 'side',
      header: t('bets.side'),
      render: (bet) => t(`bets.sides.${bet.side}`, { defaultValue: bet.side }),
    },
    { key: 'price', header: t('bets.price'), align: 'num', render: (bet) => bet.price },
    {
      key: 'stake',
      header: t('bets.stake'),
      align: 'num',
      render: (bet) => formatAmount(bet.stake),
    },
    {
      key: 'matched',
      header: t('bets.matched'),
      align: 'num',
      render: (bet) => formatAmount(bet.matchedStake),
    },
    {
      key: 'status',
      header: t('bets.status'),
      render: (bet) => (
        <StatusBadge
          status={bet.status}
          label={t(`bets.statuses.${bet.status}`, { defaultValue: bet.status })}
        />
      ),
    },
    {
      key: 'profit',
      header: t('bets.profit'),
      align: 'num',
      render: (bet) => (bet.profit === null ? '—' : formatAmount(bet.profit)),
    },
  ];
  return (
    <PagedList
      query={query}
      columns={columns}
      rowKey={(bet) => bet.id}
      onPage={setPage}
      empty={t('bets.none')}
      testId="bets-table"
    />
  );
}

export function SessionsTab({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const { query, setPage } = usePagedTab(playerId, 'sessions', fetchSessions);
  const columns: Column<Session>[] = [
    {
      key: 'created',
      header: t('sessions.created'),
      render: (row) => formatDateTime(row.createdAt),
    },
    {
      key: 'lastSeen',
      header: t('sessions.lastSeen'),
      render: (row) => formatDateTime(row.lastSeenAt),
    },
    { key: 'ip', header: t('sessions.ip'), render: (row) => row.ip ?? '—' },
    {
      key: 'agent',
      header: t('sessions.userAgent'),
      render: (row) => <span className="ellipsis">{row.userAgent ?? '—'}</span>,
    },
    {
      key: 'active',
      header: t('sessions.state'),
      render: (row) =>
        row.active ? (
          <StatusBadge status="active" label={t('sessions.active')} />
        ) : (
          <StatusBadge status="closed" label={t('sessions.ended')} />
        ),
    },
    {
      key: 'reason',
      header: t('sessions.revokedReason'),
      render: (row) => row.revokedReason ?? '',
    },
  ];
  return (
    <PagedList
      query={query}
      columns={columns}
      rowKey={(row) => row.id}
      onPage={setPage}
      empty={t('sessions.none')}
      testId="sessions-table"
    />
  );
}

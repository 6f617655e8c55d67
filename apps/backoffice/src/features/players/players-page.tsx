import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PLAYER_STATUSES, type StaffPlayer } from '@spm/contract';
import {
  DataTable,
  Field,
  FiltersBar,
  Pager,
  StatusBadge,
  errorText,
  type Column,
} from '../../shared/ui/index.ts';
import { formatAmount, formatDateTime } from '@spm/client';
import { PAGE_SIZE, fetchPlayers, playerKeys, type PlayerSearch } from './api.ts';

type PlayerStatus = StaffPlayer['status'];

function readSearch(params: URLSearchParams): PlayerSearch {
  const status = params.get('status');
  const page = Number(params.get('page') ?? '1');
  return {
    q: params.get('q') ?? undefined,
    status: (PLAYER_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as PlayerStatus)
      : undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** Players by id, username or phone; the search lives in the URL so Back returns to it. */
export function PlayersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const search = readSearch(params);
  const [q, setQ] = useState(search.q ?? '');
  const [status, setStatus] = useState<string>(search.status ?? '');

  useEffect(() => {
    setQ(search.q ?? '');
    setStatus(search.status ?? '');
  }, [search.q, search.status]);

  const players = useQuery({
    queryKey: playerKeys.list(search),
    queryFn: () => fetchPlayers(search),
    placeholderData: keepPreviousData,
  });

  const apply = (next: { q?: string; status?: string; page?: number }) => {
    const merged = new URLSearchParams();
    const nextQ = (next.q ?? q).trim();
    const nextStatus = next.status ?? status;
    if (nextQ) merged.set('q', nextQ);
    if (nextStatus) merged.set('status', nextStatus);
    if (next.page && next.page > 1) merged.set('page', String(next.page));
    setParams(merged);
  };

  const columns: Column<StaffPlayer>[] = [
    { key: 'id', header: t('players.id'), render: (player) => player.id },
    {
      key: 'username',
      header: t('players.username'),
      render: (player) => <Link to={`/players/${player.id}`}>{player.username}</Link>,
    },
    { key: 'name', header: t('players.name'), render: (player) => player.name },
    { key: 'phone', header: t('players.phone'), render: (player) => player.phone ?? '—' },
    {
      key: 'status',
      header: t('players.status'),
      render: (player) => (
        <StatusBadge status={player.status} label={t(`players.statuses.${player.status}`)} />
      ),
    },
    {
      key: 'kyc',
      header: t('players.kyc'),
      render: (player) => (
        <StatusBadge status={player.kycStatus} label={t(`kycStatuses.${player.kycStatus}`)} />
      ),
    },
    {
      key: 'balance',
      header: t('players.balance'),
      align: 'num',
      render: (player) => formatAmount(player.wallet.balance),
    },
    {
      key: 'registered',
      header: t('players.registered'),
      render: (player) => formatDateTime(player.registeredAt),
    },
    {
      key: 'lastLogin',
      header: t('players.lastLogin'),
      render: (player) => formatDateTime(player.lastLoginAt),
    },
  ];

  return (
    <div className="page">
      <h1>{t('players.title')}</h1>
      <FiltersBar
        label={t('players.searchLabel')}
        onApply={() => apply({ page: 1 })}
        onReset={() => {
          setQ('');
          setStatus('');
          setParams(new URLSearchParams());
        }}
      >
        <Field label={t('players.search')}>
          <input
            type="search"
            name="q"
            value={q}
            maxLength={50}
            placeholder={t('players.searchPlaceholder')}
            onChange={(event) => setQ(event.target.value)}
          />
        </Field>
        <Field label={t('players.status')}>
          <select name="status" value={status} onChange={(event) => setStatus(event.target.value)}>
            <option value="">{t('ui.all')}</option>
            {PLAYER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`players.statuses.${value}`)}
              </option>
            ))}
          </select>
        </Field>
      </FiltersBar>
      {players.isError ? (
        <p className="field-error" role="alert">
          {errorText(players.error)}
        </p>
      ) : null}
      <DataTable
        columns={columns}
        rows={players.data?.items}
        rowKey={(player) => player.id}
        loading={players.isPending}
        empty={t('players.none')}
        onRowClick={(player) => void navigate(`/players/${player.id}`)}
        testId="players-table"
      />
      {players.data ? (
        <Pager
          page={players.data.page}
          pageSize={players.data.pageSize || PAGE_SIZE}
          total={players.data.total}
          onPage={(page) => apply({ q: search.q ?? '', status: search.status ?? '', page })}
        />
      ) : null}
    </div>
  );
}

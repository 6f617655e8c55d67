import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SPORT_NAMES_BY_ID } from '@spm/contract';
import {
  type Column,
  ConfirmDialog,
  DataTable,
  opsErrorText,
  StatusBadge,
  toastSuccess,
} from '../../shared/ui/index.ts';
import { formatAmount, formatDateTime } from '@spm/client';
import { fetchEvent, sportsKeys, updateMarket, type StaffMarket } from './api.ts';
import { BookDialog } from './components/book-dialog.tsx';
import { EventEditForm } from './components/event-edit-form.tsx';
import { FancyLineEditor } from './components/fancy-line-editor.tsx';
import { MarketCreateDialog } from './components/market-create-dialog.tsx';
import { MarketSettingsDialog } from './components/market-settings-dialog.tsx';
import { RatesEditor } from './components/rates-editor.tsx';
import { ResultDialog, type ResultMode } from './components/result-dialog.tsx';
import './sports.css';

type MarketStatusTarget = 'open' | 'suspended' | 'closed';
type MarketDialog =
  | { kind: 'settings' | 'rates' | 'line' | 'book'; marketId: string }
  | { kind: 'result'; marketId: string; mode: ResultMode; initialVoid: boolean }
  | { kind: 'status'; marketId: string; status: MarketStatusTarget };

const DECIDED = new Set(['settled', 'voided']);

/** One event: its fields, its markets and everything staff do to a market by hand. */
export function SportsEventPage() {
  const { t } = useTranslation('ops');
  const { eventId = '' } = useParams();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<MarketDialog | null>(null);
  const [creating, setCreating] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const event = useQuery({
    queryKey: sportsKeys.event(eventId),
    queryFn: () => fetchEvent(eventId),
    enabled: /^\d+$/.test(eventId),
    refetchInterval: 10_000,
  });

  const setStatus = useMutation({
    mutationFn: ({ marketId, status }: { marketId: string; status: MarketStatusTarget }) =>
      updateMarket(marketId, { status }),
    onSuccess: () => {
      setActionError(null);
      toastSuccess(t('sports.market.saved'));
    },
    onError: (failure) => setActionError(opsErrorText(failure)),
    onSettled: () => {
      setDialog(null);
      void queryClient.invalidateQueries({ queryKey: sportsKeys.event(eventId) });
    },
  });

  if (event.isError || !/^\d+$/.test(eventId)) {
    return (
      <section className="page">
        <Link to="/sports">{t('sports.events.back')}</Link>
        <p className="field-error" role="alert">
          {event.error ? opsErrorText(event.error) : t('errors.EVENT_NOT_FOUND')}
        </p>
      </section>
    );
  }
  if (!event.data) {
    return (
      <section className="page">
        <p className="muted">{t('common.loading')}</p>
      </section>
    );
  }
  const data = event.data;
  const market = dialog ? data.markets.find((item) => item.id === dialog.marketId) : undefined;
  const sportName = SPORT_NAMES_BY_ID[data.sportId];
  const open = (next: MarketDialog) => {
    setActionError(null);
    setDialog(next);
  };

  const columns: Column<StaffMarket>[] = [
    {
      key: 'name',
      header: t('sports.market.name'),
      render: (row) => (
        <span>
          {row.name}
          <br />
          <small className="muted">{t(`sports.marketTypes.${row.type}`)}</small>
        </span>
      ),
    },
    {
      key: 'status',
      header: t('sports.market.status'),
      render: (row) => <StatusBadge status={row.status} label={t(`status.${row.status}`)} />,
    },
    {
      key: 'inPlay',
      header: t('sports.market.inPlay'),
      render: (row) => (row.inPlay ? t('common.yes') : t('common.no')),
    },
    {
      key: 'prices',
      header: t('sports.market.prices'),
      render: (row) =>
        row.type === 'fancy'
          ? t('sports.market.fancySummary', {
              line: row.line ?? '—',
              yes: row.yesRate ?? '—',
              no: row.noRate ?? '—',
            })
          : row.type === 'bookmaker'
            ? row.runners
                .map(
                  (runner) => `${runner.name} ${runner.backRate ?? '—'}/${runner.layRate ?? '—'}`,
                )
                .join(' · ')
            : row.runners.map((runner) => runner.name).join(' · '),
    },
    {
      key: 'exposure',
      header: t('sports.market.totalExposure'),
      align: 'num',
      render: (row) => formatAmount(row.totalExposure),
    },
    {
      key: 'volume',
      header: t('sports.market.matchedVolume'),
      align: 'num',
      render: (row) => formatAmount(row.matchedVolume),
    },
    {
      key: 'limits',
      header: t('sports.market.limits'),
      render: (row) =>
        t('sports.market.limitsSummary', {
          min: formatAmount(row.minStake),
          max: formatAmount(row.maxStake),
          profit: formatAmount(row.maxProfit),
          delay: row.inPlayDelayMs,
        }),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      render: (row) => <MarketActions market={row} onOpen={open} />,
    },
  ];

  return (
    <section className="page">
      <Link to="/sports">{t('sports.events.back')}</Link>
      <div className="page-head">
        <h1>
          {data.name} <StatusBadge status={data.status} label={t(`status.${data.status}`)} />
        </h1>
      </div>
      <p className="muted">
        {sportName ? t(`sports.sportNames.${sportName}`) : data.sportId} · {data.competitionName} ·{' '}
        {formatDateTime(data.startTime)}
      </p>
      <section className="panel">
        <h2>{t('sports.event.editTitle')}</h2>
        <EventEditForm event={data} />
      </section>
      <section className="ops-section">
        <div className="page-head">
          <h2>{t('sports.event.markets')}</h2>
          <div className="actions">
            <button type="button" className="primary" onClick={() => setCreating(true)}>
              {t('sports.market.createTitle')}
            </button>
          </div>
        </div>
        {actionError ? (
          <p className="field-error" role="alert">
            {actionError}
          </p>
        ) : null}
        <DataTable
          columns={columns}
          rows={data.markets}
          rowKey={(row) => row.id}
          empty={t('sports.event.noMarkets')}
          testId="markets-table"
        />
      </section>
      <MarketCreateDialog event={data} open={creating} onClose={() => setCreating(false)} />
      {market && dialog?.kind === 'settings' ? (
        <MarketSettingsDialog market={market} onClose={() => setDialog(null)} />
      ) : null}
      {market && dialog?.kind === 'rates' ? (
        <RatesEditor market={market} onClose={() => setDialog(null)} />
      ) : null}
      {market && dialog?.kind === 'line' ? (
        <FancyLineEditor market={market} onClose={() => setDialog(null)} />
      ) : null}
      {market && dialog?.kind === 'book' ? (
        <BookDialog market={market} onClose={() => setDialog(null)} />
      ) : null}
      {market && dialog?.kind === 'result' ? (
        <ResultDialog
          market={market}
          mode={dialog.mode}
          initialVoid={dialog.initialVoid}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {market && dialog?.kind === 'status' ? (
        <ConfirmDialog
          open
          title={t(`sports.statusChange.${dialog.status}.title`, { name: market.name })}
          message={t(`sports.statusChange.${dialog.status}.effect`)}
          confirmLabel={t(`sports.statusChange.${dialog.status}.confirm`)}
          danger={dialog.status === 'closed'}
          busy={setStatus.isPending}
          onConfirm={() => setStatus.mutate({ marketId: market.id, status: dialog.status })}
          onCancel={() => setDialog(null)}
        />
      ) : null}
    </section>
  );
}

function MarketActions({
  market,
  onOpen,
}: {
  market: StaffMarket;
  onOpen: (dialog: MarketDialog) => void;
}) {
  const { t } = useTranslation('ops');
  const decided = DECIDED.has(market.status);
  const label = (action: string) => t(`sports.actions.${action}`);
  const aria = (action: string) =>
    t('sports.actions.aria', { action: label(action), name: market.name });
  const button = (action: string, dialog: MarketDialog, className?: string) => (
    <button
      type="button"
      className={className}
      aria-label={aria(action)}
      onClick={() => onOpen(dialog)}
    >
      {label(action)}
    </button>
  );
  const id = market.id;
  return (
    <div className="ops-market-actions">
      {market.status === 'open'
        ? button('suspend', { kind: 'status', marketId: id, status: 'suspended' })
        : null}
      {market.status === 'suspended'
        ? button('resume', { kind: 'status', marketId: id, status: 'open' })
        : null}
      {market.status === 'closed'
        ? button('reopen', { kind: 'status', marketId: id, status: 'open' })
        : null}
      {market.status === 'open' || market.status === 'suspended'
        ? button('close', { kind: 'status', marketId: id, status: 'closed' })
        : null}
      {!decided ? button('settings', { kind: 'settings', marketId: id }) : null}
      {!decided && market.type === 'bookmaker'
        ? button('rates', { kind: 'rates', marketId: id })
        : null}
      {!decided && market.type === 'fancy' ? button('line', { kind: 'line', marketId: id }) : null}
      {button('book', { kind: 'book', marketId: id })}
      {!decided
        ? button(
            'result',
            { kind: 'result', marketId: id, mode: 'result', initialVoid: false },
            'primary',
          )
        : null}
      {!decided
        ? button(
            'void',
            { kind: 'result', marketId: id, mode: 'result', initialVoid: true },
            'danger',
          )
        : null}
      {decided
        ? button(
            'resettle',
            { kind: 'result', marketId: id, mode: 'resettle', initialVoid: false },
            'danger',
          )
        : null}
    </div>
  );
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffCrashRound } from '@spm/contract';
import { formatAmount, formatDateTime } from '@spm/client';
import {
  type Column,
  DataTable,
  Field,
  FiltersBar,
  opsErrorText,
  Pager,
  StatusBadge,
} from '../../shared/ui/index.ts';
import { crashKeys, fetchCrashRound, fetchCrashRounds, type CrashRoundFilters } from './api.ts';
import { formatMultiplier, rangeProblem } from './lib.ts';
import './crash.css';

const NO_FILTERS: CrashRoundFilters = { from: '', to: '', incidentsOnly: false, page: 1 };

const BET_TONES = {
  active: 'info',
  cashed_out: 'good',
  lost: 'neutral',
  refunded: 'warn',
} as const;

/** Crashed rounds newest first, by day range and incident; each opens onto its bets. */
export function CrashRoundsPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<CrashRoundFilters>(NO_FILTERS);
  const [draft, setDraft] = useState<CrashRoundFilters>(NO_FILTERS);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setDraft(filters), [filters]);
  const problem = rangeProblem(draft.from, draft.to, { required: false });

  const rounds = useQuery({
    queryKey: crashKeys.rounds(filters),
    queryFn: () => fetchCrashRounds(filters),
    placeholderData: keepPreviousData,
  });
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const columns: Column<StaffCrashRound>[] = [
    {
      key: 'toggle',
      header: <span className="sr-only">{t('crash.rounds.bets')}</span>,
      render: (round) => (
        <button
          type="button"
          className="crash-expand"
          aria-expanded={open.has(round.id)}
          aria-label={t('crash.rounds.showBets', { id: round.id })}
          onClick={() => toggle(round.id)}
        >
          {open.has(round.id) ? '−' : '+'}
        </button>
      ),
    },
    { key: 'id', header: t('crash.rounds.round'), render: (round) => `#${round.id}` },
    {
      key: 'crashedAt',
      header: t('crash.rounds.crashedAt'),
      render: (round) => formatDateTime(round.crashedAt),
    },
    {
      key: 'crashPoint',
      header: t('crash.rounds.crashPoint'),
      align: 'num',
      render: (round) => formatMultiplier(round.crashPoint),
    },
    {
      key: 'phase',
      header: t('crash.rounds.phase'),
      render: (round) => t(`crash.phases.${round.phase}`),
    },
    { key: 'players', header: t('crash.rounds.players'), align: 'num', render: (r) => r.players },
    {
      key: 'stake',
      header: t('crash.rounds.stake'),
      align: 'num',
      render: (r) => formatAmount(r.totalStake),
    },
    {
      key: 'payout',
      header: t('crash.rounds.payout'),
      align: 'num',
      render: (r) => formatAmount(r.totalPayout),
    },
    {
      key: 'ggr',
      header: t('crash.rounds.ggr'),
      align: 'num',
      render: (r) => (
        <span className={r.ggr < 0 ? 'crash-negative' : ''}>{formatAmount(r.ggr)}</span>
      ),
    },
    {
      key: 'incident',
      header: t('crash.rounds.incident'),
      render: (round) =>
        round.incident ? (
          <StatusBadge
            status={round.incident}
            tone="warn"
            label={t(`crash.incidents.${round.incident}`)}
          />
        ) : (
          <span className="muted">{t('crash.rounds.noIncident')}</span>
        ),
    },
    {
      key: 'houseEdge',
      header: t('crash.rounds.houseEdge'),
      align: 'num',
      render: (round) => `${round.houseEdgePercent.toFixed(2)} %`,
    },
  ];

  return (
    <section className="page">
      <div className="page-head">
        <h1>{t('crash.rounds.title')}</h1>
      </div>
      <FiltersBar
        label={t('crash.rounds.search')}
        onApply={() => {
          if (!problem) setFilters({ ...draft, page: 1 });
        }}
        onReset={() => setFilters(NO_FILTERS)}
      >
        <Field label={t('ui.from')}>
          <input
            type="date"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </Field>
        <Field label={t('ui.to')} error={problem ? t(`crash.range.${problem}`) : null}>
          <input
            type="date"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </Field>
        <label className="crash-check">
          <input
            type="checkbox"
            checked={draft.incidentsOnly}
            onChange={(event) => setDraft({ ...draft, incidentsOnly: event.target.checked })}
          />{' '}
          {t('crash.rounds.incidentsOnly')}
        </label>
      </FiltersBar>
      {rounds.isError ? (
        <p className="field-error" role="alert">
          {opsErrorText(rounds.error)}
        </p>
      ) : null}
      <div className="crash-table">
        <DataTable
          columns={columns}
          rows={rounds.data?.items}
          rowKey={(round) => round.id}
          loading={rounds.isPending}
          empty={t('crash.rounds.empty')}
          renderDetail={(round) => (open.has(round.id) ? <RoundDetail roundId={round.id} /> : null)}
          testId="crash-rounds-table"
        />
      </div>
      {rounds.data ? (
        <Pager
          page={rounds.data.page}
          pageSize={rounds.data.pageSize}
          total={rounds.data.total}
          onPage={(page) => setFilters({ ...filters, page })}
        />
      ) : null}
    </section>
  );
}

/** A round's settings, incident and every bet with its player, fetched when opened. */
function RoundDetail({ roundId }: { roundId: string }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: crashKeys.round(roundId),
    queryFn: () => fetchCrashRound(roundId),
  });
  if (detail.isError) {
    return (
      <p className="field-error" role="alert">
        {opsErrorText(detail.error)}
      </p>
    );
  }
  const round = detail.data;
  if (!round) return <p className="muted">{t('ui.loading')}</p>;
  return (
    <div className="crash-detail" data-testid={`crash-round-detail-${round.id}`}>
      {round.incident ? (
        <p className="crash-note" role="note">
          <strong>{t(`crash.incidents.${round.incident}`)}</strong>:{' '}
          {t(`crash.incidentExplain.${round.incident}`)}
        </p>
      ) : null}
      <dl className="crash-facts">
        <dt>{t('crash.rounds.flightStartedAt')}</dt>
        <dd>
          {round.flightStartedAt
            ? formatDateTime(round.flightStartedAt)
            : t('crash.rounds.notFlown')}
        </dd>
        <dt>{t('crash.settings.maxMultiplier')}</dt>
        <dd>{formatMultiplier(round.maxMultiplier)}</dd>
        <dt>{t('crash.settings.stakeRange')}</dt>
        <dd>
          {formatAmount(round.minStake)} – {formatAmount(round.maxStakePerRound)}
        </dd>
        <dt>{t('crash.settings.maxReturn')}</dt>
        <dd>{formatAmount(round.maxReturn)}</dd>
      </dl>
      <h3>{t('crash.rounds.bets')}</h3>
      {round.bets.length === 0 ? (
        <p className="muted">{t('crash.rounds.noBets')}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('crash.bets.player')}</th>
                <th scope="col">{t('crash.bets.panel')}</th>
                <th scope="col" className="num">
                  {t('crash.bets.stake')}
                </th>
                <th scope="col" className="num">
                  {t('crash.bets.autoCashOut')}
                </th>
                <th scope="col">{t('crash.bets.status')}</th>
                <th scope="col" className="num">
                  {t('crash.bets.cashOut')}
                </th>
                <th scope="col" className="num">
                  {t('crash.bets.payout')}
                </th>
              </tr>
            </thead>
            <tbody>
              {round.bets.map((bet) => (
                <tr key={bet.id}>
                  <td>
                    {bet.playerName}
                    <br />
                    <small className="muted">#{bet.playerId}</small>
                  </td>
                  <td>{t('crash.bets.panelNumber', { number: bet.panel + 1 })}</td>
                  <td className="num">{formatAmount(bet.stake)}</td>
                  <td className="num">
                    {bet.autoCashOut === null ? '—' : formatMultiplier(bet.autoCashOut)}
                  </td>
                  <td>
                    <StatusBadge
                      status={bet.status}
                      tone={BET_TONES[bet.status]}
                      label={t(`crash.betStatuses.${bet.status}`)}
                    />
                  </td>
                  <td className="num">
                    {bet.cashOutMultiplier === null ? (
                      '—'
                    ) : (
                      <>
                        {formatMultiplier(bet.cashOutMultiplier)}
                        {bet.cashOutKind ? (
                          <>
                            <br />
                            <small className="muted">
                              {t(`crash.cashOutKinds.${bet.cashOutKind}`)}
                            </small>
                          </>
                        ) : null}
                      </>
                    )}
                  </td>
                  <td className="num">{bet.payout === null ? '—' : formatAmount(bet.payout)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

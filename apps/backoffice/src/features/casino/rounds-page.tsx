import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffCasinoRound } from '@spm/contract';
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
import { casinoKeys, fetchRounds, type RoundFilters } from './api.ts';
import './casino.css';

const NO_FILTERS: RoundFilters = {
  providerRoundId: '',
  roundId: '',
  playerId: '',
  from: '',
  to: '',
  page: 1,
};

const ROUND_TONES = { open: 'warn', closed: 'neutral', rolled_back: 'info' } as const;

/** Rounds by provider round id, our round id or player, each opening onto its transactions. */
export function CasinoRoundsPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<RoundFilters>(NO_FILTERS);
  const [draft, setDraft] = useState<RoundFilters>(NO_FILTERS);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setDraft(filters), [filters]);

  const rounds = useQuery({
    queryKey: casinoKeys.rounds(filters),
    queryFn: () => fetchRounds(filters),
    placeholderData: keepPreviousData,
  });
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const badFilter = draft.roundId.trim() !== '' && !/^\d{1,18}$/.test(draft.roundId.trim());

  const columns: Column<StaffCasinoRound>[] = [
    {
      key: 'toggle',
      header: <span className="sr-only">{t('casino.rounds.transactions')}</span>,
      render: (round) => (
        <button
          type="button"
          className="casino-expand"
          aria-expanded={open.has(round.id)}
          aria-label={t('casino.rounds.showTransactions', { id: round.id })}
          onClick={() => toggle(round.id)}
        >
          {open.has(round.id) ? '−' : '+'}
        </button>
      ),
    },
    {
      key: 'round',
      header: t('casino.rounds.round'),
      render: (round) => (
        <span>
          #{round.id}
          <br />
          <small className="muted casino-break">{round.providerRoundId}</small>
        </span>
      ),
    },
    {
      key: 'started',
      header: t('casino.rounds.started'),
      render: (round) => formatDateTime(round.startedAt),
    },
    {
      key: 'game',
      header: t('casino.rounds.game'),
      render: (round) => (
        <span>
          {round.gameName}
          <br />
          <small className="muted">{round.providerName}</small>
        </span>
      ),
    },
    {
      key: 'player',
      header: t('casino.rounds.player'),
      render: (round) => (
        <span>
          {round.playerUsername}
          <br />
          <small className="muted">#{round.playerId}</small>
        </span>
      ),
    },
    {
      key: 'status',
      header: t('casino.rounds.status'),
      render: (round) => (
        <span className="casino-badges">
          <StatusBadge
            status={round.status}
            tone={ROUND_TONES[round.status]}
            label={t(`casino.roundStatuses.${round.status}`)}
          />
          {round.playMoney ? (
            <StatusBadge status="play" tone="info" label={t('casino.playMoney')} />
          ) : null}
        </span>
      ),
    },
    {
      key: 'staked',
      header: t('casino.rounds.staked'),
      align: 'num',
      render: (r) => formatAmount(r.staked),
    },
    {
      key: 'won',
      header: t('casino.rounds.won'),
      align: 'num',
      render: (r) => formatAmount(r.won),
    },
    {
      key: 'refunded',
      header: t('casino.rounds.refunded'),
      align: 'num',
      render: (r) => formatAmount(r.refunded),
    },
  ];

  return (
    <section className="page">
      <div className="page-head">
        <h1>{t('casino.rounds.title')}</h1>
      </div>
      <FiltersBar
        label={t('casino.rounds.search')}
        onApply={() => {
          if (!badFilter) setFilters({ ...draft, page: 1 });
        }}
        onReset={() => setFilters(NO_FILTERS)}
      >
        <Field label={t('casino.rounds.providerRoundId')}>
          <input
            value={draft.providerRoundId}
            maxLength={100}
            onChange={(event) => setDraft({ ...draft, providerRoundId: event.target.value })}
          />
        </Field>
        <Field
          label={t('casino.rounds.roundId')}
          error={badFilter ? t('casino.rounds.roundIdDigits') : null}
        >
          <input
            inputMode="numeric"
            value={draft.roundId}
            maxLength={18}
            onChange={(event) => setDraft({ ...draft, roundId: event.target.value })}
          />
        </Field>
        <Field label={t('casino.rounds.playerField')}>
          <input
            value={draft.playerId}
            maxLength={64}
            autoCapitalize="none"
            onChange={(event) => setDraft({ ...draft, playerId: event.target.value })}
          />
        </Field>
        <Field label={t('casino.from')}>
          <input
            type="date"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </Field>
        <Field label={t('casino.to')}>
          <input
            type="date"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </Field>
      </FiltersBar>
      {rounds.isError ? (
        <p className="field-error" role="alert">
          {opsErrorText(rounds.error)}
        </p>
      ) : null}
      <div className="casino-table">
        <DataTable
          columns={columns}
          rows={rounds.data?.items}
          rowKey={(round) => round.id}
          loading={rounds.isPending}
          empty={t('casino.rounds.empty')}
          renderDetail={(round) => (open.has(round.id) ? <RoundDetail round={round} /> : null)}
          testId="casino-rounds-table"
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

/** A round's transactions as the wallet recorded them, and an SPM round's fairness data. */
function RoundDetail({ round }: { round: StaffCasinoRound }) {
  const { t } = useTranslation();
  return (
    <div className="casino-detail" data-testid={`round-detail-${round.id}`}>
      <h3>{t('casino.rounds.transactions')}</h3>
      {round.transactions.length === 0 ? (
        <p className="muted">{t('casino.rounds.noTransactions')}</p>
      ) : (
        <div className="table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('casino.tx.time')}</th>
                <th scope="col">{t('casino.tx.kind')}</th>
                <th scope="col">{t('casino.tx.providerTransactionId')}</th>
                <th scope="col" className="num">
                  {t('casino.tx.amount')}
                </th>
                <th scope="col" className="num">
                  {t('casino.tx.applied')}
                </th>
                <th scope="col">{t('casino.tx.status')}</th>
                <th scope="col">{t('casino.tx.walletOperation')}</th>
              </tr>
            </thead>
            <tbody>
              {round.transactions.map((tx) => (
                <tr key={tx.id}>
                  <td>{formatDateTime(tx.createdAt)}</td>
                  <td>{t(`casino.txKinds.${tx.kind}`)}</td>
                  <td className="casino-break">
                    {tx.providerTransactionId}
                    {tx.referenceTransactionId ? (
                      <>
                        <br />
                        <small className="muted">
                          {t('casino.tx.reference', { id: tx.referenceTransactionId })}
                        </small>
                      </>
                    ) : null}
                  </td>
                  <td className="num">{formatAmount(tx.amount)}</td>
                  <td className="num">{formatAmount(tx.applied)}</td>
                  <td>
                    <StatusBadge
                      status={tx.status}
                      tone={tx.status === 'RS_OK' ? 'good' : 'bad'}
                      label={tx.status}
                    />
                  </td>
                  <td>{tx.walletOperationId ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {round.fairness ? (
        <>
          <h3>{t('casino.fairness.title')}</h3>
          <dl className="casino-fairness">
            <dt>{t('casino.fairness.table')}</dt>
            <dd>
              {round.fairness.tableId} ·{' '}
              {t('casino.fairness.number', { number: round.fairness.number })}
            </dd>
            <dt>{t('casino.fairness.seedHash')}</dt>
            <dd>
              <code>{round.fairness.serverSeedHash}</code>
            </dd>
            <dt>{t('casino.fairness.seed')}</dt>
            <dd>
              {round.fairness.serverSeed ? (
                <code>{round.fairness.serverSeed}</code>
              ) : (
                <span className="muted">{t('casino.fairness.seedHidden')}</span>
              )}
            </dd>
            <dt>{t('casino.fairness.clientSeed')}</dt>
            <dd>
              <code>{round.fairness.clientSeed}</code> · {t('casino.fairness.nonce')}{' '}
              {round.fairness.nonce}
            </dd>
            <dt>{t('casino.fairness.outcome')}</dt>
            <dd>
              {round.fairness.outcome ? (
                <>
                  {Object.entries(round.fairness.outcome.hands).map(([hand, cards]) => (
                    <span key={hand} className="casino-hand">
                      {hand}: {cards.join(' ')}
                    </span>
                  ))}
                  {round.fairness.outcome.segment !== null ? (
                    <span className="casino-hand">
                      {t('casino.fairness.segment', { segment: round.fairness.outcome.segment })}
                    </span>
                  ) : null}
                  {round.fairness.outcome.winners.length > 0 ? (
                    <strong>
                      {t('casino.fairness.winners', {
                        winners: round.fairness.outcome.winners.join(', '),
                      })}
                    </strong>
                  ) : null}
                </>
              ) : (
                <span className="muted">{t('casino.fairness.noOutcome')}</span>
              )}
            </dd>
          </dl>
        </>
      ) : null}
    </div>
  );
}

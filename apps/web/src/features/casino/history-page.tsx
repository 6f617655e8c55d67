import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CasinoHistoryRound } from '@spm/contract';
import { formatAmount, formatDateTime } from '@spm/client';
import type { PageProps } from '@/shared/lib/route-paths';
import { PageLoader } from '@/shared/ui/page-loader';
import { Pager } from '@/shared/ui/pager';
import { HISTORY_PAGE_SIZE, useCasinoRounds } from './api/casino-api';
import { ResultBadge } from './components/results-strip';
import { RoundRecord } from './components/round-record';
import './casino.css';

/** Where the player's sports bets are: the two histories link to each other. */
export const SPORTS_BETS_PATH = '/mybets';

const COLUMN_KEYS = [
  'casino.history.columns.started',
  'casino.history.columns.game',
  'casino.history.columns.staked',
  'casino.history.columns.won',
  'casino.history.columns.net',
  'casino.history.columns.status',
  'casino.roundHistory.resultColumn',
] as const;

/** An SPM round's result mark and the button that opens its cards, bets and seeds. */
function RoundResult({
  round,
  open,
  onToggle,
}: {
  round: CasinoHistoryRound;
  open: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  if (!round.spm) return <>—</>;
  const { kind, round: played } = round.spm;
  return (
    <span className="casino-history__result">
      {played.outcome.resultCode !== null && (
        <ResultBadge kind={kind} code={played.outcome.resultCode} />
      )}
      <button
        type="button"
        className="button button--outline"
        aria-expanded={open}
        onClick={onToggle}
        data-testid="casino-round-details"
      >
        {t('casino.roundHistory.details')}
      </button>
    </span>
  );
}

function RoundRow({ round }: { round: CasinoHistoryRound }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  // Net of the round for the player: what came back less what was staked.
  const netPaise =
    Math.round(round.won * 100) + Math.round(round.refunded * 100) - Math.round(round.staked * 100);
  const net = netPaise / 100;
  return (
    <Fragment>
      <tr data-testid="casino-round" data-round-id={round.id} data-status={round.status}>
        <td data-label={t('casino.history.columns.started')}>
          <time dateTime={round.startedAt}>{formatDateTime(round.startedAt, i18n.language)}</time>
        </td>
        <td data-label={t('casino.history.columns.game')}>
          <span className="casino-history__game">{round.gameName}</span>
          <span className="page__muted"> · {round.providerName}</span>
          {round.playMoney && (
            <span className="game-badge game-badge--play"> {t('casino.table.playMoney')}</span>
          )}
          <div className="page__muted casino-history__round">{round.providerRoundId}</div>
        </td>
        <td data-label={t('casino.history.columns.staked')} data-testid="casino-round-staked">
          {formatAmount(round.staked)}
        </td>
        <td data-label={t('casino.history.columns.won')} data-testid="casino-round-won">
          {formatAmount(round.won + round.refunded)}
        </td>
        <td data-label={t('casino.history.columns.net')}>
          <span
            className={`pnl ${net > 0 ? 'pnl--up' : net < 0 ? 'pnl--down' : ''}`}
            data-testid="casino-round-net"
          >
            {formatAmount(net)}
          </span>
        </td>
        <td data-label={t('casino.history.columns.status')} data-testid="casino-round-status">
          {t(`casino.history.status.${round.status}`)}
        </td>
        <td data-label={t('casino.roundHistory.resultColumn')} data-testid="casino-round-result">
          <RoundResult round={round} open={open} onToggle={() => setOpen((value) => !value)} />
        </td>
      </tr>
      {open && round.spm && (
        <tr className="casino-history__detail" data-testid="casino-round-detail">
          <td colSpan={COLUMN_KEYS.length}>
            <RoundRecord record={round.spm} />
          </td>
        </tr>
      )}
    </Fragment>
  );
}

/** /mybets/casino: the player's casino rounds of every provider, newest first. */
export function CasinoHistoryPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const rounds = useCasinoRounds(page);
  const data = rounds.data;
  return (
    <section className="page casino-page" data-testid="casino-history">
      <h1 className="page__title" data-testid="page-title">
        {t(titleKey)}
      </h1>
      <nav className="casino-chips" aria-label={t('casino.history.switch')}>
        <Link className="sport-tab" to={SPORTS_BETS_PATH} data-testid="history-sports-link">
          {t('casino.history.sportsTab')}
        </Link>
        <span className="sport-tab sport-tab--active" aria-current="page">
          {t('casino.history.tab')}
        </span>
      </nav>
      {!data ? (
        rounds.isError ? (
          <p className="page__muted" role="alert">
            {t('casino.history.loadError')}
          </p>
        ) : (
          <PageLoader />
        )
      ) : data.items.length === 0 ? (
        <p className="page__muted" data-testid="casino-history-empty">
          {t('casino.history.empty')}
        </p>
      ) : (
        <>
          <div className="casino-history__scroll">
            <table className="casino-history" aria-busy={rounds.isPlaceholderData}>
              <thead>
                <tr>
                  {COLUMN_KEYS.map((key) => (
                    <th key={key} scope="col">
                      {t(key)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.items.map((round) => (
                  <RoundRow key={round.id} round={round} />
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={data.page}
            pageSize={data.pageSize || HISTORY_PAGE_SIZE}
            total={data.total}
            busy={rounds.isPlaceholderData}
            onPage={setPage}
            testId="casino-history"
          />
        </>
      )}
    </section>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BET_FILTERS, SPORT_IDS } from '@spm/contract';
import type { Bet, SportName } from '@spm/contract';
import { formatPoints, netOfCommission, percentToBasisPoints, pointsToPaise } from '@spm/core';
import type { Paise } from '@spm/core';
import type { PageProps } from '@/shared/lib/route-paths';
import { formatAmount, formatDateTime } from '@spm/client';
import { PageLoader } from '@/shared/ui/page-loader';
import { Pager } from '@/shared/ui/pager';
import { BETS_PAGE_SIZE, useBets } from './api/exchange-api';
import { CancelOrderButton } from './components/cancel-button';
import { NetProfit } from './components/net-profit';
import { betWinPaise } from './lib/bet-maths';
import { formatOdds } from './components/odds-text';
import { SPORT_NAMES } from './lib/sports';
import type { BetFilter } from './lib/sports';
import './exchange.css';

/** A settled bet's result as the wallet got it: a win net of the market's commission. */
function settledNetPaise(profitLoss: number, commissionPercent: number): Paise {
  const parsed = pointsToPaise(profitLoss);
  const gross = parsed.ok ? parsed.paise : BigInt(Math.round(profitLoss * 100));
  return netOfCommission(gross, percentToBasisPoints(commissionPercent)).netPaise;
}

function BetRow({ bet, filter }: { bet: Bet; filter: BetFilter }) {
  const { t, i18n } = useTranslation();
  const pnl = bet.profitLoss;
  const stake =
    filter === 'unmatched'
      ? bet.unmatchedStake
      : filter === 'matched'
        ? bet.matchedStake
        : bet.stake;
  const winPaise = betWinPaise(bet, stake);
  return (
    <tr data-testid="mybet-row" data-bet-id={bet.id} data-status={bet.status}>
      <td data-label={t('exchange.columns.placed')}>
        <time dateTime={bet.placedAt}>{formatDateTime(bet.placedAt, i18n.language)}</time>
      </td>
      <td data-label={t('exchange.columns.event')}>
        <Link to={`/exchange/${bet.eventId}`}>{bet.eventName}</Link>
        <div className="page__muted">{bet.marketName}</div>
      </td>
      <td data-label={t('exchange.columns.selection')}>{bet.runnerName}</td>
      <td data-label={t('exchange.columns.side')}>
        <span className={`bet-side bet-side--${bet.side}`}>{t(`exchange.${bet.side}`)}</span>
      </td>
      <td data-label={t('exchange.columns.price')}>
        {bet.marketType === 'match_odds' ? formatOdds(bet.price) : bet.price}
      </td>
      <td data-label={t('exchange.columns.stake')}>{formatAmount(stake)}</td>
      <td data-label={t('exchange.columns.profit')} data-testid="mybet-profit-cell">
        {winPaise === null ? (
          '—'
        ) : (
          <NetProfit
            grossPaise={winPaise}
            commissionBasisPoints={percentToBasisPoints(bet.commissionPercent)}
            testIdPrefix="mybet"
            variant="compact"
          />
        )}
      </td>
      <td data-label={t('exchange.columns.result')}>
        {filter === 'settled' ? (
          <span
            className={`pnl ${pnl !== null && pnl > 0 ? 'pnl--up' : pnl !== null && pnl < 0 ? 'pnl--down' : ''}`}
            data-testid="mybet-pnl"
          >
            {pnl === null ? '—' : formatPoints(settledNetPaise(pnl, bet.commissionPercent))}
          </span>
        ) : filter === 'unmatched' ? (
          <CancelOrderButton orderId={bet.id} eventId={bet.eventId} testId="mybet-cancel" />
        ) : (
          t(`exchange.orderStatus.${bet.status}`)
        )}
      </td>
    </tr>
  );
}

function BetsTable({ filter, sport }: { filter: BetFilter; sport: SportName | null }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const bets = useBets({ status: filter, sportId: sport ? SPORT_IDS[sport] : null, page });
  const data = bets.data;
  if (!data) {
    return bets.isError ? (
      <p className="page__muted" role="alert">
        {t('exchange.loadError')}
      </p>
    ) : (
      <PageLoader />
    );
  }
  if (data.items.length === 0) {
    return (
      <p className="page__muted" data-testid="mybets-empty">
        {t('exchange.noBets')}
      </p>
    );
  }
  const busy = bets.isPlaceholderData;
  const columns = [
    'placed',
    'event',
    'selection',
    'side',
    'price',
    'stake',
    'profit',
    'result',
  ] as const;
  return (
    <>
      <div className="bets-table__scroll">
        <table className="bets-table" aria-busy={busy}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {t(`exchange.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.items.map((bet) => (
              <BetRow key={bet.id} bet={bet} filter={filter} />
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        page={data.page}
        pageSize={data.pageSize || BETS_PAGE_SIZE}
        total={data.total}
        busy={busy}
        onPage={setPage}
        testId="mybets"
        className="bets-pager"
      />
    </>
  );
}

/** /mybets: the player's unmatched, matched and settled bets, by sport, a page at a time. */
export function MyBetsPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<BetFilter>('unmatched');
  const [sport, setSport] = useState<SportName | null>(null);
  return (
    <section className="page exchange-page">
      <h1 className="page__title" data-testid="page-title">
        {t(titleKey)}
      </h1>
      <div className="sport-tabs" role="tablist">
        {BET_FILTERS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={filter === tab}
            className={`sport-tab${filter === tab ? ' sport-tab--active' : ''}`}
            onClick={() => setFilter(tab)}
            data-testid={`mybets-tab-${tab}`}
          >
            {t(`exchange.filters.${tab}`)}
          </button>
        ))}
        <select
          className="select-control"
          aria-label={t('exchange.sportFilter')}
          value={sport ?? ''}
          onChange={(event) =>
            setSport(event.target.value ? (event.target.value as SportName) : null)
          }
          data-testid="mybets-sport"
        >
          <option value="">{t('exchange.allSports')}</option>
          {SPORT_NAMES.map((name) => (
            <option key={name} value={name}>
              {t(`exchange.sports.${name}`)}
            </option>
          ))}
        </select>
        {/* The casino's rounds have their own history (features/casino). */}
        <Link className="sport-tab" to="/mybets/casino" data-testid="mybets-casino-link">
          {t('casino.history.tab')}
        </Link>
      </div>
      {/* A new tab or sport starts at page 1. */}
      <BetsTable key={`${filter}/${sport ?? ''}`} filter={filter} sport={sport} />
    </section>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrashBetsSummary, CrashBetView } from '@spm/contract';
import { formatAmount, formatCount } from '@spm/client';
import { Pager } from '@/shared/ui/pager';
import { CRASH_ROUND_BETS_PAGE_SIZE, useCrashRound, useCurrentRoundBets } from '../api/crash-api';
import { formatMultiplier } from '../lib/multiplier';

type Tab = 'all' | 'mine' | 'top';
const TABS: readonly Tab[] = ['all', 'mine', 'top'];
/** How many of the best cash-outs Top wins lists. */
const TOP_WINS = 10;

function BetRow({ bet }: { bet: CrashBetView }) {
  const { t } = useTranslation('crash');
  const won = bet.status === 'cashed_out';
  return (
    <li
      className={`crash-bets__row crash-bets__row--${bet.status}${bet.mine ? ' crash-bets__row--mine' : ''}`}
      data-testid="crash-bet-row"
      data-status={bet.status}
    >
      <span className="crash-bets__player">{bet.mine ? t('bets.you') : bet.player}</span>
      <span>{formatAmount(bet.stake)}</span>
      <span data-testid="crash-bet-multiplier">
        {won && bet.cashOutMultiplier !== null ? formatMultiplier(bet.cashOutMultiplier) : '—'}
      </span>
      <span className="crash-bets__payout">
        {won && bet.payout !== null ? formatAmount(bet.payout) : t(`betStatus.${bet.status}`)}
      </span>
    </li>
  );
}

function BetRows({ bets, testId }: { bets: readonly CrashBetView[]; testId: string }) {
  const { t } = useTranslation('crash');
  return (
    <ol className="crash-bets__list" data-testid={testId}>
      <li className="crash-bets__row crash-bets__row--head" aria-hidden="true">
        <span>{t('bets.player')}</span>
        <span>{t('bets.stake')}</span>
        <span>{t('bets.multiplier')}</span>
        <span>{t('bets.win')}</span>
      </li>
      {bets.map((bet) => (
        <BetRow key={bet.id} bet={bet} />
      ))}
    </ol>
  );
}

/** What ranks a bet, as the server ranks the summary's: a win by its payout, else its stake. */
const rankOf = (bet: CrashBetView) =>
  bet.status === 'cashed_out' && bet.payout !== null ? bet.payout : bet.stake;

/** The summary's biggest bets and my own (marked mine), once each, the biggest first. */
export function shownBets(
  top: readonly CrashBetView[],
  mine: readonly CrashBetView[],
): CrashBetView[] {
  const mineIds = new Set(mine.map((bet) => bet.id));
  const others = top.filter((bet) => !mineIds.has(bet.id));
  return [...others, ...mine].sort((left, right) => rankOf(right) - rankOf(left));
}

/** Cashed-out bets, biggest win first. */
function bestCashOuts(bets: readonly CrashBetView[]): CrashBetView[] {
  return bets
    .filter((bet) => bet.status === 'cashed_out' && bet.payout !== null)
    .sort((left, right) => (right.payout ?? 0) - (left.payout ?? 0))
    .slice(0, TOP_WINS);
}

/**
 * The round's whole list (GET /api/crash/rounds/current/bets), a page at a time, while open:
 * the room's summary lists only the biggest few. Keyed by the round, so a new round starts
 * again at its first page.
 */
function EveryBet({ roundId }: { roundId: string }) {
  const { t } = useTranslation('crash');
  const [page, setPage] = useState(1);
  const query = useCurrentRoundBets(roundId, page, true);
  const data = query.data;
  if (!data) {
    return (
      <p className="page__muted" role={query.isError ? 'alert' : undefined}>
        {query.isError ? t('bets.everyError') : '…'}
      </p>
    );
  }
  return (
    <div className="crash-bets__every" aria-busy={query.isPlaceholderData}>
      {data.items.length === 0 ? (
        <p className="page__muted">{t('bets.none')}</p>
      ) : (
        <BetRows bets={data.items} testId="crash-bets-every" />
      )}
      <Pager
        page={data.page}
        pageSize={data.pageSize || CRASH_ROUND_BETS_PAGE_SIZE}
        total={data.total}
        busy={query.isPlaceholderData}
        onPage={setPage}
        testId="crash-bets-every"
        hideSinglePage
      />
    </div>
  );
}

/** The round's counts and totals, and whether the list shows only the biggest bets. */
function SummaryLines({ summary, partial }: { summary: CrashBetsSummary; partial: boolean }) {
  const { t } = useTranslation('crash');
  return (
    <div className="page__muted crash-bets__summary">
      <p data-testid="crash-bets-summary">
        {t('bets.summary', {
          bets: formatCount(summary.bets),
          total: formatAmount(summary.totalStake),
        })}
      </p>
      <p data-testid="crash-bets-paid">
        {t('bets.paid', {
          cashedOut: formatCount(summary.cashedOut),
          total: formatAmount(summary.totalPayout),
        })}
      </p>
      {partial && (
        <p data-testid="crash-bets-biggest">
          {t('bets.biggest', {
            shown: formatCount(summary.top.length),
            bets: formatCount(summary.bets),
          })}
        </p>
      )}
    </div>
  );
}

/**
 * This round's bets as the room's summary tells them: the count and totals, the biggest few
 * (with my own always in the list), and every bet a page at a time on demand; My bets; Top
 * wins (the best cash-outs of this round and of the last finished one, GET
 * /api/crash/rounds/{roundId}).
 */
export function BetsList({
  summary,
  mine,
  roundId,
  lastRoundId,
}: {
  summary: CrashBetsSummary;
  mine: readonly CrashBetView[];
  roundId: string;
  lastRoundId: string | null;
}) {
  const { t } = useTranslation('crash');
  const [tab, setTab] = useState<Tab>('all');
  const [everyOpen, setEveryOpen] = useState(false);
  const lastRound = useCrashRound(lastRoundId, tab === 'top');
  const listed = shownBets(summary.top, mine);
  const shown =
    tab === 'all'
      ? listed
      : tab === 'mine'
        ? [...mine].sort((left, right) => left.panel - right.panel)
        : bestCashOuts([...listed, ...(lastRound.data?.bets ?? [])]);
  const partial = summary.bets > summary.top.length;

  return (
    <section className="crash-section crash-bets" data-testid="crash-bets">
      <div className="crash-tabs" role="tablist" aria-label={t('bets.title')}>
        {TABS.map((item) => (
          <button
            key={item}
            type="button"
            role="tab"
            aria-selected={tab === item}
            className={`crash-tabs__tab${tab === item ? ' crash-tabs__tab--active' : ''}`}
            onClick={() => setTab(item)}
            data-testid={`crash-bets-tab-${item}`}
          >
            {t(`bets.tabs.${item}`)}
          </button>
        ))}
      </div>
      {tab === 'all' && <SummaryLines summary={summary} partial={partial} />}
      {shown.length === 0 ? (
        <p className="page__muted" data-testid="crash-bets-empty">
          {tab === 'top' ? t('bets.noWins') : t('bets.none')}
        </p>
      ) : (
        <BetRows bets={shown} testId={`crash-bets-${tab}`} />
      )}
      {tab === 'all' && partial && (
        <>
          <button
            type="button"
            className="crash-section__toggle"
            aria-expanded={everyOpen}
            onClick={() => setEveryOpen((open) => !open)}
            data-testid="crash-bets-every-open"
          >
            {everyOpen ? t('bets.hideEvery') : t('bets.showEvery')}
          </button>
          {everyOpen && <EveryBet key={roundId} roundId={roundId} />}
        </>
      )}
    </section>
  );
}

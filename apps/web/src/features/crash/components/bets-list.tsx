import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CrashBetView } from '@spm/contract';
import { formatAmount, formatCount } from '@spm/client';
import { useCrashRound } from '../api/crash-api';
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

/** Cashed-out bets, biggest win first. */
function bestCashOuts(bets: readonly CrashBetView[]): CrashBetView[] {
  return bets
    .filter((bet) => bet.status === 'cashed_out' && bet.payout !== null)
    .sort((left, right) => (right.payout ?? 0) - (left.payout ?? 0))
    .slice(0, TOP_WINS);
}

/**
 * This round's bets as they come: All bets, My bets, and Top wins (the best cash-outs of this
 * round and of the last finished one, GET /api/crash/rounds/{roundId}).
 */
export function BetsList({
  bets,
  lastRoundId,
}: {
  bets: readonly CrashBetView[];
  lastRoundId: string | null;
}) {
  const { t } = useTranslation('crash');
  const [tab, setTab] = useState<Tab>('all');
  const lastRound = useCrashRound(lastRoundId, tab === 'top');
  const ordered = [...bets].sort((left, right) => right.stake - left.stake);
  const shown =
    tab === 'all'
      ? ordered
      : tab === 'mine'
        ? ordered.filter((bet) => bet.mine)
        : bestCashOuts([...bets, ...(lastRound.data?.bets ?? [])]);
  const total = bets.reduce((sum, bet) => sum + Math.round(bet.stake * 100), 0) / 100;

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
      {tab === 'all' && (
        <p className="page__muted crash-bets__summary" data-testid="crash-bets-summary">
          {t('bets.summary', { bets: formatCount(bets.length), total: formatAmount(total) })}
        </p>
      )}
      {shown.length === 0 ? (
        <p className="page__muted" data-testid="crash-bets-empty">
          {tab === 'top' ? t('bets.noWins') : t('bets.none')}
        </p>
      ) : (
        <ol className="crash-bets__list" data-testid={`crash-bets-${tab}`}>
          <li className="crash-bets__row crash-bets__row--head" aria-hidden="true">
            <span>{t('bets.player')}</span>
            <span>{t('bets.stake')}</span>
            <span>{t('bets.multiplier')}</span>
            <span>{t('bets.win')}</span>
          </li>
          {shown.map((bet) => (
            <BetRow key={bet.id} bet={bet} />
          ))}
        </ol>
      )}
    </section>
  );
}

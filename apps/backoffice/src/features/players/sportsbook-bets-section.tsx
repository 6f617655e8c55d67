import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { SportsbookBet } from '@spm/contract';
import { formatAmount, formatDateTime } from '@spm/client';
import { StatusBadge, type Column } from '../../shared/ui/index.ts';
import { fetchSportsbookBets } from './api.ts';
import { PagedList, usePagedTab } from './history-tabs.tsx';

/**
 * The player's sportsbook bets under their exchange bets (docs/sportsbook.md): Betby's slips
 * as the operator API recorded them, each with its selections, stake and what it paid.
 */
export function SportsbookBetsSection({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<p className="muted">{t('ui.loading')}</p>}>
      <SportsbookBets playerId={playerId} />
    </Suspense>
  );
}

/** Its strings are the lazy `sportsbook` namespace: until they are in, only this section waits. */
function SportsbookBets({ playerId }: { playerId: string }) {
  const { t } = useTranslation('sportsbook');
  const { query, setPage } = usePagedTab(playerId, 'sportsbook-bets', fetchSportsbookBets);
  const columns: Column<SportsbookBet>[] = [
    { key: 'placed', header: t('placed'), render: (bet) => formatDateTime(bet.placedAt) },
    {
      key: 'slip',
      header: t('slip'),
      render: (bet) =>
        bet.legs.length === 1 ? t('single') : t('accumulator', { count: bet.legs.length }),
    },
    {
      key: 'legs',
      header: t('legs'),
      render: (bet) => (
        <ul className="cell-list">
          {bet.legs.map((leg, index) => (
            <li key={index}>
              {`${leg.eventName} · ${leg.marketName} · ${leg.outcomeName} @ ${leg.odds}`}
            </li>
          ))}
        </ul>
      ),
    },
    { key: 'odds', header: t('odds'), align: 'num', render: (bet) => bet.totalOdds },
    {
      key: 'stake',
      header: t('stake'),
      align: 'num',
      render: (bet) => formatAmount(bet.stakePoints),
    },
    {
      key: 'toWin',
      header: t('potentialWin'),
      align: 'num',
      render: (bet) => formatAmount(bet.potentialWinPoints),
    },
    {
      key: 'payout',
      header: t('payout'),
      align: 'num',
      render: (bet) => (bet.payoutPoints === null ? '—' : formatAmount(bet.payoutPoints)),
    },
    {
      key: 'status',
      header: t('status'),
      render: (bet) => <StatusBadge status={bet.status} label={t(`statuses.${bet.status}`)} />,
    },
  ];
  return (
    <section className="panel" data-testid="player-sportsbook-bets" aria-labelledby="sb-title">
      <h2 id="sb-title">{t('title')}</h2>
      <PagedList
        query={query}
        columns={columns}
        rowKey={(bet) => String(bet.id)}
        onPage={setPage}
        empty={t('none')}
        testId="sportsbook-bets-table"
      />
    </section>
  );
}

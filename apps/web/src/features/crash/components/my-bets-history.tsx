import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateTime } from '@spm/client';
import { Pager } from '@/shared/ui/pager';
import { CRASH_MY_BETS_PAGE_SIZE, useCrashMyBets } from '../api/crash-api';
import { formatMultiplier } from '../lib/multiplier';

/** My crash bets, newest first (GET /api/crash/my-bets), read while open and after each crash. */
export function MyBetsHistory({ lastCrashId }: { lastCrashId: string | null }) {
  const { t, i18n } = useTranslation('crash');
  const [shown, setShown] = useState(false);
  const [page, setPage] = useState(1);
  const query = useCrashMyBets(page, lastCrashId, shown);
  const data = query.data;
  return (
    <section className="crash-section" data-testid="crash-my-bets">
      <button
        type="button"
        className="crash-section__toggle"
        aria-expanded={shown}
        onClick={() => setShown((value) => !value)}
        data-testid="crash-my-bets-open"
      >
        {t('myBets.title')}
      </button>
      {shown &&
        (!data ? (
          <p className="page__muted" role={query.isError ? 'alert' : undefined}>
            {query.isError ? t('loadError') : '…'}
          </p>
        ) : data.items.length === 0 ? (
          <p className="page__muted" data-testid="crash-my-bets-empty">
            {t('myBets.empty')}
          </p>
        ) : (
          <>
            <table className="crash-table" aria-busy={query.isPlaceholderData}>
              <thead>
                <tr>
                  <th scope="col">{t('myBets.placedAt')}</th>
                  <th scope="col">{t('bets.stake')}</th>
                  <th scope="col">{t('myBets.cashedOut')}</th>
                  <th scope="col">{t('myBets.crashPoint')}</th>
                  <th scope="col">{t('bets.win')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((bet) => (
                  <tr
                    key={bet.id}
                    data-testid="crash-my-bet"
                    data-status={bet.status}
                    data-round-id={bet.roundId}
                  >
                    <td>{formatDateTime(bet.placedAt, i18n.language)}</td>
                    <td>{formatAmount(bet.stake)}</td>
                    <td>
                      {bet.cashOutMultiplier === null
                        ? '—'
                        : formatMultiplier(bet.cashOutMultiplier)}
                    </td>
                    <td>{bet.crashPoint === null ? '—' : formatMultiplier(bet.crashPoint)}</td>
                    <td>
                      {bet.status === 'cashed_out' || bet.status === 'refunded'
                        ? formatAmount(bet.payout ?? 0)
                        : t(`betStatus.${bet.status}`)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager
              page={data.page}
              pageSize={data.pageSize || CRASH_MY_BETS_PAGE_SIZE}
              total={data.total}
              busy={query.isPlaceholderData}
              onPage={setPage}
              testId="crash-my-bets"
              hideSinglePage
            />
          </>
        ))}
    </section>
  );
}

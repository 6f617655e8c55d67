import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpmRoundRecord } from '@spm/contract';
import { formatAmount } from '@spm/client';
import { Pager } from '@/shared/ui/pager';
import { TABLE_ROUNDS_PAGE_SIZE, useSpmTableRounds } from '../api/casino-api';
import { ResultBadge } from './results-strip';
import { RoundRecord } from './round-record';

/** What my bets of the round returned in all (stakes included), null when I had none. */
function myReturn(record: SpmRoundRecord): number | null {
  if (record.myBets.length === 0) return null;
  return record.myBets.reduce((total, bet) => total + Math.round((bet.payout ?? 0) * 100), 0) / 100;
}

function HistoryItem({ record }: { record: SpmRoundRecord }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { round } = record;
  const returned = myReturn(record);
  return (
    <li className="table-history__item" data-testid="table-history-item" data-round-id={round.id}>
      <button
        type="button"
        className="table-history__toggle"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        data-testid="table-history-toggle"
      >
        <span>#{round.number}</span>
        {round.outcome.resultCode !== null && (
          <ResultBadge kind={record.kind} code={round.outcome.resultCode} />
        )}
        {returned !== null && (
          <span className="page__muted">
            {t('casino.roundHistory.myReturn', { amount: formatAmount(returned) })}
          </span>
        )}
      </button>
      {open && <RoundRecord record={record} />}
    </li>
  );
}

/**
 * The table's own round history (issue 40 item 4): its settled rounds, newest first, each
 * with its cards, result, my bets and seeds to verify; fetched while shown, again when a
 * round settles.
 */
export function TableHistory({
  tableId,
  sessionToken,
  settledRoundId,
}: {
  tableId: string;
  sessionToken: string;
  settledRoundId: string | null;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const [page, setPage] = useState(1);
  const rounds = useSpmTableRounds(tableId, sessionToken, page, settledRoundId, shown);
  const data = rounds.data;
  return (
    <section className="table-panel" data-testid="table-history">
      <button
        type="button"
        className="table-panel__summary table-history__open"
        aria-expanded={shown}
        onClick={() => setShown((value) => !value)}
        data-testid="table-history-open"
      >
        {t('casino.roundHistory.title')}
      </button>
      {shown &&
        (!data ? (
          <p className="page__muted" role={rounds.isError ? 'alert' : undefined}>
            {rounds.isError ? t('casino.roundHistory.loadError') : '…'}
          </p>
        ) : data.items.length === 0 ? (
          <p className="page__muted" data-testid="table-history-empty">
            {t('casino.roundHistory.empty')}
          </p>
        ) : (
          <>
            <ol className="table-history" aria-busy={rounds.isPlaceholderData}>
              {data.items.map((record) => (
                <HistoryItem key={record.round.id} record={record} />
              ))}
            </ol>
            <Pager
              page={data.page}
              pageSize={data.pageSize || TABLE_ROUNDS_PAGE_SIZE}
              total={data.total}
              busy={rounds.isPlaceholderData}
              onPage={setPage}
              testId="table-history"
            />
          </>
        ))}
    </section>
  );
}

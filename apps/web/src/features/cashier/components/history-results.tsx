import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pager } from '@/shared/ui/pager';
import { CASHIER_PAGE_SIZE } from '../api/cashier-api';

export interface HistoryResultsProps {
  /** One loaded page of the history. */
  data: { items: readonly unknown[]; page: number; pageSize: number; total: number };
  /** True while the previous page is shown in place of the one being fetched. */
  busy: boolean;
  onPage: (page: number) => void;
  /** "deposits" or "withdrawals": prefixes the empty state's and the pager's test ids. */
  testId: string;
  emptyText: string;
  /** Where the empty state's button leads to start a new request, and its label. */
  newTo: string;
  newLabel: string;
  /** The page's rows (list items). */
  children: ReactNode;
  /** Shown under the pager while there are rows (e.g. a confirmation dialog). */
  extra?: ReactNode;
}

/**
 * A cashier history page's results: an empty state that offers a new request, or the rows and
 * the pager. Deposits and withdrawals list alike, so they share this frame.
 */
export function HistoryResults({
  data,
  busy,
  onPage,
  testId,
  emptyText,
  newTo,
  newLabel,
  children,
  extra,
}: HistoryResultsProps) {
  const { t } = useTranslation();
  if (data.items.length === 0) {
    return (
      <div className="cashier-empty" data-testid={`${testId}-empty`}>
        <p>{emptyText}</p>
        <Link className="button button--primary" to={newTo}>
          {newLabel}
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul className="history-list" aria-busy={busy}>
        {children}
      </ul>
      <Pager
        page={data.page}
        className="cashier-pager"
        label={t('cashier.paging')}
        hideSinglePage
        pageSize={data.pageSize || CASHIER_PAGE_SIZE}
        total={data.total}
        busy={busy}
        onPage={onPage}
        testId={testId}
      />
      {extra}
    </>
  );
}

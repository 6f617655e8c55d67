import { useTranslation } from 'react-i18next';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  busy: boolean;
  onPage: (page: number) => void;
  testId: string;
}

/** Previous / "Page 2 of 5" / Next under a history list; waits while a page loads. */
export function Pager({ page, pageSize, total, busy, onPage, testId }: PagerProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  if (pages <= 1) return null;
  return (
    <nav className="cashier-pager" aria-label={t('cashier.paging')}>
      <button
        type="button"
        className="button button--outline"
        onClick={() => onPage(page - 1)}
        disabled={busy || page <= 1}
        data-testid={`${testId}-prev`}
      >
        {t('statement.previous')}
      </button>
      <span className="cashier-pager__status" aria-live="polite" data-testid={`${testId}-page`}>
        {t('statement.pageOf', { page, pages })}
      </span>
      <button
        type="button"
        className="button button--outline"
        onClick={() => onPage(page + 1)}
        disabled={busy || page >= pages}
        data-testid={`${testId}-next`}
      >
        {t('statement.next')}
      </button>
    </nav>
  );
}

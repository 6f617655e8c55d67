import { useTranslation } from 'react-i18next';
import { pageCount } from '@spm/client';
import './pager.css';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** A page is loading: both buttons wait. */
  busy: boolean;
  onPage: (page: number) => void;
  /** Prefix of the test ids: `<testId>-prev`, `-page`, `-next`. */
  testId: string;
  /** The list's own class, for its spacing. */
  className?: string;
  /** The navigation's accessible name. */
  label?: string;
  /** Render nothing when everything fits on one page. */
  hideSinglePage?: boolean;
}

/** Previous / "Page 2 of 5" / Next under a list; waits while a page loads. */
export function Pager({
  page,
  pageSize,
  total,
  busy,
  onPage,
  testId,
  className,
  label,
  hideSinglePage = false,
}: PagerProps) {
  const { t } = useTranslation();
  const pages = pageCount(total, pageSize);
  if (hideSinglePage && pages <= 1) return null;
  return (
    <nav className={className ? `pager ${className}` : 'pager'} aria-label={label}>
      <button
        type="button"
        className="button button--outline"
        onClick={() => onPage(page - 1)}
        disabled={busy || page <= 1}
        data-testid={`${testId}-prev`}
      >
        {t('statement.previous')}
      </button>
      <span className="pager__status" aria-live="polite" data-testid={`${testId}-page`}>
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

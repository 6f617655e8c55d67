import { useTranslation } from 'react-i18next';
import { pageCount } from '@spm/client';

export interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

/** Previous / next paging with "page x of y (n items)". */
export function Pager({ page, pageSize, total, onPage }: PagerProps) {
  const { t } = useTranslation();
  const pages = pageCount(total, pageSize);
  return (
    <nav className="pager" aria-label={t('ui.pager.label')}>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('ui.pager.previous')}
      </button>
      <span>{t('ui.pager.status', { page, pages, total })}</span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('ui.pager.next')}
      </button>
    </nav>
  );
}

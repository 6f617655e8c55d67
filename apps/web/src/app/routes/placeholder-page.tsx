import { useTranslation } from 'react-i18next';
import type { PageProps } from '@/shared/lib/route-paths';

/**
 * The frame of a page whose content belongs to a later issue: its translated title in the
 * shared layout, so routing, guards and navigation can be used and tested end to end now.
 */
export function PlaceholderPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  return (
    <section className="page page--placeholder">
      <h1 className="page__title" data-testid="page-title">
        {t(titleKey)}
      </h1>
      <p className="page__muted">{t('common.comingSoon')}</p>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PUBLIC_LANDING_PATH } from '@/shared/lib/route-paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="page page--centered">
      <p className="page__code" aria-hidden="true">
        404
      </p>
      <h1 className="page__title" data-testid="page-title">
        {t('notFound.title')}
      </h1>
      <p className="page__muted">{t('notFound.message')}</p>
      <Link className="button button--primary" to={PUBLIC_LANDING_PATH}>
        {t('common.backHome')}
      </Link>
    </section>
  );
}

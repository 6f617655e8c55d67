import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/shared/stores/app-store';

/** Shown while the organisation status is not live (SPEC 2.3, 4.6). */
export function MaintenancePage() {
  const { t } = useTranslation();
  const status = useAppStore((state) => state.organisationStatus);

  return (
    <section className="page page--centered maintenance" aria-labelledby="maintenance-title">
      <div className="maintenance__icon" aria-hidden="true">
        <svg viewBox="0 0 48 48" width="64" height="64" fill="none" stroke="currentColor">
          <path
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M29 9a9 9 0 0 0-11 11L7 31a4 4 0 0 0 6 6l11-11a9 9 0 0 0 11-11l-6 6-5-1-1-5z"
          />
        </svg>
      </div>
      <h1 id="maintenance-title" className="page__title" data-testid="page-title">
        {t('maintenance.title')}
      </h1>
      <p className="maintenance__message">{t('maintenance.message')}</p>
      <p className="maintenance__status">
        <span>{t('maintenance.statusLabel')}: </span>
        <strong
          className={`status-pill status-pill--${status}`}
          data-testid="maintenance-status"
          data-status={status}
        >
          {t(`maintenance.status.${status}`)}
        </strong>
      </p>
      <p className="page__muted">{t('maintenance.autoCheck')}</p>
    </section>
  );
}

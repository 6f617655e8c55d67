import { useTranslation } from 'react-i18next';
import type { Announcement } from '@spm/contract';
import './announcement-ticker.css';

/**
 * A scrolling line of operator announcements (GET /announcement/display), on the landing page
 * and, for signed-in players, under the header of every page (app-layout).
 */
export function AnnouncementTicker({ announcements }: { announcements: readonly Announcement[] }) {
  const { t } = useTranslation();
  if (announcements.length === 0) return null;

  const items = announcements.map((announcement) => (
    <span key={announcement.id} className="ticker__item">
      {announcement.message}
    </span>
  ));

  return (
    <section className="ticker" aria-label={t('landing.announcements')} data-testid="announcements">
      <span className="ticker__label">
        <span aria-hidden="true" className="ticker__icon">
          <svg viewBox="0 0 24 24" width="16" height="16" fill="currentColor">
            <path d="M3 10v4a1 1 0 0 0 1 1h2l5 4V5L6 9H4a1 1 0 0 0-1 1Zm13.5 2a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4ZM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6Z" />
          </svg>
        </span>
        <span className="ticker__label-text">{t('landing.announcements')}</span>
      </span>
      <div className="ticker__track">
        {/* The list is doubled so the loop animation wraps without a gap; the copy is
            hidden from assistive technology to avoid reading everything twice. */}
        <div className="ticker__content">
          <div className="ticker__group">{items}</div>
          <div className="ticker__group" aria-hidden="true">
            {items}
          </div>
        </div>
      </div>
    </section>
  );
}

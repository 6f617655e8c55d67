import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/shared/stores/app-store';
import { useAnnouncements } from './api/get-announcements';
import { useBanners } from './api/get-banners';
import { AnnouncementTicker } from './components/announcement-ticker';
import { BannerCarousel } from './components/banner-carousel';
import { CategoryTiles } from './components/category-tiles';
import './landing.css';

/** The public landing page "/" (SPEC 2.2). */
export function LandingPage() {
  const { t } = useTranslation();
  const banners = useBanners();
  const announcements = useAnnouncements();
  const openAuthModal = useAppStore((state) => state.openAuthModal);

  return (
    <div className="landing">
      <AnnouncementTicker announcements={announcements} />
      <BannerCarousel banners={banners} />
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__text">
          <h1 id="hero-title" className="hero__title">
            {t('landing.heroTitle')}
          </h1>
          <p className="hero__lead">{t('landing.heroText')}</p>
        </div>
        <div className="hero__actions">
          <button
            type="button"
            className="button button--primary button--large"
            onClick={() => openAuthModal('register')}
          >
            {t('landing.heroCta')}
          </button>
          <span className="hero__badge">{t('common.ageNotice')}</span>
        </div>
      </section>
      <CategoryTiles />
    </div>
  );
}

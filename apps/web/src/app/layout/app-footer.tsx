import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { indiaDay } from '@spm/core';
import { useAppStore } from '@/shared/stores/app-store';
import { InstallButton } from '@/features/pwa/install-button';

/** The common information pages of SPEC 2.2. */
const FOOTER_LINKS = [
  { to: '/contactus', labelKey: 'footer.contactus' },
  { to: '/privacypolicy', labelKey: 'footer.privacypolicy' },
  { to: '/responsiblegame', labelKey: 'footer.responsiblegame' },
  { to: '/fairplay', labelKey: 'footer.fairplay' },
  { to: '/gamesrule', labelKey: 'footer.gamesrule' },
  { to: '/terms', labelKey: 'footer.terms' },
] as const;

export function AppFooter() {
  const { t } = useTranslation();
  const brand = useAppStore((state) => state.appDetails?.BRAND_NAME);

  return (
    <footer className="app-footer">
      <div className="app-footer__inner">
        <nav aria-label={t('footer.links')}>
          <ul className="app-footer__links">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{t(link.labelKey)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {/* The installable app: the browser's own dialog where it offers one, the steps always. */}
        <div className="app-footer__app">
          <InstallButton />
          <Link to="/pwa-instructions">{t('pwa.howToInstall')}</Link>
        </div>
        <div className="app-footer__notice">
          <span className="age-badge" aria-hidden="true">
            18+
          </span>
          <p>{t('footer.disclaimer')}</p>
        </div>
        {brand && (
          <p className="app-footer__rights">
            {/* The year in India: on 31 December a browser behind IST would still say last year. */}
            {t('footer.rights', { year: indiaDay(new Date()).slice(0, 4), brand })}
          </p>
        )}
      </div>
    </footer>
  );
}

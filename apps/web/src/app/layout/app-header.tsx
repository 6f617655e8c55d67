import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useAppStore } from '@/shared/stores/app-store';
import { AccountMenu } from '@/features/auth/components/account-menu';
import { AuthButtons } from '@/features/auth/components/auth-buttons';
import { NotificationsBell } from '@/features/notifications/components/notifications-bell';
import { WalletSummary } from '@/features/wallet/components/wallet-summary';
import { LanguageSelect } from '@/features/preferences/components/language-select';
import { ThemeSelect } from '@/features/preferences/components/theme-select';
import { PROTECTED_HOME_PATH, PUBLIC_LANDING_PATH } from '@/shared/lib/route-paths';

/** The site's logo, or its name until a logo is set (also the restricted view's frame). */
export function BrandMark() {
  const logoUrl = useAppStore((state) => state.appDetails?.LOGO_URL);
  const brandName = useAppStore((state) => state.appDetails?.BRAND_NAME);
  if (logoUrl) return <img className="brand__logo" src={logoUrl} alt={brandName ?? ''} />;
  // Until app details arrive there is no name to show; the empty box keeps the header from
  // jumping when the logo appears.
  return brandName ? (
    <span className="brand__name">{brandName}</span>
  ) : (
    <span className="brand__placeholder" />
  );
}

export function AppHeader() {
  const { t } = useTranslation();
  const isAuth = useAuthStore((state) => state.isAuth);

  return (
    <header className="app-header">
      <div className="app-header__inner">
        <Link
          className="brand"
          to={isAuth ? PROTECTED_HOME_PATH : PUBLIC_LANDING_PATH}
          aria-label={t('header.homeLink')}
          data-testid="brand-link"
        >
          <BrandMark />
        </Link>
        <div className="app-header__controls">
          <LanguageSelect />
          <ThemeSelect />
          {isAuth ? (
            <>
              <WalletSummary />
              <NotificationsBell />
              <AccountMenu />
            </>
          ) : (
            <AuthButtons />
          )}
        </div>
      </div>
    </header>
  );
}

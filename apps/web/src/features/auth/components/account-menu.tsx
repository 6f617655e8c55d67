import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useAppStore } from '@/shared/stores/app-store';

/**
 * Header area for a signed-in player: a link to the profile and a local log out
 * (SPEC 4.4 without the signout flag). The identity issue adds the signout call.
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const username = useAuthStore((state) => state.user?.username);
  const clearSession = useAuthStore((state) => state.clearSession);
  const openAuthModal = useAppStore((state) => state.openAuthModal);

  const logout = () => {
    clearSession();
    openAuthModal('login');
    void navigate('/', { replace: true });
  };

  return (
    <nav className="account-menu" aria-label={t('header.account')} data-testid="account-menu">
      <Link className="account-menu__profile" to="/profile" data-testid="profile-link">
        <span className="account-menu__avatar" aria-hidden="true">
          {(username ?? '?').slice(0, 1).toUpperCase()}
        </span>
        <span className="account-menu__name">{username ?? t('header.profile')}</span>
      </Link>
      <button
        type="button"
        className="button button--ghost"
        onClick={logout}
        data-testid="logout-button"
      >
        {t('header.logout')}
      </button>
    </nav>
  );
}

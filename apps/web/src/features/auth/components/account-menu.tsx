import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDismiss } from '@/shared/hooks/use-dismiss';
import { useAuthStore } from '@/shared/stores/auth-store';
import { logout } from '../lib/session';

/** The player's own pages, in menu order; logout closes the list separately. */
const PAGE_LINKS = [
  { to: '/dashboard', label: 'routes.dashboard', testId: 'dashboard-link' },
  { to: '/profile', label: 'header.profile', testId: 'profile-link' },
  { to: '/mybets', label: 'header.myBets', testId: 'mybets-link' },
  { to: '/sportsbook2', label: 'header.sportsbookBets', testId: 'sportsbook-menu-link' },
  { to: '/cashier', label: 'header.cashier', testId: 'cashier-link' },
  { to: '/statement', label: 'header.statement', testId: 'statement-link' },
  { to: '/referral', label: 'routes.referral', testId: 'referral-menu-link' },
  { to: '/bonus', label: 'routes.bonus', testId: 'bonus-menu-link' },
] as const;

/**
 * Header area for a signed-in player: their username, and a menu with the dashboard, Profile,
 * My bets, My sportsbook bets, Cashier, Account statement (SPEC 2.6), Refer and Earn, Bonuses
 * and Log out (SPEC 4.4 with the signout flag). Closes on outside click, Escape and after a
 * choice.
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const username = useAuthStore((state) => state.user?.username);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);

  const close = useCallback(() => setOpen(false), []);
  useDismiss(rootRef, open, close);

  const onLogout = async () => {
    setBusy(true);
    setOpen(false);
    await logout({ signout: true });
  };

  return (
    <div className="account-menu" ref={rootRef}>
      <button
        type="button"
        className="account-menu__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('header.accountMenu', { name: username ?? '' })}
        onClick={() => setOpen((shown) => !shown)}
        data-testid="account-menu"
      >
        <span className="account-menu__avatar" aria-hidden="true">
          {(username ?? '?').slice(0, 1).toUpperCase()}
        </span>
        <span className="account-menu__name" data-testid="header-username">
          {username ?? t('header.profile')}
        </span>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      {open && (
        <ul className="account-menu__list" id={menuId} role="menu">
          {PAGE_LINKS.map((link) => (
            <li role="none" key={link.to}>
              <Link
                role="menuitem"
                className="account-menu__item"
                to={link.to}
                onClick={() => setOpen(false)}
                data-testid={link.testId}
              >
                {t(link.label)}
              </Link>
            </li>
          ))}
          <li role="none">
            <button
              type="button"
              role="menuitem"
              className="account-menu__item"
              onClick={() => void onLogout()}
              disabled={busy}
              data-testid="logout-button"
            >
              {t('header.logout')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

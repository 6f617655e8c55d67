import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAuthStore } from '@/shared/stores/auth-store';
import { usePlaySite } from '@/shared/stores/site-money-mode';
import { PROTECTED_HOME_PATH, PUBLIC_LANDING_PATH, basePath } from '@/shared/lib/route-paths';

interface NavItem {
  key: 'home' | 'inPlay' | 'myBets' | 'cashier' | 'account';
  to: string;
  /** First path segments under which this item is the current one. */
  activeUnder: readonly string[];
  icon: ReactNode;
}

const svg = (path: string) => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
    <path
      d={path}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

/**
 * The five destinations Indian exchange players reach with a thumb. In-play is the cricket
 * list, in-play events first (there is no separate in-play route); the visitor and player
 * lists differ only by path. Protected destinations are plain links: the route guard already
 * sends a visitor to the landing page with the sign-in dialog open, as for any protected route.
 */
function navItems(isAuth: boolean): NavItem[] {
  return [
    {
      key: 'home',
      to: isAuth ? PROTECTED_HOME_PATH : PUBLIC_LANDING_PATH,
      activeUnder: ['/', PROTECTED_HOME_PATH],
      icon: svg('M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z'),
    },
    {
      key: 'inPlay',
      to: isAuth ? '/sports/cricket' : '/spmsports/cricket',
      activeUnder: ['/sports', '/spmsports', '/exchange'],
      icon: svg('M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM10 8.5v7l5.5-3.5z'),
    },
    {
      key: 'myBets',
      to: '/mybets',
      activeUnder: ['/mybets'],
      icon: svg('M9 4h6M8 3h8v3H8zM6 5h12v16H6zM9 11h6M9 15h4'),
    },
    {
      key: 'cashier',
      to: '/cashier',
      activeUnder: ['/cashier', '/gateways', '/deposit', '/withdraw', '/withdrawlist', '/kyc'],
      icon: svg('M3 7h18v12H3zM3 11h18M7 15h3'),
    },
    {
      key: 'account',
      to: '/profile',
      activeUnder: ['/profile', '/statement'],
      icon: svg('M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0'),
    },
  ];
}

/** Phones only (CSS): fixed at the bottom, above the home indicator (safe-area padding). */
export function BottomNav() {
  const { t } = useTranslation();
  const isAuth = useAuthStore((state) => state.isAuth);
  const playSite = usePlaySite();
  const { pathname } = useLocation();
  const current = basePath(pathname);
  return (
    <nav className="bottom-nav" aria-label={t('bottomNav.label')} data-testid="bottom-nav">
      <ul className="bottom-nav__list">
        {navItems(isAuth).map((item) => {
          const active = item.activeUnder.includes(current);
          return (
            <li key={item.key} className="bottom-nav__entry">
              <Link
                to={item.to}
                // The item decides what is current: / and /home are both "home".
                className={`bottom-nav__item${active ? ' bottom-nav__item--active' : ''}`}
                aria-current={active ? 'page' : undefined}
                data-testid={`bottom-nav-${item.key}`}
              >
                {item.icon}
                <span className="bottom-nav__label">
                  {/* A play-money site has no cashier: the same place holds the points. */}
                  {t(
                    playSite && item.key === 'cashier' ? 'playMoney.nav' : `bottomNav.${item.key}`,
                  )}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

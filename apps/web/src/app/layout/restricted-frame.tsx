import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { logout } from '@/features/auth/lib/session';
import { LanguageSelect } from '@/features/preferences/components/language-select';
import { RESTRICTED_PATH } from '@/shared/lib/route-paths';
import { BrandMark } from './app-header';

/** The pages the restricted view links between (the route guard allows these). */
const RESTRICTED_LINKS = [
  { to: RESTRICTED_PATH, labelKey: 'saferPlayExclusion.restrictedTitle', testId: 'overview' },
  { to: '/withdraw', labelKey: 'saferPlayExclusion.withdraw', testId: 'withdraw' },
  { to: '/withdrawlist', labelKey: 'saferPlayExclusion.withdrawals', testId: 'withdrawals' },
  { to: '/statement', labelKey: 'saferPlayExclusion.statement', testId: 'statement' },
  { to: '/mybets', labelKey: 'saferPlayExclusion.bets', testId: 'bets' },
] as const;

const signOut = () => void logout({ signout: true });

/**
 * The frame of a player under a time-out or self-exclusion (issue 42 item 3): the site's
 * logo, the language and signing out, and links between the few pages still open. No
 * product navigation, wallet, bell, announcements or prompts: nothing of play reaches them.
 */
export function RestrictedFrame() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="app-layout restricted-frame" data-testid="restricted-frame">
      <header className="app-header">
        <div className="app-header__inner">
          <span className="brand">
            <BrandMark />
          </span>
          <div className="app-header__controls">
            <LanguageSelect />
            <button
              type="button"
              className="button button--ghost"
              onClick={signOut}
              data-testid="restricted-signout"
            >
              {t('header.logout')}
            </button>
          </div>
        </div>
      </header>
      <main className="app-main restricted-frame__main" id="main">
        {/* The overview has these links as its own buttons. */}
        {pathname === RESTRICTED_PATH ? null : (
          <nav
            className="restricted-frame__links"
            aria-label={t('saferPlayExclusion.openPages')}
            data-testid="restricted-links"
          >
            {RESTRICTED_LINKS.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                end
                className="restricted-frame__link"
                data-testid={`restricted-link-${link.testId}`}
              >
                {t(link.labelKey)}
              </NavLink>
            ))}
          </nav>
        )}
        <Outlet />
      </main>
    </div>
  );
}

import { Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { useAuthStore } from '../shared/auth-store.ts';
import { LanguageSelect } from '../shared/language-select.tsx';
import {
  ChangePasswordButton,
  signOutNow,
  useStaffMe,
  fetchStaffMe,
} from '../features/auth/index.ts';
import { IdleWarning, useIdleTimeout } from './idle.tsx';
import { navFor } from './nav.ts';

/** Until GET /staff/me answers, the server's documented default (docs/decisions.md). */
const DEFAULT_IDLE_MINUTES = 30;

/** The signed-in frame: role-aware navigation, the member, language, sign-out, idle guard. */
export function Layout() {
  const { t } = useTranslation();
  const staff = useAuthStore((state) => state.staff);
  const me = useStaffMe();
  const idleMinutes = me.data?.idleTimeoutMinutes ?? DEFAULT_IDLE_MINUTES;

  const keepAlive = useCallback(() => {
    // Any answer (or a 401, which signs out) is fine: it refreshes the server's idle clock.
    fetchStaffMe().catch(() => undefined);
  }, []);
  const idle = useIdleTimeout({
    timeoutMs: idleMinutes * 60_000,
    enabled: staff !== null,
    onTimeout: () => void signOutNow('idle'),
    onActive: keepAlive,
  });

  if (!staff) return null;
  const groups = navFor(staff.role);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <header className="topbar">
        <span className="brand">{t('title')}</span>
        <div className="topbar-right">
          <span className="who" data-testid="staff-who">
            {staff.username}
            <span className={`role role-${staff.role}`}>{t(`roles.${staff.role}`)}</span>
            {me.data?.agentCode ? (
              <span className="muted">{t('agentCodeShort', { code: me.data.agentCode })}</span>
            ) : null}
          </span>
          <LanguageSelect />
          <ChangePasswordButton />
          <button type="button" onClick={() => void signOutNow('manual')}>
            {t('signOut')}
          </button>
        </div>
      </header>
      <div className="frame">
        <nav className="sidebar" aria-label={t('nav.label')}>
          {groups.map((group) => (
            <div key={group.heading ?? 'main'} className="nav-group">
              {group.heading ? <h2>{t(group.heading)}</h2> : null}
              <ul>
                {group.items.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} end={item.to === '/'}>
                      {t(item.label)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <main id="main" tabIndex={-1}>
          <Suspense fallback={<p className="muted">{t('ui.loading')}</p>}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <IdleWarning
        remainingMs={idle.remainingMs}
        onStay={idle.stay}
        onSignOut={() => void signOutNow('manual')}
      />
    </div>
  );
}

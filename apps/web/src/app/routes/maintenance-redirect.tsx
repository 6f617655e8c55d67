import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppStore } from '@/shared/stores/app-store';
import { useAuthStore } from '@/shared/stores/auth-store';
import {
  MAINTENANCE_PATH,
  PROTECTED_HOME_PATH,
  PUBLIC_LANDING_PATH,
} from '@/shared/lib/route-paths';

/**
 * SPEC 2.3: once the organisation status is known (app details have arrived) and is not
 * live, the player is moved to /maintenance. When it is live again, a player left on
 * /maintenance is sent on to where they belong, so nobody sits on a stale notice.
 */
export function MaintenanceRedirect() {
  const isStatusKnown = useAppStore((state) => state.appDetails !== null);
  const status = useAppStore((state) => state.organisationStatus);
  const isAuth = useAuthStore((state) => state.isAuth);
  const closeAuthModal = useAppStore((state) => state.closeAuthModal);
  const { pathname } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (!isStatusKnown) return;
    const onMaintenancePage = pathname === MAINTENANCE_PATH;
    if (status !== 'live' && !onMaintenancePage) {
      // A dialog opened by the guard (visitor on a protected page) would sit on top of the
      // notice and offer a sign-in the site cannot serve right now.
      closeAuthModal();
      void navigate(MAINTENANCE_PATH, { replace: true });
    } else if (status === 'live' && onMaintenancePage) {
      void navigate(isAuth ? PROTECTED_HOME_PATH : PUBLIC_LANDING_PATH, { replace: true });
    }
  }, [isStatusKnown, status, pathname, isAuth, navigate, closeAuthModal]);

  return null;
}

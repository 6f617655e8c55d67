import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useAppStore } from '@/shared/stores/app-store';
import {
  MAINTENANCE_PATH,
  PUBLIC_LANDING_PATH,
  RESTRICTED_ALLOWED_PATHS,
  RESTRICTED_PATH,
  returnTarget,
} from '@/shared/lib/route-paths';
import type { RouteAccess } from './route-table';

export { returnTarget };

/**
 * What the guard decides for one address (pure, so the rules read in one place). A player
 * under a time-out or self-exclusion (`restrictedAt`: the address) sees only the restricted
 * view and the withdraw and history pages (issue 42 item 3).
 */
export function guardRedirect(
  access: RouteAccess,
  isAuth: boolean,
  search: string,
  restrictedAt?: string,
): { to: string; openLogin: boolean } | null {
  if (access === 'protected' && !isAuth) return { to: PUBLIC_LANDING_PATH, openLogin: true };
  if (access === 'public' && isAuth) return { to: returnTarget(search), openLogin: false };
  if (
    isAuth &&
    restrictedAt !== undefined &&
    restrictedAt !== MAINTENANCE_PATH &&
    !RESTRICTED_ALLOWED_PATHS.includes(restrictedAt)
  ) {
    return { to: RESTRICTED_PATH, openLogin: false };
  }
  return null;
}

interface RouteGuardProps {
  access: RouteAccess;
  children: ReactNode;
}

/**
 * SPEC 2.3 route guard. The caller (AppRoutes) renders nothing until the persisted auth
 * store has hydrated, so the decision here is always made on the real session.
 */
export function RouteGuard({ access, children }: RouteGuardProps) {
  const isAuth = useAuthStore((state) => state.isAuth);
  const restricted = useAuthStore((state) => Boolean(state.user?.restriction));
  const openAuthModal = useAppStore((state) => state.openAuthModal);
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const redirect = guardRedirect(access, isAuth, search, restricted ? pathname : undefined);
  const target = redirect?.to;
  const openLogin = redirect?.openLogin ?? false;

  useEffect(() => {
    if (target === undefined) return;
    if (openLogin) openAuthModal('login');
    void navigate(target, { replace: true });
  }, [target, openLogin, openAuthModal, navigate]);

  // The page must not flash before the redirect lands.
  return redirect ? null : children;
}

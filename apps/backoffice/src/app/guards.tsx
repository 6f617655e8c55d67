import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import type { StaffRole } from '@spm/contract';
import { useAuthStore } from '../shared/auth-store.ts';

/** Signed-out visitors go to the sign-in screen, which brings them back here after. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useAuthStore((state) => state.token);
  const location = useLocation();
  if (!token) {
    return (
      <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />
    );
  }
  return <>{children}</>;
}

/** Pages for some roles only. The server refuses the calls anyway; this just says so early. */
export function RequireRole({
  roles,
  children,
}: {
  roles: readonly StaffRole[];
  children: ReactNode;
}) {
  const role = useAuthStore((state) => state.staff?.role);
  if (!role || !roles.includes(role)) return <Forbidden />;
  return <>{children}</>;
}

export function Forbidden() {
  const { t } = useTranslation();
  return (
    <section className="panel" role="alert">
      <h1>{t('forbidden.title')}</h1>
      <p>{t('forbidden.message')}</p>
    </section>
  );
}

export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="panel">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.message')}</p>
    </section>
  );
}

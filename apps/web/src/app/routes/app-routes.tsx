import { Outlet, Route, Routes, useLocation } from 'react-router';
import { useAuthStore } from '@/shared/stores/auth-store';
import { AuthModalHost } from '@/features/auth/components/auth-modal-host';
import { PostLoginModal } from '@/features/auth/components/post-login-modal';
import { VisitTracker } from '@/features/tracking/visit-tracker';
import { NavigationBridge } from '@/shared/lib/navigation-bridge';
import { AppLayout } from '@/app/layout/app-layout';
import { MaintenanceRedirect } from './maintenance-redirect';
import { RouteGuard } from './route-guard';
import { RoutePage } from './route-page';
import { ScrollToTop } from './scroll-to-top';
import { NotFoundPage, resolveAccess, routeTable } from './route-table';

/** Router-wide effects, the auth dialogs and the post-login welcome. */
function RoutingFrame() {
  return (
    <>
      <NavigationBridge />
      <ScrollToTop />
      <MaintenanceRedirect />
      <VisitTracker />
      <AuthModalHost />
      <PostLoginModal />
      <Outlet />
    </>
  );
}

/** Unknown addresses: guarded by their base path's access, then a 404 page. */
function NotFoundRoute() {
  const { pathname } = useLocation();
  return (
    <RouteGuard access={resolveAccess(pathname)}>
      <RoutePage route={{ page: NotFoundPage, titleKey: 'routes.notFound' }} />
    </RouteGuard>
  );
}

/**
 * All routes of the route table. Nothing renders until the persisted auth state has been
 * read (SPEC 2.3), so no guard decides on a session that is about to appear.
 */
export function AppRoutes() {
  const isStoreHydrated = useAuthStore((state) => state.isStoreHydrated);
  if (!isStoreHydrated) return null;

  return (
    <Routes>
      <Route element={<RoutingFrame />}>
        <Route element={<AppLayout />}>
          {routeTable.map((route) => (
            <Route
              key={route.path}
              path={route.path}
              element={
                <RouteGuard access={route.access}>
                  <RoutePage route={route} />
                </RouteGuard>
              }
            />
          ))}
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Route>
    </Routes>
  );
}

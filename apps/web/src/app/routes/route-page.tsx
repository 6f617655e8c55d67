import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/shared/stores/app-store';
import { CASH_PATHS, useSiteMoneyMode } from '@/shared/stores/site-money-mode';
import { PageLoader } from '@/shared/ui/page-loader';
import type { AppRoute } from './route-table';

// Only a play-money site shows it: loaded when first needed, like every page.
const PlayMoneyPage = lazy(() =>
  import('@/features/play-money/play-money-page').then((module) => ({
    default: module.PlayMoneyPage,
  })),
);

/** Renders a lazily loaded page and keeps the document title in the current language. */
export function RoutePage({
  route,
}: {
  route: Pick<AppRoute, 'page' | 'titleKey' | 'authModal'> & { path?: string };
}) {
  const { t } = useTranslation();
  const brand = useAppStore((state) => state.appDetails?.BRAND_NAME);
  const moneyMode = useSiteMoneyMode();
  // A cash screen waits for the site's money mode: on a play site it is the points screen.
  const cash = route.path !== undefined && CASH_PATHS.has(route.path);
  const playScreen = cash && moneyMode === 'play';
  const title = t(playScreen ? 'playMoney.title' : route.titleKey);
  const Page = route.page;

  useEffect(() => {
    document.title = brand ? `${title} | ${brand}` : title;
  }, [title, brand]);

  if (cash && moneyMode === null) return <PageLoader />;
  return (
    <Suspense fallback={<PageLoader />}>
      {playScreen ? (
        <PlayMoneyPage />
      ) : (
        <Page titleKey={route.titleKey} authModal={route.authModal} />
      )}
    </Suspense>
  );
}

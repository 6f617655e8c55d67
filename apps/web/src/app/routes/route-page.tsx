import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/shared/stores/app-store';
import { PageLoader } from '@/shared/ui/page-loader';
import type { AppRoute } from './route-table';

/** Renders a lazily loaded page and keeps the document title in the current language. */
export function RoutePage({ route }: { route: Pick<AppRoute, 'page' | 'titleKey' | 'authModal'> }) {
  const { t } = useTranslation();
  const brand = useAppStore((state) => state.appDetails?.BRAND_NAME);
  const title = t(route.titleKey);
  const Page = route.page;

  useEffect(() => {
    document.title = brand ? `${title} | ${brand}` : title;
  }, [title, brand]);

  return (
    <Suspense fallback={<PageLoader />}>
      <Page titleKey={route.titleKey} authModal={route.authModal} />
    </Suspense>
  );
}

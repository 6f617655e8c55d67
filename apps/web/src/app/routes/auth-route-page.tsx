import { useEffect } from 'react';
import type { PageProps } from '@/shared/lib/route-paths';
import { useAppStore } from '@/shared/stores/app-store';
import { LandingPage } from '@/features/landing/landing-page';

/** A public sign-in address: the landing page with its auth dialog opened once. */
export function AuthRoutePage({ authModal }: PageProps) {
  const openAuthModal = useAppStore((state) => state.openAuthModal);

  useEffect(() => {
    if (authModal) openAuthModal(authModal);
  }, [authModal, openAuthModal]);

  return <LandingPage />;
}

import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '@spm/contract';
import { initI18n } from '@/shared/i18n/i18n';
import { createQueryClient } from '@/shared/lib/query-client';
import { setUnauthorizedHandler } from '@/shared/lib/request';
import { useViewportHeight } from '@/shared/hooks/use-viewport-height';
import { useAuthStore } from '@/shared/stores/auth-store';
import { useThemeClass } from '@/features/preferences/hooks/use-theme-class';
import { useAppDetailsSync } from '@/features/app-details/api/get-app-details';
import { logout } from '@/features/auth/lib/session';
import { useExposureSync } from '@/features/wallet/hooks/use-exposure-sync';
import { UpdateBanner } from '@/features/pwa/update-banner';
import {
  setRealtimeSessionEndHandler,
  useCatchUpOnReconnect,
  useContentLanguage,
  useRealtimeConnection,
} from '@/shared/realtime';

const i18n = initI18n();

/** The forced logout of SPEC 4.5 (no signout call): only while a session is still there. */
function endSession(): void {
  if (useAuthStore.getState().token) void logout();
}

/**
 * App-wide effects of SPEC 2.4, the app-details poll, the session's realtime channel and the
 * exposure amount that follows the wallet.
 */
function AppEffects() {
  const theme = useThemeClass();
  useViewportHeight();
  useAppDetailsSync();
  useRealtimeConnection();
  useCatchUpOnReconnect();
  useContentLanguage();
  useExposureSync();

  useEffect(() => {
    // SPEC 4.5: a 401 with the error flag while a token exists, a failed session check and
    // a realtime SessionError log the player out (SPEC 4.4 without the signout flag).
    setUnauthorizedHandler(endSession);
    setRealtimeSessionEndHandler(endSession);
    return () => {
      setUnauthorizedHandler(null);
      setRealtimeSessionEndHandler(null);
    };
  }, []);

  return (
    <>
      <ToastContainer
        position="top-right"
        autoClose={TOAST_AUTO_CLOSE_MS}
        closeButton={false}
        theme={theme}
        newestOnTop
      />
      <UpdateBanner />
    </>
  );
}

interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client so no cache leaks between them. */
  queryClient?: QueryClient;
}

export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <AppEffects />
        {children}
      </I18nextProvider>
    </QueryClientProvider>
  );
}

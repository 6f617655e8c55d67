import { useEffect, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify';
import { ApiError } from '@spm/client';
import { AUTH_STORAGE_KEY, useAuthStore } from '../shared/auth-store.ts';

/** Refetch on focus for the queues; no retry of 4xx answers (they will not change). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}

export interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
}

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());

  // Whatever ends the session (sign-out, idle time-out, a 401) drops every cached answer, so
  // the next member signing in on this browser never sees the previous one's data.
  useEffect(
    () =>
      useAuthStore.subscribe((state, previous) => {
        if (previous.token && !state.token) client.clear();
      }),
    [client],
  );

  // Another tab signing in or out changes the stored session: follow it here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === AUTH_STORAGE_KEY) void useAuthStore.persist.rehydrate();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return (
    <QueryClientProvider client={client}>
      {children}
      <ToastContainer position="top-right" autoClose={4000} theme="dark" />
    </QueryClientProvider>
  );
}

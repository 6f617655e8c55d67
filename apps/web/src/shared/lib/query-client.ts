import { QueryClient } from '@tanstack/react-query';

/**
 * One client per app instance (tests make their own). Retries are off because the request
 * helper already toasts each failure: retrying would repeat the same toast, and the
 * polling queries recover on their own at the next interval.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}

import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PlayerAppDetails } from '@spm/contract';
import { request } from '@/shared/lib/request';
import { devSchema } from '@/shared/lib/dev-schema';
import { useAppStore } from '@/shared/stores/app-store';
import { useSiteMoneyModeStore } from '@/shared/stores/site-money-mode';

// Production trusts the server's response check (request's `schema` note): no zod here.
const checkAppDetails = devSchema('playerAppDetailsSchema');

/** How often app details are re-read so a switch to maintenance is noticed (SPEC 2.3). */
export const APP_DETAILS_REFETCH_MS = 30_000;
export const appDetailsQueryKey = ['app-details'] as const;

export async function getAppDetails(): Promise<PlayerAppDetails | null> {
  // noToastEmit: this is a background poll; a server hiccup would otherwise toast every
  // 30 s. A failure keeps the last known details (react-query keeps the previous data).
  const { data, error } = await request({
    url: '/getAppDetails',
    schema: checkAppDetails,
    noToastEmit: true,
  });
  if (error) throw new Error(error.message ?? 'getAppDetails failed');
  return data;
}

/** Polls app details and mirrors them into the app store (logo, settings, status). */
export function useAppDetailsSync(): void {
  const setAppDetails = useAppStore((state) => state.setAppDetails);
  const setMoneyMode = useSiteMoneyModeStore((state) => state.setMode);
  const { data } = useQuery({
    queryKey: appDetailsQueryKey,
    queryFn: getAppDetails,
    refetchInterval: APP_DETAILS_REFETCH_MS,
    refetchOnWindowFocus: true,
  });

  useEffect(() => {
    if (!data) return;
    setAppDetails(data);
    // The server's MONEY_MODE (issue 42 item 6); an older server's answer has none: real.
    setMoneyMode(data.moneyMode ?? 'real');
  }, [data, setAppDetails, setMoneyMode]);
}

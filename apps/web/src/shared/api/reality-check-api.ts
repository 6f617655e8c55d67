import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RealityCheckSettings, RealityCheckSettingsBody } from '@spm/contract';
import { request } from '@/shared/lib/request';
import { devSchema } from '@/shared/lib/dev-schema';
import { useAuthStore } from '@/shared/stores/auth-store';

/*
 * Safer play, sessions (issue 42 item 2): GET/PUT /rg/reality-check. Shared: the profile's
 * panel sets them and the reality-check dialog reads nothing else from the server.
 */

const checkSettings = devSchema('realityCheckSettingsSchema');

const queryKey = (userId: string | number | null) => ['rg', 'reality-check', userId];

export function useRealityCheckSettings() {
  const userId = useAuthStore((state) => state.user?.id ?? null);
  return useQuery({
    queryKey: queryKey(userId),
    queryFn: async () => {
      const { data } = await request({
        url: '/rg/reality-check',
        schema: checkSettings,
      });
      if (!data) throw new Error('reality check settings unavailable');
      return data;
    },
    enabled: userId !== null,
  });
}

/** PUT /rg/reality-check; the answer replaces the cached settings. Null: it failed (toasted). */
export function useSaveRealityCheckSettings() {
  const client = useQueryClient();
  const userId = useAuthStore((state) => state.user?.id ?? null);
  return async (body: RealityCheckSettingsBody): Promise<RealityCheckSettings | null> => {
    const { data } = await request({
      url: '/rg/reality-check',
      method: 'PUT',
      data: body,
      schema: checkSettings,
    });
    if (data) client.setQueryData(queryKey(userId), data);
    return data;
  };
}

import { useQuery } from '@tanstack/react-query';
import type { Profile, UpdateProfileBody } from '@spm/contract';
import { errorText, request } from '@/shared/lib/request';
import { devSchema } from '@/shared/lib/dev-schema';
import { useAuthStore } from '@/shared/stores/auth-store';

// Production trusts the server's response check (request's `schema` note): no zod here.
const checkProfile = devSchema('profileSchema');

/**
 * GET /profile into the auth store's userProfile (SPEC 3, 4.2). `quiet` is for the load
 * right after sign-in, where a toast about a profile would only confuse.
 */
export async function loadProfile({
  quiet = false,
}: { quiet?: boolean } = {}): Promise<Profile | null> {
  const { data } = await request({ url: '/profile', schema: checkProfile, noToastEmit: quiet });
  if (data) useAuthStore.getState().setUserProfile(data);
  return data;
}

/**
 * The profile page's data: the auth store's userProfile (SPEC 3), refreshed from the server
 * when the page opens. The store stays the one copy, so a save shows at once everywhere.
 */
export function useProfile(): { profile: Profile | null; isError: boolean } {
  const userId = useAuthStore((state) => state.user?.id ?? null);
  const profile = useAuthStore((state) => state.userProfile);
  const query = useQuery({
    // Keyed by the player so a new session never reuses the last one's answer.
    queryKey: ['profile', userId],
    queryFn: async () => {
      const loaded = await loadProfile();
      if (!loaded) throw new Error('profile unavailable');
      return loaded;
    },
    enabled: userId !== null,
  });
  return { profile, isError: query.isError && !profile };
}

export type UpdateProfileOutcome =
  { ok: true; profile: Profile | null } | { ok: false; error: string };

/** PATCH /profile; errors are shown in the form, not toasted (SPEC 7.3). */
export async function updateProfile(body: UpdateProfileBody): Promise<UpdateProfileOutcome> {
  const { data, error } = await request({
    url: '/profile',
    method: 'PATCH',
    data: body,
    noToastEmit: true,
    schema: checkProfile,
  });
  if (error) return { ok: false, error: profileErrorText(error) };
  const profile = data ?? (await loadProfile({ quiet: true }));
  if (profile) useAuthStore.getState().setUserProfile(profile);
  return { ok: true, profile };
}

/** A validation failure names its fields; other failures read as the toast would. */
function profileErrorText(error: Parameters<typeof errorText>[0]): string {
  const data = 'data' in error ? error.data : undefined;
  const issues =
    typeof data === 'object' && data !== null && 'issues' in data
      ? (data as { issues: unknown }).issues
      : null;
  if (Array.isArray(issues)) {
    const messages = issues
      .map((issue: unknown) =>
        typeof issue === 'object' && issue !== null && 'message' in issue
          ? String((issue as { message: unknown }).message)
          : '',
      )
      .filter(Boolean);
    if (messages.length > 0) return messages.join(' ');
  }
  return errorText(error);
}

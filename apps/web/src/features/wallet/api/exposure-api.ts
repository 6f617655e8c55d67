import { request } from '@/shared/lib/request';
import { devSchema } from '@/shared/lib/dev-schema';
import { useAuthStore } from '@/shared/stores/auth-store';

// Production trusts the server's response check (request's `schema` note): no zod here.
const checkExposure = devSchema('exposureAmountSchema');

/**
 * GET /bet/exposure/amount into the auth state's exposureAmount (SPEC 3, 7.2). Quiet
 * (noToastEmit): it runs in the background, so a failure keeps the last known amount rather
 * than toasting. An answer that arrives after the session it was asked for has ended
 * (logout, another sign-in) is dropped, and so is one overtaken by a wallet carrying its
 * exposure: that wallet is versioned, this answer is not, and the two must not disagree.
 */
export async function loadExposureAmount(): Promise<number | null> {
  const { token, wallet: walletAsked } = useAuthStore.getState();
  if (!token) return null;
  const { data } = await request({
    url: '/bet/exposure/amount',
    schema: checkExposure,
    noToastEmit: true,
  });
  const now = useAuthStore.getState();
  if (!data || now.token !== token) return null;
  if (now.wallet !== walletAsked && now.wallet.exposure !== undefined) return null;
  useAuthStore.getState().setExposureAmount(data.exposureAmount);
  return data.exposureAmount;
}

/**
 * One refresh at a time: a change during a refresh asks for exactly one more afterwards, so a
 * burst of update_balance pushes (a market settling) costs two requests, not one per push, and
 * answers can never land out of order.
 */
export function createExposureRefresher(): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  const run = async (): Promise<void> => {
    do {
      again = false;
      await loadExposureAmount();
    } while (again);
  };
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = run().finally(() => {
      running = null;
    });
    return running;
  };
}

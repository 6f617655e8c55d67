import { request } from '@/shared/lib/request';
import { devSchema } from '@/shared/lib/dev-schema';
import { useAuthStore } from '@/shared/stores/auth-store';

// Production trusts the server's response check (request's `schema` note): no zod here.
const checkExposure = devSchema('exposureAmountSchema');

/**
 * GET /bet/exposure/amount into the auth state's exposureAmount (SPEC 3, 7.2). Quiet
 * (noToastEmit): it runs in the background after every wallet change, so a failure keeps the
 * last known amount rather than toasting on each bet. An answer that arrives after the session
 * it was asked for has ended (logout, another sign-in) is dropped.
 */
export async function loadExposureAmount(): Promise<number | null> {
  const token = useAuthStore.getState().token;
  if (!token) return null;
  const { data } = await request({
    url: '/bet/exposure/amount',
    schema: checkExposure,
    noToastEmit: true,
  });
  if (!data || useAuthStore.getState().token !== token) return null;
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

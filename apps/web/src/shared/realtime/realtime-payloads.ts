import { appDetailsSchema } from '@spm/contract';
import type { AppDetails } from '@spm/contract';

/*
 * Checks of realtime pushes. Unlike HTTP answers, a push passes no server-side schema check
 * before it is sent, so the browser keeps checking it in production. This module loads with
 * socket.io-client on the first connect (realtime-client.ts), which keeps zod and the
 * schema off the first page load.
 */

/** The app details of an app_details push, or null when they do not match the contract. */
export function parseAppDetails(payload: unknown): AppDetails | null {
  const parsed = appDetailsSchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

import type { DbHandle } from '../db/database.ts';
import { getAppDetails } from '../services/app-data-service.ts';
import { AppError } from './app-error.ts';

/**
 * onRequest hook of the player writes that move money (bets, deposits, withdrawals): while
 * staff have the site in maintenance or suspended, they answer 503 MAINTENANCE whatever the
 * app shows. Reads the setting each time (one indexed read): a switch takes effect at once on
 * every node. Cancelling, gateway callbacks and staff decisions stay open.
 */
export function requireSiteLive(db: DbHandle) {
  return async (): Promise<void> => {
    const { organisationStatus } = await getAppDetails(db);
    if (organisationStatus !== 'live') throw new AppError('MAINTENANCE');
  };
}

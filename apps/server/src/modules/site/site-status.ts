import type { OrganisationStatus } from '@spm/contract';
import type { DbHandle } from '../../db/database.ts';
import { getAppDetails } from './app-data-service.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * How long a read of the organisation status is reused. Bets sit on this hook, so it must not
 * cost a database read each; a status written through setAppSetting on this process is seen
 * at once, one written by another node within this long. Wall-clock on purpose: tests move
 * the service clock for expiries and must not freeze this cache.
 */
export const SITE_STATUS_CACHE_MS = 1000;

let cache = new WeakMap<DbHandle, { status: OrganisationStatus; readAtMs: number }>();
/**
 * The read under way, shared by every request that finds the cache stale meanwhile: at 256
 * bets in flight each expiry otherwise sent dozens of identical reads (measured 37 a second
 * instead of 1 under bench/placement).
 */
let reading = new WeakMap<DbHandle, Promise<OrganisationStatus>>();

/** Forget cached statuses: the setting was just written. */
export function forgetSiteStatus(): void {
  cache = new WeakMap();
  reading = new WeakMap();
}

async function siteStatus(db: DbHandle): Promise<OrganisationStatus> {
  const cached = cache.get(db);
  if (cached && Date.now() - cached.readAtMs < SITE_STATUS_CACHE_MS) return cached.status;
  const under = reading.get(db);
  if (under) return under;
  const readings = reading;
  const read = getAppDetails(db)
    .then(({ organisationStatus }) => {
      // A write that forgot the cache meanwhile also dropped this read: it stores nothing.
      if (reading === readings) cache.set(db, { status: organisationStatus, readAtMs: Date.now() });
      return organisationStatus;
    })
    .finally(() => {
      if (readings.get(db) === read) readings.delete(db);
    });
  readings.set(db, read);
  return read;
}

/**
 * onRequest hook of the player writes that move money (bets, deposits, withdrawals): while
 * staff have the site in maintenance or suspended, they answer 503 MAINTENANCE whatever the
 * app shows. Cancelling, gateway callbacks and staff decisions stay open.
 */
export function requireSiteLive(db: DbHandle) {
  return async (): Promise<void> => {
    if ((await siteStatus(db)) !== 'live') throw new AppError('MAINTENANCE');
  };
}

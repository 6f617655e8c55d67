import { COUNTRY_OF_CALLING_CODE, indianStateSchema, type IndianStateCode } from '@spm/contract';
import { regionRefusal } from '@spm/core';
import type { RequestOrigin, ServiceDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { geoTableFor } from './geo-tables.ts';
import { readRegionSettings } from './region-settings.ts';

export interface RegionVisitor {
  /** The phone's international calling code (`91`), null for an account without a phone. */
  callingCode: string | null;
  /** The state the player declared (at registration, or stored on the account). */
  declaredState: string | null;
}

/**
 * Registration and sign-in (issue 42 item 7): refuses with 403 REGION_BLOCKED, naming the check
 * and the place in `data.region`, when the phone's country, the declared state or the request's
 * own address (never the address the app says it has) is a place the operator does not serve.
 * The refusal is logged; it writes nothing.
 */
export async function assertRegionAllowed(
  deps: ServiceDeps,
  visitor: RegionVisitor,
  origin: RequestOrigin,
): Promise<void> {
  const settings = await readRegionSettings(deps.db, deps.config);
  const table = await geoTableFor(deps.config.geoip);
  const parsedState = indianStateSchema.safeParse(visitor.declaredState);
  const declaredState: IndianStateCode | null = parsedState.success ? parsedState.data : null;
  const refusal = regionRefusal(settings, {
    phoneCountry:
      visitor.callingCode === null ? null : (COUNTRY_OF_CALLING_CODE[visitor.callingCode] ?? null),
    declaredState,
    address: table === null ? undefined : table.lookup(origin.ip),
  });
  if (refusal === null) return;
  deps.log.info({ region: refusal, ip: origin.ip }, 'region refused');
  throw new AppError('REGION_BLOCKED', undefined, { region: refusal });
}

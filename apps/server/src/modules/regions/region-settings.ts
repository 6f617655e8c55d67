import {
  regionSettingsSchema,
  type IndianStateCode,
  type RegionSettings,
  type StaffRegionSettings,
} from '@spm/contract';
import type { Config } from '../../config.ts';
import type { DbHandle } from '../../db/database.ts';
import type { ServiceDeps } from '../../deps.ts';
import { insertStaffAudit } from '../../audit/audit-repository.ts';
import type { StaffActor } from '../../http/staff-auth.ts';
import { findSetting, upsertSetting } from '../site/index.ts';
import { geoTableFor } from './geo-tables.ts';

/** The app_settings row that holds the operator's choice. */
export const REGION_SETTINGS_KEY = 'regions';

/**
 * States whose own laws prohibited online betting and money games before the national Act
 * (docs/regions.md "Defaults"): Andhra Pradesh, Assam, Odisha, Tamil Nadu, Telangana.
 */
export const REAL_MONEY_BLOCKED_STATES: readonly IndianStateCode[] = ['AP', 'AS', 'OD', 'TN', 'TS'];

/**
 * What holds until the operator saves a choice. Play mode (social play, no cash value) blocks
 * nothing. Real mode blocks the states above, and in production all of India too: the
 * Promotion and Regulation of Online Gaming Act, 2025 prohibits offering online money games
 * there, so real mode is for the licensed markets an operator then allows. The development
 * default (real mode with simulated gateways, no money) keeps India open so it can be tried.
 */
export function defaultRegionSettings(
  config: Pick<Config, 'moneyMode' | 'nodeEnv'>,
): RegionSettings {
  if (config.moneyMode === 'play') {
    return {
      allowedCountries: [],
      blockedCountries: [],
      blockedStates: [],
      blockUnknownAddress: false,
    };
  }
  return {
    allowedCountries: [],
    blockedCountries: config.nodeEnv === 'production' ? ['IN'] : [],
    blockedStates: [...REAL_MONEY_BLOCKED_STATES],
    blockUnknownAddress: false,
  };
}

/** The saved settings, else the defaults; read on every check so every node sees a change at once. */
export async function readRegionSettings(
  db: DbHandle,
  config: Pick<Config, 'moneyMode' | 'nodeEnv'>,
): Promise<RegionSettings> {
  const stored = regionSettingsSchema.safeParse(await findSetting(db, REGION_SETTINGS_KEY));
  return stored.success ? stored.data : defaultRegionSettings(config);
}

/** Each list sorted and without repeats, so the audit's before/after compare as sets. */
function normalise(settings: RegionSettings): RegionSettings {
  const tidy = <T extends string>(values: T[]) => [...new Set(values)].sort();
  return {
    allowedCountries: tidy(settings.allowedCountries),
    blockedCountries: tidy(settings.blockedCountries),
    blockedStates: tidy(settings.blockedStates),
    blockUnknownAddress: settings.blockUnknownAddress,
  };
}

export async function staffRegionSettings(deps: ServiceDeps): Promise<StaffRegionSettings> {
  const settings = await readRegionSettings(deps.db, deps.config);
  const table = await geoTableFor(deps.config.geoip);
  return {
    settings,
    geolocation: {
      file: table?.file ?? null,
      ranges: table?.ranges ?? 0,
      loadedAt: table?.loadedAt.toISOString() ?? null,
    },
  };
}

/** PUT /staff/settings/regions: the whole choice at once, audited with before and after. */
export async function updateRegionSettings(
  deps: ServiceDeps,
  actor: StaffActor,
  body: RegionSettings,
): Promise<StaffRegionSettings> {
  const after = normalise(body);
  await deps.db.transaction(async (tx) => {
    const before = await readRegionSettings(tx, deps.config);
    await upsertSetting(tx, { key: REGION_SETTINGS_KEY, value: after });
    await insertStaffAudit(tx, actor, deps.clock.now(), {
      action: 'settings.regions_update',
      targetType: 'app_settings',
      targetId: REGION_SETTINGS_KEY,
      before,
      after,
    });
  });
  return staffRegionSettings(deps);
}

import { z } from 'zod';
import { INDIAN_STATE_CODES, REGION_CHECKS } from './regions-names.ts';

/**
 * Regions (issue 42 item 7): where the site may be used. Countries are ISO 3166-1 alpha-2
 * codes; Indian states and union territories are the ISO 3166-2:IN codes without the `IN-`
 * prefix, as revised in 2023 (CG, OD, TS, UK) and 2020 (DH). docs/regions.md.
 */

export const indianStateSchema = z.enum(INDIAN_STATE_CODES, { error: 'Please choose your state' });

export const countryCodeIsoSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Use two-letter country codes (ISO 3166-1)');

/** The operator's region settings (app_settings key `regions`), GET/PUT /staff/settings/regions. */
export const regionSettingsSchema = z.object({
  /** Empty: every country not blocked is allowed. Otherwise only these. */
  allowedCountries: z.array(countryCodeIsoSchema).max(250),
  blockedCountries: z.array(countryCodeIsoSchema).max(250),
  blockedStates: z.array(indianStateSchema).max(INDIAN_STATE_CODES.length),
  /** Refuse a client address the geolocation file does not place (and loopback/private ones). */
  blockUnknownAddress: z.boolean(),
});
export type RegionSettings = z.infer<typeof regionSettingsSchema>;

/** What the back office shows beside the settings: where the addresses are looked up. */
export const staffRegionSettingsSchema = z.object({
  settings: regionSettingsSchema,
  geolocation: z.object({
    /** The operator's file (GEOIP_FILE), or null when none is set: the address check is off. */
    file: z.string().nullable(),
    ranges: z.number().int(),
    loadedAt: z.string().nullable(),
  }),
});
export type StaffRegionSettings = z.infer<typeof staffRegionSettingsSchema>;

/** A REGION_BLOCKED answer's `data.region`: which check and the place it found. */
export const regionRefusalSchema = z.object({
  check: z.enum(REGION_CHECKS),
  /** ISO country, null when the address could not be placed (blockUnknownAddress). */
  country: z.string().nullable(),
  state: z.enum(INDIAN_STATE_CODES).nullable(),
});
export type RegionRefusal = z.infer<typeof regionRefusalSchema>;

import { z } from 'zod';

/**
 * Regions (issue 42 item 7): where the site may be used. Countries are ISO 3166-1 alpha-2
 * codes; Indian states and union territories are the ISO 3166-2:IN codes without the `IN-`
 * prefix, as revised in 2023 (CG, OD, TS, UK) and 2020 (DH). docs/regions.md.
 */

/** The 28 states and 8 union territories, with the English names a geolocation file uses. */
export const INDIAN_STATES = {
  AN: 'Andaman and Nicobar Islands',
  AP: 'Andhra Pradesh',
  AR: 'Arunachal Pradesh',
  AS: 'Assam',
  BR: 'Bihar',
  CG: 'Chhattisgarh',
  CH: 'Chandigarh',
  DH: 'Dadra and Nagar Haveli and Daman and Diu',
  DL: 'Delhi',
  GA: 'Goa',
  GJ: 'Gujarat',
  HP: 'Himachal Pradesh',
  HR: 'Haryana',
  JH: 'Jharkhand',
  JK: 'Jammu and Kashmir',
  KA: 'Karnataka',
  KL: 'Kerala',
  LA: 'Ladakh',
  LD: 'Lakshadweep',
  MH: 'Maharashtra',
  ML: 'Meghalaya',
  MN: 'Manipur',
  MP: 'Madhya Pradesh',
  MZ: 'Mizoram',
  NL: 'Nagaland',
  OD: 'Odisha',
  PB: 'Punjab',
  PY: 'Puducherry',
  RJ: 'Rajasthan',
  SK: 'Sikkim',
  TN: 'Tamil Nadu',
  TR: 'Tripura',
  TS: 'Telangana',
  UK: 'Uttarakhand',
  UP: 'Uttar Pradesh',
  WB: 'West Bengal',
} as const;
export type IndianStateCode = keyof typeof INDIAN_STATES;
export const INDIAN_STATE_CODES = Object.keys(INDIAN_STATES) as [
  IndianStateCode,
  ...IndianStateCode[],
];

/** Codes ISO retired, as older geolocation files still carry them. */
export const INDIAN_STATE_ALIASES: Readonly<Record<string, IndianStateCode>> = {
  CT: 'CG',
  OR: 'OD',
  TG: 'TS',
  UT: 'UK',
  DN: 'DH',
  DD: 'DH',
};

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

/** Which of the three checks refused: the phone's country, the declared state, the address. */
export const REGION_CHECKS = ['phone', 'state', 'address'] as const;
export type RegionCheck = (typeof REGION_CHECKS)[number];

/** A REGION_BLOCKED answer's `data.region`: which check and the place it found. */
export const regionRefusalSchema = z.object({
  check: z.enum(REGION_CHECKS),
  /** ISO country, null when the address could not be placed (blockUnknownAddress). */
  country: z.string().nullable(),
  state: z.enum(INDIAN_STATE_CODES).nullable(),
});
export type RegionRefusal = z.infer<typeof regionRefusalSchema>;

/** ISO country of an international calling code (the registration's `country_code`). */
export const COUNTRY_OF_CALLING_CODE: Readonly<Record<string, string>> = {
  '91': 'IN',
};

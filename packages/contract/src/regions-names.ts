/*
 * Region names and constants, apart from the schemas in regions.ts: a module with zod schemas
 * at top level keeps them (and zod) in any bundle that uses one of its constants, and the
 * player app's register and login dialogs need these on the first page (page weight,
 * docs/decisions.md).
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

/** Which of the three checks refused: the phone's country, the declared state, the address. */
export const REGION_CHECKS = ['phone', 'state', 'address'] as const;
export type RegionCheck = (typeof REGION_CHECKS)[number];

/** ISO country of an international calling code (the registration's `country_code`). */
export const COUNTRY_OF_CALLING_CODE: Readonly<Record<string, string>> = {
  '91': 'IN',
};

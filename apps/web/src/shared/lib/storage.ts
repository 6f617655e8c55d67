/**
 * The plain localStorage items of SPEC 3 (the two stores persist themselves). Storage can be
 * blocked (private mode, sandboxed frames): every access is guarded, and a blocked storage
 * behaves as an empty one.
 */

/** Tracking id returned by POST /page/visit, sent back with later visits and registration. */
export const TRACKER_STORAGE_KEY = 'tracker';
/** Mobile details for the verify step: base64 of JSON {mobile, country_code}. */
export const MOBILE_DETAILS_STORAGE_KEY = 'mvd';

export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not persisting only loses the convenience of the stored value.
  }
}

export function removeStorage(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing stored means nothing to remove.
  }
}

export function readTracker(): string | null {
  return readStorage(TRACKER_STORAGE_KEY) || null;
}

/** What the verify step sends: the national number and the country code (SPEC 3). */
export interface MobileDetails {
  mobile: string;
  country_code: string;
}

export function encodeMobileDetails(details: MobileDetails): string {
  // Digits only, so the JSON is ASCII and btoa is safe.
  return btoa(JSON.stringify({ mobile: details.mobile, country_code: details.country_code }));
}

export function decodeMobileDetails(encoded: string | null): MobileDetails | null {
  if (!encoded) return null;
  try {
    const value: unknown = JSON.parse(atob(encoded));
    if (typeof value !== 'object' || value === null) return null;
    const { mobile, country_code: countryCode } = value as Record<string, unknown>;
    if (typeof mobile !== 'string' || typeof countryCode !== 'string') return null;
    return { mobile, country_code: countryCode };
  } catch {
    return null;
  }
}

export function saveMobileDetails(details: MobileDetails): void {
  writeStorage(MOBILE_DETAILS_STORAGE_KEY, encodeMobileDetails(details));
}

export function readMobileDetails(): MobileDetails | null {
  return decodeMobileDetails(readStorage(MOBILE_DETAILS_STORAGE_KEY));
}

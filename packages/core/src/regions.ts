import type { IndianStateCode, RegionRefusal, RegionSettings } from '@spm/contract';

/**
 * What is known of where a visitor is (issue 42 item 7): the country of their phone's calling
 * code, the state they declared, and where the geolocation file puts their address. Each is
 * null when unknown; `address` is undefined when no geolocation file is configured.
 */
export interface RegionFacts {
  phoneCountry: string | null;
  declaredState: IndianStateCode | null;
  address: { country: string; state: IndianStateCode | null } | null | undefined;
}

/** Whether the operator serves a country: not blocked, and in the allowed list if there is one. */
export function countryServed(settings: RegionSettings, country: string): boolean {
  if (settings.blockedCountries.includes(country)) return false;
  return settings.allowedCountries.length === 0 || settings.allowedCountries.includes(country);
}

/**
 * The first check that refuses, in the order phone, declared state, address; null when all
 * pass. An address the file cannot place is refused only with `blockUnknownAddress`, and only
 * when there is a file (without one every address is unknown, and the check is off).
 */
export function regionRefusal(settings: RegionSettings, facts: RegionFacts): RegionRefusal | null {
  const blockedState = (state: IndianStateCode | null) =>
    state !== null && settings.blockedStates.includes(state);
  if (facts.phoneCountry !== null && !countryServed(settings, facts.phoneCountry)) {
    return { check: 'phone', country: facts.phoneCountry, state: null };
  }
  if (blockedState(facts.declaredState)) {
    return { check: 'state', country: 'IN', state: facts.declaredState };
  }
  const { address } = facts;
  if (address === undefined) return null;
  if (address === null) {
    return settings.blockUnknownAddress ? { check: 'address', country: null, state: null } : null;
  }
  if (!countryServed(settings, address.country)) {
    return { check: 'address', country: address.country, state: null };
  }
  if (address.country === 'IN' && blockedState(address.state)) {
    return { check: 'address', country: 'IN', state: address.state };
  }
  return null;
}

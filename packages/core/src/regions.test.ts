import { describe, expect, it } from 'vitest';
import type { RegionSettings } from '@spm/contract';
import { countryServed, regionRefusal } from './regions.ts';

const open: RegionSettings = {
  allowedCountries: [],
  blockedCountries: [],
  blockedStates: [],
  blockUnknownAddress: false,
};

describe('regions', () => {
  it('serves every country by default, only the allowed ones when listed, never a blocked one', () => {
    expect(countryServed(open, 'IN')).toBe(true);
    expect(countryServed({ ...open, allowedCountries: ['NP'] }, 'IN')).toBe(false);
    expect(countryServed({ ...open, allowedCountries: ['IN'] }, 'IN')).toBe(true);
    expect(
      countryServed({ ...open, allowedCountries: ['IN'], blockedCountries: ['IN'] }, 'IN'),
    ).toBe(false);
  });

  it('refuses by phone country, then declared state, then address', () => {
    const settings = { ...open, blockedCountries: ['GB'], blockedStates: ['TS' as const] };
    const here = { country: 'IN', state: 'MH' as const };
    expect(
      regionRefusal(settings, { phoneCountry: 'IN', declaredState: 'MH', address: here }),
    ).toBeNull();
    expect(
      regionRefusal(settings, { phoneCountry: 'GB', declaredState: 'TS', address: here }),
    ).toEqual({
      check: 'phone',
      country: 'GB',
      state: null,
    });
    expect(
      regionRefusal(settings, { phoneCountry: 'IN', declaredState: 'TS', address: here }),
    ).toEqual({
      check: 'state',
      country: 'IN',
      state: 'TS',
    });
    expect(
      regionRefusal(settings, {
        phoneCountry: 'IN',
        declaredState: 'MH',
        address: { country: 'IN', state: 'TS' },
      }),
    ).toEqual({ check: 'address', country: 'IN', state: 'TS' });
    expect(
      regionRefusal(settings, {
        phoneCountry: 'IN',
        declaredState: 'MH',
        address: { country: 'GB', state: null },
      }),
    ).toEqual({ check: 'address', country: 'GB', state: null });
  });

  it('an unplaced address passes unless the operator blocks unknown ones; no file, no check', () => {
    const facts = { phoneCountry: 'IN', declaredState: null, address: null };
    expect(regionRefusal(open, facts)).toBeNull();
    expect(regionRefusal({ ...open, blockUnknownAddress: true }, facts)).toEqual({
      check: 'address',
      country: null,
      state: null,
    });
    expect(
      regionRefusal({ ...open, blockUnknownAddress: true }, { ...facts, address: undefined }),
    ).toBeNull();
  });
});

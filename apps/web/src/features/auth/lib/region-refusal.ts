import type { TFunction } from 'i18next';
import { INDIAN_STATE_CODES, REGION_CHECKS } from '@spm/contract';
import type { IndianStateCode, RegionRefusal } from '@spm/contract';

const isState = (value: unknown): value is IndianStateCode =>
  typeof value === 'string' && (INDIAN_STATE_CODES as readonly string[]).includes(value);

/**
 * The `data.region` of a REGION_BLOCKED answer (issue 42 item 7), or null for any other
 * answer. Read by hand: the sign-in dialogs are on the first download, which carries no zod.
 */
export function readRegionRefusal(body: unknown): RegionRefusal | null {
  if (typeof body !== 'object' || body === null) return null;
  const { errorCode, data } = body as { errorCode?: unknown; data?: unknown };
  if (errorCode !== 'REGION_BLOCKED' || typeof data !== 'object' || data === null) return null;
  const region = (data as { region?: unknown }).region;
  if (typeof region !== 'object' || region === null) return null;
  const { check, country, state } = region as Record<string, unknown>;
  if (!(REGION_CHECKS as readonly unknown[]).includes(check)) return null;
  return {
    check: check as RegionRefusal['check'],
    country: typeof country === 'string' ? country : null,
    state: isState(state) ? state : null,
  };
}

/** A country's name in the reader's language (the browser's own list), else its code. */
export function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language, 'en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Why the visitor was refused, naming the place: the declared or located state, else the country. */
export function regionRefusalText(t: TFunction, language: string, refusal: RegionRefusal): string {
  if (refusal.check === 'address' && refusal.country === null) return t('regions.refused.unknown');
  const place = refusal.state
    ? t(`regions.states.${refusal.state}`)
    : countryName(refusal.country ?? '', language);
  return t(`regions.refused.${refusal.check}`, { place });
}

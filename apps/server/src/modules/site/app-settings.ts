import { appDetailsInputSchema, appDetailsSchema, type AppDetails } from '@spm/contract';
import { MEDIA_PREFIX } from '../../http/url-prefixes.ts';

export type AppSettingKey = keyof AppDetails;

/** The settings an operator may set: exactly the fields /api/getAppDetails answers with. */
export const APP_SETTING_KEYS = Object.keys(appDetailsSchema.shape) as AppSettingKey[];

export function isAppSettingKey(key: string): key is AppSettingKey {
  return (APP_SETTING_KEYS as string[]).includes(key);
}

/** First-run values; also the fallback for a key an operator has deleted from the table. */
export const DEFAULT_APP_SETTINGS: AppDetails = {
  OTP: 0,
  IS_EMAIL: 0,
  LOGO_URL: `${MEDIA_PREFIX}logo.svg`,
  BRAND_STATUS: 'active',
  BRAND_NAME: 'SPM Sports',
  WHATS_APP_URL: 'https://wa.me/910000000000',
  TELEGRAM: 'https://t.me/spmsports',
  INSTATGRAM: 'https://www.instagram.com/spmsports',
  FACEBOOK: 'https://www.facebook.com/spmsports',
  organisationStatus: 'live',
  // The operator sets its own (set-setting or the back office): the privacy page shows them.
  GRIEVANCE_OFFICER_NAME: 'Grievance Officer',
  GRIEVANCE_OFFICER_EMAIL: 'grievance@spmsports.example',
  GRIEVANCE_OFFICER_PHONE: '',
  // docs/referral.md: 100 bonus coins for a friend's first deposit of 500 points or more.
  REFERRAL_REWARD_POINTS: 100,
  REFERRAL_MIN_DEPOSIT_POINTS: 500,
};

export type ParsedSetting =
  | { ok: true; key: AppSettingKey; value: AppDetails[AppSettingKey] }
  | { ok: false; message: string };

/**
 * Validates an operator's `set-setting <key> <value>`. The value is read as JSON first
 * (`OTP 1`, `IS_EMAIL 0`) and as a plain string when that fails or does not fit the key
 * (`organisationStatus maintenance`, `BRAND_NAME 123`).
 */
export function parseSettingValue(key: string, raw: string): ParsedSetting {
  if (!isAppSettingKey(key)) {
    return {
      ok: false,
      message: `Unknown setting "${key}". Known settings: ${APP_SETTING_KEYS.join(', ')}.`,
    };
  }
  // The operator's limits apply here as on the staff route.
  const schema = appDetailsInputSchema.shape[key];
  const candidates: unknown[] = [];
  try {
    candidates.push(JSON.parse(raw));
  } catch {
    // Not JSON: the raw text is the only reading.
  }
  candidates.push(raw);
  let lastMessage = 'invalid value';
  for (const candidate of candidates) {
    const result = schema.safeParse(candidate);
    if (result.success) return { ok: true, key, value: result.data };
    lastMessage = result.error.issues[0]?.message ?? lastMessage;
  }
  return { ok: false, message: `Invalid value for ${key}: ${lastMessage} (got ${raw}).` };
}

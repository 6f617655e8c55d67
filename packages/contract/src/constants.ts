/** Business constants of SPEC section 9, one place for server, apps and tests. */
export const USERNAME_MIN_LENGTH = 4;
export const USERNAME_MAX_LENGTH = 15;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;
/** Phone digits including the country code 91. */
export const PHONE_DIGITS_WITH_COUNTRY_CODE = 12;
export const INDIA_COUNTRY_CODE = '91';
export const AGENT_CODE_VALIDITY_MS = 300_000;
export const REGISTRATION_TYPE_ID = 3;
export const REGISTRATION_PARENT_ID = 81026;
export const TOAST_AUTO_CLOSE_MS = 1000;
export const REALTIME_REQUEST_TIMEOUT_MS = 7000;
export const REALTIME_CONNECT_TIMEOUT_MS = 20_000;
export const RECONNECTION_DELAY_MIN_MS = 1000;
export const RECONNECTION_DELAY_MAX_MS = 5000;
export const RECONNECTION_JITTER = 0.5;

export const SPORT_IDS = { cricket: 4, soccer: 1, tennis: 2 } as const;
export type SportName = keyof typeof SPORT_IDS;
export const ODDS_TYPES = ['back', 'lay'] as const;
export type OddsType = (typeof ODDS_TYPES)[number];
export const GAME_LIST_FILTERS = ['new', 'popular', 'lastPlayed', 'favourites'] as const;

export const CAROUSEL = {
  slidesWide: 3,
  slidesMedium: 2,
  slidesNarrow: 1,
  /** Below this width (px) two slides show. */
  mediumBelowPx: 1199,
  /** Below this width (px) one slide shows. */
  narrowBelowPx: 767,
  autoplayDelayMs: 2000,
} as const;

/** Game rules text: per round, in points. */
export const MAX_BET_POINTS = 7500;
export const MAX_WIN_POINTS = 75_000;

export const REQUEST_STATUSES = ['pending', 'approved', 'declined', 'expired'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const ORGANISATION_STATUSES = ['maintenance', 'live', 'suspended'] as const;
export type OrganisationStatus = (typeof ORGANISATION_STATUSES)[number];
export const DEPOSIT_TYPES = ['deposit', 'withdraw'] as const;

export const THEMES = ['light', 'dark', 'auto'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';

export const LANGUAGES = ['en', 'hi', 'fr', 'es', 'te', 'ta', 'mr', 'kn'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Each language named in itself, for the language switch. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  hi: 'हिन्दी',
  fr: 'Français',
  es: 'Español',
  te: 'తెలుగు',
  ta: 'தமிழ்',
  mr: 'मराठी',
  kn: 'ಕನ್ನಡ',
};

/** The player's own wallets a line can belong to. */
export const STATEMENT_WALLETS = ['cash', 'coins', 'sports', 'wicket'] as const;

/** Players' calendar days are Indian days, whatever the server's or browser's zone. */
export const PLAYER_TIME_ZONE = 'Asia/Kolkata';

import type { ResourceKey } from 'i18next';
import { createI18n } from '@spm/client';
import type { Language } from '@spm/contract';
import en from '@/locales/en.json';

/*
 * The player app's i18n: the @spm/client factory (languages, English fallback, lazy locale
 * chunks, the stored choice) over this app's own locale files.
 */

/** Where the player's language choice survives a reload (not part of the spec's stores). */
export const LANGUAGE_STORAGE_KEY = 'language';

// English is bundled: it is the default and every other language's fallback, so the first
// paint never waits for it. The seven others are one chunk each, fetched only when chosen
// (issue 11: the landing page shipped all eight, a third of its JavaScript).
// A game screen's strings form their own namespace (locales/<namespace>/<language>.json),
// English included, fetched with the screen: the crash game's would otherwise weigh on every
// first visit (the landing page's budget, page-weight.test.ts).
const app = createI18n({
  storageKey: LANGUAGE_STORAGE_KEY,
  english: { translation: en },
  lazyEnglish: {
    crash: () => import('@/locales/crash/en.json').then((module) => module.default),
    // The installation steps (/pwa-instructions): only that page needs them.
    pwa: () => import('@/locales/pwa/en.json').then((module) => module.default),
    // The referral programme (/referral): only that page needs them.
    referral: () => import('@/locales/referral/en.json').then((module) => module.default),
    // Bonuses (/promotionoffers, /bonus, /bonus/:bonusId): only those pages need them.
    bonus: () => import('@/locales/bonus/en.json').then((module) => module.default),
    // The sportsbook (/sportsbook2, /betby): only those pages need them.
    sportsbook: () => import('@/locales/sportsbook/en.json').then((module) => module.default),
  },
  files: {
    translation: import.meta.glob<ResourceKey>(['../../locales/*.json', '!**/en.json'], {
      import: 'default',
    }),
    crash: import.meta.glob<ResourceKey>(['../../locales/crash/*.json', '!**/en.json'], {
      import: 'default',
    }),
    pwa: import.meta.glob<ResourceKey>(['../../locales/pwa/*.json', '!**/en.json'], {
      import: 'default',
    }),
    referral: import.meta.glob<ResourceKey>(['../../locales/referral/*.json', '!**/en.json'], {
      import: 'default',
    }),
    bonus: import.meta.glob<ResourceKey>(['../../locales/bonus/*.json', '!**/en.json'], {
      import: 'default',
    }),
    sportsbook: import.meta.glob<ResourceKey>(['../../locales/sportsbook/*.json', '!**/en.json'], {
      import: 'default',
    }),
  },
});

/** The one i18next instance of the app, shared by React and non-React code (request). */
export const i18n = app.i18n;
export const initI18n = app.initI18n;
export const i18nReady = app.i18nReady;
export const changeLanguage = app.changeLanguage;

/** Loads one language's strings: English at once, the others from their own chunk. */
export function loadLocale(language: Language): Promise<ResourceKey> {
  return app.loadNamespace(language);
}

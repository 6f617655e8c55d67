import i18next, { type ResourceKey } from 'i18next';
import { createI18n } from '@spm/client';
import type { Language } from '@spm/contract';
import en from '../locales/en.json';
import opsEn from '../locales/ops/en.json';

// The @spm/client i18n factory over the back office's own locale files, on the global i18next
// instance (errorText and the screens use it). Two namespaces: `translation` (the shell's
// strings) and `ops` (the operations screens: queues, sports, settings). English of both is
// bundled, being the default and the fallback; every other language is fetched as its own
// chunk when chosen (issue 11). Globbed, so a missing ops file is simply absent.
// A screen's own strings form a lazy namespace (locales/<namespace>/<language>.json), English
// included, fetched when the screen first asks for it (`useTranslation(namespace)`): bundled,
// they would weigh on every first visit (the back office's budget, page-weight.test.ts).
const app = createI18n({
  storageKey: 'backoffice-language',
  instance: i18next,
  english: { translation: en, ops: opsEn },
  lazyEnglish: {
    // Bonuses (/settings/bonus-offers and a player's Bonuses panel): only those screens need them.
    bonus: () => import('../locales/bonus/en.json').then((module) => module.default),
    // A player's sportsbook bets (their Bets tab).
    sportsbook: () => import('../locales/sportsbook/en.json').then((module) => module.default),
  },
  files: {
    translation: import.meta.glob<ResourceKey>(['../locales/*.json', '!**/en.json'], {
      import: 'default',
    }),
    ops: import.meta.glob<ResourceKey>(['../locales/ops/*.json', '!**/en.json'], {
      import: 'default',
    }),
    bonus: import.meta.glob<ResourceKey>(['../locales/bonus/*.json', '!**/en.json'], {
      import: 'default',
    }),
    sportsbook: import.meta.glob<ResourceKey>(['../locales/sportsbook/*.json', '!**/en.json'], {
      import: 'default',
    }),
  },
});

export const initI18n = app.initI18n;
export const i18nReady = app.i18nReady;

/** Switches the language (once its strings are loaded) and remembers it for the next visit. */
export function rememberLanguage(language: Language): void {
  void app.changeLanguage(language);
}

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
const app = createI18n({
  storageKey: 'backoffice-language',
  instance: i18next,
  english: { translation: en, ops: opsEn },
  files: {
    translation: import.meta.glob<ResourceKey>(['../locales/*.json', '!**/en.json'], {
      import: 'default',
    }),
    ops: import.meta.glob<ResourceKey>(['../locales/ops/*.json', '!**/en.json'], {
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

import i18next from 'i18next';
import type { BackendModule, ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@spm/contract';
import type { Language } from '@spm/contract';
import en from '@/locales/en.json';

/** Where the player's language choice survives a reload (not part of the spec's stores). */
export const LANGUAGE_STORAGE_KEY = 'language';

// English is bundled: it is the default and every other language's fallback, so the first
// paint never waits for it. The seven others are one chunk each, fetched only when chosen
// (issue 11: the landing page shipped all eight, a third of its JavaScript).
const lazyLocales = import.meta.glob<ResourceKey>(['../../locales/*.json', '!**/en.json'], {
  import: 'default',
});

/** Loads one language's strings: English at once, the others from their own chunk. */
export async function loadLocale(language: Language): Promise<ResourceKey> {
  if (language === DEFAULT_LANGUAGE) return en;
  const load = lazyLocales[`../../locales/${language}.json`];
  if (!load) throw new Error(`no locale file for ${language}`);
  return load();
}

/** i18next asks this for a language it does not hold yet (changeLanguage waits for it). */
const localeBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    if (!isLanguage(language)) {
      callback(null, {});
      return;
    }
    loadLocale(language).then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : String(error), false),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function readStoredLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be blocked (private mode, sandboxed frames); English is the spec default.
    return DEFAULT_LANGUAGE;
  }
}

function applyLanguage(language: string): void {
  document.documentElement.lang = language;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not persisting is acceptable; the switch still works for this visit.
  }
}

/** The one i18next instance of the app, shared by React and non-React code (request). */
export const i18n = i18next.createInstance();

let ready: Promise<unknown> = Promise.resolve();

/**
 * Initialises i18n; English is bundled, so with English chosen the first render is already
 * translated. Another stored language is fetched first: await `i18nReady()` before the first
 * render so the page does not flash English. Safe to call more than once.
 */
export function initI18n(): typeof i18n {
  if (i18n.isInitialized) return i18n;
  const language = readStoredLanguage();
  ready = i18n
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      resources: { [DEFAULT_LANGUAGE]: { translation: en } },
      // Bundled English plus the backend for the rest.
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      initAsync: false,
      // React escapes output already; escaping twice would show entities to the player.
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  document.documentElement.lang = language;
  i18n.on('languageChanged', applyLanguage);
  return i18n;
}

/** Settles once the stored language's strings are in (at once for English). */
export function i18nReady(): Promise<unknown> {
  return ready;
}

/** Switches the language once its strings are loaded; the choice is stored (languageChanged). */
export function changeLanguage(language: Language): Promise<unknown> {
  return i18n.changeLanguage(language);
}

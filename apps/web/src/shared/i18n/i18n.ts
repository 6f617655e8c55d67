import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@spm/contract';
import type { Language } from '@spm/contract';
import en from '@/locales/en.json';
import hi from '@/locales/hi.json';
import fr from '@/locales/fr.json';
import es from '@/locales/es.json';
import te from '@/locales/te.json';
import ta from '@/locales/ta.json';
import mr from '@/locales/mr.json';
import kn from '@/locales/kn.json';

/** Where the player's language choice survives a reload (not part of the spec's stores). */
export const LANGUAGE_STORAGE_KEY = 'language';

// The eight files are small; bundling them keeps the first paint in the chosen language
// without a loading flash or a network round trip.
export const locales: Record<Language, typeof en> = { en, hi, fr, es, te, ta, mr, kn };

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

/**
 * Initialises i18n synchronously (resources are bundled) so the first render is already
 * translated. Safe to call more than once.
 */
export function initI18n(): typeof i18n {
  if (i18n.isInitialized) return i18n;
  const language = readStoredLanguage();
  void i18n.use(initReactI18next).init({
    resources: Object.fromEntries(
      Object.entries(locales).map(([code, translation]) => [code, { translation }]),
    ),
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

/** Switches the language; the choice is stored and `<html lang>` follows (languageChanged). */
export function changeLanguage(language: Language): Promise<unknown> {
  return i18n.changeLanguage(language);
}

import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@spm/contract';
import en from './locales/en.json';
import hi from './locales/hi.json';
import fr from './locales/fr.json';
import es from './locales/es.json';
import te from './locales/te.json';
import ta from './locales/ta.json';
import mr from './locales/mr.json';
import kn from './locales/kn.json';

export const backofficeResources = { en, hi, fr, es, te, ta, mr, kn } as const;
const LANGUAGE_STORAGE_KEY = 'backoffice-language';

export function initI18n(): typeof i18next {
  const saved = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
  const language = (LANGUAGES as readonly string[]).includes(saved ?? '')
    ? (saved as Language)
    : DEFAULT_LANGUAGE;
  void i18next.use(initReactI18next).init({
    resources: Object.fromEntries(
      Object.entries(backofficeResources).map(([code, text]) => [code, { translation: text }]),
    ),
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
  });
  return i18next;
}

export function rememberLanguage(language: Language): void {
  globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  void i18next.changeLanguage(language);
}

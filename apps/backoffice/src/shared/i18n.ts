import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@spm/contract';
import en from '../locales/en.json';
import hi from '../locales/hi.json';
import fr from '../locales/fr.json';
import es from '../locales/es.json';
import te from '../locales/te.json';
import ta from '../locales/ta.json';
import mr from '../locales/mr.json';
import kn from '../locales/kn.json';

/** The shell's own strings (namespace `translation`). */
export const backofficeResources: Record<Language, object> = { en, hi, fr, es, te, ta, mr, kn };

// The operations screens (queues, sports, settings) keep their strings in namespace `ops`,
// one file per language under locales/ops/. Globbed, so a missing file is simply absent.
const opsModules = import.meta.glob<object>('../locales/ops/*.json', {
  eager: true,
  import: 'default',
});

/** The `ops` namespace files that exist, by language code. */
export const opsResources: Partial<Record<Language, object>> = Object.fromEntries(
  Object.entries(opsModules).flatMap(([path, text]) => {
    const code = /\/([a-z]{2})\.json$/.exec(path)?.[1];
    return code && (LANGUAGES as readonly string[]).includes(code) ? [[code, text]] : [];
  }),
);

export const LANGUAGE_STORAGE_KEY = 'backoffice-language';

function savedLanguage(): Language {
  const saved = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY) ?? '';
  return (LANGUAGES as readonly string[]).includes(saved) ? (saved as Language) : DEFAULT_LANGUAGE;
}

function buildResources(): Resource {
  return Object.fromEntries(
    LANGUAGES.map((code) => [
      code,
      { translation: backofficeResources[code], ops: opsResources[code] ?? {} },
    ]),
  ) as Resource;
}

/** Starts i18next once (later calls only return it). */
export function initI18n(): typeof i18next {
  if (i18next.isInitialized) return i18next;
  const language = savedLanguage();
  void i18next.use(initReactI18next).init({
    resources: buildResources(),
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    ns: ['translation', 'ops'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  setDocumentLanguage(language);
  return i18next;
}

function setDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Switches the language and remembers it for the next visit. */
export function rememberLanguage(language: Language): void {
  globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  void i18next.changeLanguage(language);
  setDocumentLanguage(language);
}

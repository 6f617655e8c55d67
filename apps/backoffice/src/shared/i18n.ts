import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@spm/contract';
import en from '../locales/en.json';
import opsEn from '../locales/ops/en.json';

// Two namespaces: `translation` (the shell's strings) and `ops` (the operations screens:
// queues, sports, settings). English of both is bundled, being the default and the fallback;
// every other language is fetched as its own chunk when chosen (issue 11: all eight were in
// the entry chunk). Globbed, so a missing ops file is simply absent.
const translationFiles = import.meta.glob<ResourceKey>(['../locales/*.json', '!**/en.json'], {
  import: 'default',
});
const opsFiles = import.meta.glob<ResourceKey>(['../locales/ops/*.json', '!**/en.json'], {
  import: 'default',
});

const NAMESPACES = ['translation', 'ops'] as const;
type Namespace = (typeof NAMESPACES)[number];

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** One namespace of one language: bundled English, else its chunk, else nothing. */
export async function loadNamespace(
  language: Language,
  namespace: Namespace,
): Promise<ResourceKey> {
  if (language === DEFAULT_LANGUAGE) return namespace === 'ops' ? opsEn : en;
  const files = namespace === 'ops' ? opsFiles : translationFiles;
  const dir = namespace === 'ops' ? '../locales/ops' : '../locales';
  const load = files[`${dir}/${language}.json`];
  return load ? load() : {};
}

/** i18next asks this for a language it does not hold yet; changeLanguage waits for it. */
const localeBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    if (!isLanguage(language) || !(NAMESPACES as readonly string[]).includes(namespace)) {
      callback(null, {});
      return;
    }
    loadNamespace(language, namespace as Namespace).then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : String(error), false),
    );
  },
};

export const LANGUAGE_STORAGE_KEY = 'backoffice-language';

function savedLanguage(): Language {
  const saved = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY) ?? '';
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

let ready: Promise<unknown> = Promise.resolve();

/** Starts i18next once (later calls only return it). */
export function initI18n(): typeof i18next {
  if (i18next.isInitialized) return i18next;
  const language = savedLanguage();
  ready = i18next
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      resources: { [DEFAULT_LANGUAGE]: { translation: en, ops: opsEn } },
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      ns: [...NAMESPACES],
      defaultNS: 'translation',
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  setDocumentLanguage(language);
  return i18next;
}

/** Settles once the saved language's strings are in (at once for English). */
export function i18nReady(): Promise<unknown> {
  return ready;
}

function setDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Switches the language (once its strings are loaded) and remembers it for the next visit. */
export function rememberLanguage(language: Language): void {
  globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  void i18next.changeLanguage(language);
  setDocumentLanguage(language);
}

import i18next from 'i18next';
import type { BackendModule, i18n as I18n, ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@spm/contract';
import type { Language } from '@spm/contract';
import { isLanguage, setActiveLanguageSource } from './language.ts';

/** Lazy locale files as `import.meta.glob` gives them: path (ending in `<code>.json`) → loader. */
export type LocaleFiles = Record<string, () => Promise<ResourceKey>>;

export interface I18nSetup {
  /** Where the language choice survives a reload. */
  storageKey: string;
  /**
   * English strings per namespace, bundled: English is the default and every language's
   * fallback, so the first paint never waits for it. The first namespace is the default one.
   */
  english: Record<string, ResourceKey>;
  /**
   * Namespaces of one screen, English included, loaded when a screen first asks for them
   * (`useTranslation(namespace)`) rather than with the app: a lazy route's strings stay out
   * of the first download. English comes from this loader, the others from `files`.
   */
  lazyEnglish?: Record<string, () => Promise<ResourceKey>>;
  /**
   * The other languages per namespace, each its own chunk fetched when chosen (issue 11). A
   * language missing from the default namespace is an error; from another, simply empty.
   */
  files: Record<string, LocaleFiles>;
  /** The i18next instance to set up; a fresh one when not given. */
  instance?: I18n;
}

export interface AppI18n {
  /** The app's one i18next instance, shared by React and non-React code. */
  i18n: I18n;
  /** One namespace of one language: bundled English, else its chunk. */
  loadNamespace: (language: Language, namespace?: string) => Promise<ResourceKey>;
  /**
   * Starts i18n with the stored language (English when none or storage is blocked); with
   * English the first render is already translated, another language is fetched first, so
   * await `i18nReady()` before the first render. Safe to call more than once.
   */
  initI18n: () => I18n;
  /** Settles once the stored language's strings are in (at once for English). */
  i18nReady: () => Promise<unknown>;
  /** Switches the language once its strings are loaded; the choice is stored. */
  changeLanguage: (language: Language) => Promise<unknown>;
}

const LANGUAGE_IN_PATH = /([a-z]{2})\.json$/;

/** The react-i18next set-up both apps share; each app passes its own locale files. */
export function createI18n(setup: I18nSetup): AppI18n {
  const i18n = setup.instance ?? i18next.createInstance();
  const namespaces = Object.keys(setup.english);
  const defaultNamespace = namespaces[0] ?? 'translation';
  const lazyEnglish = setup.lazyEnglish ?? {};
  /** What the backend serves: the bundled namespaces and the lazy ones. */
  const servedNamespaces = [...namespaces, ...Object.keys(lazyEnglish)];
  const byLanguage = new Map(
    Object.entries(setup.files).map(([namespace, files]) => [
      namespace,
      new Map(
        Object.entries(files).map(([path, load]) => [LANGUAGE_IN_PATH.exec(path)?.[1], load]),
      ),
    ]),
  );

  async function loadNamespace(
    language: Language,
    namespace: string = defaultNamespace,
  ): Promise<ResourceKey> {
    if (language === DEFAULT_LANGUAGE) {
      const lazy = lazyEnglish[namespace];
      return setup.english[namespace] ?? (lazy ? lazy() : {});
    }
    const load = byLanguage.get(namespace)?.get(language);
    if (load) return load();
    if (namespace === defaultNamespace) throw new Error(`no locale file for ${language}`);
    return {};
  }

  /** i18next asks this for a language it does not hold yet (changeLanguage waits for it). */
  const localeBackend: BackendModule = {
    type: 'backend',
    init: () => undefined,
    read: (language, namespace, callback) => {
      if (!isLanguage(language) || !servedNamespaces.includes(namespace)) {
        callback(null, {});
        return;
      }
      loadNamespace(language, namespace).then(
        (resources) => callback(null, resources),
        (error: unknown) => callback(error instanceof Error ? error : String(error), false),
      );
    },
  };

  function readStoredLanguage(): Language {
    try {
      const stored = localStorage.getItem(setup.storageKey);
      return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
    } catch {
      // Storage can be blocked (private mode, sandboxed frames); English is the default.
      return DEFAULT_LANGUAGE;
    }
  }

  /** The page's lang attribute (screen readers, hyphenation); no document outside a browser. */
  function setDocumentLanguage(language: string): void {
    if (typeof document !== 'undefined') document.documentElement.lang = language;
  }

  function applyLanguage(language: string): void {
    setDocumentLanguage(language);
    try {
      localStorage.setItem(setup.storageKey, language);
    } catch {
      // Not persisting is acceptable; the switch still works for this visit.
    }
  }

  let ready: Promise<unknown> = Promise.resolve();

  function initI18n(): I18n {
    if (i18n.isInitialized) return i18n;
    const language = readStoredLanguage();
    setActiveLanguageSource(() => i18n.language);
    ready = i18n
      .use(localeBackend)
      .use(initReactI18next)
      .init({
        resources: { [DEFAULT_LANGUAGE]: setup.english },
        // Bundled English plus the backend for the rest.
        partialBundledLanguages: true,
        lng: language,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: [...LANGUAGES],
        // Only the bundled namespaces load at start; a lazy one when a screen asks for it.
        ns: namespaces,
        defaultNS: defaultNamespace,
        initAsync: false,
        // React escapes output already; escaping twice would show entities on screen.
        interpolation: { escapeValue: false },
        returnNull: false,
      });
    setDocumentLanguage(language);
    i18n.on('languageChanged', applyLanguage);
    return i18n;
  }

  return {
    i18n,
    loadNamespace,
    initI18n,
    i18nReady: () => ready,
    changeLanguage: (language) => i18n.changeLanguage(language),
  };
}

/** An error's text: the catalogue's `errors.<code>` when translated, else the given message. */
export function catalogueText(i18n: I18n, code: string | undefined, message: string): string {
  const key = `errors.${code ?? ''}`;
  return code && i18n.exists(key) ? i18n.t(key) : message;
}

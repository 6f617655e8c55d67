import { DEFAULT_LANGUAGE, LANGUAGES } from '@spm/contract';
import type { Language } from '@spm/contract';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

let readActive: () => string | undefined = () => undefined;

/** Set by createI18n: where the formatters read the UI language when given none. */
export function setActiveLanguageSource(read: () => string | undefined): void {
  readActive = read;
}

/** The UI language of the app's i18n instance (English before it starts). */
export function activeLanguage(): string {
  return readActive() || DEFAULT_LANGUAGE;
}

import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants.ts';

/*
 * Server content in eight languages (issue 44 item 2, docs/server-content-languages.md): a
 * text staff write carries its English (required, the fallback) and, optionally, a text per
 * other language. The player's language reaches the server as the `accept-language` header
 * of every API call and as `lang` in the socket handshake's auth.
 */

/** The languages a text may be translated into: every one but English, the fallback. */
export const TRANSLATED_LANGUAGES = LANGUAGES.filter(
  (language): language is Exclude<Language, 'en'> => language !== DEFAULT_LANGUAGE,
);
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

/** Texts per language other than English; a language left out shows the English. */
export type Translations<T = string> = Partial<Record<TranslatedLanguage, T>>;

/** The request header the apps send with the UI language (a plain language code). */
export const LANGUAGE_HEADER = 'accept-language';

/**
 * A staff-written translations object: only the seven other languages, each a non-blank
 * text (an empty string is refused, not stored: leave the language out instead).
 */
export function translationsSchema<T extends z.ZodType>(text: T) {
  return z.strictObject(
    Object.fromEntries(TRANSLATED_LANGUAGES.map((language) => [language, text.optional()])) as {
      [K in TranslatedLanguage]: z.ZodOptional<T>;
    },
  );
}

/** The language of an `accept-language` value: the first supported one, else English. */
export function languageOf(value: string | undefined | null): Language {
  if (!value) return DEFAULT_LANGUAGE;
  for (const part of value.split(',')) {
    const code = part.split(';')[0]!.trim().toLowerCase().split('-')[0];
    if ((LANGUAGES as readonly string[]).includes(code ?? '')) return code as Language;
  }
  return DEFAULT_LANGUAGE;
}

/** The text in `language`: its translation when one is given, else the English. */
export function textIn<T>(
  english: T,
  translations: Translations<T> | null | undefined,
  language: Language,
): T {
  if (language === 'en' || !translations) return english;
  return translations[language] ?? english;
}

/** A notification's title and message in other languages. */
export type NotificationTranslations = Translations<{ title: string; message: string }>;

import { objectWith } from '@spm/core';
import {
  DEFAULT_LANGUAGE,
  TRANSLATED_LANGUAGES,
  textIn,
  type Language,
  type Notification,
  type NotificationTranslations,
  type Translations,
} from '@spm/contract';
import type { NotificationInput } from './notification-service.ts';
import {
  ENGLISH_NOTIFICATION_TEXTS,
  type NotificationTemplateKey,
  type NotificationTexts,
} from './notification-texts/en.ts';
import { FRENCH_NOTIFICATION_TEXTS } from './notification-texts/fr.ts';
import { HINDI_NOTIFICATION_TEXTS } from './notification-texts/hi.ts';
import { KANNADA_NOTIFICATION_TEXTS } from './notification-texts/kn.ts';
import { MARATHI_NOTIFICATION_TEXTS } from './notification-texts/mr.ts';
import { SPANISH_NOTIFICATION_TEXTS } from './notification-texts/es.ts';
import { TAMIL_NOTIFICATION_TEXTS } from './notification-texts/ta.ts';
import { TELUGU_NOTIFICATION_TEXTS } from './notification-texts/te.ts';

export type { NotificationTemplateKey } from './notification-texts/en.ts';

/** The platform's own notifications in every language (docs/server-content-languages.md). */
export const NOTIFICATION_TEXTS: Record<Language, NotificationTexts> = {
  en: ENGLISH_NOTIFICATION_TEXTS,
  hi: HINDI_NOTIFICATION_TEXTS,
  fr: FRENCH_NOTIFICATION_TEXTS,
  es: SPANISH_NOTIFICATION_TEXTS,
  te: TELUGU_NOTIFICATION_TEXTS,
  ta: TAMIL_NOTIFICATION_TEXTS,
  mr: MARATHI_NOTIFICATION_TEXTS,
  kn: KANNADA_NOTIFICATION_TEXTS,
};

/**
 * A placeholder's value: the same text in every language (an amount, a staff reason, an
 * account), or a name that staff may have translated (a market's), English where not.
 */
export type TemplateValue = string | { english: string; translations: Translations };

const PLACEHOLDER = /\{(\w+)\}/g;

/** The placeholders a text uses, in order. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
}

function fill(text: string, values: Record<string, TemplateValue>, language: Language): string {
  return text.replace(PLACEHOLDER, (_whole, name: string) => {
    const value = values[name];
    // A template's placeholders are fixed in code: a missing value is a programming error,
    // never a text with a hole shown to a player.
    if (value === undefined) throw new Error(`notification placeholder {${name}} has no value`);
    return typeof value === 'string' ? value : textIn(value.english, value.translations, language);
  });
}

/**
 * A notification from one of the platform's templates: the English text to store and toast
 * by default, and the seven other languages beside it, so each player reads and is toasted
 * in their own language (the same path as a staff broadcast's translations).
 */
export function templatedNotification(
  key: NotificationTemplateKey,
  values: Record<string, TemplateValue>,
  status: Notification['status'],
): NotificationInput {
  const render = (language: Language) => {
    const text = NOTIFICATION_TEXTS[language][key];
    return {
      title: fill(text.title, values, language),
      message: fill(text.message, values, language),
    };
  };
  const translations: NotificationTranslations = {};
  for (const language of TRANSLATED_LANGUAGES) translations[language] = render(language);
  return objectWith(render(DEFAULT_LANGUAGE), { status, translations });
}

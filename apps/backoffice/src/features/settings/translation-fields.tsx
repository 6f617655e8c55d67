import { useTranslation } from 'react-i18next';
import {
  LANGUAGE_NAMES,
  TRANSLATED_LANGUAGES,
  type TranslatedLanguage,
  type Translations,
} from '@spm/contract';
import { Field } from '../../shared/ui/index.ts';

/*
 * The other seven languages of a text staff write (docs/server-content-languages.md): each
 * optional, English (the form's own field) shows to players of a language left empty.
 */

/** What the fields hold: every language, '' where none is given. */
export type TranslationDrafts = Record<TranslatedLanguage, string>;

export function draftsOf(translations: Translations | undefined): TranslationDrafts {
  return Object.fromEntries(
    TRANSLATED_LANGUAGES.map((language) => [language, translations?.[language] ?? '']),
  ) as TranslationDrafts;
}

/** The drafts as the API takes them: trimmed, the empty ones left out. */
export function translationsOf(drafts: TranslationDrafts): Translations {
  const given: Translations = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const text = drafts[language].trim();
    if (text !== '') given[language] = text;
  }
  return given;
}

/** Whether the drafts say the same as `translations`. */
export function sameTranslations(drafts: TranslationDrafts, translations: Translations): boolean {
  const given = translationsOf(drafts);
  return TRANSLATED_LANGUAGES.every((language) => given[language] === translations[language]);
}

export interface TranslationFieldsProps {
  /** The field's name in the legend, e.g. "Message". */
  label: string;
  drafts: TranslationDrafts;
  onChange: (drafts: TranslationDrafts) => void;
  multiline?: boolean;
  maxLength: number;
}

export function TranslationFields({
  label,
  drafts,
  onChange,
  multiline = false,
  maxLength,
}: TranslationFieldsProps) {
  const { t } = useTranslation('ops');
  return (
    <fieldset className="ops-translations">
      <legend>{t('settings.translations.legend', { field: label })}</legend>
      {TRANSLATED_LANGUAGES.map((language) => {
        const set = (text: string) => onChange({ ...drafts, [language]: text });
        return (
          <Field key={language} label={`${LANGUAGE_NAMES[language]} · ${label}`}>
            {multiline ? (
              <textarea
                rows={2}
                lang={language}
                maxLength={maxLength}
                value={drafts[language]}
                onChange={(change) => set(change.target.value)}
              />
            ) : (
              <input
                lang={language}
                maxLength={maxLength}
                value={drafts[language]}
                onChange={(change) => set(change.target.value)}
              />
            )}
          </Field>
        );
      })}
    </fieldset>
  );
}

import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '@spm/contract';
import { rememberLanguage } from './i18n.ts';

/** The language switch, in each language's own name. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <select
      className="language-select"
      aria-label={t('language')}
      value={i18n.language}
      onChange={(event) => rememberLanguage(event.target.value as Language)}
    >
      {LANGUAGES.map((code) => (
        <option key={code} value={code} lang={code}>
          {LANGUAGE_NAMES[code]}
        </option>
      ))}
    </select>
  );
}

import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES } from '@spm/contract';
import { isLanguage } from '@spm/client';
import { changeLanguage } from '@/shared/i18n/i18n';

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';

  return (
    <label className="select-control">
      <span className="visually-hidden">{t('header.language')}</span>
      <span className="select-control__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor">
          <circle cx="12" cy="12" r="9" strokeWidth="1.8" />
          <path d="M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18" strokeWidth="1.8" />
        </svg>
      </span>
      <select
        data-testid="language-select"
        value={current}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}

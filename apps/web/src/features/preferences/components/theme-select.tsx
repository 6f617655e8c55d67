import { useTranslation } from 'react-i18next';
import { THEMES } from '@spm/contract';
import type { Theme } from '@spm/contract';
import { useAppStore } from '@/shared/stores/app-store';

const THEME_LABEL_KEYS: Record<Theme, string> = {
  light: 'header.themeLight',
  dark: 'header.themeDark',
  auto: 'header.themeAuto',
};

function isTheme(value: string): value is Theme {
  return (THEMES as readonly string[]).includes(value);
}

export function ThemeSelect() {
  const { t } = useTranslation();
  const theme = useAppStore((state) => state.toggleTheme);
  const setTheme = useAppStore((state) => state.setTheme);

  return (
    <label className="select-control">
      <span className="visually-hidden">{t('header.theme')}</span>
      <span className="select-control__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor">
          <circle cx="12" cy="12" r="9" strokeWidth="1.8" />
          <path d="M12 3a9 9 0 0 1 0 18z" fill="currentColor" />
        </svg>
      </span>
      <select
        data-testid="theme-select"
        value={theme}
        onChange={(event) => {
          if (isTheme(event.target.value)) setTheme(event.target.value);
        }}
      >
        {THEMES.map((value) => (
          <option key={value} value={value}>
            {t(THEME_LABEL_KEYS[value])}
          </option>
        ))}
      </select>
    </label>
  );
}

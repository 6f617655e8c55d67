import type { Theme } from '@spm/contract';

export type EffectiveTheme = Exclude<Theme, 'auto'>;

export const THEME_CLASSES: Record<EffectiveTheme, string> = {
  dark: 'theme-dark',
  light: 'theme-light',
};

/**
 * Each theme's --bg (app/styles/global.css): the browser bar and the installed app's title
 * bar (meta theme-color; the web app manifest names the dark one, the default).
 */
export const THEME_COLOURS: Record<EffectiveTheme, string> = {
  dark: '#0a0f1c',
  light: '#f3f5fa',
};

export const PREFERS_DARK_QUERY = '(prefers-color-scheme: dark)';

/** 'auto' follows the operating system; the others are what the player picked. */
export function resolveTheme(theme: Theme, prefersDark: boolean): EffectiveTheme {
  if (theme === 'auto') return prefersDark ? 'dark' : 'light';
  return theme;
}

/** Exactly one theme class on the root, so CSS never sees both sets of variables. */
export function applyThemeClass(root: HTMLElement, theme: EffectiveTheme): void {
  root.classList.remove(...Object.values(THEME_CLASSES));
  root.classList.add(THEME_CLASSES[theme]);
  // Native form controls and scrollbars follow too.
  root.style.colorScheme = theme;
  // index.html names both colours by system scheme; a choice in the app overrides that.
  for (const meta of root.ownerDocument.querySelectorAll('meta[name="theme-color"]')) {
    meta.setAttribute('content', THEME_COLOURS[theme]);
  }
}

import { useEffect, useSyncExternalStore } from 'react';
import { useAppStore } from '@/shared/stores/app-store';
import { PREFERS_DARK_QUERY, applyThemeClass, resolveTheme } from '@/shared/lib/theme';
import type { EffectiveTheme } from '@/shared/lib/theme';

function subscribeToColorScheme(onChange: () => void): () => void {
  const query = window.matchMedia(PREFERS_DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function prefersDark(): boolean {
  return window.matchMedia(PREFERS_DARK_QUERY).matches;
}

/**
 * Keeps the theme class on <html> in step with the stored choice (SPEC 2.4) and, for
 * 'auto', with the system colour scheme as it changes. Returns the theme in effect.
 */
export function useThemeClass(): EffectiveTheme {
  const theme = useAppStore((state) => state.toggleTheme);
  const systemDark = useSyncExternalStore(subscribeToColorScheme, prefersDark);
  const effective = resolveTheme(theme, systemDark);

  useEffect(() => {
    applyThemeClass(document.documentElement, effective);
  }, [effective]);

  return effective;
}

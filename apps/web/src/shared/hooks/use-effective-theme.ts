import { useSyncExternalStore } from 'react';
import { useAppStore } from '@/shared/stores/app-store';
import { PREFERS_DARK_QUERY, resolveTheme } from '@/shared/lib/theme';
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
 * The theme in effect, dark or light: the stored choice (SPEC 2.4) or, for 'auto', the system
 * colour scheme as it changes. Shared so a page drawing someone else's content (Betby's
 * sportsbook) can hand it the same theme as the app's own.
 */
export function useEffectiveTheme(): EffectiveTheme {
  const theme = useAppStore((state) => state.toggleTheme);
  const systemDark = useSyncExternalStore(subscribeToColorScheme, prefersDark);
  return resolveTheme(theme, systemDark);
}

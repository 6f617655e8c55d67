import { useEffect } from 'react';
import { useEffectiveTheme } from '@/shared/hooks/use-effective-theme';
import { applyThemeClass } from '@/shared/lib/theme';
import type { EffectiveTheme } from '@/shared/lib/theme';

/**
 * Keeps the theme class on <html> in step with the stored choice (SPEC 2.4) and, for
 * 'auto', with the system colour scheme as it changes. Returns the theme in effect.
 */
export function useThemeClass(): EffectiveTheme {
  const effective = useEffectiveTheme();

  useEffect(() => {
    applyThemeClass(document.documentElement, effective);
  }, [effective]);

  return effective;
}

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { APP_STORE_NAME, appInitialState, useAppStore } from '@/shared/stores/app-store';
import { resolveTheme } from '@/shared/lib/theme';
import { setMedia } from '@/test/match-media';
import { useThemeClass } from './hooks/use-theme-class';
import { ThemeSelect } from './components/theme-select';

function ThemeHarness() {
  useThemeClass();
  return <ThemeSelect />;
}

const rootClasses = () => [...document.documentElement.classList];

describe('theme (SPEC 1, 2.4)', () => {
  beforeEach(() => useAppStore.setState({ ...appInitialState }));

  it('resolves auto from the system preference', () => {
    expect(resolveTheme('auto', true)).toBe('dark');
    expect(resolveTheme('auto', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('defaults to dark and puts exactly one theme class on <html>', () => {
    setMedia({ prefersDark: false });
    render(<ThemeHarness />);
    expect(screen.getByTestId('theme-select')).toHaveValue('dark');
    expect(rootClasses()).toEqual(['theme-dark']);
  });

  it('switches with the select and persists the choice in the app store', async () => {
    render(<ThemeHarness />);
    await userEvent.selectOptions(screen.getByTestId('theme-select'), 'light');
    expect(rootClasses()).toEqual(['theme-light']);
    expect(useAppStore.getState().toggleTheme).toBe('light');
    const stored = JSON.parse(localStorage.getItem(APP_STORE_NAME) ?? '{}') as {
      state?: { toggleTheme?: string };
    };
    expect(stored.state?.toggleTheme).toBe('light');
  });

  it('follows the system colour scheme in auto, including later changes', async () => {
    setMedia({ prefersDark: false });
    render(<ThemeHarness />);
    await userEvent.selectOptions(screen.getByTestId('theme-select'), 'auto');
    expect(rootClasses()).toEqual(['theme-light']);

    act(() => setMedia({ prefersDark: true }));
    expect(rootClasses()).toEqual(['theme-dark']);

    act(() => setMedia({ prefersDark: false }));
    expect(rootClasses()).toEqual(['theme-light']);
  });

  it('ignores system changes when a fixed theme is chosen', () => {
    useAppStore.setState({ toggleTheme: 'dark' });
    render(<ThemeHarness />);
    act(() => setMedia({ prefersDark: false }));
    expect(rootClasses()).toEqual(['theme-dark']);
  });
});

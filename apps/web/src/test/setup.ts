import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n';
import { installMatchMedia } from './match-media';

// jsdom lacks these browser APIs; the app (theme, carousel breakpoints, embla, scroll
// restoration) needs them to exist, not to do anything.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
class IntersectionObserverStub extends ResizeObserverStub {
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds: readonly number[] = [];
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
}
vi.stubGlobal('ResizeObserver', ResizeObserverStub);
vi.stubGlobal('IntersectionObserver', IntersectionObserverStub);

const i18n = initI18n();

beforeEach(() => {
  installMatchMedia({ prefersDark: true, widthPx: 1280 });
  // jsdom only logs "not implemented"; ScrollToTop calls it on every path change.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

afterEach(async () => {
  cleanup();
  localStorage.clear();
  document.documentElement.className = '';
  await i18n.changeLanguage('en');
  localStorage.clear();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

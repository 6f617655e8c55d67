import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { initI18n } from '@/shared/i18n/i18n';
import { disconnectRealtime } from '@/shared/realtime';
import { resetFakeSockets } from './fake-socket';
import { installMatchMedia } from './match-media';

// Routes are lazy: the first test to open one waits for vitest to transform that page's
// modules, which takes over the default 1 s on a loaded 2-core machine. A longer wait only
// delays a test that is failing anyway.
configure({ asyncUtilTimeout: 5_000 });

// No test opens a real socket: the realtime client gets the fake (see fake-socket.ts).
vi.mock('socket.io-client', () => import('./fake-socket'));

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
  resetFakeSockets();
  installMatchMedia({ prefersDark: true, widthPx: 1280 });
  // jsdom only logs "not implemented"; ScrollToTop calls it on every path change.
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

afterEach(async () => {
  cleanup();
  disconnectRealtime();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = '';
  await i18n.changeLanguage('en');
  localStorage.clear();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

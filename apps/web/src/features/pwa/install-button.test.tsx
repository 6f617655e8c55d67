import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listenForInstallPrompt, usePwaStore } from '@/shared/pwa/pwa-store';
import { registerServiceWorker } from '@/shared/pwa/service-worker';
import { InstallButton } from './install-button';

/** What Chromium fires when the app may be installed: prompt() opens its dialog. */
function installOffer(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  let prompted = 0;
  Object.assign(event, {
    prompt: () => {
      prompted += 1;
      return Promise.resolve();
    },
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
  return { event, prompted: () => prompted };
}

const realMatchMedia = window.matchMedia;
let stopListening: () => void = () => undefined;

beforeEach(() => {
  usePwaStore.setState({ installPrompt: null, installed: false, updateReady: false });
});
afterEach(() => {
  stopListening();
  window.matchMedia = realMatchMedia;
});

describe('InstallButton (issue 44 item 3)', () => {
  it('is hidden until the browser offers installation, then shows its dialog once', async () => {
    stopListening = listenForInstallPrompt(window);
    render(<InstallButton />);
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();

    const offer = installOffer('dismissed');
    act(() => void window.dispatchEvent(offer.event));
    // The browser's own mini-infobar is suppressed: the button asks instead.
    expect(offer.event.defaultPrevented).toBe(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Install app' }));

    expect(offer.prompted()).toBe(1);
    // An offer can be used once: dismissed, the button goes until the browser offers again.
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();
    expect(usePwaStore.getState().installed).toBe(false);
  });

  it('goes away for good once the app is installed', async () => {
    stopListening = listenForInstallPrompt(window);
    render(<InstallButton />);
    act(() => void window.dispatchEvent(installOffer('accepted').event));
    await userEvent.click(await screen.findByRole('button', { name: 'Install app' }));
    expect(usePwaStore.getState().installed).toBe(true);

    act(() => void window.dispatchEvent(installOffer('accepted').event));
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();
  });

  it('stays hidden when the browser reports the app installed (appinstalled)', () => {
    stopListening = listenForInstallPrompt(window);
    render(<InstallButton />);
    act(() => void window.dispatchEvent(installOffer('accepted').event));
    expect(screen.getByRole('button', { name: 'Install app' })).toBeInTheDocument();
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();
  });

  it('stays hidden in the installed app (display-mode standalone) even if offered', () => {
    const standalone = (query: string) =>
      ({ matches: query === '(display-mode: standalone)' }) as MediaQueryList;
    window.matchMedia = standalone as typeof window.matchMedia;
    stopListening = listenForInstallPrompt(window);
    render(<InstallButton />);
    act(() => void window.dispatchEvent(installOffer('accepted').event));
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();
  });
});

describe('registerServiceWorker', () => {
  it('does nothing where there is no service worker support (jsdom)', () => {
    expect('serviceWorker' in navigator).toBe(false);
    expect(() => registerServiceWorker(window)).not.toThrow();
    expect(usePwaStore.getState().updateReady).toBe(false);
  });
});

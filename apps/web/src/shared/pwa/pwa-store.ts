import { create } from 'zustand';

/**
 * Chromium's `beforeinstallprompt` event (not in TypeScript's DOM library): kept so the
 * install button can show the browser's own dialog later, once per event.
 */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

interface PwaState {
  /** The browser's deferred install offer; null when it made none (or it was used). */
  installPrompt: InstallPromptEvent | null;
  /** Opened from the home screen (display-mode standalone) or installed in this visit. */
  installed: boolean;
  /** A new service worker is installed and waits; the player is offered a reload. */
  updateReady: boolean;
}

export const usePwaStore = create<PwaState>(() => ({
  installPrompt: null,
  installed: false,
  updateReady: false,
}));

/** The install button's rule: only when the browser offers it and the app is not installed. */
export function selectCanInstall(state: PwaState): boolean {
  return state.installPrompt !== null && !state.installed;
}

/** True in the installed app: Chromium's display mode, or iOS Safari's home-screen flag. */
export function isStandalone(win: Window): boolean {
  const iosStandalone = (win.navigator as Navigator & { standalone?: boolean }).standalone;
  return (
    iosStandalone === true ||
    (typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches)
  );
}

/**
 * Starts listening for the browser's install offer (call once, before the first render:
 * Chromium may fire it early). Returns the function that stops listening.
 */
export function listenForInstallPrompt(win: Window): () => void {
  usePwaStore.setState({ installed: isStandalone(win) });
  const onOffer = (event: Event) => {
    // Without preventDefault Chromium shows its own mini-infobar; the app's button asks instead.
    event.preventDefault();
    usePwaStore.setState({ installPrompt: event as InstallPromptEvent });
  };
  const onInstalled = () => usePwaStore.setState({ installPrompt: null, installed: true });
  win.addEventListener('beforeinstallprompt', onOffer);
  win.addEventListener('appinstalled', onInstalled);
  return () => {
    win.removeEventListener('beforeinstallprompt', onOffer);
    win.removeEventListener('appinstalled', onInstalled);
  };
}

/**
 * Shows the browser's install dialog. An offer can be shown once: it is dropped whatever the
 * answer, and an accepted one marks the app installed.
 */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const offer = usePwaStore.getState().installPrompt;
  if (!offer) return 'unavailable';
  usePwaStore.setState({ installPrompt: null });
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  if (outcome === 'accepted') usePwaStore.setState({ installed: true });
  return outcome;
}

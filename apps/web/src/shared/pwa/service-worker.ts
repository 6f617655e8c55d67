import { usePwaStore } from './pwa-store';

/** vite-plugin-pwa writes it at the root of the build (apps/web/vite.config.ts). */
const SERVICE_WORKER_URL = '/sw.js';
/** The message Workbox's generated worker answers with skipWaiting (registerType 'prompt'). */
const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;

let waitingWorker: ServiceWorker | null = null;

function offerUpdate(worker: ServiceWorker): void {
  waitingWorker = worker;
  usePwaStore.setState({ updateReady: true });
}

/** A worker that finishes installing while another controls the page is a new version. */
function watchInstalling(
  registration: ServiceWorkerRegistration,
  container: ServiceWorkerContainer,
) {
  const worker = registration.installing;
  if (!worker) return;
  worker.addEventListener('statechange', () => {
    if (worker.state === 'installed' && container.controller) offerUpdate(worker);
  });
}

/**
 * Registers the app's service worker after the page has loaded (it must not compete with the
 * first download), and reports a new version waiting through the store. A no-op where there
 * is no service worker support (jsdom, old browsers, plain http off localhost) and in the
 * Vite development server, which builds none.
 */
export function registerServiceWorker(win: Window): void {
  const container = win.navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!container || import.meta.env.DEV) return;
  const register = async () => {
    const registration = await container.register(SERVICE_WORKER_URL, { scope: '/' });
    if (registration.waiting && container.controller) offerUpdate(registration.waiting);
    registration.addEventListener('updatefound', () => watchInstalling(registration, container));
  };
  const start = () => void register().catch(() => undefined);
  if (win.document.readyState === 'complete') start();
  else win.addEventListener('load', start, { once: true });
}

/**
 * The player's "Reload": the waiting worker takes over, then the page reloads once under it,
 * so page and worker are the same version.
 */
export function applyUpdate(win: Window): void {
  const container = win.navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!container || !waitingWorker) {
    win.location.reload();
    return;
  }
  container.addEventListener('controllerchange', () => win.location.reload(), { once: true });
  waitingWorker.postMessage(SKIP_WAITING);
}

/*
 * The player app's service worker (docs/installable-app.md), built by vite-plugin-pwa
 * (injectManifest: it replaces self.__WB_MANIFEST with the shell's files, vite.config.ts) and
 * type-checked against the WebWorker library (tsconfig.sw.json).
 *
 * - It precaches the app shell only: index.html, the entry and landing chunks, styles, icons,
 *   the manifest. Nothing else is ever put in a cache.
 * - It never answers the API, the realtime socket (socket.io at /public/), metrics or the back
 *   office: those requests are not touched at all, so they always reach the server.
 * - A new version waits until the player presses "Reload" (the page posts SKIP_WAITING).
 *
 * Hand-written rather than Workbox's generated worker: the same rules in about a tenth of the
 * bytes, and the worker's script is part of every first visit (bench/web-weight).
 */

interface PrecacheEntry {
  url: string;
  /** Null for content-hashed files (their name changes with their content). */
  revision: string | null;
}

// A module (see the export at the end), so this `self` is the worker's own type.
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: PrecacheEntry[] };

const PRECACHE = self.__WB_MANIFEST;
const CACHE_PREFIX = 'spm-shell-';
const SHELL_URL = '/index.html';
/** Paths the worker leaves alone: server paths (url-prefixes.ts) and the back office. */
const NOT_OURS = [/^\/api(\/|$)/, /^\/public(\/|$)/, /^\/metrics(\/|$)/, /^\/backoffice(\/|$)/];

/** FNV-1a of the precache list: a new deploy (any file changed) is a new cache. */
function versionOf(entries: readonly PrecacheEntry[]): string {
  let hash = 0x811c9dc5;
  for (const char of entries.map((entry) => `${entry.url} ${entry.revision ?? ''}`).join('\n')) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

const CACHE_NAME = CACHE_PREFIX + versionOf(PRECACHE);

/**
 * Hashed files may come from the HTTP cache (the page has just downloaded them, so the first
 * visit pays nothing twice); the others are fetched fresh.
 */
async function precache(): Promise<void> {
  const cache = await caches.open(CACHE_NAME);
  await Promise.all(
    PRECACHE.map(async (entry) => {
      const url = `/${entry.url}`;
      const response = await fetch(url, {
        cache: entry.revision === null ? 'default' : 'reload',
        credentials: 'same-origin',
      });
      if (!response.ok) throw new Error(`precache ${url}: ${response.status}`);
      await cache.put(url, response);
    }),
  );
}

async function dropOldCaches(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
      .map((name) => caches.delete(name)),
  );
}

/** The shell for a page navigation, a precached file by its path; the network otherwise. */
async function respond(request: Request, path: string): Promise<Response> {
  const cache = await caches.open(CACHE_NAME);
  const cached = await cache.match(request.mode === 'navigate' ? SHELL_URL : path);
  return cached ?? fetch(request);
}

self.addEventListener('install', (event) => event.waitUntil(precache()));
self.addEventListener('activate', (event) => event.waitUntil(dropOldCaches()));
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NOT_OURS.some((path) => path.test(url.pathname))) {
    return;
  }
  // Only what was precached (or a navigation) is answered here; the rest is not touched.
  const precached = PRECACHE.some((entry) => `/${entry.url}` === url.pathname);
  if (request.mode !== 'navigate' && !precached) return;
  event.respondWith(respond(request, url.pathname));
});

export {};

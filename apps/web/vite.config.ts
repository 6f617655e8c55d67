import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vite';
import type { Manifest } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { forceProductionBuild } from '../../scripts/vite-production-build.mjs';

// The server (apps/server) listens here in development; the dev server forwards API,
// metrics and the realtime socket so the browser talks to one origin, as in production
// where the server itself serves this app's dist at `/`.
const serverOrigin = 'http://127.0.0.1:8080';
const distDir = join(import.meta.dirname, 'dist');
/** The source modules whose chunks (and every chunk they import) make the app shell. */
const SHELL_MODULES = ['index.html', 'src/features/landing/landing-page.tsx'];

/** Every output file the shell modules load, following static imports (Vite's manifest). */
function shellFiles(): Set<string> {
  const manifest = JSON.parse(
    readFileSync(join(distDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const files = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of SHELL_MODULES) visit(key);
  return files;
}

/**
 * The installable app (docs/installable-app.md): the manifest and the service worker of
 * src/sw.ts, given the shell's files to precache (index.html, the entry and landing chunks,
 * styles, icons); it never answers `/api`, the realtime socket or the back office.
 */
function installableApp() {
  return VitePWA({
    registerType: 'prompt',
    // shared/pwa/service-worker.ts registers it (a no-op without navigator.serviceWorker).
    injectRegister: false,
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: 'SPM Sports',
      short_name: 'SPM',
      description: 'Sports exchange, casino and crash games',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      // The dark theme's --bg: the default theme (global.css); index.html names both.
      theme_color: '#0a0f1c',
      background_color: '#0a0f1c',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    // Our own worker (src/sw.ts), given the precache list.
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectManifest: {
      // Not the PNG icons: ~100 KB a phone would download for nothing (the browser fetches
      // the one it shows itself).
      // (vite-plugin-pwa adds manifest.webmanifest itself.)
      globPatterns: ['**/*.{js,css,html,svg}'],
      // Lazy route and language chunks stay out: precaching every chunk would make a first
      // visit download the whole app (bench/web-weight counts it).
      manifestTransforms: [
        (entries) => {
          const shell = shellFiles();
          const kept = entries.filter(
            (entry) => !entry.url.startsWith('assets/') || shell.has(entry.url),
          );
          return { manifest: kept, warnings: [] };
        },
      ],
    },
  });
}

export default defineConfig(({ command }) => {
  forceProductionBuild(command);
  return {
    plugins: [react(), installableApp()],
    resolve: {
      // `@/` imports follow tsconfig.json `paths`, one alias definition for tsc and Vite.
      tsconfigPaths: true,
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // dist/.vite/manifest.json: which chunks each entry and route pulls in (the page-weight
      // budget test in apps/server reads it, and so does the service worker's precache list).
      manifest: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [{ name: 'shell', tags: ['$initial'] }],
          },
        },
      },
    },
    server: {
      proxy: {
        '/api': serverOrigin,
        '/metrics': serverOrigin,
        // socket.io path (SPEC 7.8); ws so the websocket transport upgrades through the proxy.
        '/public/': { target: serverOrigin, ws: true },
      },
    },
  };
});

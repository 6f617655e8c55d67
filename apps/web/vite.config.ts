import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { forceProductionBuild } from '../../scripts/vite-production-build.mjs';

// The server (apps/server) listens here in development; the dev server forwards API,
// metrics and the realtime socket so the browser talks to one origin, as in production
// where the server itself serves this app's dist at `/`.
const serverOrigin = 'http://127.0.0.1:8080';

export default defineConfig(({ command }) => {
  forceProductionBuild(command);
  return {
    plugins: [react()],
    resolve: {
      // `@/` imports follow tsconfig.json `paths`, one alias definition for tsc and Vite.
      tsconfigPaths: true,
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // dist/.vite/manifest.json: which chunks each entry and route pulls in (the page-weight
      // budget test in apps/server reads it).
      manifest: true,
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

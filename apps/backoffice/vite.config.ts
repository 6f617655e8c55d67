import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { forceProductionBuild } from '../../scripts/vite-production-build.mjs';

// Served by the platform server under /backoffice/ (DESIGN 2).
export default defineConfig(({ command }) => {
  forceProductionBuild(command);
  return {
    base: '/backoffice/',
    plugins: [react()],
    // manifest: dist/.vite/manifest.json, read by the page-weight budget test in apps/server.
    build: { outDir: 'dist', emptyOutDir: true, manifest: true },
    server: {
      port: 5174,
      proxy: {
        '/api': 'http://127.0.0.1:8080',
        '/public': { target: 'http://127.0.0.1:8080', ws: true },
      },
    },
  };
});

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Served by the platform server under /backoffice/ (DESIGN 2).
export default defineConfig({
  base: '/backoffice/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    port: 5174,
    proxy: {
      '/api': 'http://localhost:8080',
      '/public': { target: 'http://localhost:8080', ws: true },
    },
  },
});

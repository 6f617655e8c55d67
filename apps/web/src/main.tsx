import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { i18nReady } from '@/shared/i18n/i18n';
import { listenForInstallPrompt } from '@/shared/pwa/pwa-store';
import { registerServiceWorker } from '@/shared/pwa/service-worker';
import '@/app/styles/global.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html must contain #root');
const root = rootElement;

// The installable app (docs/installable-app.md): the browser's install offer can come before
// React renders; the worker registers once the page has loaded.
listenForInstallPrompt(window);
registerServiceWorker(window);

// A player who chose another language than English waits for its chunk (one small request)
// rather than seeing the page in English first; a failed load still renders, in English.
void i18nReady()
  .catch(() => undefined)
  .then(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { i18nReady } from '@/shared/i18n/i18n';
import '@/app/styles/global.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html must contain #root');
const root = rootElement;

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

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { i18nReady, initI18n } from './shared/i18n.ts';
import './styles.css';

initI18n();
const rootElement = document.getElementById('root');
if (rootElement) {
  // Another saved language than English is fetched first (one small chunk) so the page
  // does not flash English; a failed load still renders, in English.
  void i18nReady()
    .catch(() => undefined)
    .then(() => {
      createRoot(rootElement).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
}

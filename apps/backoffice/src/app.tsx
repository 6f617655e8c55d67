import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '@spm/contract';
import { rememberLanguage } from './i18n.ts';
import { loadSystemStatus, type SystemStatus } from './system-status.ts';

const REFRESH_INTERVAL_MS = 15_000;

export function App() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<SystemStatus | null>(null);

  useEffect(() => {
    let cancelled = false;
    const refresh = () =>
      void loadSystemStatus().then((next) => {
        if (!cancelled) setStatus(next);
      });
    refresh();
    const timer = setInterval(refresh, REFRESH_INTERVAL_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, []);

  const yesNo = (value: boolean) => (value ? t('status.ok') : t('status.down'));

  return (
    <div className="shell">
      <header className="topbar">
        <h1>{t('title')}</h1>
        <select
          aria-label={t('language')}
          value={i18n.language}
          onChange={(event) => rememberLanguage(event.target.value as Language)}
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </select>
      </header>
      <main>
        <section className="panel" aria-labelledby="system-heading">
          <h2 id="system-heading">{t('status.heading')}</h2>
          {status === null ? (
            <p>{t('status.loading')}</p>
          ) : (
            <dl>
              <dt>{t('status.api')}</dt>
              <dd data-testid="status-api">{yesNo(status.apiUp)}</dd>
              <dt>{t('status.database')}</dt>
              <dd data-testid="status-db">{yesNo(status.databaseReady)}</dd>
              <dt>{t('status.organisation')}</dt>
              <dd data-testid="status-organisation">
                {status.appDetails
                  ? t(`organisation.${status.appDetails.organisationStatus}`)
                  : t('status.unknown')}
              </dd>
            </dl>
          )}
        </section>
      </main>
    </div>
  );
}

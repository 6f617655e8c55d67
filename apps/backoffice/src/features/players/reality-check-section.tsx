import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RealityCheckSettingsBody } from '@spm/contract';
import { formatDateTime } from '@spm/client';
import { errorText } from '../../shared/ui/index.ts';
import { fetchRealityCheck, playerKeys } from './api.ts';

/**
 * The player's reality-check interval and session time limit with their changes (issue 42
 * items 2 and 5): read only. Staff cannot change or lift them; the player sets them in /profile.
 */
export function RealityCheckSection({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: playerKeys.tab(playerId, 'reality-check', {}),
    queryFn: () => fetchRealityCheck(playerId),
  });
  const minutes = (value: number | null) =>
    value === null
      ? t('saferPlaySessions.off')
      : t('saferPlaySessions.minutes', { minutes: value });
  const describe = (settings: RealityCheckSettingsBody | null) =>
    settings === null
      ? t('saferPlaySessions.neverSet')
      : t('saferPlaySessions.summary', {
          interval: minutes(settings.realityCheckMinutes),
          limit: minutes(settings.sessionLimitMinutes),
        });

  if (query.isError) {
    return (
      <p className="field-error" role="alert">
        {errorText(query.error)}
      </p>
    );
  }
  if (!query.data) return <p className="muted">{t('ui.loading')}</p>;
  const data = query.data;
  return (
    <section className="panel" data-testid="player-reality-check" aria-labelledby="rc-title">
      <h2 id="rc-title">{t('saferPlaySessions.title')}</h2>
      <p className="muted">{t('saferPlaySessions.readOnly')}</p>
      <dl className="figures">
        <div className="figure-row">
          <dt>{t('saferPlaySessions.interval')}</dt>
          <dd data-testid="player-reality-check-interval">{minutes(data.realityCheckMinutes)}</dd>
        </div>
        <div className="figure-row">
          <dt>{t('saferPlaySessions.limit')}</dt>
          <dd data-testid="player-session-limit">{minutes(data.sessionLimitMinutes)}</dd>
        </div>
        <div className="figure-row">
          <dt>{t('saferPlaySessions.updated')}</dt>
          <dd>{data.updatedAt ? formatDateTime(data.updatedAt) : '—'}</dd>
        </div>
      </dl>
      <h3>{t('saferPlaySessions.changes')}</h3>
      {data.changes.length === 0 ? (
        <p className="muted">{t('saferPlaySessions.noChanges')}</p>
      ) : (
        <ul data-testid="player-reality-check-changes">
          {data.changes.map((change, index) => (
            <li key={`${change.at}-${index}`}>
              {formatDateTime(change.at)}: {describe(change.before)} → {describe(change.after)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

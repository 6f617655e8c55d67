import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SPORT_IDS } from '@spm/contract';
import type { SportName } from '@spm/contract';
import type { PageProps } from '@/shared/lib/route-paths';
import { useMatches } from './api/exchange-api';
import { EventList } from './components/event-list';
import { SPORT_NAMES } from './lib/sports';
import './exchange.css';

/** /home for players: in-play events of every sport first, then upcoming, with sport tabs. */
export function HomePage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const [sport, setSport] = useState<SportName | null>(null);
  const matches = useMatches(sport ? SPORT_IDS[sport] : null);
  const tabs: (SportName | null)[] = [null, ...SPORT_NAMES];
  return (
    <section className="page exchange-page">
      <h1 className="page__title" data-testid="page-title">
        {t(titleKey)}
      </h1>
      <div className="sport-tabs" role="tablist" aria-label={t('exchange.sportsNav')}>
        {tabs.map((tab) => (
          <button
            key={tab ?? 'all'}
            type="button"
            role="tab"
            aria-selected={sport === tab}
            className={`sport-tab${sport === tab ? ' sport-tab--active' : ''}`}
            onClick={() => setSport(tab)}
            data-testid={`sport-tab-${tab ?? 'all'}`}
          >
            {tab ? t(`exchange.sports.${tab}`) : t('exchange.allSports')}
          </button>
        ))}
      </div>
      <EventList events={matches.data?.items} isError={matches.isError} />
    </section>
  );
}

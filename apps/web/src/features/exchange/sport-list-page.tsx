import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { SPORT_IDS } from '@spm/contract';
import type { PageProps } from '@/shared/lib/route-paths';
import { basePath } from '@/shared/lib/route-paths';
import { useMatches } from './api/exchange-api';
import { EventList } from './components/event-list';
import { SportLinkTabs } from './components/sport-tabs';
import { isSportName } from './lib/sports';
import './exchange.css';

function SportEvents({ sportId }: { sportId: (typeof SPORT_IDS)[keyof typeof SPORT_IDS] }) {
  const matches = useMatches(sportId);
  return <EventList events={matches.data?.items} isError={matches.isError} />;
}

/**
 * /spmsports/:category (visitors) and /sports/:provider (players): one sport's events,
 * in-play first, each row linking to its match page.
 */
export function SportListPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const params = useParams();
  const { pathname } = useLocation();
  const sport = params.category ?? params.provider;
  return (
    <section className="page exchange-page">
      <h1 className="page__title" data-testid="page-title">
        {t(titleKey)}
      </h1>
      <SportLinkTabs basePath={basePath(pathname)} />
      {isSportName(sport) ? (
        <SportEvents sportId={SPORT_IDS[sport]} />
      ) : (
        <p className="page__muted" role="alert" data-testid="sport-not-found">
          {t('exchange.unknownSport')}
        </p>
      )}
    </section>
  );
}

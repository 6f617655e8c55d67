import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Runner, SportsEvent } from '@spm/contract';
import { formatDateTime } from '@spm/client';
import { PageLoader } from '@/shared/ui/page-loader';
import { sortEvents } from '../lib/sports';
import { OddsText } from './odds-text';

function bestPrice(levels: Runner['availableToBack'], side: 'back' | 'lay'): number | null {
  if (levels.length === 0) return null;
  const prices = levels.map((level) => level.price);
  return side === 'back' ? Math.max(...prices) : Math.min(...prices);
}

export function EventRow({ event }: { event: SportsEvent }) {
  const { t, i18n } = useTranslation();
  const matchOdds = event.markets.find((market) => market.type === 'match_odds');
  return (
    <li>
      <Link
        to={`/exchange/${event.id}`}
        className="event-row"
        data-testid="event-row"
        data-event-id={event.id}
        data-status={event.status}
      >
        <span className="event-row__info">
          <span className="event-row__competition">{event.competitionName}</span>
          <span className="event-row__teams">
            {event.homeTeam} {t('exchange.versus')} {event.awayTeam}
          </span>
          {event.status === 'in_play' ? (
            <span className="status-pill status-pill--live" data-testid="in-play-badge">
              {t('exchange.inPlay')}
            </span>
          ) : (
            <time className="event-row__time" dateTime={event.startTime}>
              {formatDateTime(event.startTime, i18n.language)}
            </time>
          )}
        </span>
        <span className="event-row__odds">
          {matchOdds?.runners.map((runner) => (
            <span key={runner.id} className="event-row__runner" data-runner-id={runner.id}>
              <span className="event-row__runner-name">{runner.name}</span>
              <span className="odds-cell odds-cell--back" data-testid="row-back">
                <OddsText price={bestPrice(runner.availableToBack, 'back')} />
              </span>
              <span className="odds-cell odds-cell--lay" data-testid="row-lay">
                <OddsText price={bestPrice(runner.availableToLay, 'lay')} />
              </span>
            </span>
          ))}
        </span>
      </Link>
    </li>
  );
}

/** Events as rows, in-play first; loading, error and empty states included. */
export function EventList({
  events,
  isError,
}: {
  events: readonly SportsEvent[] | undefined;
  isError: boolean;
}) {
  const { t } = useTranslation();
  if (!events) {
    return isError ? (
      <p className="page__muted" role="alert" data-testid="events-error">
        {t('exchange.loadError')}
      </p>
    ) : (
      <PageLoader />
    );
  }
  if (events.length === 0) {
    return (
      <p className="page__muted" data-testid="events-empty">
        {t('exchange.noEvents')}
      </p>
    );
  }
  return (
    <ul className="event-list">
      {sortEvents(events).map((event) => (
        <EventRow key={event.id} event={event} />
      ))}
    </ul>
  );
}

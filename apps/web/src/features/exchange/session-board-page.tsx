import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SessionBoardEvent } from '@spm/contract';
import { formatDateTime } from '@spm/client';
import type { PageProps } from '@/shared/lib/route-paths';
import { PageLoader } from '@/shared/ui/page-loader';
import { useSessionBoard } from './api/exchange-api';
import { ExchangeSlip } from './components/exchange-slip';
import { FancyMarkets } from './components/fancy-markets';
import { useBetSlip } from './hooks/use-bet-slip';
import { useSessionBoardUpdates } from './hooks/use-session-board-updates';
import type { Selection } from './lib/bet-maths';
import './exchange.css';

/** One match on the board: its name (a link to its page), start or in-play, its sessions. */
function BoardEvent({
  event,
  onPick,
}: {
  event: SessionBoardEvent;
  onPick: (selection: Selection, eventId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  // Markets follow their event into play before the board is read again.
  const inPlay = event.status === 'in_play' || event.markets.some((market) => market.inPlay);
  return (
    <article className="session-event" data-testid="session-event" data-event-id={event.id}>
      <header className="session-event__header">
        <div className="session-event__title">
          <span className="event-row__competition">{event.competitionName}</span>
          <Link
            to={`/exchange/${event.id}`}
            className="session-event__match"
            data-testid="session-event-link"
          >
            {event.homeTeam} {t('exchange.versus')} {event.awayTeam}
          </Link>
        </div>
        {inPlay ? (
          <span className="status-pill status-pill--live" data-testid="in-play-badge">
            {t('exchange.inPlay')}
          </span>
        ) : (
          <time className="event-row__time" dateTime={event.startTime} data-testid="start-time">
            {formatDateTime(event.startTime, i18n.language)}
          </time>
        )}
      </header>
      <FancyMarkets markets={event.markets} onPick={(selection) => onPick(selection, event.id)} />
    </article>
  );
}

function BoardEvents({
  events,
  isError,
  onPick,
}: {
  events: readonly SessionBoardEvent[] | undefined;
  isError: boolean;
  onPick: (selection: Selection, eventId: string) => void;
}) {
  const { t } = useTranslation();
  if (!events) {
    return isError ? (
      <p className="page__muted" role="alert" data-testid="session-board-error">
        {t('exchange.loadError')}
      </p>
    ) : (
      <PageLoader />
    );
  }
  if (events.length === 0) {
    return (
      <p className="page__muted" data-testid="session-board-empty">
        {t('sessionBoard.empty')}
      </p>
    );
  }
  return events.map((event) => <BoardEvent key={event.id} event={event} onPick={onPick} />);
}

/**
 * /session: every open session (fancy) market of the in-play and upcoming matches, by match,
 * live over one subscription, bet through the match page's own slip and stakes.
 */
export function SessionBoardPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const board = useSessionBoard();
  useSessionBoardUpdates();
  const { slip, pick, change, close } = useBetSlip();
  return (
    <section className="page exchange-page">
      <h1 className="page__title" data-testid="page-title">
        {t(titleKey)}
      </h1>
      <p className="page__muted session-board__intro">{t('sessionBoard.intro')}</p>
      <div className={`match-layout${slip ? ' match-layout--with-slip' : ''}`}>
        <div className="match-layout__markets" data-testid="session-board">
          <BoardEvents events={board.data?.events} isError={board.isError} onPick={pick} />
        </div>
        {slip && <ExchangeSlip slip={slip} onChange={change} onClose={close} />}
      </div>
    </section>
  );
}

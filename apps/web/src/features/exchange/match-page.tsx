import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Market, SportsEvent } from '@spm/contract';
import { percentToBasisPoints, settlementCommissionBasisPoints } from '@spm/core';
import type { PageProps } from '@/shared/lib/route-paths';
import { formatDateTime } from '@spm/client';
import { useAuthStore } from '@/shared/stores/auth-store';
import { PageLoader } from '@/shared/ui/page-loader';
import { useEvent, useEventPnl, useMatchSettings } from './api/exchange-api';
import type { EventPnl, MatchSettings } from './api/exchange-api';
import type { SlipDraft } from './components/bet-slip';
import { ExchangeSlip } from './components/exchange-slip';
import { BookmakerMarket } from './components/bookmaker-market';
import { FancyMarkets } from './components/fancy-markets';
import { MatchOddsMarket } from './components/match-odds-market';
import type { MarketPnlView } from './components/match-odds-market';
import { OpenBets } from './components/open-bets';
import { useBetSlip } from './hooks/use-bet-slip';
import { useMarketUpdates } from './hooks/use-market-updates';
import { priceTextToHundredths, stakeToPaise, whatIfPnl } from './lib/bet-maths';
import type { Selection } from './lib/bet-maths';
import { sportNameOf } from './lib/sports';
import './exchange.css';

function MatchHeader({ event }: { event: SportsEvent }) {
  const { t, i18n } = useTranslation();
  const isAuth = useAuthStore((state) => state.isAuth);
  const sport = sportNameOf(event.sportId) ?? 'cricket';
  return (
    <header className="match-header" data-testid="match-header">
      <Link
        className="link-button"
        to={`${isAuth ? '/sports' : '/spmsports'}/${sport}`}
        data-testid="match-back"
      >
        ← {t(`exchange.sports.${sport}`)}
      </Link>
      <p className="event-row__competition">{event.competitionName}</p>
      <h1 className="page__title" data-testid="page-title">
        {event.homeTeam} {t('exchange.versus')} {event.awayTeam}
      </h1>
      <p className="match-header__meta">
        <span
          className={`status-pill${event.status === 'in_play' ? ' status-pill--live' : ''}`}
          data-testid="event-status"
        >
          {t(`exchange.eventStatus.${event.status}`)}
        </span>{' '}
        <time dateTime={event.startTime}>{formatDateTime(event.startTime, i18n.language)}</time>
      </p>
      {event.liveTvUrl && (
        <div className="match-header__tv">
          <iframe
            src={event.liveTvUrl}
            title={t('exchange.liveTv')}
            className="live-tv"
            data-testid="live-tv"
            allow="autoplay; fullscreen"
            sandbox="allow-scripts allow-same-origin allow-presentation"
          />
          <a href={event.liveTvUrl} target="_blank" rel="noreferrer noopener">
            {t('exchange.liveTv')}
          </a>
        </div>
      )}
    </header>
  );
}

function pnlView(
  market: Market,
  pnl: EventPnl | undefined,
  draft: SlipDraft | null,
  isAuth: boolean,
  settings: MatchSettings | undefined,
): MarketPnlView {
  const commissionPercent =
    settings?.find((item) => item.marketId === market.id)?.commissionPercent ?? 0;
  const commissionBasisPoints = settlementCommissionBasisPoints(
    market.type,
    percentToBasisPoints(commissionPercent),
  );
  if (!isAuth) return { current: null, whatIf: null, commissionBasisPoints };
  const current = new Map<string, number>();
  for (const runner of pnl?.find((item) => item.marketId === market.id)?.runners ?? []) {
    current.set(runner.runnerId, runner.profitLoss);
  }
  let whatIf = null;
  const stakePaise = draft ? stakeToPaise(draft.stakeText) : null;
  if (draft && draft.selection.marketId === market.id && stakePaise !== null) {
    whatIf = whatIfPnl(
      draft.selection,
      market.runners.map((runner) => runner.id),
      stakePaise,
      priceTextToHundredths(draft.priceText),
    );
  }
  return { current, whatIf, commissionBasisPoints };
}

function MatchContent({ event }: { event: SportsEvent }) {
  const isAuth = useAuthStore((state) => state.isAuth);
  const { slip, pick, change, close } = useBetSlip();
  const draft = slip?.draft ?? null;
  const settings = useMatchSettings(event.id);
  const pnl = useEventPnl(event.id, isAuth);
  const marketIds = useMemo(() => event.markets.map((market) => market.id), [event.markets]);
  useMarketUpdates(marketIds);

  const onPick = (selection: Selection) => pick(selection, event.id);

  const matchOdds = event.markets.filter((market) => market.type === 'match_odds');
  const bookmaker = event.markets.filter((market) => market.type === 'bookmaker');
  const fancy = event.markets.filter((market) => market.type === 'fancy');

  return (
    <div className={`match-layout${draft ? ' match-layout--with-slip' : ''}`}>
      <div className="match-layout__markets">
        {matchOdds.map((market) => (
          <MatchOddsMarket
            key={market.id}
            market={market}
            pnl={pnlView(market, pnl.data, draft, isAuth, settings.data)}
            onPick={onPick}
          />
        ))}
        {bookmaker.map((market) => (
          <BookmakerMarket
            key={market.id}
            market={market}
            pnl={pnlView(market, pnl.data, draft, isAuth, settings.data)}
            onPick={onPick}
          />
        ))}
        <FancyMarkets markets={fancy} onPick={onPick} />
        {isAuth && <OpenBets eventId={event.id} />}
      </div>
      {slip && <ExchangeSlip slip={slip} onChange={change} onClose={close} />}
    </div>
  );
}

/** /exchange/:gameId: one event's markets; prices for all, betting for signed-in players. */
export function MatchPage(_props: PageProps) {
  const { t } = useTranslation();
  const { gameId = '' } = useParams();
  const valid = /^\d+$/.test(gameId);
  const event = useEvent(valid ? gameId : '');
  if (!valid || (!event.data && event.isError)) {
    return (
      <section className="page exchange-page">
        <p className="page__muted" role="alert" data-testid="event-not-found">
          {t('exchange.eventNotFound')}
        </p>
      </section>
    );
  }
  if (!event.data) return <PageLoader />;
  return (
    <section className="page exchange-page">
      <MatchHeader event={event.data} />
      <MatchContent event={event.data} />
    </section>
  );
}

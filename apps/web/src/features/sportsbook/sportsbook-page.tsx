import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SPORTSBOOK_BET_FILTERS } from '@spm/contract';
import type { PageProps } from '@/shared/lib/route-paths';
import { useAppStore } from '@/shared/stores/app-store';
import { useAuthStore } from '@/shared/stores/auth-store';
import { EmptyNote } from '@/shared/ui/empty-note';
import { PageLoader } from '@/shared/ui/page-loader';
import { SectionCard } from '@/shared/ui/section-card';
import { useSportsbookBets } from './api/sportsbook-api';
import type { SportsbookBetFilter } from './api/sportsbook-api';
import { BetCard } from './components/bet-card';
import { RetryError } from './components/sportsbook-parts';
import { BETBY_PATH } from './lib/sportsbook-paths';
import '@/shared/ui/sport-tabs.css';
import './sportsbook.css';

/** One list (open or settled), newest first, with "More" while the server has more. */
function BetList({ filter }: { filter: SportsbookBetFilter }) {
  const { t } = useTranslation('sportsbook');
  const bets = useSportsbookBets(filter, true);
  if (!bets.data) {
    return bets.isError ? (
      <RetryError
        text={t('bets.loadError')}
        onRetry={() => void bets.refetch()}
        testId="sportsbook-bets-error"
      />
    ) : (
      <PageLoader />
    );
  }
  const items = bets.data.pages.flatMap((page) => page.bets);
  if (items.length === 0) {
    return (
      <div className="sportsbook-empty">
        <EmptyNote text={t(`bets.empty.${filter}`)} testId="sportsbook-bets-empty" />
        <Link className="sportsbook-link" to={BETBY_PATH} data-testid="sportsbook-empty-link">
          {t('bets.emptyLink')}
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul
        className="sportsbook-bets"
        aria-busy={bets.isFetchingNextPage}
        data-testid="sportsbook-bets"
      >
        {items.map((bet) => (
          <BetCard key={bet.id} bet={bet} />
        ))}
      </ul>
      {bets.isFetchNextPageError && (
        <p className="page__muted" role="alert" data-testid="sportsbook-bets-more-error">
          {t('bets.loadError')}
        </p>
      )}
      {bets.hasNextPage && (
        <button
          type="button"
          className="button button--outline sportsbook-more"
          onClick={() => void bets.fetchNextPage()}
          disabled={bets.isFetchingNextPage}
          data-testid="sportsbook-bets-more"
        >
          {t('bets.more')}
        </button>
      )}
    </>
  );
}

/** The signed-in player's bets: Open and Settled. */
function PlayerBets() {
  const { t } = useTranslation('sportsbook');
  const [filter, setFilter] = useState<SportsbookBetFilter>('open');
  return (
    <SectionCard prefix="sportsbook" id="bets" title={t('bets.title')}>
      <div className="sport-tabs sportsbook-tabs" role="tablist" aria-label={t('tabs.label')}>
        {SPORTSBOOK_BET_FILTERS.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={filter === tab}
            className={`sport-tab${filter === tab ? ' sport-tab--active' : ''}`}
            onClick={() => setFilter(tab)}
            data-testid={`sportsbook-tab-${tab}`}
          >
            {t(`tabs.${tab}`)}
          </button>
        ))}
      </div>
      {/* A list of its own per tab: switching starts at its first page. */}
      <BetList key={filter} filter={filter} />
    </SectionCard>
  );
}

const OFFERS = ['sports', 'slips', 'lines', 'history'] as const;

/** A visitor: what the sportsbook offers, and the way in. */
function VisitorIntro() {
  const { t } = useTranslation('sportsbook');
  const openAuthModal = useAppStore((state) => state.openAuthModal);
  return (
    <SectionCard prefix="sportsbook" id="offer" title={t('visitor.title')}>
      <ul className="sportsbook-offers">
        {OFFERS.map((offer) => (
          <li key={offer} data-testid={`sportsbook-offer-${offer}`}>
            {t(`visitor.${offer}`)}
          </li>
        ))}
      </ul>
      <div className="sportsbook-actions">
        <button
          type="button"
          className="button button--outline"
          onClick={() => openAuthModal('login')}
          data-testid="sportsbook-sign-in"
        >
          {t('visitor.signIn')}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => openAuthModal('register')}
          data-testid="sportsbook-register"
        >
          {t('visitor.register')}
        </button>
        <Link className="sportsbook-link" to={BETBY_PATH} data-testid="sportsbook-browse">
          {t('visitor.browseLink')}
        </Link>
      </div>
    </SectionCard>
  );
}

/**
 * The common /sportsbook2: for a player, their sportsbook bets (open and settled); for a
 * visitor, what the sportsbook offers. Both are a tap away from the book itself (/betby).
 */
export function SportsbookPage({ titleKey }: PageProps) {
  const { t } = useTranslation('sportsbook');
  const { t: tApp } = useTranslation();
  const isAuth = useAuthStore((state) => state.isAuth);
  return (
    <section className="page sportsbook-page" data-testid="sportsbook-page">
      <header className="sportsbook-head">
        <h1 className="page__title" data-testid="page-title">
          {tApp(titleKey)}
        </h1>
        <Link
          className="button button--primary sportsbook-open"
          to={BETBY_PATH}
          data-testid="sportsbook-open"
        >
          {t('open')}
        </Link>
      </header>
      {isAuth ? <PlayerBets /> : <VisitorIntro />}
    </section>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CASINO_FAMILIES, CASINO_FAMILY_ROUTES, GAME_LIST_FILTERS } from '@spm/contract';
import type { CasinoFamily, CasinoGame, CasinoGames, GameListFilter } from '@spm/contract';
import type { PageProps } from '@/shared/lib/route-paths';
import { PageLoader } from '@/shared/ui/page-loader';
import { casinoKeys, launchGame, toggleFavourite, useCasinoGames } from './api/casino-api';
import { GameCard } from './components/game-card';
import { showsBuiltInAsLive } from './lib/lobby-figures';
import './casino.css';

/** The family a lobby route shows; `/casinolisting` (no family) shows them all. */
export function familyOfPath(pathname: string): CasinoFamily | undefined {
  return CASINO_FAMILIES.find((family) => CASINO_FAMILY_ROUTES[family] === pathname);
}

/** Typing settles for this long before the lobby asks the server again. */
const SEARCH_DEBOUNCE_MS = 300;

function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** An external provider's game, embedded: the lobby gives way to the provider's frame. */
function GameFrame({ game, url, onClose }: { game: CasinoGame; url: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="page casino-page casino-frame" data-testid="casino-frame">
      <header className="casino-frame__header">
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('casino.lobby.backToLobby')}
        </button>
        <h1 className="casino-frame__title">{game.name}</h1>
      </header>
      <iframe
        className="casino-frame__iframe"
        src={url}
        title={game.name}
        allow="autoplay; fullscreen"
        data-testid="casino-iframe"
      />
    </section>
  );
}

/** A lobby route (SPEC 2.2): its family's games with categories, providers, search and filters. */
export function CasinoLobbyPage({ titleKey }: PageProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const family = familyOfPath(pathname);
  const [category, setCategory] = useState<string | null>(null);
  const [provider, setProvider] = useState<string | null>(null);
  const [filter, setFilter] = useState<GameListFilter | null>(null);
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [launching, setLaunching] = useState<string | null>(null);
  const [framed, setFramed] = useState<{ game: CasinoGame; url: string } | null>(null);

  const games = useCasinoGames({
    family,
    category: category ?? undefined,
    provider: provider ?? undefined,
    search: search || undefined,
    filter: filter ?? undefined,
  });

  const open = async (game: CasinoGame) => {
    if (launching) return;
    setLaunching(game.id);
    const launch = await launchGame(game.id);
    setLaunching(null);
    if (!launch) return;
    // The game is now last played: the filter and the cards show it on the way back.
    void queryClient.invalidateQueries({ queryKey: casinoKeys.games });
    if (launch.embed === 'page') void navigate(launch.url);
    else setFramed({ game, url: launch.url });
  };

  const favourite = async (game: CasinoGame) => {
    const answer = await toggleFavourite(game.id);
    if (!answer) return;
    // Every cached lobby shows the new heart at once; the favourites filter refetches.
    queryClient.setQueriesData<CasinoGames>({ queryKey: casinoKeys.games }, (cached) =>
      cached
        ? {
            ...cached,
            games: cached.games.map((item) =>
              item.id === answer.gameId ? { ...item, favourite: answer.favourite } : item,
            ),
          }
        : cached,
    );
    if (filter === 'favourites') void queryClient.invalidateQueries({ queryKey: casinoKeys.games });
  };

  if (framed) {
    return <GameFrame game={framed.game} url={framed.url} onClose={() => setFramed(null)} />;
  }

  const data = games.data;
  const chip = (active: boolean) => `sport-tab${active ? ' sport-tab--active' : ''}`;
  return (
    <section className="page casino-page" data-testid="casino-lobby" data-family={family ?? 'all'}>
      <h1 className="page__title" data-testid="page-title">
        {t(titleKey)}
      </h1>
      {data && showsBuiltInAsLive(data.games) && (
        <p className="page__muted casino-lobby__note" data-testid="casino-built-in-note">
          {t('casino.honestLobby.builtInNote')}
        </p>
      )}
      <div className="casino-toolbar">
        <input
          type="search"
          className="casino-search"
          placeholder={t('casino.lobby.searchPlaceholder')}
          aria-label={t('casino.lobby.search')}
          value={searchText}
          maxLength={60}
          onChange={(event) => setSearchText(event.target.value)}
          data-testid="casino-search"
        />
        <select
          className="select-control"
          aria-label={t('casino.lobby.provider')}
          value={provider ?? ''}
          onChange={(event) => setProvider(event.target.value || null)}
          data-testid="casino-provider"
        >
          <option value="">{t('casino.lobby.allProviders')}</option>
          {(data?.providers ?? []).map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </select>
      </div>
      <div className="casino-chips" role="group" aria-label={t('casino.lobby.filters')}>
        {GAME_LIST_FILTERS.map((item) => (
          <button
            key={item}
            type="button"
            className={chip(filter === item)}
            aria-pressed={filter === item}
            onClick={() => setFilter(filter === item ? null : item)}
            data-testid={`casino-filter-${item}`}
          >
            {t(`casino.filters.${item}`)}
          </button>
        ))}
      </div>
      <div className="casino-chips" role="group" aria-label={t('casino.lobby.categories')}>
        <button
          type="button"
          className={chip(category === null)}
          aria-pressed={category === null}
          onClick={() => setCategory(null)}
          data-testid="casino-category-all"
        >
          {t('casino.lobby.allCategories')}
        </button>
        {(data?.categories ?? []).map((item) => (
          <button
            key={item}
            type="button"
            className={chip(category === item)}
            aria-pressed={category === item}
            onClick={() => setCategory(category === item ? null : item)}
            data-testid="casino-category"
          >
            {item}
          </button>
        ))}
      </div>
      {!data ? (
        games.isError ? (
          <div className="casino-state" role="alert" data-testid="casino-error">
            <p>{t('casino.lobby.loadError')}</p>
            <button
              type="button"
              className="button button--outline"
              onClick={() => void games.refetch()}
            >
              {t('casino.lobby.retry')}
            </button>
          </div>
        ) : (
          <PageLoader />
        )
      ) : data.games.length === 0 ? (
        <p className="casino-state page__muted" data-testid="casino-empty">
          {filter === 'favourites'
            ? t('casino.lobby.noFavourites')
            : filter === 'lastPlayed'
              ? t('casino.lobby.noLastPlayed')
              : t('casino.lobby.empty')}
        </p>
      ) : (
        <ul className="game-grid" aria-busy={games.isPlaceholderData} data-testid="game-grid">
          {data.games.map((game) => (
            <GameCard
              key={game.id}
              game={game}
              busy={launching === game.id}
              onOpen={(item) => void open(item)}
              onFavourite={(item) => void favourite(item)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

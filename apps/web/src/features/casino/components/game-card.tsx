import { useTranslation } from 'react-i18next';
import type { CasinoGame } from '@spm/contract';
import { formatAmount } from '@spm/client';
import { gameNatureLabel, rtpText } from '../lib/lobby-figures';

/** One game of the lobby grid: opening it launches the game; the heart toggles a favourite. */
export function GameCard({
  game,
  busy,
  onOpen,
  onFavourite,
}: {
  game: CasinoGame;
  busy: boolean;
  onOpen: (game: CasinoGame) => void;
  onFavourite: (game: CasinoGame) => void;
}) {
  const { t } = useTranslation();
  const nature = gameNatureLabel(game);
  return (
    <li className="game-card" data-testid="game-card" data-game-id={game.id}>
      <button
        type="button"
        className="game-card__open"
        onClick={() => onOpen(game)}
        disabled={busy}
        aria-busy={busy}
        aria-label={t('casino.lobby.play', { name: game.name })}
        data-testid="game-open"
      >
        <img className="game-card__thumb" src={game.thumbnail} alt="" loading="lazy" />
        <span className="game-card__badges">
          {game.tags.map((tag) => (
            <span key={tag} className={`game-badge game-badge--${tag}`} data-testid="game-tag">
              {t(`casino.tags.${tag}`)}
            </span>
          ))}
        </span>
        <span className="game-card__body">
          <span className="game-card__name">{game.name}</span>
          <span className="game-card__provider">{game.providerName}</span>
          {nature && (
            <span
              className={`game-card__nature game-card__nature--${nature}`}
              data-testid="game-nature"
              data-nature={nature}
            >
              {t(`casino.honestLobby.nature.${nature}`)}
            </span>
          )}
          <span className="game-card__meta">
            <span data-testid="game-limits">
              {t('casino.lobby.limits', {
                min: formatAmount(game.minBet),
                max: formatAmount(game.maxBet),
              })}
            </span>
            <span
              data-testid="game-rtp"
              title={game.rtp.min === game.rtp.max ? undefined : t('casino.honestLobby.rtpHint')}
            >
              {rtpText(t, game.rtp)}
            </span>
          </span>
        </span>
      </button>
      <button
        type="button"
        className={`game-card__heart${game.favourite ? ' game-card__heart--on' : ''}`}
        aria-pressed={game.favourite}
        aria-label={t(game.favourite ? 'casino.lobby.unfavourite' : 'casino.lobby.favourite', {
          name: game.name,
        })}
        onClick={() => onFavourite(game)}
        data-testid="game-favourite"
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.7 4.5c2.1 0 3.6 1.2 5.3 3.1 1.7-1.9 3.2-3.1 5.3-3.1 3.7 0 5.8 3.9 4.3 7.3C19.5 16.4 12 21 12 21z" />
        </svg>
      </button>
    </li>
  );
}

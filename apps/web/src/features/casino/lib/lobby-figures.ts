import type { TFunction } from 'i18next';
import type { CasinoFamily, CasinoGame, CasinoRtpRange } from '@spm/contract';

/** The families whose route names say "live": the lobby must say which of their tables are. */
const LIVE_FAMILIES: readonly CasinoFamily[] = ['live-casino', 'live-show'];

/**
 * The label a game card carries for what the game is: a built-in table is animated and
 * provably fair (no dealer, no video), wherever the operator files it; an external provider's
 * table in a live family keeps the provider's own "live"; any other game carries none.
 */
export type GameNatureLabel = 'animated' | 'live' | null;

export function gameNatureLabel(game: Pick<CasinoGame, 'kind' | 'family'>): GameNatureLabel {
  if (game.kind !== null) return 'animated';
  return LIVE_FAMILIES.includes(game.family) ? 'live' : null;
}

/** True when a lobby shows a built-in table under a "live" family's name. */
export function showsBuiltInAsLive(games: readonly Pick<CasinoGame, 'kind' | 'family'>[]): boolean {
  return games.some((game) => game.kind !== null && LIVE_FAMILIES.includes(game.family));
}

/** "RTP 97.30%" for a single figure, "RTP 92.31–97.50%" for the range of a game's bets. */
export function rtpText(t: TFunction, rtp: CasinoRtpRange): string {
  return rtp.min === rtp.max
    ? t('casino.lobby.rtp', { rtp: rtp.max.toFixed(2) })
    : t('casino.honestLobby.rtpRange', { min: rtp.min.toFixed(2), max: rtp.max.toFixed(2) });
}

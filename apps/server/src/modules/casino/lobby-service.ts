import {
  CASINO_GAME_TAGS,
  SPM_PROVIDER_ID,
  spmTablePath,
  type CasinoFamily,
  type CasinoGame,
  type CasinoGames,
  type CasinoHistoryRound,
  type CasinoLaunch,
  type SpmGameKind,
} from '@spm/contract';
import { paiseToPoints } from '@spm/core';
import type { ServiceDeps } from '../../deps.ts';
import type { AuthContext } from '../../http/auth.ts';
import { AppError } from '../../http/app-error.ts';
import { hashToken, randomToken } from '../../security/tokens.ts';
import {
  findGameWithProvider,
  listLobbyGames,
  listPlayerRounds,
  lobbyFacets,
  toggleFavourite,
  touchRecentPlay,
  type LobbyFilter,
  type LobbyGameRow,
} from './lobby-repository.ts';
import { catalogueRtpRange } from './game-rtp.ts';
import { isSpmKind, spmRoundRecords } from './spm/index.ts';
import { casinoSessions } from './tables.ts';
import { isRealMoneyOnPlaySite, moneyModeOf } from '../wallet/index.ts';

/** A launch token opens its game once, within this time (docs/casino-provider-api.md). */
export const LAUNCH_TOKEN_TTL_MS = 5 * 60_000;

/** GET /api/casino/games: the lobby's games, and the family's categories and providers. */
export async function casinoLobby(
  deps: Pick<ServiceDeps, 'db'>,
  player: AuthContext | null,
  filter: LobbyFilter,
): Promise<CasinoGames> {
  if ((filter.filter === 'favourites' || filter.filter === 'lastPlayed') && !player) {
    throw new AppError('UNAUTHORIZED');
  }
  const [rows, facets] = await Promise.all([
    listLobbyGames(deps.db, player?.userId ?? null, filter),
    lobbyFacets(deps.db, filter.family),
  ]);
  return { games: rows.map(lobbyGame), ...facets };
}

function lobbyGame(row: LobbyGameRow): CasinoGame {
  const flags = { new: row.isNew, popular: row.isPopular };
  return {
    id: row.id,
    name: row.name,
    providerId: row.providerId,
    providerName: row.providerName,
    family: row.family as CasinoFamily,
    category: row.category,
    thumbnail: row.thumbnail,
    minBet: paiseToPoints(row.minBetPaise),
    maxBet: paiseToPoints(row.maxBetPaise),
    rtp: catalogueRtpRange(row.spmKind, row.rtpBasisPoints),
    tags: CASINO_GAME_TAGS.filter((tag) => flags[tag]),
    kind: row.spmKind as SpmGameKind | null,
    favourite: row.favourite,
    lastPlayedAt: row.lastPlayedAt?.toISOString() ?? null,
  };
}

/** POST /api/casino/games/{id}/favourite: an enabled game only. */
export async function toggleCasinoFavourite(
  deps: Pick<ServiceDeps, 'db'>,
  playerId: number,
  gameId: string,
): Promise<{ gameId: string; favourite: boolean }> {
  const found = await findGameWithProvider(deps.db, gameId);
  if (!found || !found.game.enabled || !found.provider.enabled) {
    throw new AppError('GAME_NOT_FOUND');
  }
  return { gameId, favourite: await toggleFavourite(deps.db, playerId, gameId) };
}

/**
 * POST /api/casino/launch: a single-use launch token bound to the player and the game (only
 * its SHA-256 is kept), in play money for a points-only player. The built-in tables open as
 * a page of this app; an external provider's game in an iframe at its launch address.
 */
export async function launchCasinoGame(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  player: AuthContext,
  gameId: string,
): Promise<CasinoLaunch> {
  const found = await findGameWithProvider(deps.db, gameId);
  if (!found) throw new AppError('GAME_NOT_FOUND');
  const { game, provider } = found;
  if (!game.enabled || !provider.enabled) throw new AppError('GAME_DISABLED');
  const external = game.spmKind === null;
  if (external && !provider.launchUrl) throw new AppError('GAME_DISABLED');

  const now = deps.clock.now();
  const launchToken = randomToken();
  // The wallet's money mode, not identity's demo flag: a play-mode player of a points site
  // plays for points too (docs/decisions.md "Money mode").
  const moneyMode = await moneyModeOf(deps.db, player.userId);
  if (moneyMode === undefined) throw new AppError('PLAYER_NOT_FOUND');
  // A wallet still in real money on a play site (left from before a switch) plays nothing:
  // no real money moves on a play site. FORBIDDEN, as the exchange answers it. A points
  // wallet on a real site (a demo player) plays for points, as before.
  if (isRealMoneyOnPlaySite(moneyMode, deps.config.moneyMode)) throw new AppError('FORBIDDEN');
  const playMoney = moneyMode === 'play';
  await deps.db.transaction(async (tx) => {
    await tx.insert(casinoSessions).values({
      launchTokenHash: hashToken(launchToken),
      playerId: player.userId,
      gameId: game.id,
      providerId: provider.id,
      playMoney,
      launchExpiresAt: new Date(now.getTime() + LAUNCH_TOKEN_TTL_MS),
    });
    await touchRecentPlay(tx, player.userId, game.id, now);
  });
  if (!external) return { url: spmTablePath(game.id, launchToken), embed: 'page', playMoney };
  const url = new URL(provider.launchUrl!);
  url.searchParams.set('game', game.providerGameId);
  url.searchParams.set('token', launchToken);
  url.searchParams.set('currency', playMoney ? 'PTS' : 'INR');
  return { url: url.toString(), embed: 'iframe', playMoney };
}

/**
 * GET /api/casino/rounds: the player's rounds at every provider, newest first (only those of
 * `status` when given: the dashboard's open rounds).
 */
export async function casinoHistory(
  deps: Pick<ServiceDeps, 'db'>,
  playerId: number,
  page: number,
  pageSize: number,
  status?: CasinoHistoryRound['status'],
): Promise<{ items: CasinoHistoryRound[]; page: number; pageSize: number; total: number }> {
  const { rows, total } = await listPlayerRounds(
    deps.db,
    playerId,
    pageSize,
    (page - 1) * pageSize,
    status,
  );
  // SPM Games' own rounds carry their cards, bets and seeds (issue 40 item 4).
  const spmRounds = rows.flatMap(({ round, spmKind }) =>
    round.providerId === SPM_PROVIDER_ID && isSpmKind(spmKind)
      ? [{ roundId: round.providerRoundId, kind: spmKind }]
      : [],
  );
  const records = await spmRoundRecords(deps.db, playerId, spmRounds);
  return {
    items: rows.map(({ round, gameName, providerName }) => ({
      id: String(round.id),
      providerRoundId: round.providerRoundId,
      gameId: round.gameId,
      gameName,
      providerName,
      status: round.status,
      staked: paiseToPoints(round.stakedPaise),
      won: paiseToPoints(round.wonPaise),
      refunded: paiseToPoints(round.refundedPaise),
      playMoney: round.playMoney,
      startedAt: round.startedAt.toISOString(),
      closedAt: round.closedAt?.toISOString() ?? null,
      spm:
        round.providerId === SPM_PROVIDER_ID ? (records.get(round.providerRoundId) ?? null) : null,
    })),
    page,
    pageSize,
    total,
  };
}

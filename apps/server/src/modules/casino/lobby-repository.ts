import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { CasinoFamily, GameListFilter } from '@spm/contract';
import type { DbHandle } from '../../db/database.ts';
import {
  casinoFavourites,
  casinoGames,
  casinoProviders,
  casinoRecentPlays,
  casinoRounds,
} from './tables.ts';

/** The lobby's filters, as the route validated them. */
export interface LobbyFilter {
  family?: CasinoFamily | undefined;
  category?: string | undefined;
  provider?: string | undefined;
  search?: string | undefined;
  filter?: GameListFilter | undefined;
}

export interface LobbyGameRow {
  id: string;
  name: string;
  providerId: string;
  providerName: string;
  family: string;
  category: string;
  thumbnail: string;
  minBetPaise: bigint;
  maxBetPaise: bigint;
  rtpBasisPoints: number;
  isNew: boolean;
  isPopular: boolean;
  spmKind: string | null;
  favourite: boolean;
  lastPlayedAt: Date | null;
}

/** `%` and `_` typed by a player match themselves, not any text. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Enabled games of enabled providers, in the operator's order (last played: most recent
 * first). `playerId` null is a visitor: no favourites, no last played.
 */
export async function listLobbyGames(
  db: DbHandle,
  playerId: number | null,
  filter: LobbyFilter,
): Promise<LobbyGameRow[]> {
  const player = playerId ?? -1;
  const conditions: (SQL | undefined)[] = [
    eq(casinoGames.enabled, true),
    eq(casinoProviders.enabled, true),
    filter.family ? eq(casinoGames.family, filter.family) : undefined,
    filter.category ? eq(casinoGames.category, filter.category) : undefined,
    filter.provider ? eq(casinoGames.providerId, filter.provider) : undefined,
    filter.search
      ? or(
          ilike(casinoGames.name, likePattern(filter.search)),
          ilike(casinoGames.category, likePattern(filter.search)),
          ilike(casinoProviders.name, likePattern(filter.search)),
        )
      : undefined,
    filter.filter === 'new' ? eq(casinoGames.isNew, true) : undefined,
    filter.filter === 'popular' ? eq(casinoGames.isPopular, true) : undefined,
    filter.filter === 'favourites' ? sql`${casinoFavourites.gameId} is not null` : undefined,
    filter.filter === 'lastPlayed' ? sql`${casinoRecentPlays.gameId} is not null` : undefined,
  ];
  const rows = await db
    .select({
      id: casinoGames.id,
      name: casinoGames.name,
      providerId: casinoGames.providerId,
      providerName: casinoProviders.name,
      family: casinoGames.family,
      category: casinoGames.category,
      thumbnail: casinoGames.thumbnail,
      minBetPaise: casinoGames.minBetPaise,
      maxBetPaise: casinoGames.maxBetPaise,
      rtpBasisPoints: casinoGames.rtpBasisPoints,
      isNew: casinoGames.isNew,
      isPopular: casinoGames.isPopular,
      spmKind: casinoGames.spmKind,
      favourite: sql<boolean>`${casinoFavourites.gameId} is not null`,
      lastPlayedAt: casinoRecentPlays.lastPlayedAt,
    })
    .from(casinoGames)
    .innerJoin(casinoProviders, eq(casinoProviders.id, casinoGames.providerId))
    .leftJoin(
      casinoFavourites,
      and(eq(casinoFavourites.gameId, casinoGames.id), eq(casinoFavourites.playerId, player)),
    )
    .leftJoin(
      casinoRecentPlays,
      and(eq(casinoRecentPlays.gameId, casinoGames.id), eq(casinoRecentPlays.playerId, player)),
    )
    .where(and(...conditions))
    .orderBy(
      ...(filter.filter === 'lastPlayed' ? [desc(casinoRecentPlays.lastPlayedAt)] : []),
      asc(casinoGames.sortOrder),
      asc(casinoGames.name),
    );
  return rows;
}

/** Categories and providers of the enabled games of a family (all families when absent). */
export async function lobbyFacets(
  db: DbHandle,
  family: CasinoFamily | undefined,
): Promise<{ categories: string[]; providers: { id: string; name: string }[] }> {
  const where = and(
    eq(casinoGames.enabled, true),
    eq(casinoProviders.enabled, true),
    family ? eq(casinoGames.family, family) : undefined,
  );
  const rows = await db
    .selectDistinct({
      category: casinoGames.category,
      providerId: casinoProviders.id,
      providerName: casinoProviders.name,
    })
    .from(casinoGames)
    .innerJoin(casinoProviders, eq(casinoProviders.id, casinoGames.providerId))
    .where(where);
  const categories = [...new Set(rows.map((row) => row.category))].sort();
  const providers = [...new Map(rows.map((row) => [row.providerId, row.providerName]))]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { categories, providers };
}

/** A game with its provider, enabled or not (the launch explains which is off). */
export async function findGameWithProvider(db: DbHandle, gameId: string) {
  const [row] = await db
    .select({ game: casinoGames, provider: casinoProviders })
    .from(casinoGames)
    .innerJoin(casinoProviders, eq(casinoProviders.id, casinoGames.providerId))
    .where(eq(casinoGames.id, gameId));
  return row;
}

/** Adds or removes the favourite; answers the new state. One statement each way. */
export async function toggleFavourite(
  db: DbHandle,
  playerId: number,
  gameId: string,
): Promise<boolean> {
  const removed = await db
    .delete(casinoFavourites)
    .where(and(eq(casinoFavourites.playerId, playerId), eq(casinoFavourites.gameId, gameId)))
    .returning({ gameId: casinoFavourites.gameId });
  if (removed.length > 0) return false;
  await db.insert(casinoFavourites).values({ playerId, gameId }).onConflictDoNothing();
  return true;
}

export async function touchRecentPlay(
  db: DbHandle,
  playerId: number,
  gameId: string,
  at: Date,
): Promise<void> {
  await db
    .insert(casinoRecentPlays)
    .values({ playerId, gameId, lastPlayedAt: at })
    .onConflictDoUpdate({
      target: [casinoRecentPlays.playerId, casinoRecentPlays.gameId],
      set: { lastPlayedAt: at },
    });
}

/** The player's casino rounds at every provider (only those of `status` when given), newest first. */
export async function listPlayerRounds(
  db: DbHandle,
  playerId: number,
  limit: number,
  offset: number,
  status?: (typeof casinoRounds.$inferSelect)['status'],
) {
  const where = and(
    eq(casinoRounds.playerId, playerId),
    status === undefined ? undefined : eq(casinoRounds.status, status),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        round: casinoRounds,
        gameName: casinoGames.name,
        providerName: casinoProviders.name,
        spmKind: casinoGames.spmKind,
      })
      .from(casinoRounds)
      .innerJoin(casinoGames, eq(casinoGames.id, casinoRounds.gameId))
      .innerJoin(casinoProviders, eq(casinoProviders.id, casinoRounds.providerId))
      .where(where)
      .orderBy(desc(casinoRounds.startedAt), desc(casinoRounds.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(casinoRounds).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

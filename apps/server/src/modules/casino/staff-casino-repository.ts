import { objectWith } from '@spm/core';
import { and, asc, count, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { executeRows, type DbHandle } from '../../db/database.ts';
import { dayOf, rangeOf } from '../../db/sql-dates.ts';
import { users } from '../identity/tables.ts';
import {
  casinoGames,
  casinoProviders,
  casinoRounds,
  casinoTransactions,
  spmRounds,
} from './tables.ts';

/*
 * The back office's reads and writes of the casino tables (issue 14, item 6). Money is never
 * moved here: rounds and transactions are only read, as the provider wallet wrote them.
 */

export type CasinoGameRow = typeof casinoGames.$inferSelect;
export type CasinoProviderRow = typeof casinoProviders.$inferSelect;
export type CasinoRoundRow = typeof casinoRounds.$inferSelect;
export type CasinoTransactionRow = typeof casinoTransactions.$inferSelect;
export type SpmRoundRow = typeof spmRounds.$inferSelect;

// ------------------------------------------------------------------ games

export interface GameWithProvider {
  game: CasinoGameRow;
  providerName: string;
}

/** Every game with its provider's name, in lobby order (family, sort order, name). */
export async function listGamesWithProvider(db: DbHandle): Promise<GameWithProvider[]> {
  return db
    .select({ game: casinoGames, providerName: casinoProviders.name })
    .from(casinoGames)
    .innerJoin(casinoProviders, eq(casinoProviders.id, casinoGames.providerId))
    .orderBy(asc(casinoGames.family), asc(casinoGames.sortOrder), asc(casinoGames.name));
}

export async function findGameWithProvider(
  db: DbHandle,
  gameId: string,
  options: { forUpdate?: boolean } = {},
): Promise<GameWithProvider | undefined> {
  const query = db
    .select({ game: casinoGames, providerName: casinoProviders.name })
    .from(casinoGames)
    .innerJoin(casinoProviders, eq(casinoProviders.id, casinoGames.providerId))
    .where(eq(casinoGames.id, gameId));
  const [row] = options.forUpdate ? await query.for('update', { of: casinoGames }) : await query;
  return row;
}

export type GamePatch = Partial<
  Pick<
    CasinoGameRow,
    | 'enabled'
    | 'sortOrder'
    | 'isNew'
    | 'isPopular'
    | 'minBetPaise'
    | 'maxBetPaise'
    | 'name'
    | 'category'
    | 'thumbnail'
  >
>;

export async function updateGame(
  db: DbHandle,
  gameId: string,
  patch: GamePatch,
  now: Date,
): Promise<void> {
  await db
    .update(casinoGames)
    .set(objectWith(patch, { updatedAt: now }))
    .where(eq(casinoGames.id, gameId));
}

// ------------------------------------------------------------------ providers

export interface ProviderWithCounts {
  provider: CasinoProviderRow;
  games: number;
  enabledGames: number;
}

// Written out: inside a select list drizzle leaves column names unqualified, and here the
// outer provider's id must be told from the game's own.
const gameCounts = {
  games:
    sql<number>`(select count(*) from casino_games g where g.provider_id = casino_providers.id)`.mapWith(
      Number,
    ),
  enabledGames:
    sql<number>`(select count(*) from casino_games g where g.provider_id = casino_providers.id and g.enabled)`.mapWith(
      Number,
    ),
};

/** Every provider, the built-in first by creation, with how many games it has. */
export async function listProvidersWithCounts(db: DbHandle): Promise<ProviderWithCounts[]> {
  return db
    .select({ provider: casinoProviders, ...gameCounts })
    .from(casinoProviders)
    .orderBy(asc(casinoProviders.createdAt), asc(casinoProviders.id));
}

export async function findProviderWithCounts(
  db: DbHandle,
  providerId: string,
): Promise<ProviderWithCounts | undefined> {
  const [row] = await db
    .select({ provider: casinoProviders, ...gameCounts })
    .from(casinoProviders)
    .where(eq(casinoProviders.id, providerId));
  return row;
}

/** The provider row locked for a change in this transaction. */
export async function lockProvider(
  db: DbHandle,
  providerId: string,
): Promise<CasinoProviderRow | undefined> {
  const [row] = await db
    .select()
    .from(casinoProviders)
    .where(eq(casinoProviders.id, providerId))
    .for('update');
  return row;
}

/** Inserts a provider; false when the id is taken (nothing written). */
export async function insertProviderIfAbsent(
  db: DbHandle,
  row: { id: string; name: string; secret: string; launchUrl: string; now: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(casinoProviders)
    .values({
      id: row.id,
      name: row.name,
      secret: row.secret,
      launchUrl: row.launchUrl,
      enabled: true,
      createdAt: row.now,
      updatedAt: row.now,
    })
    .onConflictDoNothing()
    .returning({ id: casinoProviders.id });
  return inserted.length > 0;
}

export type ProviderPatch = Partial<
  Pick<CasinoProviderRow, 'name' | 'launchUrl' | 'enabled' | 'winsWithoutBet' | 'secret'>
>;

export async function updateProvider(
  db: DbHandle,
  providerId: string,
  patch: ProviderPatch,
  now: Date,
): Promise<void> {
  await db
    .update(casinoProviders)
    .set(objectWith(patch, { updatedAt: now }))
    .where(eq(casinoProviders.id, providerId));
}

// ------------------------------------------------------------------ rounds

export interface RoundSearch {
  providerRoundId?: string | undefined;
  roundId?: number | undefined;
  /** A player id (digits) or username: matches either. */
  player?: string | undefined;
  fromDate?: string | undefined;
  toDate?: string | undefined;
  timeZone: string;
  /** The staff member's downline condition on a player id column; undefined: everyone. */
  visible: ((playerIdColumn: AnyColumn) => SQL) | undefined;
  limit: number;
  offset: number;
}

export interface RoundListRow {
  round: CasinoRoundRow;
  gameName: string;
  providerName: string;
  playerUsername: string;
}

function roundConditions(search: RoundSearch): SQL | undefined {
  const conditions: SQL[] = [];
  if (search.providerRoundId !== undefined) {
    conditions.push(eq(casinoRounds.providerRoundId, search.providerRoundId));
  }
  if (search.roundId !== undefined) conditions.push(eq(casinoRounds.id, search.roundId));
  if (search.player !== undefined) {
    const byName = eq(users.usernameLower, search.player.toLowerCase());
    const byId = /^\d{1,18}$/.test(search.player)
      ? eq(casinoRounds.playerId, Number(search.player))
      : undefined;
    conditions.push(byId ? sql`(${byName} or ${byId})` : byName);
  }
  const { fromDate, toDate, timeZone } = search;
  if (fromDate !== undefined) {
    conditions.push(
      sql`${casinoRounds.startedAt} >= (${fromDate}::date)::timestamp at time zone ${timeZone}`,
    );
  }
  if (toDate !== undefined) {
    conditions.push(
      sql`${casinoRounds.startedAt} < (${toDate}::date + 1)::timestamp at time zone ${timeZone}`,
    );
  }
  if (search.visible) conditions.push(search.visible(casinoRounds.playerId));
  return conditions.length === 0 ? undefined : and(...conditions);
}

/** Rounds matching the search, newest first, with the page's total. */
export async function searchRounds(
  db: DbHandle,
  search: RoundSearch,
): Promise<{ rows: RoundListRow[]; total: number }> {
  const where = roundConditions(search);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        round: casinoRounds,
        gameName: casinoGames.name,
        providerName: casinoProviders.name,
        playerUsername: users.username,
      })
      .from(casinoRounds)
      .innerJoin(casinoGames, eq(casinoGames.id, casinoRounds.gameId))
      .innerJoin(casinoProviders, eq(casinoProviders.id, casinoRounds.providerId))
      .innerJoin(users, eq(users.id, casinoRounds.playerId))
      .where(where)
      .orderBy(desc(casinoRounds.startedAt), desc(casinoRounds.id))
      .limit(search.limit)
      .offset(search.offset),
    db
      .select({ n: count() })
      .from(casinoRounds)
      .innerJoin(users, eq(users.id, casinoRounds.playerId))
      .where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** The transactions of the rounds, oldest first. */
export async function transactionsOfRounds(
  db: DbHandle,
  roundIds: number[],
): Promise<CasinoTransactionRow[]> {
  if (roundIds.length === 0) return [];
  return db
    .select()
    .from(casinoTransactions)
    .where(inArray(casinoTransactions.roundId, roundIds))
    .orderBy(asc(casinoTransactions.createdAt), asc(casinoTransactions.id));
}

/** SPM Games rounds by id (an SPM casino round's provider round id is the SPM round's id). */
export async function spmRoundsByIds(db: DbHandle, ids: string[]): Promise<SpmRoundRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(spmRounds).where(inArray(spmRounds.id, ids));
}

// ------------------------------------------------------------------ GGR

export type GgrGroup = 'game' | 'provider' | 'day';

export interface GgrSumRow {
  key: string;
  label: string;
  playMoney: boolean;
  stakesPaise: bigint;
  winsPaise: bigint;
  refundsPaise: bigint;
  rounds: number;
  players: number;
}

/**
 * Casino money per group over Indian days [fromDate, toDate], real and play money apart,
 * counted when it moved: what every transaction applied (a refused one applies 0; a capped
 * win what it credited), bets as stakes, wins as wins, rollbacks as refunds. `group` null:
 * one row of totals per kind of money (distinct rounds and players over the whole range).
 */
export async function ggrSums(
  db: DbHandle,
  input: { group: GgrGroup | null; fromDate: string; toDate: string; timeZone: string },
): Promise<GgrSumRow[]> {
  const { fromDate, toDate, timeZone } = input;
  const t = casinoTransactions;
  const keyLabel: { key: SQL; label: SQL } =
    input.group === 'game'
      ? { key: sql`${t.gameId}`, label: sql`coalesce(max(${casinoGames.name}), ${t.gameId})` }
      : input.group === 'provider'
        ? {
            key: sql`${t.providerId}`,
            label: sql`coalesce(max(${casinoProviders.name}), ${t.providerId})`,
          }
        : input.group === 'day'
          ? { key: dayOf(t.createdAt, timeZone), label: sql`max(${dayOf(t.createdAt, timeZone)})` }
          : { key: sql`'total'`, label: sql`'total'` };
  const applied = (kind: string) =>
    sql`coalesce(sum(${t.appliedPaise}) filter (where ${t.kind} = ${kind}), 0)`;
  const playMoney = sql`coalesce(${casinoRounds.playMoney}, false)`;
  const rows = await executeRows<{
    key: string;
    label: string;
    play_money: boolean;
    stakes: string | bigint;
    wins: string | bigint;
    refunds: string | bigint;
    rounds: string | number;
    players: string | number;
  }>(
    db,
    sql`select ${keyLabel.key} as key, ${keyLabel.label} as label, ${playMoney} as play_money,
               ${applied('bet')} as stakes, ${applied('win')} as wins,
               ${applied('rollback')} as refunds,
               count(distinct ${t.roundId}) as rounds, count(distinct ${t.playerId}) as players
        from ${t}
        left join ${casinoRounds} on ${casinoRounds.id} = ${t.roundId}
        left join ${casinoGames} on ${casinoGames.id} = ${t.gameId}
        left join ${casinoProviders} on ${casinoProviders.id} = ${t.providerId}
        where ${rangeOf(t.createdAt, fromDate, toDate, timeZone)}
        group by 1, 3
        order by 1`,
  );
  return rows.map((row) => ({
    key: row.key,
    label: row.label,
    playMoney: row.play_money,
    stakesPaise: BigInt(row.stakes),
    winsPaise: BigInt(row.wins),
    refundsPaise: BigInt(row.refunds),
    rounds: Number(row.rounds),
    players: Number(row.players),
  }));
}

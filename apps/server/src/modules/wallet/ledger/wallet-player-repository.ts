import { limitsFromJson, limitsToJson, type PlayerLimits } from '@spm/core';
import { sql, type SQL } from 'drizzle-orm';
import { executePreparedRows, executeRows, type DbHandle } from '../../../db/database.ts';
import { pgArray } from '../../../db/pg-array.ts';
import type { MoneyMode } from './tables.ts';
import {
  TOTAL_WINDOWS,
  windowOf,
  zeroTotals,
  type HourDelta,
  type TotalWindow,
  type WalletTotals,
} from '../totals/wallet-totals.ts';

/*
 * The SQL of the wallet's own player row (wallet_versions, docs/decisions.md "The wallet's own
 * player row") and of the hourly totals (wallet_player_hours). Lock order: a money
 * transaction locks its players' rows first, in player id order, before any operation, hold
 * or account row (docs/decisions.md "Lock order: the player row first").
 */

/** The wallet's row of a player as the money decisions read it. */
export interface WalletPlayerRow {
  playerId: number;
  version: number;
  moneyMode: MoneyMode;
  excludedUntil: Date | null;
  timeOutUntil: Date | null;
  /** The player's safer-play limits (deposit, loss, stake); null when none is kept. */
  limits: PlayerLimits | null;
}

/** A permanent self-exclusion: excluded until the end of the calendar (no lift by itself). */
export const PERMANENT_EXCLUSION_UNTIL = new Date('9999-12-31T00:00:00.000Z');

/**
 * Creates the players' wallet rows (identity calls it through the wallet's entry for every
 * player it inserts): version 0, the money mode given. An existing row is left as it is.
 */
export async function insertWalletPlayers(
  db: DbHandle,
  players: readonly { playerId: number; moneyMode: MoneyMode }[],
): Promise<void> {
  if (players.length === 0) return;
  await db.execute(
    sql`insert into wallet_versions (player_id, version, money_mode)
        select p, 0, m from unnest(${pgArray(players.map((p) => p.playerId))}::bigint[],
                                   ${pgArray(players.map((p) => p.moneyMode))}::text[]) as x(p, m)
        order by p
        on conflict (player_id) do nothing`,
  );
}

/** Deletes the rows of players identity deleted (demo players that never moved money). */
export async function deleteWalletPlayers(
  db: DbHandle,
  playerIds: readonly number[],
): Promise<void> {
  if (playerIds.length === 0) return;
  await db.execute(
    sql`delete from wallet_versions where player_id = any(${pgArray([...playerIds])}::bigint[])`,
  );
}

/** A row as read, the ends as epoch milliseconds (text): the same on pg and PGlite. */
type RawPlayerRow = {
  player_id: string | number;
  version: string | number;
  money_mode: MoneyMode;
  excluded_until: string | number | null;
  time_out_until: string | number | null;
  limits: unknown;
};

const dateOrNull = (epochMs: string | number | null) =>
  epochMs === null ? null : new Date(Number(epochMs));

function toWalletPlayerRow(raw: RawPlayerRow): WalletPlayerRow {
  return {
    playerId: Number(raw.player_id),
    version: Number(raw.version),
    moneyMode: raw.money_mode,
    excludedUntil: dateOrNull(raw.excluded_until),
    timeOutUntil: dateOrNull(raw.time_out_until),
    limits: limitsFromJson(raw.limits),
  };
}

/**
 * Locks the players' rows for the rest of the transaction, in player id order, and answers
 * them (a player without a row is not a wallet player). The first lock a money transaction
 * takes.
 */
export function lockWalletPlayers(
  db: DbHandle,
  playerIds: readonly number[],
): Promise<Map<number, WalletPlayerRow>> {
  return selectWalletPlayers(db, playerIds, true);
}

/** The players' rows, unlocked (what to show or judge ahead; a money move locks its own). */
export function readWalletPlayers(
  db: DbHandle,
  playerIds: readonly number[],
): Promise<Map<number, WalletPlayerRow>> {
  return selectWalletPlayers(db, playerIds, false);
}

async function selectWalletPlayers(
  db: DbHandle,
  playerIds: readonly number[],
  lock: boolean,
): Promise<Map<number, WalletPlayerRow>> {
  const found = new Map<number, WalletPlayerRow>();
  if (playerIds.length === 0) return found;
  const rows = await executePreparedRows<RawPlayerRow>(
    db,
    sql`select player_id, version, money_mode,
               (extract(epoch from excluded_until) * 1000)::bigint::text as excluded_until,
               (extract(epoch from time_out_until) * 1000)::bigint::text as time_out_until,
               limits
        from wallet_versions where player_id = any(${pgArray([...playerIds])}::bigint[])
        order by player_id ${lock ? sql`for update` : sql``}`,
    { genericPlan: true },
  );
  for (const row of rows) found.set(Number(row.player_id), toWalletPlayerRow(row));
  return found;
}

/** Sets a player's money mode (tests, and the site setting later). */
export async function setMoneyMode(db: DbHandle, playerId: number, moneyMode: MoneyMode) {
  await db.execute(
    sql`update wallet_versions set money_mode = ${moneyMode} where player_id = ${playerId}`,
  );
}

/** Sets when a player's self-exclusion and time-out end (safer play writes these). */
export async function setPlayerRestrictions(
  db: DbHandle,
  playerId: number,
  until: { excludedUntil: Date | null; timeOutUntil: Date | null },
): Promise<void> {
  await db.execute(
    sql`update wallet_versions
        set excluded_until = ${until.excludedUntil?.toISOString() ?? null}::timestamptz,
            time_out_until = ${until.timeOutUntil?.toISOString() ?? null}::timestamptz
        where player_id = ${playerId}`,
  );
}

/**
 * Writes a player's safer-play limits on the wallet's row (safer play's entry: the limit
 * policies read them under the row's lock). Locks the row first, as a money transaction
 * would, so a change waits for a money move of the player in flight and the next one reads
 * it. Answers the limits as they were (null: none, or no such wallet player: `found` false).
 */
export async function writePlayerLimits(
  db: DbHandle,
  playerId: number,
  change: (current: PlayerLimits | null) => PlayerLimits | null,
): Promise<{ found: boolean; before: PlayerLimits | null; after: PlayerLimits | null }> {
  const row = (await lockWalletPlayers(db, [playerId])).get(playerId);
  if (!row) return { found: false, before: null, after: null };
  const after = change(row.limits);
  const stored = after === null ? null : limitsToJson(after);
  await db.execute(
    sql`update wallet_versions set limits = ${stored === null ? null : JSON.stringify(stored)}::jsonb
        where player_id = ${playerId}`,
  );
  return { found: true, before: row.limits, after: stored === null ? null : after };
}

/** The players' safer-play limits, unlocked (what to show; a money move reads its lock's). */
export async function playerLimitsOf(
  db: DbHandle,
  playerIds: readonly number[],
): Promise<Map<number, PlayerLimits>> {
  const found = new Map<number, PlayerLimits>();
  if (playerIds.length === 0) return found;
  const rows = await executeRows<{ player_id: string | number; limits: unknown }>(
    db,
    sql`select player_id, limits from wallet_versions
        where player_id = any(${pgArray([...new Set(playerIds)])}::bigint[]) and limits is not null`,
  );
  for (const row of rows) {
    const limits = limitsFromJson(row.limits);
    if (limits) found.set(Number(row.player_id), limits);
  }
  return found;
}

/** Every player with limits kept (the back office's report of players near their limits). */
export async function playersWithLimits(db: DbHandle): Promise<Map<number, PlayerLimits>> {
  const rows = await executeRows<{ player_id: string | number; limits: unknown }>(
    db,
    sql`select player_id, limits from wallet_versions where limits is not null order by player_id`,
  );
  const found = new Map<number, PlayerLimits>();
  for (const row of rows) {
    const limits = limitsFromJson(row.limits);
    if (limits) found.set(Number(row.player_id), limits);
  }
  return found;
}

/**
 * The players' totals over the three windows, summed by the database from at most 720 hour
 * rows each: rows as `what` 'totals' with the player in a, the window's hours in b and its
 * deposited, staked and won in c, d, e (text), to join a read's union of text columns. `now`
 * is the transaction's time. It must run in a statement AFTER the one that locked the
 * players' rows: a statement's snapshot is taken when it starts, so sums read in the locking
 * statement would miss what the transaction that held the lock committed (the lock statement
 * sums only the players no commit changed meanwhile: freshTotalsRows).
 */
export function totalsRows(playerIds: string, now: Date, onlyLimited = false): SQL {
  // With `onlyLimited`, only the players whose wallet row keeps limits (the others' policies
  // read no totals: they cost no hour rows).
  const players = onlyLimited
    ? sql`array(select player_id from wallet_versions
                where player_id = any(${playerIds}::bigint[]) and limits is not null)`
    : sql`${playerIds}::bigint[]`;
  return totalsOfPlayers(players, now);
}

/**
 * totalsRows inside the statement that locks the players' rows (`versions`, playerLocks),
 * for the players whose locked row is the one its snapshot sees (FRESH_ROW): no transaction
 * committed a change of theirs between the snapshot and the lock, and every write of a
 * player's hour rows raises the player's version in the same transaction, so the snapshot's
 * sums are current. The others answer a 'player' row whose g is not 'true' and are summed
 * again in a statement after the lock (docs/decisions.md "The totals in the lock statement").
 * `onlyLimited` is judged on the locked row: setting limits does not raise the version.
 */
export function freshTotalsRows(playerIds: string, now: Date, onlyLimited: boolean): SQL {
  const limited = onlyLimited ? sql`and v.limits is not null` : sql``;
  return totalsOfPlayers(
    sql`array(select v.player_id from versions v
              where v.player_id = any(${playerIds}::bigint[]) ${limited} and ${FRESH_ROW})`,
    now,
  );
}

/**
 * Whether a locked wallet row `v` (playerLocks' `versions`) is the version the statement's
 * snapshot sees: a row updated by a transaction that committed while this one waited for its
 * lock is read locked at its new version, while the subquery reads the snapshot's.
 */
export const FRESH_ROW = sql.raw(
  `(v.version = (select s.version from wallet_versions s where s.player_id = v.player_id)) is true`,
);

function totalsOfPlayers(players: SQL, now: Date): SQL {
  return sql`select 'totals' as what, t.player_id::text as a, w.b, w.c, w.d, w.e, w.f, w.g
             from (select h.player_id, ${WINDOW_SUMS}
                   from (select date_trunc('hour', ${now.toISOString()}::timestamptz) as hour) n
                   join wallet_player_hours h
                     on h.player_id = any(${players})
                    and h.hour > n.hour - ${LONGEST_WINDOW}
                    and h.hour <= n.hour
                   group by h.player_id) t
             cross join lateral (values ${WINDOW_ROWS}) as w(b, c, d, e, f, g)`;
}

/*
 * totalsRows' fixed parts, written once (the windows are the code's constants, not input): one
 * range scan per player over the longest window, each window summed with FILTER, then one row
 * per window (a join of the three windows scanned each player's hours three times). Built as
 * text, not as nested sql fragments: the statement is built for every batch on the hot path.
 */
const windowList = Object.values(TOTAL_WINDOWS).map((hours, index) => ({ hours, index }));
const WINDOW_SUMS = sql.raw(
  windowList
    .map(({ hours, index }) => {
      const inWindow = `h.hour > n.hour - interval '${hours} hours'`;
      return `sum(h.deposited_paise) filter (where ${inWindow}) as c${index},
        sum(h.staked_paise) filter (where ${inWindow}) as d${index},
        sum(h.won_paise) filter (where ${inWindow}) as e${index},
        min(h.hour) filter (where ${inWindow} and h.deposited_paise > 0) as f${index},
        min(h.hour) filter (where ${inWindow} and h.staked_paise > 0) as g${index}`;
    })
    .join(',\n        '),
);
const epochMsText = (column: string) => `(extract(epoch from ${column}) * 1000)::bigint::text`;
const WINDOW_ROWS = sql.raw(
  windowList
    .map(
      ({ hours, index }) =>
        `('${hours}', t.c${index}::text, t.d${index}::text, t.e${index}::text, ` +
        `${epochMsText(`t.f${index}`)}, ${epochMsText(`t.g${index}`)})`,
    )
    .join(', '),
);
const LONGEST_WINDOW = sql.raw(`interval '${TOTAL_WINDOWS.last30d} hours'`);

/** A 'totals' row of totalsRows (text columns; f and g the oldest hours, epoch ms). */
export type TotalsRow = {
  a: string;
  b: string | null;
  c: string | null;
  d: string | null;
  e: string | null;
  f?: string | null;
  g?: string | null;
};

/** Collects the 'totals' rows of totalsRows into each player's totals (zeros when none). */
export function collectTotals(totals: Map<number, WalletTotals>, row: TotalsRow): void {
  const playerId = Number(row.a);
  const window = (Object.keys(TOTAL_WINDOWS) as TotalWindow[]).find(
    (name) => String(TOTAL_WINDOWS[name]) === row.b,
  );
  if (window === undefined) return;
  const current = totals.get(playerId) ?? zeroTotals();
  current[window] = windowOf(BigInt(row.c ?? 0), BigInt(row.d ?? 0), BigInt(row.e ?? 0), {
    deposit: dateOrNull(row.f ?? null),
    stake: dateOrNull(row.g ?? null),
  });
  totals.set(playerId, current);
}

/** The players' totals in a statement of their own (the single path, after its lock). */
export async function readWalletTotals(
  db: DbHandle,
  playerIds: readonly number[],
  now: Date,
): Promise<Map<number, WalletTotals>> {
  const totals = new Map<number, WalletTotals>();
  if (playerIds.length === 0) return totals;
  const rows = await executeRows<TotalsRow>(db, totalsRows(pgArray([...playerIds]), now));
  for (const row of rows) collectTotals(totals, row);
  return totals;
}

/**
 * The upsert of the players' hour rows as a CTE body, for a write statement that carries it
 * (the batch's writeMoves) or alone (addPlayerHours): one row per player, in player order.
 */
export function playerHoursUpsert(hour: Date, sums: ReadonlyMap<number, HourDelta>): SQL {
  const ordered = [...sums].sort(([a], [b]) => a - b);
  const column = (pick: (delta: HourDelta) => bigint) =>
    pgArray(ordered.map(([, delta]) => pick(delta)));
  return sql`insert into wallet_player_hours as w
          (player_id, hour, deposited_paise, staked_paise, won_paise)
        select x.p, ${hour.toISOString()}::timestamptz, x.d, x.s, x.w
        from unnest(${pgArray(ordered.map(([playerId]) => playerId))}::bigint[],
                    ${column((d) => d.depositedPaise)}::bigint[],
                    ${column((d) => d.stakedPaise)}::bigint[],
                    ${column((d) => d.wonPaise)}::bigint[]) as x(p, d, s, w)
        order by x.p
        on conflict (player_id, hour) do update set
          deposited_paise = w.deposited_paise + excluded.deposited_paise,
          staked_paise = w.staked_paise + excluded.staked_paise,
          won_paise = w.won_paise + excluded.won_paise`;
}

/** Adds the deltas to the players' hour rows, in one statement. */
export async function addPlayerHours(
  db: DbHandle,
  hour: Date,
  sums: ReadonlyMap<number, HourDelta>,
): Promise<void> {
  if (sums.size === 0) return;
  await db.execute(playerHoursUpsert(hour, sums));
}

/** Who a new player is, as far as the wallet's money mode cares, and what the site plays for. */
export interface NewWalletPlayer {
  playerId: number;
  /** A demo-pool player (identity's concept): always plays for points. */
  isDemo: boolean;
}

/**
 * The money mode a new player's wallet opens with: points for a demo player whatever the
 * site, else the site's MONEY_MODE (`config.moneyMode`, docs/decisions.md "Money mode").
 */
export const moneyModeOfNewPlayer = (isDemo: boolean, siteMoneyMode: MoneyMode): MoneyMode =>
  isDemo ? 'play' : siteMoneyMode;

/**
 * A wallet still in real money on a play site (left from before a switch, docs/play-money.md):
 * it may not play, since no real money moves on a play site. The reverse, a points wallet on a
 * real site, is a demo player's and plays for points.
 */
export const isRealMoneyOnPlaySite = (walletMode: MoneyMode, siteMoneyMode: MoneyMode): boolean =>
  walletMode === 'real' && siteMoneyMode === 'play';

/**
 * Opens the wallets of players identity just inserted, in the caller's transaction: the
 * wallet's entry for a new player (docs/decisions.md "The wallet's own player row"). The
 * mode follows moneyModeOfNewPlayer.
 */
export function openPlayerWallets(
  db: DbHandle,
  players: readonly NewWalletPlayer[],
  siteMoneyMode: MoneyMode,
): Promise<void> {
  return insertWalletPlayers(
    db,
    players.map((player) => ({
      playerId: player.playerId,
      moneyMode: moneyModeOfNewPlayer(player.isDemo, siteMoneyMode),
    })),
  );
}

/** openPlayerWallets for one player. */
export function openPlayerWallet(
  db: DbHandle,
  player: NewWalletPlayer,
  siteMoneyMode: MoneyMode,
): Promise<void> {
  return openPlayerWallets(db, [player], siteMoneyMode);
}

/**
 * The players' money modes (an unlocked read: for deciding what to show or which book to
 * use; a money move decides from the row it locks). A player without a wallet row is absent.
 * The entry other modules ask instead of reading identity's `is_demo`.
 */
export async function moneyModesOf(
  db: DbHandle,
  playerIds: readonly number[],
): Promise<Map<number, MoneyMode>> {
  const modes = new Map<number, MoneyMode>();
  if (playerIds.length === 0) return modes;
  const rows = await executeRows<{ player_id: string | number; money_mode: MoneyMode }>(
    db,
    sql`select player_id, money_mode from wallet_versions
        where player_id = any(${pgArray([...new Set(playerIds)])}::bigint[])`,
  );
  for (const row of rows) modes.set(Number(row.player_id), row.money_mode);
  return modes;
}

/** One player's money mode (moneyModesOf); PLAYER_NOT_FOUND-worthy when undefined. */
export async function moneyModeOf(db: DbHandle, playerId: number): Promise<MoneyMode | undefined> {
  return (await moneyModesOf(db, [playerId])).get(playerId);
}

/** A player's time-out and self-exclusion ends as the wallet keeps them (null: none). */
export interface PlayerRestrictions {
  excludedUntil: Date | null;
  timeOutUntil: Date | null;
}

/**
 * The players' time-out and self-exclusion ends, an unlocked read (sign-in, the realtime
 * handshake, a broadcast: what to show or whom to reach; a money move decides from the row
 * it locks). A player without a wallet row is absent.
 */
export async function playerRestrictionsOf(
  db: DbHandle,
  playerIds: readonly number[],
): Promise<Map<number, PlayerRestrictions>> {
  const found = new Map<number, PlayerRestrictions>();
  if (playerIds.length === 0) return found;
  const rows = await executeRows<RawPlayerRow>(
    db,
    sql`select player_id, version, money_mode,
               (extract(epoch from excluded_until) * 1000)::bigint::text as excluded_until,
               (extract(epoch from time_out_until) * 1000)::bigint::text as time_out_until
        from wallet_versions where player_id = any(${pgArray([...new Set(playerIds)])}::bigint[])`,
  );
  for (const raw of rows) {
    const row = toWalletPlayerRow(raw);
    found.set(row.playerId, { excludedUntil: row.excludedUntil, timeOutUntil: row.timeOutUntil });
  }
  return found;
}

/**
 * The SQL value "when the player's time-out or self-exclusion ends, the later of the two",
 * epoch milliseconds as text (null: neither): identity reads it with the session in the same
 * query, so a restricted session is known without another read (a permanent self-exclusion
 * is PERMANENT_EXCLUSION_UNTIL). `playerId` is an SQL expression.
 */
export function restrictionEndSql(playerId: SQL): SQL<string | null> {
  return sql<string | null>`(select (extract(epoch from greatest(restricted.excluded_until,
              restricted.time_out_until)) * 1000)::bigint::text
            from wallet_versions restricted where restricted.player_id = ${playerId})`;
}

/**
 * The SQL condition "player `playerId` (an SQL expression) is not under a time-out or
 * self-exclusion at `now`": a broadcast's recipients leave such players out.
 */
export function notRestrictedAt(playerId: SQL, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`not exists (select 1 from wallet_versions restricted
              where restricted.player_id = ${playerId}
                and (restricted.excluded_until > ${at} or restricted.time_out_until > ${at}))`;
}

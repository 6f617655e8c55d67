import { INDIA_TIME_ZONE, MAX_ROUND_STAKE_PAISE, MAX_ROUND_WIN_PAISE, objectWith } from '@spm/core';
import { and, count, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { executePreparedRows, executeRows, type DbHandle } from '../../db/database.ts';
import { pgArray } from '../../db/pg-array.ts';
import { dayOf, rangeOf } from '../../db/sql-dates.ts';
import { AppError } from '../../http/app-error.ts';
import { crashBets, crashRounds, crashSettings } from './tables.ts';

/*
 * The crash game's rows (docs/crash-game.md "Data"): settings, rounds and bets, and the
 * queries the back office screens will need (rounds with totals and incidents, a round's
 * bets, RTP and GGR per day, pause and resume, settings). Money is the wallet's.
 */

export type CrashSettingsRow = typeof crashSettings.$inferSelect;
export type CrashRoundRow = typeof crashRounds.$inferSelect;
export type CrashBetRow = typeof crashBets.$inferSelect;
export type CrashIncidentValue = NonNullable<CrashRoundRow['incident']>;

const SETTINGS_ID = 1;

/** The settings row (the migration inserts it; recreated with the defaults if ever gone). */
export async function readCrashSettings(db: DbHandle): Promise<CrashSettingsRow> {
  const [row] = await db.select().from(crashSettings).where(eq(crashSettings.id, SETTINGS_ID));
  if (row) return row;
  await db.insert(crashSettings).values({ id: SETTINGS_ID }).onConflictDoNothing();
  const [created] = await db.select().from(crashSettings).where(eq(crashSettings.id, SETTINGS_ID));
  if (!created) throw new Error('crash settings row missing');
  return created;
}

/** What staff may change; each field optional. Amounts paise, multipliers hundredths. */
export interface CrashSettingsChange {
  houseEdgeBasisPoints?: number;
  maxMultiplierHundredths?: number;
  minStakePaise?: bigint;
  maxStakePerRoundPaise?: bigint;
  maxReturnPaise?: bigint;
}

/** The highest house edge staff may set: 50 %. */
export const MAX_CRASH_HOUSE_EDGE_BASIS_POINTS = 5_000;

/**
 * Changes the settings; the next round committed uses them (the round under way keeps its
 * own). Values outside the game rules (the spec's 7,500 points staked and 75,000 returned
 * a round) are refused VALIDATION_FAILED and nothing changes.
 */
export async function updateCrashSettings(
  db: DbHandle,
  change: CrashSettingsChange,
  staffId: number | null,
  now: Date,
): Promise<CrashSettingsRow> {
  const current = await readCrashSettings(db);
  const next = {
    houseEdgeBasisPoints: change.houseEdgeBasisPoints ?? current.houseEdgeBasisPoints,
    maxMultiplierHundredths: change.maxMultiplierHundredths ?? current.maxMultiplierHundredths,
    minStakePaise: change.minStakePaise ?? current.minStakePaise,
    maxStakePerRoundPaise: change.maxStakePerRoundPaise ?? current.maxStakePerRoundPaise,
    maxReturnPaise: change.maxReturnPaise ?? current.maxReturnPaise,
  };
  const valid =
    Number.isInteger(next.houseEdgeBasisPoints) &&
    next.houseEdgeBasisPoints >= 0 &&
    next.houseEdgeBasisPoints <= MAX_CRASH_HOUSE_EDGE_BASIS_POINTS &&
    Number.isSafeInteger(next.maxMultiplierHundredths) &&
    next.maxMultiplierHundredths >= 101 &&
    next.maxMultiplierHundredths <= 1_000_000 &&
    next.minStakePaise > 0n &&
    next.maxStakePerRoundPaise >= next.minStakePaise &&
    next.maxStakePerRoundPaise <= MAX_ROUND_STAKE_PAISE &&
    next.maxReturnPaise >= next.maxStakePerRoundPaise &&
    next.maxReturnPaise <= MAX_ROUND_WIN_PAISE;
  if (!valid) throw new AppError('VALIDATION_FAILED');
  const [row] = await db
    .update(crashSettings)
    .set(objectWith(next, { updatedAt: now, updatedByStaffId: staffId }))
    .where(eq(crashSettings.id, SETTINGS_ID))
    .returning();
  if (!row) throw new Error('crash settings row missing');
  return row;
}

/** Pauses (no new round opens; the one under way ends) or resumes the game. */
export async function setCrashPaused(
  db: DbHandle,
  paused: boolean,
  staffId: number | null,
  now: Date,
): Promise<CrashSettingsRow> {
  await readCrashSettings(db);
  const [row] = await db
    .update(crashSettings)
    .set({ paused, updatedAt: now, updatedByStaffId: staffId })
    .where(eq(crashSettings.id, SETTINGS_ID))
    .returning();
  if (!row) throw new Error('crash settings row missing');
  return row;
}

export async function latestCrashRound(db: DbHandle): Promise<CrashRoundRow | undefined> {
  const [row] = await db.select().from(crashRounds).orderBy(desc(crashRounds.id)).limit(1);
  return row;
}

export async function crashRoundById(
  db: DbHandle,
  roundId: number,
): Promise<CrashRoundRow | undefined> {
  const [row] = await db.select().from(crashRounds).where(eq(crashRounds.id, roundId));
  return row;
}

export async function insertCrashRound(db: DbHandle, row: typeof crashRounds.$inferInsert) {
  await db.insert(crashRounds).values(row);
}

export async function markRoundFlying(db: DbHandle, roundId: number, at: Date): Promise<void> {
  await db
    .update(crashRounds)
    .set({ phase: 'flying', flightStartedAt: at })
    .where(and(eq(crashRounds.id, roundId), eq(crashRounds.phase, 'betting')));
}

/**
 * The round crashed (or was ended by a recovery): its time, incident and totals, summed from
 * its bets in the same statement (refunded bets count for nothing).
 */
export async function markRoundCrashed(
  db: DbHandle,
  input: { roundId: number; at: Date; incident: CrashIncidentValue | null },
): Promise<void> {
  await db.execute(sql`
    update crash_rounds r
    set phase = 'crashed', crashed_at = ${input.at.toISOString()}, incident = ${input.incident},
        players = t.players, total_stake_paise = t.stake, total_payout_paise = t.payout
    from (
      select count(distinct player_id)::int as players,
             coalesce(sum(stake_paise), 0) as stake,
             coalesce(sum(payout_paise), 0) as payout
      from crash_bets where round_id = ${input.roundId} and status <> 'refunded'
    ) t
    where r.id = ${input.roundId}`);
}

export async function betsOfCrashRound(db: DbHandle, roundId: number): Promise<CrashBetRow[]> {
  return db
    .select()
    .from(crashBets)
    .where(eq(crashBets.roundId, roundId))
    .orderBy(crashBets.placedAt, crashBets.id);
}

export async function crashBetById(db: DbHandle, betId: string): Promise<CrashBetRow | undefined> {
  const [row] = await db.select().from(crashBets).where(eq(crashBets.id, betId));
  return row;
}

export async function findBetsByClientIds(
  db: DbHandle,
  keys: readonly { playerId: number; clientBetId: string }[],
): Promise<CrashBetRow[]> {
  if (keys.length === 0) return [];
  const playerIds = [...new Set(keys.map((key) => key.playerId))];
  const clientIds = [...new Set(keys.map((key) => key.clientBetId))];
  const rows = await db
    .select()
    .from(crashBets)
    .where(and(inArray(crashBets.playerId, playerIds), inArray(crashBets.clientBetId, clientIds)));
  const wanted = new Set(keys.map((key) => `${key.playerId}\u0000${key.clientBetId}`));
  return rows.filter((row) => wanted.has(`${row.playerId}\u0000${row.clientBetId}`));
}

/** A bet's end: cashed out (with its multiplier and payout), lost or refunded. */
export interface BetSettlement {
  id: string;
  status: 'cashed_out' | 'lost' | 'refunded';
  cashOutHundredths: number | null;
  cashOutKind: CrashBetRow['cashOutKind'];
  payoutPaise: bigint | null;
}

/** The settlements as the unnest columns of the statements that write them. */
function settlementColumns(settlements: readonly BetSettlement[]) {
  const column = (pick: (settlement: BetSettlement) => string | number | bigint | null) =>
    pgArray(settlements.map(pick));
  return {
    ids: column((s) => s.id),
    statuses: column((s) => s.status),
    multipliers: column((s) => s.cashOutHundredths),
    kinds: column((s) => s.cashOutKind),
    payouts: column((s) => s.payoutPaise),
  };
}

/** Settles bets still active, in one statement; answers the ids it changed. */
export async function settleCrashBets(
  db: DbHandle,
  settlements: readonly BetSettlement[],
  at: Date,
): Promise<Set<string>> {
  if (settlements.length === 0) return new Set();
  const { ids, statuses, multipliers, kinds, payouts } = settlementColumns(settlements);
  const rows = await executeRows<{ id: string }>(
    db,
    sql`update crash_bets b
        set status = v.status, cash_out_hundredths = v.multiplier, cash_out_kind = v.kind,
            payout_paise = v.payout, settled_at = ${at.toISOString()}
        from unnest(${ids}::text[], ${statuses}::text[], ${multipliers}::int[],
                    ${kinds}::text[], ${payouts}::bigint[])
             as v(id, status, multiplier, kind, payout)
        where b.id = v.id and b.status = 'active'
        returning b.id`,
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * A money batch's bet rows, in one statement: the new bets inserted and the settled ones
 * (still active) updated. It checks itself that every new bet went in and every settled bet
 * was still active, and raises otherwise, so the batch's COMMIT may go right behind it
 * (`commitBehind`, executePreparedRows): a bet settled meanwhile (another node, a recovery)
 * rolls the batch back, money included.
 */
export async function writeBatchBets(
  db: DbHandle,
  newBets: readonly CrashBetRow[],
  settlements: readonly BetSettlement[],
  at: Date,
  options: { commitBehind: boolean },
): Promise<void> {
  if (newBets.length === 0 && settlements.length === 0) return;
  const bet = <T extends string | number | bigint | null>(pick: (row: CrashBetRow) => T) =>
    pgArray(newBets.map(pick));
  const settled = settlementColumns(settlements);
  await executePreparedRows(
    db,
    sql`with inserted as (
          insert into crash_bets
            (id, round_id, player_id, player_label, panel, stake_paise,
             auto_cash_out_hundredths, client_bet_id, status, placed_at)
          select * from unnest(${bet((b) => b.id)}::text[], ${bet((b) => b.roundId)}::int[],
                               ${bet((b) => b.playerId)}::bigint[],
                               ${bet((b) => b.playerLabel)}::text[],
                               ${bet((b) => b.panel)}::smallint[],
                               ${bet((b) => b.stakePaise)}::bigint[],
                               ${bet((b) => b.autoCashOutHundredths)}::int[],
                               ${bet((b) => b.clientBetId)}::text[],
                               ${bet((b) => b.status)}::text[],
                               ${bet((b) => b.placedAt.toISOString())}::timestamptz[])
          returning 1
        ),
        settled as (
          update crash_bets b
          set status = v.status, cash_out_hundredths = v.multiplier, cash_out_kind = v.kind,
              payout_paise = v.payout, settled_at = ${at.toISOString()}::timestamptz
          from unnest(${settled.ids}::text[], ${settled.statuses}::text[],
                      ${settled.multipliers}::int[], ${settled.kinds}::text[],
                      ${settled.payouts}::bigint[])
               as v(id, status, multiplier, kind, payout)
          where b.id = v.id and b.status = 'active'
          returning 1
        )
        select spm_check((select count(*) from inserted) = ${newBets.length}::int
                         and (select count(*) from settled) = ${settlements.length}::int,
          'crash batch: a bet was settled meanwhile') as ok`,
    options,
  );
}

/** Crashed rounds, newest first (the history strip and GET /api/crash/rounds). */
export async function crashedRoundsPage(
  db: DbHandle,
  page: number,
  pageSize: number,
): Promise<{ rows: CrashRoundRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(crashRounds)
      .where(eq(crashRounds.phase, 'crashed'))
      .orderBy(desc(crashRounds.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(crashRounds).where(eq(crashRounds.phase, 'crashed')),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The latest crash points, newest first. */
export async function lastCrashPoints(
  db: DbHandle,
  limit: number,
): Promise<{ roundId: number; crashPointHundredths: number }[]> {
  return db
    .select({ roundId: crashRounds.id, crashPointHundredths: crashRounds.crashPointHundredths })
    .from(crashRounds)
    .where(and(eq(crashRounds.phase, 'crashed'), isNotNull(crashRounds.flightStartedAt)))
    .orderBy(desc(crashRounds.id))
    .limit(limit);
}

/**
 * A player's bets (only those of `status` when given), newest first, with their rounds
 * (withdrawn bets included, as refunded).
 */
export async function playerCrashBets(
  db: DbHandle,
  playerId: number,
  page: number,
  pageSize: number,
  status?: CrashBetRow['status'],
): Promise<{ rows: { bet: CrashBetRow; round: CrashRoundRow }[]; total: number }> {
  const where = and(
    eq(crashBets.playerId, playerId),
    status === undefined ? undefined : eq(crashBets.status, status),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ bet: crashBets, round: crashRounds })
      .from(crashBets)
      .innerJoin(crashRounds, eq(crashRounds.id, crashBets.roundId))
      .where(where)
      .orderBy(desc(crashBets.placedAt), desc(crashBets.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(crashBets).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

// ---------------------------------------------------------------- for the back office

/** Rounds newest first with their totals and incidents (crashed ones; the live one is not). */
export async function staffCrashRounds(
  db: DbHandle,
  input: { page: number; pageSize: number; incidentsOnly?: boolean },
): Promise<{ rows: CrashRoundRow[]; total: number }> {
  const where = and(
    eq(crashRounds.phase, 'crashed'),
    input.incidentsOnly ? isNotNull(crashRounds.incident) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(crashRounds)
      .where(where)
      .orderBy(desc(crashRounds.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ total: count() }).from(crashRounds).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Every bet of a round with the player's id (staff see who played). */
export async function staffRoundBets(db: DbHandle, roundId: number): Promise<CrashBetRow[]> {
  return betsOfCrashRound(db, roundId);
}

/** One day's play: stakes and payouts of settled bets (refunds excluded), GGR and RTP. */
export interface CrashDay {
  day: string;
  rounds: number;
  stakePaise: bigint;
  payoutPaise: bigint;
  /** Stakes minus payouts: what the house kept. */
  ggrPaise: bigint;
  /** Payouts over stakes in percent, two decimals; null on a day with no stake. */
  rtpPercent: number | null;
}

/**
 * RTP and GGR per day (India time, both ends included) of the crashed rounds, real money and
 * play money apart (`playMoney`: demo and points-only players' bets, which never touch the
 * house's books).
 */
export async function crashRtpByDay(
  db: DbHandle,
  input: { fromDate: string; toDate: string; playMoney: boolean },
): Promise<CrashDay[]> {
  const rows = await executeRows<{
    day: string;
    rounds: string | number;
    stake: string | bigint;
    payout: string | bigint;
  }>(
    db,
    sql`select ${dayOf(sql`r.crashed_at`, INDIA_TIME_ZONE)} as day,
               count(distinct r.id) as rounds,
               coalesce(sum(b.stake_paise), 0) as stake,
               coalesce(sum(b.payout_paise), 0) as payout
        from crash_rounds r
        join crash_bets b on b.round_id = r.id and b.status <> 'refunded'
        left join wallet_versions p on p.player_id = b.player_id
        where r.phase = 'crashed'
          and ${rangeOf(sql`r.crashed_at`, input.fromDate, input.toDate, INDIA_TIME_ZONE)}
          and (coalesce(p.money_mode, 'real') = 'play') = ${input.playMoney}
        group by 1 order by 1`,
  );
  return rows.map((row) => {
    const stakePaise = BigInt(row.stake);
    const payoutPaise = BigInt(row.payout);
    return {
      day: row.day,
      rounds: Number(row.rounds),
      stakePaise,
      payoutPaise,
      ggrPaise: stakePaise - payoutPaise,
      rtpPercent: stakePaise === 0n ? null : Number((payoutPaise * 10_000n) / stakePaise) / 100,
    };
  });
}

/** Bets a round still has open (the settlement and the recovery read them). */
export async function activeBetsOfRound(db: DbHandle, roundId: number): Promise<CrashBetRow[]> {
  return db
    .select()
    .from(crashBets)
    .where(and(eq(crashBets.roundId, roundId), eq(crashBets.status, 'active')))
    .orderBy(crashBets.placedAt, crashBets.id);
}

/** Not refunded: the bets that count in a round. */
export async function standingBetsOfRound(db: DbHandle, roundId: number): Promise<CrashBetRow[]> {
  return db
    .select()
    .from(crashBets)
    .where(and(eq(crashBets.roundId, roundId), ne(crashBets.status, 'refunded')))
    .orderBy(crashBets.placedAt, crashBets.id);
}

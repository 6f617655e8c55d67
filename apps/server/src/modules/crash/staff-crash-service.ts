import type {
  StaffCrashBet,
  StaffCrashReport,
  StaffCrashReportFigures,
  StaffCrashReportQuery,
  StaffCrashRound,
  StaffCrashRoundDetail,
  StaffCrashRounds,
  StaffCrashSettings,
  StaffCrashSettingsBody,
  StaffCrashSettingsChange,
} from '@spm/contract';
import { INDIA_TIME_ZONE, objectWith, paiseToPoints, pointsToPaise } from '@spm/core';
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { insertStaffAudit } from '../../audit/audit-repository.ts';
import { executeRows, type DbHandle } from '../../db/database.ts';
import { dayOf, rangeOf } from '../../db/sql-dates.ts';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { StaffActor } from '../../http/staff-auth.ts';
import {
  crashRoundById,
  latestCrashRound,
  readCrashSettings,
  setCrashPaused,
  staffRoundBets,
  updateCrashSettings,
  type CrashRoundRow,
  type CrashSettingsRow,
} from './crash-repository.ts';
import { crashRounds, crashSettings } from './tables.ts';

/*
 * The back office's crash game (issue 43 item 6, docs/crash-backoffice.md): settings with
 * their audit, pause and resume, rounds with their bets, RTP and GGR per Indian day. Every
 * change is written with its audit row in one transaction. Amounts are points at this edge.
 */

const points = (paise: bigint) => paiseToPoints(paise);
const multiplierOf = (hundredths: number) => hundredths / 100;

function paiseOf(value: number): bigint {
  const parsed = pointsToPaise(value);
  // The contract already refused these; a value that slips past is a bad request all the same.
  if (!parsed.ok) throw new AppError('VALIDATION_FAILED');
  return parsed.paise;
}

async function staffNameOf(db: DbHandle, staffId: number | null): Promise<string | null> {
  if (staffId === null) return null;
  const [row] = await executeRows<{ username: string }>(
    db,
    sql`select username from staff_users where id = ${staffId}`,
  );
  return row?.username ?? null;
}

/** The settings as the screen and the audit show them (no updatedAt/By in the audit). */
function settingsValues(row: CrashSettingsRow) {
  return {
    houseEdgePercent: row.houseEdgeBasisPoints / 100,
    maxMultiplier: multiplierOf(row.maxMultiplierHundredths),
    minStake: points(row.minStakePaise),
    maxStakePerRound: points(row.maxStakePerRoundPaise),
    maxReturn: points(row.maxReturnPaise),
    paused: row.paused,
  };
}

async function toStaffSettings(db: DbHandle, row: CrashSettingsRow): Promise<StaffCrashSettings> {
  return objectWith(settingsValues(row), {
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: await staffNameOf(db, row.updatedByStaffId),
  });
}

export async function staffCrashSettings(deps: ServiceDeps): Promise<StaffCrashSettings> {
  return toStaffSettings(deps.db, await readCrashSettings(deps.db));
}

/** Locks the settings row so two staff changes never audit the same "before". */
async function lockSettings(db: DbHandle): Promise<CrashSettingsRow> {
  await readCrashSettings(db);
  const [row] = await db.select().from(crashSettings).where(eq(crashSettings.id, 1)).for('update');
  if (!row) throw new Error('crash settings row missing');
  return row;
}

/**
 * PUT /staff/crash/settings: every value at once. The loop reads the settings when it commits
 * a round, so the round under way keeps its own and the next one takes these.
 */
export async function changeStaffCrashSettings(
  deps: ServiceDeps,
  actor: StaffActor,
  body: StaffCrashSettingsBody,
): Promise<StaffCrashSettingsChange> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await lockSettings(tx);
    const after = await updateCrashSettings(
      tx,
      {
        houseEdgeBasisPoints: Math.round(body.houseEdgePercent * 100),
        maxMultiplierHundredths: Math.round(body.maxMultiplier * 100),
        minStakePaise: paiseOf(body.minStake),
        maxStakePerRoundPaise: paiseOf(body.maxStakePerRound),
        maxReturnPaise: paiseOf(body.maxReturn),
      },
      actor.staff.staffId,
      now,
    );
    await insertStaffAudit(tx, actor, now, {
      action: 'crash.settings_update',
      targetType: 'crash_settings',
      targetId: '1',
      before: settingsValues(before),
      after: settingsValues(after),
    });
    const latest = await latestCrashRound(tx);
    return objectWith(await toStaffSettings(tx, after), {
      appliesFrom: 'next_round' as const,
      roundInProgressId: latest && latest.phase !== 'crashed' ? String(latest.id) : null,
    });
  });
}

/**
 * POST /staff/crash/pause and /resume: the round under way finishes; while paused the loop
 * commits no new round. Pausing a paused game (or resuming a running one) is refused, so the
 * audit holds real changes only.
 */
export async function pauseStaffCrash(
  deps: ServiceDeps,
  actor: StaffActor,
  paused: boolean,
): Promise<StaffCrashSettings> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await lockSettings(tx);
    if (before.paused === paused) {
      throw new AppError(
        'CONFLICT',
        paused ? 'The game is already paused.' : 'The game is not paused.',
      );
    }
    const after = await setCrashPaused(tx, paused, actor.staff.staffId, now);
    await insertStaffAudit(tx, actor, now, {
      action: paused ? 'crash.pause' : 'crash.resume',
      targetType: 'crash_settings',
      targetId: '1',
      before: { paused: before.paused },
      after: { paused: after.paused },
    });
    return toStaffSettings(tx, after);
  });
}

function toStaffRound(row: CrashRoundRow): StaffCrashRound {
  return {
    id: String(row.id),
    crashPoint: multiplierOf(row.crashPointHundredths),
    phase: row.phase,
    players: row.players,
    totalStake: points(row.totalStakePaise),
    totalPayout: points(row.totalPayoutPaise),
    ggr: points(row.totalStakePaise - row.totalPayoutPaise),
    incident: row.incident,
    houseEdgePercent: row.houseEdgeBasisPoints / 100,
    crashedAt: row.crashedAt?.toISOString() ?? null,
  };
}

/** GET /staff/crash/rounds: crashed rounds, newest first (a round's totals exist once crashed). */
export async function staffCrashRoundsPage(
  deps: ServiceDeps,
  query: { page: number; pageSize: number; from?: string; to?: string; incidentsOnly?: boolean },
): Promise<StaffCrashRounds> {
  const where = and(
    eq(crashRounds.phase, 'crashed'),
    query.incidentsOnly ? isNotNull(crashRounds.incident) : undefined,
    query.from || query.to
      ? rangeOf(
          crashRounds.crashedAt,
          query.from ?? '2000-01-01',
          query.to ?? '9999-12-30',
          INDIA_TIME_ZONE,
        )
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    deps.db
      .select()
      .from(crashRounds)
      .where(where)
      .orderBy(desc(crashRounds.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    deps.db.select({ total: count() }).from(crashRounds).where(where),
  ]);
  return {
    items: rows.map(toStaffRound),
    page: query.page,
    pageSize: query.pageSize,
    total: counted?.total ?? 0,
  };
}

/** GET /staff/crash/rounds/{id}: any phase, with every bet and the player's real username. */
export async function staffCrashRoundDetail(
  deps: ServiceDeps,
  roundId: number,
): Promise<StaffCrashRoundDetail> {
  const round = await crashRoundById(deps.db, roundId);
  if (!round) throw new AppError('NOT_FOUND', 'No such round.');
  const bets = await staffRoundBets(deps.db, roundId);
  const ids = [...new Set(bets.map((bet) => bet.playerId))];
  const names = new Map<number, string>();
  if (ids.length > 0) {
    const rows = await executeRows<{ id: string | number; username: string }>(
      deps.db,
      sql`select id, username from users where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    for (const row of rows) names.set(Number(row.id), row.username);
  }
  return objectWith(toStaffRound(round), {
    maxMultiplier: multiplierOf(round.maxMultiplierHundredths),
    minStake: points(round.minStakePaise),
    maxStakePerRound: points(round.maxStakePerRoundPaise),
    maxReturn: points(round.maxReturnPaise),
    flightStartedAt: round.flightStartedAt?.toISOString() ?? null,
    bets: bets.map((bet): StaffCrashBet => ({
      id: bet.id,
      playerId: String(bet.playerId),
      playerName: names.get(bet.playerId) ?? bet.playerLabel,
      panel: bet.panel === 1 ? 1 : 0,
      stake: points(bet.stakePaise),
      autoCashOut:
        bet.autoCashOutHundredths === null ? null : multiplierOf(bet.autoCashOutHundredths),
      status: bet.status,
      cashOutMultiplier:
        bet.cashOutHundredths === null ? null : multiplierOf(bet.cashOutHundredths),
      cashOutKind: bet.cashOutKind,
      payout: bet.payoutPaise === null ? null : points(bet.payoutPaise),
      placedAt: bet.placedAt.toISOString(),
    })),
  });
}

function figuresOf(rounds: number, bets: number, stake: bigint, payout: bigint) {
  return {
    rounds,
    bets,
    stake: points(stake),
    payout: points(payout),
    ggr: points(stake - payout),
    rtpPercent: stake === 0n ? null : Number((payout * 10_000n) / stake) / 100,
  } satisfies StaffCrashReportFigures;
}

/**
 * GET /staff/crash/report: per Indian day of the crash, every crashed round (those without a
 * bet too) and the real-money bets that count (refunded and play-money bets excluded, as in
 * crashRtpByDay); the totals are the days' sums.
 */
export async function staffCrashReport(
  deps: ServiceDeps,
  query: StaffCrashReportQuery,
): Promise<StaffCrashReport> {
  const inRange = rangeOf(sql`r.crashed_at`, query.from, query.to, INDIA_TIME_ZONE);
  const day = dayOf(sql`r.crashed_at`, INDIA_TIME_ZONE);
  const rows = await executeRows<{
    day: string;
    rounds: string | number;
    bets: string | number;
    stake: string | bigint;
    payout: string | bigint;
  }>(
    deps.db,
    sql`with days as (
          select ${day} as day, count(*) as rounds
          from crash_rounds r where r.phase = 'crashed' and ${inRange} group by 1
        ), played as (
          select ${day} as day, count(b.id) as bets,
                 coalesce(sum(b.stake_paise), 0) as stake,
                 coalesce(sum(b.payout_paise), 0) as payout
          from crash_rounds r
          join crash_bets b on b.round_id = r.id and b.status <> 'refunded'
          left join wallet_versions p on p.player_id = b.player_id
          where r.phase = 'crashed' and ${inRange}
            and coalesce(p.money_mode, 'real') <> 'play'
          group by 1
        )
        select d.day, d.rounds, coalesce(p.bets, 0) as bets,
               coalesce(p.stake, 0) as stake, coalesce(p.payout, 0) as payout
        from days d left join played p on p.day = d.day
        order by d.day`,
  );
  let rounds = 0;
  let bets = 0;
  let stake = 0n;
  let payout = 0n;
  const days = rows.map((row) => {
    const figures = {
      rounds: Number(row.rounds),
      bets: Number(row.bets),
      stake: BigInt(row.stake),
      payout: BigInt(row.payout),
    };
    rounds += figures.rounds;
    bets += figures.bets;
    stake += figures.stake;
    payout += figures.payout;
    return {
      day: row.day,
      ...figuresOf(figures.rounds, figures.bets, figures.stake, figures.payout),
    };
  });
  return {
    from: query.from,
    to: query.to,
    days,
    totals: figuresOf(rounds, bets, stake, payout),
  };
}

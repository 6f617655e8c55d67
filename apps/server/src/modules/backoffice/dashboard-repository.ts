import { sql, type SQL } from 'drizzle-orm';
import { executeRows, type DbHandle } from '../../db/database.ts';
import { depositRequests, kycSubmissions, withdrawRequests } from '../cashier/tables.ts';
import { settledNetByDay } from '../wallet/index.ts';
import { dayOf, rangeOf } from '../../db/sql-dates.ts';
import { orders } from '../exchange/tables.ts';
import { sessions, users } from '../identity/tables.ts';

/*
 * Dashboard figures, computed by the database over Indian calendar days: a day D runs from
 * (D 00:00 in the time zone) to (D+1 00:00), as the statement does. `players` is the set of
 * counted players: real ones (not demo, not the platform's system accounts) in the staff
 * member's downline.
 */

export interface DayFigures {
  depositsPaise: bigint;
  withdrawalsPaise: bigint;
  ggrPaise: bigint;
  newPlayers: number;
}

/** Today's Indian date and the first day of its month, as the database sees `now`. */
export async function indianToday(
  db: DbHandle,
  now: Date,
  timeZone: string,
): Promise<{ today: string; monthStart: string }> {
  const [row] = await executeRows<{ today: string; month_start: string }>(
    db,
    sql`select to_char((${now.toISOString()}::timestamptz at time zone ${timeZone})::date, 'YYYY-MM-DD') as today,
               to_char(date_trunc('month', (${now.toISOString()}::timestamptz at time zone ${timeZone})::date), 'YYYY-MM-DD') as month_start`,
  );
  if (!row) throw new Error('no date from the database');
  return { today: row.today, monthStart: row.month_start };
}

/** Player ids the figures count: real players the condition `visible` (on users) admits. */
function countedPlayers(visible: SQL): SQL {
  return sql`(select ${users.id} from ${users}
    where not ${users.isDemo} and not ${users.isSystem} and ${visible})`;
}

/** Per Indian day of decision: the sum of the approved requests of the counted players. */
function approvedPaiseByDay(
  db: DbHandle,
  requests: typeof depositRequests | typeof withdrawRequests,
  input: { players: SQL; fromDate: string; toDate: string; timeZone: string },
): Promise<{ day: string; paise: string | bigint }[]> {
  const { fromDate, toDate, timeZone } = input;
  return executeRows<{ day: string; paise: string | bigint }>(
    db,
    sql`select ${dayOf(requests.decidedAt, timeZone)} as day,
               sum(${requests.amountPaise}) as paise
        from ${requests}
        where ${requests.status} = 'approved'
          and ${rangeOf(requests.decidedAt, fromDate, toDate, timeZone)}
          and ${requests.playerId} in ${input.players}
        group by 1`,
  );
}

/**
 * Per Indian day in [fromDate, toDate]: approved deposits and withdrawals (by decision time),
 * gross gaming revenue and new players. GGR = minus the net of the bet_settlement postings on
 * the players' cash and exposure_hold accounts (a settlement releases the hold into cash and
 * adds the P&L net of commission, so their sum is the player's net result, corrections
 * included): what players lost net of winnings, commission included.
 */
export async function figuresByDay(
  db: DbHandle,
  input: { visible: SQL; fromDate: string; toDate: string; timeZone: string },
): Promise<Map<string, DayFigures>> {
  const { fromDate, toDate, timeZone } = input;
  const players = countedPlayers(input.visible);
  const [deposits, withdrawals, ggr, joined] = await Promise.all([
    approvedPaiseByDay(db, depositRequests, { players, fromDate, toDate, timeZone }),
    approvedPaiseByDay(db, withdrawRequests, { players, fromDate, toDate, timeZone }),
    settledNetByDay(db, { players, fromDate, toDate, timeZone }),
    executeRows<{ day: string; n: string | number }>(
      db,
      sql`select ${dayOf(users.createdAt, timeZone)} as day, count(*) as n
          from ${users}
          where ${rangeOf(users.createdAt, fromDate, toDate, timeZone)}
            and ${users.id} in ${players}
          group by 1`,
    ),
  ]);
  const result = new Map<string, DayFigures>();
  const at = (day: string): DayFigures => {
    let figures = result.get(day);
    if (!figures) {
      figures = { depositsPaise: 0n, withdrawalsPaise: 0n, ggrPaise: 0n, newPlayers: 0 };
      result.set(day, figures);
    }
    return figures;
  };
  for (const row of deposits) at(row.day).depositsPaise = BigInt(row.paise);
  for (const row of withdrawals) at(row.day).withdrawalsPaise = BigInt(row.paise);
  for (const row of ggr) at(row.day).ggrPaise = BigInt(row.paise);
  for (const row of joined) at(row.day).newPlayers = Number(row.n);
  return result;
}

/**
 * Distinct counted players active in [fromDate, toDate]: a session in use during the range
 * (opened before its end, last seen after its start) or an order placed in it.
 */
export async function countActivePlayers(
  db: DbHandle,
  input: { visible: SQL; fromDate: string; toDate: string; timeZone: string },
): Promise<number> {
  const { fromDate, toDate, timeZone } = input;
  const start = sql`(${fromDate}::date)::timestamp at time zone ${timeZone}`;
  const end = sql`(${toDate}::date + 1)::timestamp at time zone ${timeZone}`;
  const [row] = await executeRows<{ n: string | number }>(
    db,
    sql`select count(distinct player_id) as n from (
          select ${sessions.userId} as player_id from ${sessions}
            where ${sessions.createdAt} < ${end} and ${sessions.lastSeenAt} >= ${start}
          union
          select ${orders.playerId} from ${orders}
            where ${orders.createdAt} >= ${start} and ${orders.createdAt} < ${end}
        ) active
        where player_id in ${countedPlayers(input.visible)}`,
  );
  return Number(row?.n ?? 0);
}

/** Requests waiting for a decision (deposits whose time has not run out). */
export async function countPending(
  db: DbHandle,
  input: { visible: SQL; now: Date },
): Promise<{ deposits: number; withdrawals: number; kyc: number }> {
  const players = sql`(select ${users.id} from ${users} where ${input.visible})`;
  const [row] = await executeRows<{
    deposits: string | number;
    withdrawals: string | number;
    kyc: string | number;
  }>(
    db,
    sql`select
          (select count(*) from ${depositRequests}
            where ${depositRequests.status} = 'pending'
              and ${depositRequests.expiresAt} > ${input.now.toISOString()}::timestamptz
              and ${depositRequests.playerId} in ${players}) as deposits,
          (select count(*) from ${withdrawRequests}
            where ${withdrawRequests.status} = 'pending'
              and ${withdrawRequests.playerId} in ${players}) as withdrawals,
          (select count(*) from ${kycSubmissions}
            where ${kycSubmissions.status} = 'pending'
              and ${kycSubmissions.playerId} in ${players}) as kyc`,
  );
  return {
    deposits: Number(row?.deposits ?? 0),
    withdrawals: Number(row?.withdrawals ?? 0),
    kyc: Number(row?.kyc ?? 0),
  };
}

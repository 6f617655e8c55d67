import { objectWith, paiseToPoints } from '@spm/core';
import { PLAYER_TIME_ZONE, type Dashboard } from '@spm/contract';
import {
  countActivePlayers,
  countPending,
  figuresByDay,
  indianToday,
  type DayFigures,
} from './dashboard-repository.ts';
import { withStatementTimeout } from '../../db/database.ts';
import type { ServiceDeps } from '../../deps.ts';
import { downlinePlayerFilter } from '../identity/index.ts';
import type { StaffContext } from '../identity/index.ts';

export const DASHBOARD_DAYS = 30;
const DAY_MS = 86_400_000;

/** A calendar date `days` after (or before) the given one, both YYYY-MM-DD. */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const ZERO: DayFigures = { depositsPaise: 0n, withdrawalsPaise: 0n, ggrPaise: 0n, newPlayers: 0 };

function sum(figures: DayFigures[]): DayFigures {
  return figures.reduce(
    (total, day) => ({
      depositsPaise: total.depositsPaise + day.depositsPaise,
      withdrawalsPaise: total.withdrawalsPaise + day.withdrawalsPaise,
      ggrPaise: total.ggrPaise + day.ggrPaise,
      newPlayers: total.newPlayers + day.newPlayers,
    }),
    ZERO,
  );
}

function points(figures: DayFigures) {
  return {
    deposits: paiseToPoints(figures.depositsPaise),
    withdrawals: paiseToPoints(figures.withdrawalsPaise),
    ggr: paiseToPoints(figures.ggrPaise),
    newPlayers: figures.newPlayers,
  };
}

/**
 * GET /staff/dashboard: today's and this month's figures (Indian days), the pending queues and
 * the last 30 days, oldest first, zero-filled. Agents see their downline only. Definitions in
 * dashboard-repository.ts (deposits and withdrawals approved in the range, GGR
 * from settlement postings, new players by sign-up, active players by session or order).
 */
/** A dashboard's statements each run this long at most (the pool's bound is under a lease). */
const REPORT_STATEMENT_TIMEOUT_MS = 30_000;

export async function getDashboard(deps: ServiceDeps, staff: StaffContext): Promise<Dashboard> {
  const visible = downlinePlayerFilter(staff);
  const timeZone = PLAYER_TIME_ZONE;
  const now = deps.clock.now();
  // Months of postings and orders: a report's statements get their own, longer bound than the
  // pool's (deploy/README.md "Bounds on every transaction").
  return withStatementTimeout(deps.db, REPORT_STATEMENT_TIMEOUT_MS, async (db) => {
    const { today, monthStart } = await indianToday(db, now, timeZone);
    const firstDay = addDays(today, -(DASHBOARD_DAYS - 1));
    const fromDate = monthStart < firstDay ? monthStart : firstDay;
    const byDay = await figuresByDay(db, { visible, fromDate, toDate: today, timeZone });
    const activeToday = await countActivePlayers(db, {
      visible,
      fromDate: today,
      toDate: today,
      timeZone,
    });
    const activeMonth = await countActivePlayers(db, {
      visible,
      fromDate: monthStart,
      toDate: today,
      timeZone,
    });
    const pending = await countPending(db, { visible, now });

    const days = Array.from({ length: DASHBOARD_DAYS }, (_, index) => {
      const date = addDays(firstDay, index);
      return { date, ...points(byDay.get(date) ?? ZERO) };
    });
    const monthFigures = [...byDay.entries()]
      .filter(([date]) => date >= monthStart)
      .map(([, figures]) => figures);
    return {
      today: objectWith(points(byDay.get(today) ?? ZERO), { activePlayers: activeToday }),
      month: objectWith(points(sum(monthFigures)), { activePlayers: activeMonth }),
      pending,
      days,
    };
  });
}

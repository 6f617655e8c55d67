import {
  DASHBOARD_MOVEMENTS,
  DASHBOARD_OPEN_BETS_MAX,
  type Bet,
  type Language,
  type PlayerDashboard,
} from '@spm/contract';
import { objectWith } from '@spm/core';
import type { ServiceDeps } from '../../deps.ts';
import { casinoHistory } from '../casino/index.ts';
import { myCrashBets } from '../crash/index.ts';
import { listBets, type ExchangeEngine } from '../exchange/index.ts';
import type { AuthContext } from '../identity/index.ts';
import { getLimitsState, getRealityCheck } from '../safer-play/index.ts';
import { listPlayerBets, sportsbookBetView } from '../sportsbook/index.ts';
import { getWallet, latestStatementEntries, moneyModeOf } from '../wallet/index.ts';

/*
 * GET /api/dashboard (issue 44 item 4, docs/dashboard.md): the player's account at a glance,
 * gathered read-only from each module's own service (the same ones their pages' endpoints
 * call), so the dashboard never shows a figure another page would not.
 */

const FIRST_PAGE = { page: 1, pageSize: DASHBOARD_OPEN_BETS_MAX };

/**
 * Sports bets not settled: GET /bets' "unmatched" (unmatched, partially matched) and
 * "matched" (some stake matched, not settled) lists, once each, newest first.
 */
async function openSportsBets(
  engine: ExchangeEngine,
  playerId: number,
  language: Language,
): Promise<{ items: Bet[]; more: boolean }> {
  const query = (status: 'unmatched' | 'matched') => objectWith(FIRST_PAGE, { status });
  const [unmatched, matched] = await Promise.all([
    listBets(engine, playerId, query('unmatched'), language),
    listBets(engine, playerId, query('matched'), language),
  ]);
  const byId = new Map<string, Bet>();
  for (const bet of [...unmatched.items, ...matched.items]) byId.set(bet.id, bet);
  const items = [...byId.values()].sort(
    (a, b) => b.placedAt.localeCompare(a.placedAt) || Number(b.id) - Number(a.id),
  );
  const more =
    items.length > DASHBOARD_OPEN_BETS_MAX ||
    unmatched.total > unmatched.items.length ||
    matched.total > matched.items.length;
  return { items: items.slice(0, DASHBOARD_OPEN_BETS_MAX), more };
}

/** The signed-in player's dashboard: wallet, open bets, limits, session, last movements. */
export async function playerDashboard(
  deps: ServiceDeps,
  engine: ExchangeEngine,
  auth: AuthContext,
  language: Language,
): Promise<PlayerDashboard> {
  const playerId = auth.userId;
  const [wallet, mode, sports, casino, crash, sportsbook, limits, session, movements] =
    await Promise.all([
      getWallet(deps.db, playerId),
      moneyModeOf(deps.db, playerId),
      openSportsBets(engine, playerId, language),
      casinoHistory(deps, playerId, FIRST_PAGE.page, FIRST_PAGE.pageSize, 'open'),
      myCrashBets(deps.db, playerId, objectWith(FIRST_PAGE, { status: 'active' as const })),
      listPlayerBets(deps.db, playerId, {
        status: 'open',
        page: 1,
        pageSize: DASHBOARD_OPEN_BETS_MAX,
      }),
      getLimitsState(deps, playerId),
      getRealityCheck(deps, auth),
      latestStatementEntries(deps, playerId, DASHBOARD_MOVEMENTS),
    ]);
  return {
    wallet,
    playMoney: mode === 'play' || auth.isDemo,
    openBets: {
      sports: sports.items,
      casino: casino.items,
      crash: crash.items,
      sportsbook: sportsbook.rows.map(sportsbookBetView),
      more: {
        sports: sports.more,
        casino: casino.total > casino.items.length,
        crash: crash.total > crash.items.length,
        sportsbook: sportsbook.hasMore,
      },
    },
    limits: limits.limits,
    session,
    movements,
  };
}

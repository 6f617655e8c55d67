import {
  STAFF_REFERRALS_LISTED,
  type StaffPlayer,
  type StaffPlayerBonuses,
  type StaffPlayerReferrals,
  type StaffSportsbookBetList,
} from '@spm/contract';
import { paiseToPoints, walletView, type PlayerAccountKind } from '@spm/core';
import { AppError } from '../../http/app-error.ts';
import { insertAudit } from '../../audit/audit-repository.ts';
import { staffPlayerBonuses } from '../bonus/index.ts';
import { pagePlayerBets, sportsbookBetView } from '../sportsbook/index.ts';
import { listPlayerOrders } from '../exchange/index.ts';
import {
  findPlayerReferrals,
  findStaffPlayer,
  listPlayerSessions,
  searchPlayers,
  setPlayerStatus,
  type StaffPlayerRow,
} from './player-admin-repository.ts';
import {
  assertPlayerVisible,
  downlinePlayerFilter,
  revokeUserSessions,
} from '../identity/index.ts';
import { getStatement, getWallet, playersBalances, toWallet } from '../wallet/index.ts';
import type { ServiceDeps } from '../../deps.ts';
import type { StaffContext } from '../identity/index.ts';

interface Page {
  page: number;
  pageSize: number;
}

function toStaffPlayer(row: StaffPlayerRow, wallet: StaffPlayer['wallet']): StaffPlayer {
  const { user } = row;
  return {
    id: String(user.id),
    username: user.username,
    name: user.name,
    email: user.email,
    phone: user.mobile === null ? null : `${user.countryCode}${user.mobile}`,
    status: user.status,
    isDemo: user.isDemo,
    agentCode: user.agentCode,
    registeredAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt === null ? null : user.lastLoginAt.toISOString(),
    registrationIp: user.registrationIp,
    declaredState: user.declaredState,
    ageConfirmedAt: user.ageConfirmedAt === null ? null : user.ageConfirmedAt.toISOString(),
    kycStatus: row.kycStatus,
    wallet,
  };
}

/** GET /staff/players: the staff member's downline (admin: everyone), newest first. */
export async function listStaffPlayers(
  deps: ServiceDeps,
  staff: StaffContext,
  query: Page & { q?: string | undefined; status?: StaffPlayer['status'] | undefined },
) {
  const { rows, total } = await searchPlayers(deps.db, {
    visible: downlinePlayerFilter(staff),
    q: query.q,
    status: query.status,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const balances = await playersBalances(
    deps.db,
    rows.map((row) => row.user.id),
  );
  const items = rows.map((row) => {
    const kinds = balances.get(row.user.id);
    const view = walletView((kind: PlayerAccountKind) => kinds?.get(kind) ?? 0n);
    return toStaffPlayer(row, toWallet(view));
  });
  return { items, page: query.page, pageSize: query.pageSize, total };
}

/** GET /staff/players/{id}: 404 outside the downline. */
export async function getStaffPlayer(
  deps: ServiceDeps,
  staff: StaffContext,
  playerId: number,
): Promise<StaffPlayer> {
  await assertPlayerVisible(deps, staff, playerId);
  const row = await findStaffPlayer(deps.db, playerId);
  if (!row) throw new AppError('PLAYER_NOT_FOUND');
  return toStaffPlayer(row, await getWallet(deps.db, playerId));
}

/** GET /staff/players/{id}/ledger: the statement exactly as the player sees it. */
export async function getStaffPlayerLedger(
  deps: ServiceDeps,
  staff: StaffContext,
  playerId: number,
  query: Page & { from: string; to: string },
) {
  await assertPlayerVisible(deps, staff, playerId);
  return getStatement(deps, playerId, query, query);
}

/** GET /staff/players/{id}/bets: every order of the player, newest first. */
export async function getStaffPlayerBets(
  deps: ServiceDeps,
  staff: StaffContext,
  playerId: number,
  query: Page,
) {
  await assertPlayerVisible(deps, staff, playerId);
  const { rows, total } = await listPlayerOrders(
    deps.db,
    playerId,
    {},
    query.pageSize,
    (query.page - 1) * query.pageSize,
  );
  const items = rows.map(({ order, ...row }) => ({
    id: String(order.id),
    eventName: row.eventName,
    marketName: row.marketName,
    marketType: row.marketType,
    selection: row.runnerName ?? (order.line === null ? row.marketName : String(order.line)),
    side: order.side,
    price: order.priceHundredths !== null ? order.priceHundredths / 100 : (order.rate ?? 0),
    stake: paiseToPoints(order.stakePaise),
    matchedStake: paiseToPoints(order.matchedPaise),
    status: order.status,
    profit: order.profitLossPaise === null ? null : paiseToPoints(order.profitLossPaise),
    placedAt: order.createdAt.toISOString(),
  }));
  return { items, page: query.page, pageSize: query.pageSize, total };
}

/** GET /staff/players/{id}/sessions: newest first; `active` as the server would judge it now. */
export async function getStaffPlayerSessions(
  deps: ServiceDeps,
  staff: StaffContext,
  playerId: number,
  query: Page,
) {
  await assertPlayerVisible(deps, staff, playerId);
  const { rows, total } = await listPlayerSessions(
    deps.db,
    playerId,
    query.pageSize,
    (query.page - 1) * query.pageSize,
  );
  const now = deps.clock.now().getTime();
  const items = rows.map((session) => ({
    id: session.id,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: session.lastSeenAt.toISOString(),
    ip: session.ip,
    userAgent: session.userAgent,
    active:
      session.revokedAt === null &&
      now < session.idleExpiresAt.getTime() &&
      now < session.absoluteExpiresAt.getTime(),
    revokedReason: session.revokeReason,
  }));
  return { items, page: query.page, pageSize: query.pageSize, total };
}

/**
 * POST /staff/players/{id}/lock and /unlock (admin). Lock: status 'locked' (sign-in then
 * answers ACCOUNT_LOCKED), every session revoked as 'account_locked' and, after commit, the
 * player's sockets closed. Unlock: 'active' again. Audited with before/after and the reason;
 * a closed account is neither locked nor unlocked (409).
 */
export async function setPlayerLock(
  deps: ServiceDeps,
  staff: StaffContext,
  playerId: number,
  lock: boolean,
  reason: string,
  ip: string,
): Promise<{ player: StaffPlayer; sessionsEnded: number }> {
  await assertPlayerVisible(deps, staff, playerId);
  const now = deps.clock.now();
  const sessionsEnded = await deps.db.transaction(async (tx) => {
    const before = await findStaffPlayer(tx, playerId, { lock: true });
    if (!before) throw new AppError('PLAYER_NOT_FOUND');
    if (before.user.status === 'closed') {
      throw new AppError('CONFLICT', 'This account is closed.');
    }
    const status = lock ? 'locked' : 'active';
    await setPlayerStatus(tx, playerId, status, now);
    const ended = lock ? await revokeUserSessions(tx, playerId, 'account_locked', now) : [];
    await insertAudit(tx, {
      actorType: 'staff',
      actorId: String(staff.staffId),
      action: lock ? 'player.lock' : 'player.unlock',
      targetType: 'player',
      targetId: String(playerId),
      before: { status: before.user.status },
      after: lock ? { status, sessionsEnded: ended.length } : { status },
      reason,
      ip,
      createdAt: now,
    });
    return ended.length;
  });
  if (lock) deps.realtime.disconnectUser(playerId);
  return { player: await getStaffPlayer(deps, staff, playerId), sessionsEnded };
}

/** The bonuses panel of a player's page (docs/bonus.md). */
export async function getStaffPlayerBonuses(
  deps: ServiceDeps,
  staff: StaffContext,
  playerId: number,
): Promise<StaffPlayerBonuses> {
  await assertPlayerVisible(deps, staff, playerId);
  return staffPlayerBonuses(deps.db, playerId);
}

/** The sportsbook bets of a player's Bets tab (docs/sportsbook.md): 404 outside the downline. */
export async function getStaffPlayerSportsbookBets(
  deps: ServiceDeps,
  staff: StaffContext,
  playerId: number,
  query: { page: number; pageSize: number },
): Promise<StaffSportsbookBetList> {
  await assertPlayerVisible(deps, staff, playerId);
  const { rows, total } = await pagePlayerBets(deps.db, playerId, query.page, query.pageSize);
  return { items: rows.map(sportsbookBetView), page: query.page, pageSize: query.pageSize, total };
}

/** GET /staff/players/{id}/referrals: 404 outside the downline (docs/referral.md). */
export async function getStaffPlayerReferrals(
  deps: ServiceDeps,
  staff: StaffContext,
  playerId: number,
): Promise<StaffPlayerReferrals> {
  await assertPlayerVisible(deps, staff, playerId);
  const found = await findPlayerReferrals(
    deps.db,
    playerId,
    (agentCode) => downlinePlayerFilter(staff, agentCode),
    STAFF_REFERRALS_LISTED,
  );
  return {
    code: found.code,
    invitedBy: found.invitedBy && {
      id: String(found.invitedBy.id),
      username: found.invitedBy.username,
    },
    invited: found.invited.map((player) => ({
      id: String(player.id),
      username: player.username,
      joinedAt: player.createdAt.toISOString(),
      status: player.status,
      registrationIp: player.registrationIp,
      rewardPoints: player.rewardPaise === null ? null : paiseToPoints(player.rewardPaise),
    })),
    invitedTotal: found.invitedTotal,
  };
}

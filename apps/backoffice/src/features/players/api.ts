import {
  adjustmentAnswerSchema,
  bonusClaimSchema,
  staffBetListSchema,
  staffDepositListSchema,
  staffKycListSchema,
  staffLockAnswerSchema,
  staffPlayerLedgerSchema,
  staffPlayerBonusesSchema,
  staffPlayerListSchema,
  staffPlayerReferralsSchema,
  staffPlayerSchema,
  staffPlayerSessionListSchema,
  staffRealityCheckSchema,
  staffSportsbookBetListSchema,
  staffWithdrawalListSchema,
  type AdjustmentBody,
  type StaffPlayer,
} from '@spm/contract';
import { staffRequest } from '../../shared/api.ts';

export const PAGE_SIZE = 20;

export interface PlayerSearch {
  q?: string;
  status?: StaffPlayer['status'];
  page: number;
}

export const playerKeys = {
  all: ['players'] as const,
  list: (search: PlayerSearch) => ['players', 'list', search] as const,
  detail: (id: string) => ['players', 'detail', id] as const,
  tab: (id: string, tab: string, params: object) => ['players', 'detail', id, tab, params] as const,
};

export function fetchPlayers(search: PlayerSearch) {
  return staffRequest(staffPlayerListSchema, {
    url: '/staff/players',
    query: { q: search.q, status: search.status, page: search.page, pageSize: PAGE_SIZE },
  });
}

export function fetchPlayer(id: string) {
  return staffRequest(staffPlayerSchema, { url: `/staff/players/${id}` });
}

export function fetchReferrals(id: string) {
  return staffRequest(staffPlayerReferralsSchema, { url: `/staff/players/${id}/referrals` });
}

/** The player's bonus coins and every bonus (claim) of theirs. */
export function fetchPlayerBonuses(id: string) {
  return staffRequest(staffPlayerBonusesSchema, { url: `/staff/players/${id}/bonuses` });
}

/** Ends a pending or active bonus; an active one's coins left are forfeited. */
export function cancelBonusClaim(claimId: number) {
  return staffRequest(bonusClaimSchema, {
    url: `/staff/bonus/claims/${claimId}/cancel`,
    method: 'POST',
  });
}

export function fetchLedger(id: string, params: { from: string; to: string; page: number }) {
  return staffRequest(staffPlayerLedgerSchema, {
    url: `/staff/players/${id}/ledger`,
    query: { ...params, pageSize: PAGE_SIZE },
  });
}

export function fetchSportsbookBets(id: string, page: number) {
  return staffRequest(staffSportsbookBetListSchema, {
    url: `/staff/players/${id}/sportsbook-bets`,
    query: { page, pageSize: PAGE_SIZE },
  });
}

export function fetchBets(id: string, page: number) {
  return staffRequest(staffBetListSchema, {
    url: `/staff/players/${id}/bets`,
    query: { page, pageSize: PAGE_SIZE },
  });
}

export function fetchSessions(id: string, page: number) {
  return staffRequest(staffPlayerSessionListSchema, {
    url: `/staff/players/${id}/sessions`,
    query: { page, pageSize: PAGE_SIZE },
  });
}

/** The player's cashier requests come from the cashier staff lists, filtered by player. */
export function fetchPlayerDeposits(playerId: string, page: number) {
  return staffRequest(staffDepositListSchema, {
    url: '/staff/deposits',
    query: { playerId, page, pageSize: PAGE_SIZE },
  });
}

export function fetchPlayerWithdrawals(playerId: string, page: number) {
  return staffRequest(staffWithdrawalListSchema, {
    url: '/staff/withdrawals',
    query: { playerId, page, pageSize: PAGE_SIZE },
  });
}

export function fetchPlayerKyc(playerId: string, page: number) {
  return staffRequest(staffKycListSchema, {
    url: '/staff/kyc',
    query: { playerId, page, pageSize: PAGE_SIZE },
  });
}

export function setPlayerLock(id: string, lock: boolean, reason: string) {
  return staffRequest(staffLockAnswerSchema, {
    url: `/staff/players/${id}/${lock ? 'lock' : 'unlock'}`,
    method: 'POST',
    data: { reason },
  });
}

export function adjustBalance(id: string, body: AdjustmentBody) {
  return staffRequest(adjustmentAnswerSchema, {
    url: `/staff/players/${id}/adjustments`,
    method: 'POST',
    data: body,
  });
}

/** Safer play: the player's reality check and session time limit, read only (issue 42). */
export function fetchRealityCheck(id: string) {
  return staffRequest(staffRealityCheckSchema, { url: `/staff/players/${id}/reality-check` });
}

import { z } from 'zod';
import {
  auditListSchema,
  gatewaysSchema,
  staffDepositListSchema,
  staffDepositSchema,
  staffKycListSchema,
  staffKycSchema,
  staffWithdrawalListSchema,
  staffWithdrawalSchema,
} from '@spm/contract';
import { staffRequest } from '../../shared/api.ts';

/** The three review queues. */
export type QueueKind = 'deposit' | 'withdrawal' | 'kyc';

/** The audit log's targetType of each kind of request (as the cashier services write it). */
export const AUDIT_TARGET_TYPES: Record<QueueKind, string> = {
  deposit: 'deposit',
  withdrawal: 'withdrawal',
  kyc: 'kyc_submission',
};

export const QUEUE_PATHS: Record<QueueKind, string> = {
  deposit: '/staff/deposits',
  withdrawal: '/staff/withdrawals',
  kyc: '/staff/kyc',
};

export const QUEUE_PAGE_SIZE = 20;

/** Filters as the list endpoints take them (status 'all' means no status filter). */
export interface QueueFilters {
  status: string;
  gateway?: string;
  playerId: string;
  from: string;
  to: string;
  page: number;
}

function listQuery(filters: QueueFilters): Record<string, string | number | undefined> {
  return {
    status: filters.status === 'all' ? undefined : filters.status,
    gateway: filters.gateway || undefined,
    playerId: filters.playerId || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    page: filters.page,
    pageSize: QUEUE_PAGE_SIZE,
  };
}

export const queueKeys = {
  all: (kind: QueueKind) => ['queues', kind] as const,
  list: (kind: QueueKind, filters: QueueFilters) => ['queues', kind, 'list', filters] as const,
  detail: (kind: QueueKind, id: string) => ['queues', kind, 'detail', id] as const,
  audit: (kind: QueueKind, id: string) => ['queues', kind, 'audit', id] as const,
};

export const fetchDeposits = (filters: QueueFilters) =>
  staffRequest(staffDepositListSchema, { url: QUEUE_PATHS.deposit, query: listQuery(filters) });
export const fetchDeposit = (id: string) =>
  staffRequest(staffDepositSchema, { url: `${QUEUE_PATHS.deposit}/${id}` });

export const fetchWithdrawals = (filters: QueueFilters) =>
  staffRequest(staffWithdrawalListSchema, {
    url: QUEUE_PATHS.withdrawal,
    query: listQuery(filters),
  });
export const fetchWithdrawal = (id: string) =>
  staffRequest(staffWithdrawalSchema, { url: `${QUEUE_PATHS.withdrawal}/${id}` });

export const fetchKycList = (filters: QueueFilters) =>
  staffRequest(staffKycListSchema, { url: QUEUE_PATHS.kyc, query: listQuery(filters) });
export const fetchKyc = (id: string) =>
  staffRequest(staffKycSchema, { url: `${QUEUE_PATHS.kyc}/${id}` });

/** Gateway codes and names for the deposit filter. */
export const fetchGatewayOptions = () => staffRequest(gatewaysSchema, { url: '/staff/gateways' });

/** The audit entries written for one request (approve, decline, expiry…), newest first. */
export const fetchRequestAudit = (kind: QueueKind, id: string) =>
  staffRequest(auditListSchema, {
    url: '/staff/audit',
    query: { targetType: AUDIT_TARGET_TYPES[kind], targetId: id, page: 1, pageSize: 50 },
  });

export type Decision = { action: 'approve'; note: string } | { action: 'decline'; reason: string };

/** POST …/{id}/approve {note?} or …/{id}/decline {reason}; the answer is not needed. */
export function decideRequest(kind: QueueKind, id: string, decision: Decision) {
  const url = `${QUEUE_PATHS[kind]}/${id}/${decision.action}`;
  const data =
    decision.action === 'approve'
      ? decision.note
        ? { note: decision.note }
        : {}
      : { reason: decision.reason };
  return staffRequest(z.unknown(), { url, method: 'POST', data });
}

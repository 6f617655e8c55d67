import { z } from 'zod';
import { staffAccountsSchema } from '@spm/contract';
import { staffRequest } from '../../shared/api.ts';

export const STAFF_USERS_KEY = ['staff-users'] as const;

export function fetchStaffUsers() {
  return staffRequest(staffAccountsSchema, { url: '/staff/users' });
}

// The answers of these writes are not used: the list is fetched again after each.
const anyAnswer = z.unknown();

export interface StaffCreateInput {
  username: string;
  password: string;
  role: 'admin' | 'agent';
  agentCode?: string;
  parentStaffId?: string;
}

export function createStaffUser(body: StaffCreateInput) {
  return staffRequest(anyAnswer, { url: '/staff/users', method: 'POST', data: body });
}

export type StaffUserAction = 'reset-totp' | 'disable' | 'enable';

export function runStaffUserAction(id: string, action: StaffUserAction) {
  return staffRequest(anyAnswer, { url: `/staff/users/${id}/${action}`, method: 'POST' });
}

import { z } from 'zod';

/**
 * Staff (operator) identity, apart from players (back office issue). Staff tokens are
 * sessions of their own and are never accepted on player endpoints, nor player tokens here.
 */
export const STAFF_ROLES = ['admin', 'agent'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** POST /api/staff/login */
export const staffLoginBodySchema = z.object({
  username: z.string().trim().min(1, 'Username cannot be empty').max(64),
  password: z.string().min(1, 'Password cannot be empty').max(256),
});
export const staffMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(STAFF_ROLES),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffLoginAnswerSchema = z.object({ token: z.string(), staff: staffMemberSchema });

import { useQuery } from '@tanstack/react-query';
import {
  messageAnswerSchema,
  staffLoginAnswerSchema,
  staffLoginChallengeSchema,
  staffMeSchema,
  type StaffChangePasswordBody,
  type StaffMe,
} from '@spm/contract';
import { staffRequest } from '../../shared/api.ts';
import { useAuthStore, type SignOutReason } from '../../shared/auth-store.ts';

export function requestSignIn(body: { username: string; password: string }) {
  return staffRequest(staffLoginChallengeSchema, {
    url: '/staff/login',
    method: 'POST',
    data: body,
  });
}

export function requestTotp(body: { challengeToken: string; code: string }) {
  return staffRequest(staffLoginAnswerSchema, {
    url: '/staff/login/totp',
    method: 'POST',
    data: body,
  });
}

/** POST /staff/password: the member's own password; their other sessions end. */
export function requestPasswordChange(body: StaffChangePasswordBody) {
  return staffRequest(messageAnswerSchema, { url: '/staff/password', method: 'POST', data: body });
}

export function fetchStaffMe(): Promise<StaffMe> {
  return staffRequest(staffMeSchema, { url: '/staff/me' });
}

export const STAFF_ME_KEY = ['staff', 'me'] as const;

/** The signed-in member with the idle time-out; only asked while there is a session. */
export function useStaffMe() {
  const token = useAuthStore((state) => state.token);
  return useQuery({
    queryKey: [...STAFF_ME_KEY, token],
    queryFn: fetchStaffMe,
    enabled: token !== null,
    staleTime: 5 * 60_000,
  });
}

/**
 * Ends the session on the server (best effort: a dead session is already over) and here.
 * The local sign-out happens first so a slow or failing server never keeps the screen open.
 */
export async function signOutNow(reason: SignOutReason = 'manual'): Promise<void> {
  const token = useAuthStore.getState().token;
  useAuthStore.getState().signOut(reason);
  if (!token) return;
  try {
    await fetch('/api/staff/logout', { method: 'POST', headers: { authorization: token } });
  } catch {
    // Offline: the server's idle expiry ends the session anyway.
  }
}

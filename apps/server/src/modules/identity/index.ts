/**
 * Identity: who is calling. Players (registration, OTP, sign-in, sessions, password reset,
 * profile) and staff (sign-in with TOTP, sessions, own password, which players an agent sees).
 * Other modules and the app import this module only through this file.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ServiceDeps } from '../../deps.ts';
import { authRoutes } from './auth-routes.ts';
import { profileRoutes } from './profile-routes.ts';
import { staffRoutes } from './staff-routes.ts';

/** The module's routes; registered under the API prefix by buildApp. */
export const identityModule: FastifyPluginAsync<{ deps: ServiceDeps }> = async (app, { deps }) => {
  await app.register(authRoutes, { deps });
  await app.register(profileRoutes, { deps });
  await app.register(staffRoutes, { deps });
};

export type { OtpPurpose } from './otp-repository.ts';
export { ensureReferralCode, findReferralCode } from './referral-code-repository.ts';
export type { ReferralCodeRow } from './referral-code-repository.ts';
export { revokeUserSessions } from './session-repository.ts';
export {
  authenticatePlayerRequest,
  authenticateSessionId,
  authenticateToken,
  revokeAllSessions,
  sessionDeadline,
} from './session-service.ts';
export { playerRestriction } from './sign-in-restriction.ts';
export { addSessionEndCap, capOpenSessions, sessionTimes } from './session-end-caps.ts';
export type { SessionEndCap } from './session-end-caps.ts';
export type { AuthContext } from './session-service.ts';
export {
  assertPlayerVisible,
  assertRequestVisible,
  downlinePlayerFilter,
  visiblePlayersOf,
} from './staff-downline.ts';
export { endStaffLoginChallenges } from './staff-login-repository.ts';
export { setStaffPasswordOffline } from './staff-password-service.ts';
export { authenticateStaffToken } from './staff-service.ts';
export type { StaffContext } from './staff-service.ts';
export { revokeStaffSessionsOf } from './staff-session-repository.ts';
export {
  findFirstAdmin,
  findStaffUserByAgentCode,
  findStaffUserById,
  findStaffUserByUsernameFolded,
  insertStaffUser,
  insertStaffUserIfAbsent,
  listStaffUsers,
  lockStaffUser,
  updateStaffUser,
} from './staff-user-repository.ts';
export type { StaffUserRow } from './staff-user-repository.ts';
export { activePlayerIds, findUserById, insertUsersIfAbsent } from './user-repository.ts';
export type { NewUserRow } from './user-repository.ts';
export {
  checkWithdrawOtp,
  consumeWithdrawOtp,
  sendWithdrawOtp,
  withdrawPhoneOf,
} from './withdraw-otp-service.ts';

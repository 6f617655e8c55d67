import { randomBytes } from 'node:crypto';
import { staffLoginAnswerSchema, staffLoginChallengeSchema, type StaffRole } from '@spm/contract';
import {
  findStaffUserById,
  findStaffUserByUsername,
  insertStaffUserIfAbsent,
} from '../modules/identity/staff-user-repository.ts';
import { hashPassword } from '../security/password.ts';
import { totpCodeAt, totpStep } from '../modules/identity/staff-totp.ts';
import type { Harness } from './harness.ts';
import { post, randomIp } from './identity.ts';

export interface StaffCredentials {
  id: number;
  username: string;
  password: string;
}

export interface CreateStaffOptions {
  role: StaffRole;
  /** Agents: the code players type at sign-up (random when left out). */
  agentCode?: string;
  parentStaffId?: number;
  username?: string;
  password?: string;
}

/** A staff member straight in the database, TOTP not yet set up (its first sign-in enrols). */
export async function createStaff(
  h: Harness,
  options: CreateStaffOptions,
): Promise<StaffCredentials> {
  const suffix = randomBytes(4).toString('hex');
  const username = options.username ?? `${options.role}-${suffix}`;
  const password = options.password ?? `staff-pass-${suffix}`;
  const agentCode =
    options.agentCode ?? (options.role === 'agent' ? `AG${suffix.toUpperCase()}` : undefined);
  const row = await insertStaffUserIfAbsent(h.db, {
    username,
    passwordHash: await hashPassword(password),
    role: options.role,
    agentCode: agentCode ?? null,
    parentStaffId: options.parentStaffId ?? null,
    createdAt: h.clock.now(),
  });
  if (!row) throw new Error(`staff username ${username} is taken`);
  return { id: row.id, username, password };
}

/**
 * A code the server will take now: of the current step or one either side, but newer than the
 * member's last accepted step (a code is never accepted twice). When the member already used
 * all three, the manual clock moves on one step.
 */
export async function nextTotpCode(h: Harness, staffId: number, secret: string): Promise<string> {
  for (;;) {
    const current = totpStep(h.clock.now());
    const last = (await findStaffUserById(h.db, staffId))?.totpLastStep ?? Number.NEGATIVE_INFINITY;
    for (let step = current - 1; step <= current + 1; step += 1) {
      if (step > last) return totpCodeAt(secret, step);
    }
    h.clock.advance(30_000);
  }
}

/** Password, then TOTP (enrolling on the first sign-in): the staff session token. */
export async function staffToken(
  h: Harness,
  credentials: { username: string; password: string },
  options: { ip?: string } = {},
): Promise<string> {
  const ip = options.ip ?? randomIp();
  const login = await post(h, '/api/staff/login', credentials, { ip });
  if (login.statusCode !== 200) throw new Error(`staff login: ${login.body}`);
  const challenge = staffLoginChallengeSchema.parse(login.json().data);
  const member = await findStaffUserByUsername(h.db, credentials.username);
  if (!member) throw new Error(`no staff member ${credentials.username}`);
  const secret = challenge.stage === 'totp_setup' ? challenge.secret : member.totpSecret;
  if (!secret) throw new Error(`staff member ${credentials.username} has no TOTP secret`);
  const code = await nextTotpCode(h, member.id, secret);
  const answer = await post(
    h,
    '/api/staff/login/totp',
    { challengeToken: challenge.challengeToken, code },
    { ip },
  );
  if (answer.statusCode !== 200) throw new Error(`staff TOTP: ${answer.body}`);
  return staffLoginAnswerSchema.parse(answer.json().data).token;
}

/** The seeded first-run admin's session token. */
export function adminToken(h: Harness): Promise<string> {
  const password = h.seedResult.adminPassword;
  if (password === null) throw new Error('the seed did not create the admin');
  return staffToken(h, { username: h.seedResult.adminUsername, password });
}

/** A new staff member of the role, signed in. */
export async function staffMemberWithToken(
  h: Harness,
  options: CreateStaffOptions,
): Promise<StaffCredentials & { token: string }> {
  const member = await createStaff(h, options);
  return { ...member, token: await staffToken(h, member) };
}

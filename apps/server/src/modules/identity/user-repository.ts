import { objectWith } from '@spm/core';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbHandle } from '../../db/database.ts';
import { users } from './tables.ts';
import {
  deleteWalletPlayers,
  openPlayerWallet,
  openPlayerWallets,
  type MoneyMode,
} from '../wallet/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export async function hasDemoUsers(db: DbHandle): Promise<boolean> {
  const rows = await db
    .select({ found: sql<number>`1` })
    .from(users)
    .where(eq(users.isDemo, true))
    .limit(1);
  return rows.length > 0;
}

/*
 * Every insert of a player opens the player's wallet through the wallet's entry in the same
 * statement sequence (docs/decisions.md "The wallet's own player row"): the wallet decides
 * money from its own row, never from users. A demo player plays for points; any other the
 * site's money mode (`siteMoneyMode`: config.moneyMode, MONEY_MODE).
 */

/** Inserts players whose username is free; returns how many were inserted. */
export async function insertUsersIfAbsent(
  db: DbHandle,
  rows: NewUserRow[],
  siteMoneyMode: MoneyMode,
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(users)
    .values(rows)
    .onConflictDoNothing({ target: users.usernameLower })
    .returning({ id: users.id, isDemo: users.isDemo });
  await openPlayerWallets(
    db,
    inserted.map((user) => ({ playerId: user.id, isDemo: user.isDemo })),
    siteMoneyMode,
  );
  return inserted.length;
}

export async function deleteDemoUsers(db: DbHandle): Promise<number> {
  const deleted = await db.delete(users).where(eq(users.isDemo, true)).returning({ id: users.id });
  await deleteWalletPlayers(
    db,
    deleted.map((user) => user.id),
  );
  return deleted.length;
}

export async function insertUser(
  db: DbHandle,
  row: NewUserRow,
  siteMoneyMode: MoneyMode,
): Promise<UserRow> {
  const rows = await db.insert(users).values(row).returning();
  const user = rows[0];
  if (!user) throw new Error('insert into users returned no row');
  await openPlayerWallet(db, { playerId: user.id, isDemo: user.isDemo }, siteMoneyMode);
  return user;
}

export async function findUserById(db: DbHandle, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** The player's row, locked for the caller's transaction (a change audited with its before). */
export async function lockUserById(db: DbHandle, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1).for('update');
  return rows[0];
}

export async function findUserByUsernameLower(
  db: DbHandle,
  usernameLower: string,
): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.usernameLower, usernameLower)).limit(1);
  return rows[0];
}

export async function findUserByMobile(db: DbHandle, mobile: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.mobile, mobile)).limit(1);
  return rows[0];
}

/** Case-insensitive, as the unique index users_email_lower_key. */
export async function isEmailTaken(
  db: DbHandle,
  email: string,
  exceptUserId?: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(2);
  return rows.some((row) => row.id !== exceptUserId);
}

export interface LoginAttemptPolicy {
  now: Date;
  /** Attempts are counted in a window that starts at the first one and lasts this long. */
  windowMs: number;
  maxAttempts: number;
  /** Reaching `maxAttempts` inside the window locks the account until `now + lockMs`. */
  lockMs: number;
}

/**
 * Reserves one password check for the player in one statement, before the password is
 * checked: the count goes up only while the account is not locked and the window has room,
 * and the row lock makes concurrent reservations queue, so however many sign-ins run at once
 * at most `maxAttempts` checks happen per window. The reservation that fills the window locks
 * the account; a successful sign-in clears it (recordLoginSuccess). False: locked, no check.
 */
export async function reserveLoginAttempt(
  db: DbHandle,
  userId: number,
  policy: LoginAttemptPolicy,
): Promise<boolean> {
  const { now, maxAttempts } = policy;
  const windowStart = new Date(now.getTime() - policy.windowMs);
  const lockedUntil = new Date(now.getTime() + policy.lockMs);
  const fresh = sql`(${users.failedLoginWindowStartedAt} is null or ${users.failedLoginWindowStartedAt} <= ${windowStart})`;
  const newCount = sql`case when ${fresh} then 1 else ${users.failedLoginCount} + 1 end`;
  const rows = await db
    .update(users)
    .set({
      failedLoginCount: sql`${newCount}`,
      failedLoginWindowStartedAt: sql`case when ${fresh} then ${now} else ${users.failedLoginWindowStartedAt} end`,
      loginLockedUntil: sql`case when ${newCount} >= ${maxAttempts} then ${lockedUntil} else ${users.loginLockedUntil} end`,
    })
    .where(
      and(
        eq(users.id, userId),
        sql`(${users.loginLockedUntil} is null or ${users.loginLockedUntil} <= ${now})`,
        sql`(${fresh} or ${users.failedLoginCount} < ${maxAttempts})`,
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/** A successful sign-in: the failure count starts over and the time is kept. */
function loginSuccessChanges(now: Date) {
  return {
    failedLoginCount: 0,
    failedLoginWindowStartedAt: null,
    loginLockedUntil: null,
    lastLoginAt: now,
  };
}

/**
 * A right password whose sign-in was refused for another reason (the region, issue 42 item 7):
 * the reserved check is given back as a success would, without counting as a sign-in, so a
 * visitor told why is not also locked out for trying again. Only while the hash is the one
 * verified.
 */
export async function releaseLoginAttempts(
  db: DbHandle,
  userId: number,
  verifiedHash: string,
): Promise<void> {
  await db
    .update(users)
    .set({ failedLoginCount: 0, failedLoginWindowStartedAt: null, loginLockedUntil: null })
    .where(and(eq(users.id, userId), eq(users.passwordHash, verifiedHash)));
}

/** A successful sign-in of an account the caller holds locked (demo sign-in). */
export async function recordLoginSuccess(db: DbHandle, userId: number, now: Date): Promise<void> {
  await db.update(users).set(loginSuccessChanges(now)).where(eq(users.id, userId));
}

/**
 * A password sign-in's success, recorded only while the row still holds the hash that was
 * verified and the account is still active; false when a password reset or change (or a lock)
 * got there first. The password is verified outside any transaction, so this row lock is what
 * orders the sign-in against those writers, which update the row and revoke its sessions in one
 * transaction: the session the caller inserts in the same transaction either exists before
 * their revoke runs or is never inserted.
 */
export async function recordPasswordLoginSuccess(
  db: DbHandle,
  userId: number,
  verified: { passwordHash: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set(loginSuccessChanges(verified.now))
    .where(
      and(
        eq(users.id, userId),
        eq(users.passwordHash, verified.passwordHash),
        eq(users.status, 'active'),
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * The active demo account used longest ago (never used first), locked for the caller's
 * transaction; SKIP LOCKED hands concurrent demo sign-ins different accounts when there are.
 */
export async function pickLeastRecentlyUsedDemoUser(db: DbHandle): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.isDemo, true), eq(users.status, 'active')))
    .orderBy(sql`${users.lastLoginAt} asc nulls first`, asc(users.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return rows[0];
}

/**
 * A new password; `clearLoginLock` also lifts the failed-login lock (phone-proven reset).
 * With `replacingHash`, only while the row still holds that hash (the one the caller's current
 * password was verified against). False: no row changed.
 */
export async function updatePasswordHash(
  db: DbHandle,
  userId: number,
  passwordHash: string,
  options: { now: Date; clearLoginLock: boolean; replacingHash?: string },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      passwordHash,
      updatedAt: options.now,
      ...(options.clearLoginLock
        ? { failedLoginCount: 0, failedLoginWindowStartedAt: null, loginLockedUntil: null }
        : {}),
    })
    .where(
      and(
        eq(users.id, userId),
        options.replacingHash === undefined
          ? undefined
          : eq(users.passwordHash, options.replacingHash),
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function updateUserProfile(
  db: DbHandle,
  userId: number,
  changes: { name?: string; email?: string | null },
  now: Date,
): Promise<UserRow | undefined> {
  const rows = await db
    .update(users)
    .set(objectWith(changes, { updatedAt: now }))
    .where(eq(users.id, userId))
    .returning();
  return rows[0];
}

/**
 * The ids of every active player the platform does not run itself (demo accounts included), as
 * an SQL subquery: the recipients of a broadcast (the wallet's insertNotificationForAllPlayers).
 */
export function activePlayerIds(): SQL {
  return sql`select ${users.id} from ${users} where ${users.status} = 'active' and not ${users.isSystem}`;
}

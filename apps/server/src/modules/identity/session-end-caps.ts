import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbHandle } from '../../db/database.ts';
import type { ServiceDeps } from '../../deps.ts';
import { sessions } from './tables.ts';

/*
 * How a module above identity moves a session's end earlier (safer play's session time limit,
 * issue 42 item 2) without identity knowing why: a cap registered here is asked for every
 * session opened, and `capOpenSessions` moves the end of the sessions already open.
 */

/** When a session of `userId` opened at `startedAt` must end at the latest; null: no cap. */
export type SessionEndCap = (
  db: DbHandle,
  userId: number,
  session: { startedAt: Date; endsAt: Date },
) => Promise<Date | null>;

/** One list per app: keyed by its realtime emitter, as the session cache is. */
const capsByApp = new WeakMap<ServiceDeps['realtime'], SessionEndCap[]>();

/** Registers a cap for every session this app opens from now on. */
export function addSessionEndCap(deps: Pick<ServiceDeps, 'realtime'>, cap: SessionEndCap): void {
  const caps = capsByApp.get(deps.realtime) ?? [];
  caps.push(cap);
  capsByApp.set(deps.realtime, caps);
}

/** The absolute expiry of a session being opened, with every registered cap applied. */
export async function cappedSessionEnd(
  db: DbHandle,
  deps: Partial<Pick<ServiceDeps, 'realtime'>>,
  userId: number,
  session: { startedAt: Date; endsAt: Date },
): Promise<Date> {
  let endsAt = session.endsAt;
  const caps = deps.realtime ? capsByApp.get(deps.realtime) : undefined;
  for (const cap of caps ?? []) {
    const capped = await cap(db, userId, { startedAt: session.startedAt, endsAt });
    if (capped !== null && capped.getTime() < endsAt.getTime()) endsAt = capped;
  }
  return endsAt;
}

/**
 * Moves the end of every open session of the player to `endFor(session)` when that is
 * earlier (never later: a cap only shortens), then closes the player's sockets: every node
 * forgets its cached copies, and the sockets, reconnecting, wait for the new end. Answers how
 * many sessions moved.
 */
export async function capOpenSessions(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'realtime'>,
  userId: number,
  endFor: (session: { startedAt: Date; endsAt: Date }) => Date,
): Promise<number> {
  const now = deps.clock.now();
  const open = await deps.db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      idleExpiresAt: sessions.idleExpiresAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.absoluteExpiresAt, now),
      ),
    );
  let moved = 0;
  for (const session of open) {
    const endsAt = endFor({ startedAt: session.createdAt, endsAt: session.absoluteExpiresAt });
    if (endsAt.getTime() >= session.absoluteExpiresAt.getTime()) continue;
    const idleExpiresAt =
      session.idleExpiresAt.getTime() < endsAt.getTime() ? session.idleExpiresAt : endsAt;
    await deps.db
      .update(sessions)
      .set({ absoluteExpiresAt: endsAt, idleExpiresAt })
      .where(and(eq(sessions.id, session.id), isNull(sessions.revokedAt)));
    moved += 1;
  }
  if (moved > 0) deps.realtime.disconnectUser(userId);
  return moved;
}

/** When a live session started and when it ends at the latest; null when it is over. */
export async function sessionTimes(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  sessionId: string,
): Promise<{ startedAt: Date; endsAt: Date } | null> {
  const nowMs = deps.clock.now().getTime();
  const rows = await deps.db
    .select({
      createdAt: sessions.createdAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      revokedAt: sessions.revokedAt,
    })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  const row = rows[0];
  if (!row || row.revokedAt !== null || row.absoluteExpiresAt.getTime() <= nowMs) return null;
  return { startedAt: row.createdAt, endsAt: row.absoluteExpiresAt };
}

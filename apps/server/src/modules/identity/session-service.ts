import type { AuthContext } from '../../http/auth.ts';
import type { SessionUser } from '@spm/contract';
import type { DbHandle } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import {
  findSessionById,
  findSessionByTokenHash,
  insertSession,
  revokeSession,
  revokeUserSessions,
  touchSession,
  type SessionRevokeReason,
  type SessionWithUser,
} from './session-repository.ts';
import { hashToken, randomToken } from '../../security/tokens.ts';
import { SessionCache } from './session-cache.ts';
import { cappedSessionEnd } from './session-end-caps.ts';
import { refuseRestrictedOutsideView } from './restricted-routes.ts';
import { HOUR_MS, MINUTE_MS, type RequestOrigin, type ServiceDeps } from '../../deps.ts';

/**
 * Activity is written at most this often per session: every authenticated request counts,
 * but one UPDATE a minute is enough to move the idle expiry and spares a write per request.
 * The price: idle expiry may come up to this much earlier than the exact idle time.
 */
export const SESSION_TOUCH_INTERVAL_MS = MINUTE_MS;

/** The signed-in player of a request or socket. */
export type { AuthContext };

export function toSessionUser(user: {
  id: number;
  username: string;
  name: string;
  isDemo: boolean;
  typeId: number;
}): SessionUser {
  return {
    id: String(user.id),
    username: user.username,
    name: user.name,
    isDemo: user.isDemo,
    typeId: user.typeId,
  };
}

/** Opens a session for the player inside the caller's transaction; answers the raw token. */
export async function createSession(
  db: DbHandle,
  deps: Pick<ServiceDeps, 'clock' | 'config'> & Partial<Pick<ServiceDeps, 'realtime'>>,
  userId: number,
  origin: RequestOrigin,
): Promise<{ token: string; sessionId: string }> {
  const now = deps.clock.now();
  const { idleMinutes, absoluteHours } = deps.config.session;
  // A registered cap (safer play's session time limit) may end it earlier.
  const absoluteExpiresAt = await cappedSessionEnd(db, deps, userId, {
    startedAt: now,
    endsAt: new Date(now.getTime() + absoluteHours * HOUR_MS),
  });
  const token = randomToken();
  const session = await insertSession(db, {
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    lastSeenAt: now,
    idleExpiresAt: minDate(new Date(now.getTime() + idleMinutes * MINUTE_MS), absoluteExpiresAt),
    absoluteExpiresAt,
    ip: origin.ip,
    userAgent: origin.userAgent?.slice(0, 512) ?? null,
  });
  return { token, sessionId: session.id };
}

function minDate(a: Date, b: Date): Date {
  return a.getTime() <= b.getTime() ? a : b;
}

/**
 * Why a session read is not live at `nowMs`: unknown token or a player who may no longer sign
 * in (UNAUTHORIZED); revoked, idle or past its absolute expiry (SESSION_EXPIRED). Null: live.
 */
function sessionRefusal(
  found: SessionWithUser | undefined,
  nowMs: number,
): 'UNAUTHORIZED' | 'SESSION_EXPIRED' | null {
  if (!found || found.user.status !== 'active') return 'UNAUTHORIZED';
  const { session } = found;
  if (
    session.revokedAt !== null ||
    nowMs >= session.absoluteExpiresAt.getTime() ||
    nowMs >= session.idleExpiresAt.getTime()
  ) {
    return 'SESSION_EXPIRED';
  }
  return null;
}

/**
 * Accepts a live session and records the activity (throttled). Unknown token or a player who
 * may no longer sign in: UNAUTHORIZED. Revoked, idle or past its absolute expiry:
 * SESSION_EXPIRED. Either way the app logs out (SPEC 4.5).
 */
async function acceptSession(
  deps: ServiceDeps,
  found: SessionWithUser | undefined,
): Promise<AuthContext> {
  const now = deps.clock.now();
  const refusal = sessionRefusal(found, now.getTime());
  if (refusal) throw new AppError(refusal);
  const { session, user } = found!;
  if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    const idleExpiresAt = minDate(
      new Date(now.getTime() + deps.config.session.idleMinutes * MINUTE_MS),
      session.absoluteExpiresAt,
    );
    await touchSession(deps.db, session.id, now, idleExpiresAt);
    // The session cache may hold this very object: it carries the activity on.
    session.lastSeenAt = now;
    session.idleExpiresAt = idleExpiresAt;
  }
  const { restrictedUntilMs } = found!;
  return {
    sessionId: session.id,
    userId: user.id,
    username: user.username,
    name: user.name,
    isDemo: user.isDemo,
    typeId: user.typeId,
    // Read with the session (and cached with it): a time-out lapses here by time alone.
    restrictedUntilMs:
      restrictedUntilMs !== null && restrictedUntilMs > now.getTime() ? restrictedUntilMs : null,
  };
}

/**
 * How long this process trusts a session it read without reading it again, when no ending
 * was announced (docs/decisions.md, "Session cache"), and how many it keeps.
 */
export const SESSION_CACHE_TTL_MS = 30_000;
const SESSION_CACHE_MAX_ENTRIES = 50_000;

/** One cache per app: keyed by its realtime emitter, which announces every ending. */
const sessionCaches = new WeakMap<ServiceDeps['realtime'], SessionCache>();

function sessionCacheOf(deps: ServiceDeps): SessionCache {
  let cache = sessionCaches.get(deps.realtime);
  if (!cache) {
    const created = new SessionCache(SESSION_CACHE_TTL_MS, SESSION_CACHE_MAX_ENTRIES);
    deps.realtime.onSessionsEnded((ended) => created.forget(ended));
    sessionCaches.set(deps.realtime, created);
    cache = created;
  }
  return cache;
}

/** Background session reads under way in this app (tests wait for them to finish). */
export function sessionRefreshesUnderWay(deps: ServiceDeps): number {
  return sessionCacheOf(deps).refreshesUnderWay;
}

/**
 * Reads a cached session again before its copy runs out (SessionCache.claimRefresh): a live
 * session is stored afresh, anything else is dropped so the next request reads it itself.
 */
function refreshInBackground(deps: ServiceDeps, cache: SessionCache, tokenHash: string): void {
  const mark = cache.mark();
  const epoch = deps.realtime.announcementEpoch();
  const nowMs = deps.clock.now().getTime();
  void findSessionByTokenHash(deps.db, tokenHash)
    .then((found) => {
      if (found && sessionRefusal(found, nowMs) === null) {
        cache.store(tokenHash, found, mark, nowMs, epoch);
      } else cache.forgetToken(tokenHash);
    })
    .catch((error: unknown) => {
      deps.log.warn({ err: error }, 'session refresh failed; the copy runs out as before');
    })
    .finally(() => cache.refreshed(tokenHash));
}

export async function authenticateToken(deps: ServiceDeps, token: string): Promise<AuthContext> {
  if (token.length === 0 || token.length > 256) throw new AppError('UNAUTHORIZED');
  const tokenHash = hashToken(token);
  const cache = sessionCacheOf(deps);
  const nowMs = deps.clock.now().getTime();
  const epoch = deps.realtime.announcementEpoch();
  const cached = cache.get(tokenHash, nowMs, epoch);
  if (cached) {
    // A cached copy may hold an idle expiry another node has since moved on: only an
    // acceptance is trusted from it; a refusal is decided on a fresh read below.
    const accepted = await acceptSession(deps, cached).catch(() => null);
    if (accepted) {
      if (cache.claimRefresh(tokenHash, nowMs)) refreshInBackground(deps, cache, tokenHash);
      return accepted;
    }
  }
  const mark = cache.mark();
  const found = await findSessionByTokenHash(deps.db, tokenHash);
  const accepted = await acceptSession(deps, found);
  cache.store(tokenHash, found!, mark, nowMs, epoch);
  return accepted;
}

/**
 * A player's HTTP request (the `requireAuth` guard, and an optional player on a public list):
 * the session check, then a player under a time-out or self-exclusion is answered only on
 * the restricted view's routes (403 RESTRICTED elsewhere). `route`: routeOfRequest.
 */
export async function authenticatePlayerRequest(
  deps: ServiceDeps,
  token: string,
  route: string,
): Promise<AuthContext> {
  const auth = await authenticateToken(deps, token);
  refuseRestrictedOutsideView(auth, route);
  return auth;
}

/** The same check for a socket, which knows its session by id after the handshake. */
export async function authenticateSessionId(
  deps: ServiceDeps,
  sessionId: string,
): Promise<AuthContext> {
  return acceptSession(deps, await findSessionById(deps.db, sessionId));
}

/**
 * When the session ends if nothing happens meanwhile (the earlier of its idle and absolute
 * expiry), without counting as activity: an open socket must not keep its session alive.
 * Null when it is already over (revoked, expired, unknown, or the player may no longer sign
 * in). HTTP activity moves the idle expiry, so callers re-read it rather than trust an old one.
 */
export async function sessionDeadline(deps: ServiceDeps, sessionId: string): Promise<Date | null> {
  // The time before the read: a request may move the idle expiry on while the read is in
  // flight, so what was read is compared with when it was read, not with a later clock (a
  // deadline that passed since is looked at again by the caller's timer, firing at once).
  const nowMs = deps.clock.now().getTime();
  const found = await findSessionById(deps.db, sessionId);
  if (!found) return null;
  const { session, user } = found;
  const deadline = minDate(session.idleExpiresAt, session.absoluteExpiresAt);
  if (user.status !== 'active' || session.revokedAt !== null) return null;
  return nowMs >= deadline.getTime() ? null : deadline;
}

/** POST /signout: this session ends, and its sockets with it. */
export async function signOut(deps: ServiceDeps, auth: AuthContext): Promise<void> {
  await revokeSession(deps.db, auth.sessionId, 'signout', deps.clock.now());
  deps.realtime.disconnectSession(auth.sessionId);
}

/** Ends every session of a player (password reset now; a staff lock later). */
export async function revokeAllSessions(
  deps: ServiceDeps,
  userId: number,
  reason: SessionRevokeReason,
): Promise<void> {
  await revokeUserSessions(deps.db, userId, reason, deps.clock.now());
  deps.realtime.disconnectUser(userId);
}

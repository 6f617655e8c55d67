import {
  realityCheckSettingsBodySchema,
  type RealityCheckSettings,
  type RealityCheckSettingsBody,
  type StaffRealityCheck,
} from '@spm/contract';
import { sessionEndUnderLimit } from '@spm/core';
import type { RequestOrigin, ServiceDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import {
  addSessionEndCap,
  assertPlayerVisible,
  capOpenSessions,
  sessionTimes,
  type AuthContext,
  type StaffContext,
} from '../../identity/index.ts';
import {
  findSessionSettings,
  listSessionSettingsChanges,
  saveSessionSettings,
} from './settings-repository.ts';

const MINUTE_MS = 60_000;

/**
 * A limit set during a session already past it still leaves this long, so the open pages
 * show why the session ends instead of dropping it under the player's hand.
 */
export const SESSION_LIMIT_GRACE_MS = MINUTE_MS;

/**
 * Registers the session time limit with identity: every session a player with a limit opens
 * ends at the latest `limit` minutes after it started (its absolute expiry moved earlier).
 */
export function registerSessionLimitCap(deps: Pick<ServiceDeps, 'realtime'>): void {
  addSessionEndCap(deps, async (db, userId, session) => {
    const settings = await findSessionSettings(db, userId);
    if (settings?.sessionLimitMinutes == null) return null;
    return new Date(session.startedAt.getTime() + settings.sessionLimitMinutes * MINUTE_MS);
  });
}

/** GET /rg/reality-check: the player's settings and this session's times. */
export async function getRealityCheck(
  deps: ServiceDeps,
  auth: AuthContext,
): Promise<RealityCheckSettings> {
  const [settings, times] = await Promise.all([
    findSessionSettings(deps.db, auth.userId),
    sessionTimes(deps, auth.sessionId),
  ]);
  if (!times) throw new AppError('SESSION_EXPIRED');
  return {
    realityCheckMinutes: settings?.realityCheckMinutes ?? null,
    sessionLimitMinutes: settings?.sessionLimitMinutes ?? null,
    updatedAt: settings?.updatedAt.toISOString() ?? null,
    sessionStartedAt: times.startedAt.toISOString(),
    sessionEndsAt: times.endsAt.toISOString(),
  };
}

/**
 * PUT /rg/reality-check: stores the settings (audited). A session limit applies at once to
 * the open sessions, counted from their start (SESSION_LIMIT_GRACE_MS at least); raising or
 * removing it never lengthens a session already shortened, only the next sign-in's. The
 * player's sockets reconnect, so each open page waits for the new interval and end.
 */
export async function putRealityCheck(
  deps: ServiceDeps,
  auth: AuthContext,
  body: RealityCheckSettingsBody,
  origin: RequestOrigin,
): Promise<RealityCheckSettings> {
  const now = deps.clock.now();
  await deps.db.transaction((tx) =>
    saveSessionSettings(tx, auth.userId, body, { now, ip: origin.ip }),
  );
  const limit = body.sessionLimitMinutes;
  const moved =
    limit === null
      ? 0
      : await capOpenSessions(
          deps,
          auth.userId,
          (session) =>
            new Date(
              sessionEndUnderLimit(
                session.startedAt.getTime(),
                session.endsAt.getTime(),
                limit,
                now.getTime(),
                SESSION_LIMIT_GRACE_MS,
              ),
            ),
        );
  // capOpenSessions reconnects the sockets when it moved an end; a new interval needs it too.
  if (moved === 0) deps.realtime.disconnectUser(auth.userId);
  return getRealityCheck(deps, auth);
}

/** How many changes the staff view lists. */
const STAFF_CHANGES_SHOWN = 50;

const settingsOrNull = (value: unknown) => {
  const parsed = realityCheckSettingsBodySchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/** The staff's read-only view of a player's settings and their changes. */
export async function getStaffRealityCheck(
  deps: ServiceDeps,
  staff: StaffContext,
  playerId: number,
): Promise<StaffRealityCheck> {
  await assertPlayerVisible(deps, staff, playerId);
  const [settings, changes] = await Promise.all([
    findSessionSettings(deps.db, playerId),
    listSessionSettingsChanges(deps.db, playerId, STAFF_CHANGES_SHOWN),
  ]);
  return {
    realityCheckMinutes: settings?.realityCheckMinutes ?? null,
    sessionLimitMinutes: settings?.sessionLimitMinutes ?? null,
    updatedAt: settings?.updatedAt.toISOString() ?? null,
    changes: changes.flatMap((change) => {
      const after = settingsOrNull(change.after);
      return after
        ? [{ at: change.at.toISOString(), before: settingsOrNull(change.before), after }]
        : [];
    }),
  };
}

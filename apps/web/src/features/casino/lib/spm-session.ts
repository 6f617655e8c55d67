import { spmSessionSchema } from '@spm/contract';
import type { SpmSession } from '@spm/contract';
import { openSpmSession } from '../api/casino-api';
import type { Outcome } from '../api/casino-api';

/*
 * A launch token works once: the table page exchanges it for a game session and keeps that
 * session in this tab (sessionStorage), so a reload of the same address, which carries the
 * same spent token, goes on with the session instead of failing. Another tab starts from the
 * lobby with a fresh launch.
 */

const storageKey = (gameId: string) => `spm-session:${gameId}`;

interface StoredSession {
  launchToken: string;
  session: SpmSession;
}

function readStored(gameId: string): StoredSession | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(storageKey(gameId)) ?? 'null');
    if (typeof value !== 'object' || value === null || !('launchToken' in value)) return null;
    const session = spmSessionSchema.safeParse((value as { session?: unknown }).session);
    const { launchToken } = value as { launchToken: unknown };
    if (!session.success || typeof launchToken !== 'string') return null;
    return { launchToken, session: session.data };
  } catch {
    return null;
  }
}

/** Exchanges under way, by launch token: a second mount (React's strict mode) shares the first. */
const pending = new Map<string, Promise<Outcome<SpmSession>>>();

/**
 * The game session for `gameId`: the one this tab already holds for `launchToken` (or for
 * the game when the address carries none), else the exchange of `launchToken`.
 */
export function resolveSpmSession(
  gameId: string,
  launchToken: string | null,
): Promise<Outcome<SpmSession>> {
  const stored = readStored(gameId);
  if (stored && (!launchToken || stored.launchToken === launchToken)) {
    return Promise.resolve({ ok: true, data: stored.session });
  }
  if (!launchToken) return Promise.resolve({ ok: false, message: '' });
  const running = pending.get(launchToken);
  if (running) return running;
  const exchange = openSpmSession(launchToken).then((outcome) => {
    pending.delete(launchToken);
    if (outcome.ok) {
      try {
        sessionStorage.setItem(
          storageKey(gameId),
          JSON.stringify({ launchToken, session: outcome.data } satisfies StoredSession),
        );
      } catch {
        // Private mode without storage: the session lasts as long as the page.
      }
    }
    return outcome;
  });
  pending.set(launchToken, exchange);
  return exchange;
}

/** Forgets the tab's session of `gameId` (the server refused it: expired or ended). */
export function forgetSpmSession(gameId: string): void {
  try {
    sessionStorage.removeItem(storageKey(gameId));
  } catch {
    // Nothing stored.
  }
}

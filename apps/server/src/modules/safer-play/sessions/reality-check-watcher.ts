import { SERVER_EVENTS, type RealityCheckEvent } from '@spm/contract';
import { nextRealityCheck, paiseToPoints, playedMinutes } from '@spm/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { ServiceDeps } from '../../../deps.ts';
import { sessionTimes } from '../../identity/index.ts';
import { playNetSince } from '../../wallet/index.ts';
import { findSessionSettings } from './settings-repository.ts';

/** What a player's socket carries once its handshake checked out (realtime/emitter.ts). */
interface PlayerSocketData {
  userId: number;
  sessionId: string;
}

/** The part of a socket the watcher uses (socket.io's Socket, or a test's stand-in). */
export type WatchedSocket = Pick<Socket, 'emit' | 'disconnect'> & { data: PlayerSocketData };

let armsUnderWay = 0;

/** Watches still reading their settings (tests wait for none before moving the clock). */
export function realityCheckArmsUnderWay(): number {
  return armsUnderWay;
}

/** The reality check of this moment: time played and the session's net result from the wallet. */
export async function realityCheckPayload(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  userId: number,
  startedAt: Date,
  index: number,
): Promise<RealityCheckEvent> {
  const now = deps.clock.now();
  const netPaise = await playNetSince(deps.db, userId, startedAt);
  return {
    sessionStartedAt: startedAt.toISOString(),
    at: now.toISOString(),
    playedMinutes: playedMinutes(startedAt.getTime(), now.getTime()),
    net: paiseToPoints(netPaise),
    index,
  };
}

/**
 * One socket's reality checks and session time limit, by the server's clock (deps.clock):
 * a timer at the next interval from the session's start sends `rg:reality_check` to this
 * page; with a time limit, a timer at the session's end sends `rg:session_limit` and closes
 * the socket (identity's own expiry watch would close it too, without saying why). Settings
 * are read when the socket connects: a change reconnects the player's sockets (the service),
 * so each page on any node arms again from the new settings.
 */
export function watchRealityCheck(
  socket: WatchedSocket,
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  log: FastifyBaseLogger,
): { stop: () => void } {
  const { userId, sessionId } = socket.data;
  // The page is there from its connect: checks due after it count, even if the reads below
  // finish after one fell due (the timer then fires at once).
  const connectedAtMs = deps.clock.now().getTime();
  const cancels: (() => void)[] = [];
  let stopped = false;
  let shown = 0;

  const arm = async () => {
    // Most players set nothing: one read, and no timer, for their sockets.
    const settings = await findSessionSettings(deps.db, userId);
    if (settings?.realityCheckMinutes == null && settings?.sessionLimitMinutes == null) return;
    const times = await sessionTimes(deps, sessionId);
    if (stopped || !times) return;
    const nowMs = deps.clock.now().getTime();
    const interval = settings?.realityCheckMinutes;
    if (interval != null) {
      const seenAtMs = shown === 0 ? connectedAtMs : nowMs;
      const next = nextRealityCheck(times.startedAt.getTime(), interval, seenAtMs, shown);
      cancels.push(
        deps.clock.setTimer(next.dueAtMs - nowMs, () => {
          void fire(times.startedAt, next.index);
        }),
      );
    }
    if (settings?.sessionLimitMinutes != null) {
      const limitMinutes = settings.sessionLimitMinutes;
      cancels.push(
        deps.clock.setTimer(times.endsAt.getTime() - nowMs, () => {
          if (stopped) return;
          socket.emit(SERVER_EVENTS.sessionLimit, {
            sessionLimitMinutes: limitMinutes,
            at: deps.clock.now().toISOString(),
          });
          socket.disconnect(true);
        }),
      );
    }
  };

  const fire = async (startedAt: Date, index: number) => {
    if (stopped) return;
    shown = index;
    try {
      const payload = await realityCheckPayload(deps, userId, startedAt, index);
      if (!stopped) socket.emit(SERVER_EVENTS.realityCheck, payload);
    } catch (error) {
      log.warn({ err: error }, 'reality check failed; the next one is armed as usual');
    }
    stopAll();
    if (!stopped) await armSafely();
  };

  const stopAll = () => {
    for (const cancel of cancels.splice(0)) cancel();
  };
  const armSafely = () => {
    armsUnderWay += 1;
    return arm()
      .catch((error: unknown) => {
        log.warn({ err: error }, 'reality check settings could not be read for this socket');
      })
      .finally(() => {
        armsUnderWay -= 1;
      });
  };

  void armSafely();
  return {
    stop: () => {
      stopped = true;
      stopAll();
    },
  };
}

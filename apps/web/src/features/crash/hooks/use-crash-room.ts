import { useEffect, useRef } from 'react';
import {
  CRASH_CLIENT_EVENTS,
  CRASH_SERVER_EVENTS,
  crashBetEventsSchema,
  crashBetsSummarySchema,
  crashRoundStateSchema,
  crashStateSchema,
  crashTickSchema,
} from '@spm/contract';
import type {
  CrashBetEvent,
  CrashBetsCounts,
  CrashBetsSummary,
  CrashRoundState,
  CrashState,
  CrashTick,
} from '@spm/contract';
import type { Socket } from 'socket.io-client';
import { isRecord } from '@spm/client';
import { connectRealtime, emitWithAck } from '@/shared/realtime';
import { useAuthStore } from '@/shared/stores/auth-store';

export interface CrashRoomHandlers {
  /** The join's acknowledgement: the whole state (on every connect, reconnects included). */
  onState: (state: CrashState) => void;
  onRound: (round: CrashRoundState) => void;
  onTick: (tick: CrashTick) => void;
  /**
   * The room's summary of the round's bets (`crash:bets`, or riding on a tick in flight,
   * where it may be its counts alone).
   */
  onSummary: (summary: CrashBetsSummary | CrashBetsCounts) => void;
  /** My own bets' changes, from my own room (`crash:mine`). */
  onMine: (events: CrashBetEvent[]) => void;
}

/** How long after a join the server could not answer (SERVICE_UNAVAILABLE) it is asked again. */
export const JOIN_RETRY_MS = 2_000;

/** The room's pushes, each checked against its schema (a malformed one is dropped). */
function pushHandlers(current: { readonly current: CrashRoomHandlers }) {
  const onRound = (payload: unknown) => {
    const parsed = crashRoundStateSchema.safeParse(payload);
    if (parsed.success) current.current.onRound(parsed.data);
  };
  const onTick = (payload: unknown) => {
    const parsed = crashTickSchema.safeParse(payload);
    if (!parsed.success) return;
    current.current.onTick(parsed.data);
    // In flight the room's summary rides on the tick, or its counts alone.
    const summary = parsed.data.summary ?? parsed.data.counts;
    if (summary) current.current.onSummary(summary);
  };
  const onSummary = (payload: unknown) => {
    const parsed = crashBetsSummarySchema.safeParse(payload);
    if (parsed.success) current.current.onSummary(parsed.data);
  };
  const onMine = (payload: unknown) => {
    const parsed = crashBetEventsSchema.safeParse(payload);
    if (parsed.success) current.current.onMine(parsed.data);
  };
  return { onRound, onTick, onSummary, onMine };
}

/**
 * Joins the game's room on the session's socket while mounted, and again after every
 * reconnect (a new connection has no rooms, and the pushes sent meanwhile are lost: the
 * join's acknowledgement brings the state back). Pushes pass no server-side schema check, so
 * each is checked here; a malformed one is dropped. Leaves the room on unmount.
 */
export function useCrashRoom(handlers: CrashRoomHandlers): void {
  const token = useAuthStore((state) => (state.isAuth ? state.token : null));
  // The latest handlers without joining again on every render.
  const current = useRef(handlers);
  useEffect(() => {
    current.current = handlers;
  });

  useEffect(() => {
    if (!token) return;
    let socket: Socket | null = null;
    let unmounted = false;
    let retry: ReturnType<typeof setTimeout> | null = null;
    const join = async () => {
      // The server's handler takes (payload, ack): an empty payload keeps the ack second.
      const answer = await emitWithAck<unknown>(CRASH_CLIENT_EVENTS.join, {});
      if (unmounted || !answer.ok) return;
      const parsed = crashStateSchema.safeParse(answer.ack);
      if (parsed.success) {
        current.current.onState(parsed.data);
        return;
      }
      // The state could not be read on that node: ask again shortly. (RESTRICTED joins
      // nothing; the page's HTTP read of the state opens the restricted view.)
      if (isRecord(answer.ack) && answer.ack.errorCode === 'SERVICE_UNAVAILABLE') {
        if (retry) clearTimeout(retry);
        retry = setTimeout(() => void join(), JOIN_RETRY_MS);
      }
    };
    const onConnect = () => void join();
    const { onRound, onTick, onSummary, onMine } = pushHandlers(current);
    void connectRealtime(token).then((connected) => {
      if (unmounted || !connected) return;
      socket = connected;
      connected.on(CRASH_SERVER_EVENTS.round, onRound);
      connected.on(CRASH_SERVER_EVENTS.tick, onTick);
      connected.on(CRASH_SERVER_EVENTS.bets, onSummary);
      connected.on(CRASH_SERVER_EVENTS.mine, onMine);
      connected.on('connect', onConnect);
      if (connected.connected) onConnect();
    });
    return () => {
      unmounted = true;
      if (retry) clearTimeout(retry);
      if (!socket) return;
      socket.off(CRASH_SERVER_EVENTS.round, onRound);
      socket.off(CRASH_SERVER_EVENTS.tick, onTick);
      socket.off(CRASH_SERVER_EVENTS.bets, onSummary);
      socket.off(CRASH_SERVER_EVENTS.mine, onMine);
      socket.off('connect', onConnect);
      if (socket.connected) socket.emit(CRASH_CLIENT_EVENTS.leave, {});
    };
  }, [token]);
}

import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import {
  REALTIME_CONNECT_TIMEOUT_MS,
  REALTIME_PATH,
  REALTIME_REQUEST_TIMEOUT_MS,
  RECONNECTION_DELAY_MAX_MS,
  RECONNECTION_DELAY_MIN_MS,
  RECONNECTION_JITTER,
  SESSION_ERROR,
} from '@spm/contract';
import { isRecord } from './http.ts';
import { activeLanguage } from './language.ts';

/*
 * The app-neutral part of the realtime channel (SPEC 4.5, 7.8): connection options, the send
 * with acknowledgement and the handshake refusal. Only socket.io-client's types are imported:
 * the library itself is loaded lazily by the app on the first connect, so a visitor's first
 * download does without it.
 */

/** First try: websocket, then polling (SPEC 7.8). */
export const INITIAL_TRANSPORTS: readonly string[] = ['websocket', 'polling'];
/** After a connection error that is not a session error: polling first (SPEC 4.5). */
export const FALLBACK_TRANSPORTS: readonly string[] = ['polling', 'websocket'];

export type RealtimeOptions = Partial<ManagerOptions & SocketOptions>;

/**
 * The connection options for a session token, one place for the client and its tests. `lang`
 * is the UI language at the handshake: the server pushes its content (toasts, market names)
 * in it; a later change is sent as CLIENT_EVENTS.setLanguage.
 */
export function realtimeOptions(token: string): RealtimeOptions {
  return {
    path: REALTIME_PATH,
    transports: [...INITIAL_TRANSPORTS],
    auth: { token, lang: activeLanguage() },
    timeout: REALTIME_CONNECT_TIMEOUT_MS,
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: RECONNECTION_DELAY_MIN_MS,
    reconnectionDelayMax: RECONNECTION_DELAY_MAX_MS,
    randomizationFactor: RECONNECTION_JITTER,
    // A new session gets a new connection, never a cached manager holding an old token.
    forceNew: true,
  };
}

/** What a send with acknowledgement gives back: the reply, or why there is none. */
export type RealtimeAck<T> =
  { ok: true; ack: T } | { ok: false; reason: 'timeout' | 'not-connected' };

/**
 * Sends `event` on `socket` and waits for the server's acknowledgement, giving up after
 * REALTIME_REQUEST_TIMEOUT_MS (SPEC 7.8: 7 seconds). Never throws. The payload is sent only
 * when given, so handlers that take just an ack callback get exactly that.
 */
export async function emitWithAckOn<T = unknown>(
  socket: Socket | null,
  event: string,
  payload?: unknown,
): Promise<RealtimeAck<T>> {
  if (!socket) return { ok: false, reason: 'not-connected' };
  const sender = socket.timeout(REALTIME_REQUEST_TIMEOUT_MS);
  try {
    const ack = (await (payload === undefined
      ? sender.emitWithAck(event)
      : sender.emitWithAck(event, payload))) as T;
    return { ok: true, ack };
  } catch {
    // socket.io rejects only when the time-out passes without a reply.
    return { ok: false, reason: 'timeout' };
  }
}

/** A handshake refused because the token is bad (SPEC 4.5: "connection error of type SessionError"). */
export function isSessionError(error: unknown): boolean {
  return isRecord(error) && error.message === SESSION_ERROR;
}

/** The errorCode and message a refused handshake carries in its `data`, when it has them. */
export function sessionErrorDetails(error: unknown): { code: string; message: string } {
  const data = isRecord(error) && isRecord(error.data) ? error.data : undefined;
  return {
    code: data && typeof data.errorCode === 'string' ? data.errorCode : '',
    message: data && typeof data.message === 'string' ? data.message : '',
  };
}

import {
  SERVER_EVENTS,
  type ClientToServerEvents,
  type Language,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@spm/contract';
import type { Server, Socket } from 'socket.io';
import { emitToast, type LocalizedToast } from './localized.ts';

/** What a connected socket carries once its handshake token checked out. */
export interface SocketData {
  userId: number;
  sessionId: string;
  /** When the time-out or self-exclusion in force at the handshake ends (epoch ms; null: none). */
  restrictedUntilMs: number | null;
  /** The app's UI language (handshake `auth.lang`, then `language:set`); its `lang:` room. */
  language?: Language;
}

/** Sessions that ended: one, or every session of a player. */
export type EndedSessions = { sessionId: string } | { userId: number };

/** What server processes tell each other through the Redis adapter. */
export interface InterServerEvents {
  /** Sessions ended on some node: every node forgets its cached copies at once. */
  'sessions:ended': (ended: EndedSessions) => void;
  /** Staff changed market or runner names in other languages: every node reads them again. */
  'names:changed': () => void;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

/** A signed-in player's socket (what `connection` hands over). */
export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

/** Private events of one player (DESIGN 7). */
export const userRoom = (userId: number | string) => `user:${userId}`;
/** Every socket of one session, so a revoked session loses exactly its own sockets. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/**
 * Sockets of players under a time-out or self-exclusion (the restricted view): broadcasts to
 * everyone (promotional or site notices) leave this room out (issue 42 item 3).
 */
export const RESTRICTED_ROOM = 'restricted';

/**
 * Whether the socket's player is still under the time-out or self-exclusion of its handshake:
 * such a socket subscribes to no market or table (the restricted view shows none). Taking one
 * closes every socket of the player, so a socket never misses a restriction that began later.
 */
export function socketRestricted(data: Partial<SocketData>, nowMs: number): boolean {
  return typeof data.restrictedUntilMs === 'number' && data.restrictedUntilMs > nowMs;
}

/**
 * The one typed way services reach players' sockets. Through the Redis adapter (REDIS_URL)
 * each call reaches the sockets on every server process, not only this one.
 */
export interface RealtimeEmitter {
  emitToUser: <E extends ServerEventName>(
    userId: number,
    event: E,
    payload: ServerEventPayload<E>,
  ) => void;
  /** To every connected socket (all of them belong to signed-in players). */
  emitToAll: <E extends ServerEventName>(event: E, payload: ServerEventPayload<E>) => void;
  /** Closes every socket of the session (signout, password change). */
  disconnectSession: (sessionId: string) => void;
  /** Closes every socket of the player (password reset, account lock). */
  disconnectUser: (userId: number) => void;
  /**
   * `listener` hears of every session that ends, on any node (both disconnects above
   * announce it): the session cache forgets what it held of them.
   */
  onSessionsEnded: (listener: (ended: EndedSessions) => void) => void;
  /** Tells every other node that translated names changed (nothing on a lone process). */
  announceNamesChanged: () => void;
  /** `listener` hears of translated names changed on another node. */
  onNamesChanged: (listener: () => void) => void;
  /**
   * Whether every ending announced anywhere reaches this process: a number that stays the same
   * while nothing can have been missed (always 0 on a lone process; with Redis, raised whenever
   * the link between nodes dropped), undefined while announcements may not arrive. A cache of
   * sessions trusts only what it stored under the current number.
   */
  announcementEpoch: () => number | undefined;
  /**
   * Whether a broadcast to `room` may reach a socket: on a lone process, whether one of its
   * sockets is in the room; with the Redis adapter always (other processes' rooms are not
   * known here). A stream skips the work of an update no one can receive.
   */
  mayReach: (room: string) => boolean;
}

/**
 * `crossNodeEpoch`: given when the Redis adapter is on, so `serverSideEmit` reaches the other
 * processes (the in-memory adapter refuses it); it tells whether that link is up and since when
 * (`RedisClients.linkEpoch`).
 */
export function createRealtimeEmitter(
  io: RealtimeServer,
  crossNodeEpoch?: () => number | undefined,
): RealtimeEmitter {
  const crossNode = crossNodeEpoch !== undefined;
  const listeners: ((ended: EndedSessions) => void)[] = [];
  const tell = (ended: EndedSessions) => {
    for (const listener of listeners) listener(ended);
  };
  if (crossNode) io.on('sessions:ended', tell);
  const announce = (ended: EndedSessions) => {
    tell(ended);
    if (crossNode) io.serverSideEmit('sessions:ended', ended);
  };
  return {
    emitToUser: (userId, event, payload) => {
      if (event === SERVER_EVENTS.notificationToast) {
        // A toast the outbox stored with its other languages: each socket gets its own.
        emitToast(io.to(userRoom(userId)), payload as LocalizedToast);
        return;
      }
      // socket.io's typed emit cannot see through the generic event name; the signature
      // above is what keeps event and payload matched.
      (io.to(userRoom(userId)).emit as (event: string, payload: unknown) => boolean)(
        event,
        payload,
      );
    },
    emitToAll: (event, payload) => {
      (io.emit as (event: string, payload: unknown) => boolean)(event, payload);
    },
    disconnectSession: (sessionId) => {
      announce({ sessionId });
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    disconnectUser: (userId) => {
      announce({ userId });
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    onSessionsEnded: (listener) => {
      listeners.push(listener);
    },
    announceNamesChanged: () => {
      if (crossNode) io.serverSideEmit('names:changed');
    },
    onNamesChanged: (listener) => {
      if (crossNode) io.on('names:changed', listener);
    },
    announcementEpoch: crossNodeEpoch ?? (() => 0),
    mayReach: (room) => crossNode || (io.sockets.adapter.rooms.get(room)?.size ?? 0) > 0,
  };
}

import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  CLIENT_EVENTS,
  REALTIME_PATH,
  SESSION_ERROR,
  SESSION_ERROR_FALLBACK_MESSAGE,
  type GetBalanceAck,
  type SessionCheckAck,
  type SessionErrorData,
} from '@spm/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { isAppError } from '../http/app-error.ts';
import { tokenFromAuthorization } from '../http/auth.ts';
import { getVersionedWallet } from '../modules/wallet/index.ts';
import type { ServiceDeps } from '../deps.ts';
import {
  authenticateSessionId,
  authenticateToken,
  sessionDeadline,
  type AuthContext,
} from '../modules/identity/index.ts';
import { writeBroadcastFramesDirectly } from './direct-frames.ts';
import { handshakeLanguage, joinLanguage, knownLanguage, languageRoom } from './localized.ts';
import {
  RESTRICTED_ROOM,
  sessionRoom,
  userRoom,
  type RealtimeServer,
  type RealtimeSocket,
} from './emitter.ts';

export interface RealtimeRedis {
  pub: Redis;
  sub: Redis;
  prefix: string;
}

/**
 * socket.io on the API's own HTTP server at /public/ (SPEC 7.8), websocket then polling.
 * Attaching needs no listening server: it hooks the server's request/upgrade handlers, so
 * the same app serves HTTP and the channel once it listens (main.ts, or tests on port 0).
 */
export function createRealtimeServer(
  httpServer: HttpServer,
  redis: RealtimeRedis | undefined,
): RealtimeServer {
  const io: RealtimeServer = new Server(httpServer, {
    path: REALTIME_PATH,
    transports: ['websocket', 'polling'],
    serveClient: false,
    // The token travels in the handshake, never in a cookie.
    cookie: false,
    // engine.io's default, pinned because fan-out depends on it: without per-message deflate
    // a room broadcast is encoded once and every socket gets the same ready WebSocket frame;
    // with it, each socket would compress each update again (bench/fanout, docs/decisions.md).
    perMessageDeflate: false,
  });
  writeBroadcastFramesDirectly(io);
  if (redis) {
    io.adapter(createAdapter(redis.pub, redis.sub, { key: `${redis.prefix}socket.io` }));
  }
  return io;
}

/** What a refused handshake carries: `err.message` is SessionError, `err.data` the text. */
export class SessionRefusal extends Error {
  readonly data: SessionErrorData;
  constructor(data: SessionErrorData) {
    super(SESSION_ERROR);
    this.data = data;
  }
}

function refusalFor(error: unknown): SessionRefusal {
  if (isAppError(error) && error.code === 'SESSION_EXPIRED') {
    return new SessionRefusal({ message: error.message, errorCode: error.code });
  }
  return new SessionRefusal({ message: SESSION_ERROR_FALLBACK_MESSAGE, errorCode: 'UNAUTHORIZED' });
}

function handshakeToken(auth: unknown, authorization: string | undefined): string | null {
  if (typeof auth === 'object' && auth !== null && 'token' in auth) {
    const token = (auth as { token: unknown }).token;
    if (typeof token === 'string') return tokenFromAuthorization(token);
  }
  return tokenFromAuthorization(authorization);
}

/**
 * The handshake: a token of a live session, or the connection is refused. The socket joins
 * `user:{id}`, `session:{id}` and its language's room (and the restricted room when the
 * player is on a time-out or self-exclusion).
 */
function handshakeCheck(
  deps: ServiceDeps,
  log: FastifyBaseLogger,
): Parameters<RealtimeServer['use']>[0] {
  return (socket, next) => {
    const token = handshakeToken(socket.handshake.auth, socket.handshake.headers.authorization);
    if (token === null) {
      next(refusalFor(undefined));
      return;
    }
    const joined = (auth: AuthContext) => {
      // A time-out or self-exclusion (read with the session): the restricted view's socket
      // gets no broadcast and follows no market or table.
      const { userId, sessionId, restrictedUntilMs } = auth;
      const language = handshakeLanguage(socket);
      socket.data = { userId, sessionId, restrictedUntilMs, language };
      const rooms = [userRoom(userId), sessionRoom(sessionId), languageRoom(language)];
      void socket.join(restrictedUntilMs !== null ? [...rooms, RESTRICTED_ROOM] : rooms);
    };
    authenticateToken(deps, token)
      .then(joined)
      .then(
        () => next(),
        (error: unknown) => {
          if (!isAppError(error)) log.error({ err: error }, 'realtime handshake check failed');
          next(refusalFor(error));
        },
      );
  };
}

/**
 * The handshake check and the per-socket handlers. A socket joins `user:{id}` (private
 * events) and `session:{id}` (so revoking a session closes exactly its sockets).
 */
export function installRealtimeHandlers(
  io: RealtimeServer,
  deps: ServiceDeps,
  log: FastifyBaseLogger,
): void {
  io.use(handshakeCheck(deps, log));

  io.on('connection', (socket) => {
    const expiry = watchSessionExpiry(socket, deps, log);
    socket.on('disconnect', () => expiry.stop());

    socket.on(CLIENT_EVENTS.setLanguage, (language: unknown) => {
      const known = knownLanguage(language);
      if (known) joinLanguage(socket, known);
    });

    socket.on(CLIENT_EVENTS.getBalance, (...args: unknown[]) => {
      const ack = args.at(-1);
      if (typeof ack !== 'function') return;
      const reply = ack as (answer: GetBalanceAck) => void;
      // The session is checked again first: an expired one gets no balance, only the end.
      authenticateSessionId(deps, socket.data.sessionId)
        .then(
          async () =>
            reply({
              status: 'success',
              data: await getVersionedWallet(deps.db, socket.data.userId),
            }),
          (error: unknown) => {
            if (!isAppError(error)) throw error;
            reply({ status: 'failed', message: error.message });
            endSocket(socket);
          },
        )
        .catch((error: unknown) => {
          log.error({ err: error }, 'get:balance failed');
          reply({ status: 'failed', message: 'Could not read the balance' });
        });
    });
    socket.on(CLIENT_EVENTS.sessionCheck, (...args: unknown[]) => {
      const ack = args.at(-1);
      if (typeof ack !== 'function') return;
      const reply = ack as (answer: SessionCheckAck) => void;
      authenticateSessionId(deps, socket.data.sessionId).then(
        () => {
          reply({ status: 'success' });
          // Activity moved the idle expiry: wait for the new one.
          expiry.recheck();
        },
        (error: unknown) => {
          if (!isAppError(error)) log.error({ err: error }, 'session_check failed');
          reply({ status: 'failed' });
          if (isAppError(error)) endSocket(socket);
        },
      );
    });
  });
}

/**
 * Closes a socket whose session is over, the way a revoke does: the client reconnects, its
 * handshake is refused with SessionError (SESSION_EXPIRED) and the app logs out.
 */
function endSocket(socket: RealtimeSocket): void {
  socket.disconnect(true);
}

/** Longest wait between two looks at a session, so a far expiry is re-read now and then. */
const MAX_EXPIRY_WAIT_MS = 60 * 60_000;

/**
 * One timer per socket at its session's deadline (idle or absolute, whichever is first). When
 * it fires the session is read again without counting as activity: HTTP requests may have
 * moved the idle expiry on, so a live session re-arms the timer and an ended one closes the
 * socket. Private events stop reaching a socket whose session is over.
 */
function watchSessionExpiry(
  socket: RealtimeSocket,
  deps: ServiceDeps,
  log: FastifyBaseLogger,
): { stop: () => void; recheck: () => void } {
  let cancel: (() => void) | undefined;
  let stopped = false;
  // Only the latest look arms a timer (a session_check may start one while another runs).
  let generation = 0;
  const check = () => {
    cancel?.();
    cancel = undefined;
    const mine = ++generation;
    sessionDeadline(deps, socket.data.sessionId).then(
      (deadline) => {
        if (stopped || mine !== generation) return;
        if (deadline === null) {
          endSocket(socket);
          return;
        }
        const waitMs = deadline.getTime() - deps.clock.now().getTime();
        cancel = deps.clock.setTimer(Math.min(waitMs, MAX_EXPIRY_WAIT_MS), check);
      },
      (error: unknown) => {
        // A database hiccup must not end a live session's socket: look again shortly.
        log.warn({ err: error }, 'realtime session expiry check failed');
        if (!stopped && mine === generation) cancel = deps.clock.setTimer(60_000, check);
      },
    );
  };
  check();
  return {
    stop: () => {
      stopped = true;
      cancel?.();
    },
    recheck: () => {
      if (!stopped) check();
    },
  };
}

/**
 * Shutdown: close every socket of this process and the adapter, leaving the HTTP server to
 * fastify (open websockets would otherwise hold its close forever).
 */
export async function closeRealtimeServer(io: RealtimeServer): Promise<void> {
  io.local.disconnectSockets(true);
  await Promise.allSettled([...io._nsps.values()].map((nsp) => nsp.adapter.close()));
  io.engine.close();
}

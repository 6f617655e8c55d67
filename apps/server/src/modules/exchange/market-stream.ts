import {
  DEFAULT_LANGUAGE,
  MARKET_EVENTS,
  MARKET_UPDATES_PER_SECOND,
  SESSION_BOARD_EVENTS,
  marketSubscribeSchema,
  type Market,
  type MarketSubscribeAck,
  type MarketUpdate,
  type SessionBoardSubscribeAck,
} from '@spm/contract';
import { objectWith } from '@spm/core';
import type { Clock } from '../../clock.ts';
import {
  socketRestricted,
  type RealtimeServer,
  type RealtimeSocket,
} from '../../realtime/emitter.ts';
import { emitByLanguage } from '../../realtime/localized.ts';
import type { NameTranslations } from './name-translations.ts';

/** Names in each socket's language: the snapshot itself when a market has none of its own. */
export type MarketNames = Pick<NameTranslations, 'languagesOf' | 'localize'>;
const ENGLISH_ONLY: MarketNames = { languagesOf: () => [], localize: (market) => market };

/** Public market rooms (DESIGN 7). */
export const marketRoom = (marketId: string) => `market:${marketId}`;
/**
 * The session board's room: every fancy market's updates, so a board of many matches is one
 * subscription (docs/session-board.md), not a room per market.
 */
export const SESSION_BOARD_ROOM = 'session-board';
/** A socket follows at most this many markets at once. */
export const MAX_MARKET_ROOMS = 50;
const MIN_GAP_MS = 1000 / MARKET_UPDATES_PER_SECOND;
/** Send times kept before old ones are swept: a sweep walks the map, so not on every publish. */
const MAX_SEND_TIMES = 1_000;

/**
 * The snapshot stamped with the moment it leaves: epoch ms with the sub-millisecond part
 * (`Date.now()` has whole milliseconds only), so delivery time can be measured (bench/fanout).
 */
const stamped = (market: Market): MarketUpdate =>
  objectWith(market, { sentAt: performance.timeOrigin + performance.now() });

/**
 * `market:subscribe` / `market:unsubscribe`: validated, at most 50 rooms per socket, none for
 * a socket of the restricted view (RESTRICTED).
 */
export function installMarketStream(
  io: RealtimeServer,
  snapshot: (marketId: string) => Market | undefined,
  clock: Clock,
  names: MarketNames = ENGLISH_ONLY,
) {
  io.on('connection', (socket) => {
    const joined = () =>
      [...socket.rooms].filter((r) => r.startsWith('market:')).map((r) => r.slice(7));
    const handle = (subscribe: boolean) => (payload: unknown, ack?: unknown) => {
      const reply =
        typeof ack === 'function' ? (ack as (answer: MarketSubscribeAck) => void) : () => undefined;
      const parsed = marketSubscribeSchema.safeParse(payload);
      if (!parsed.success) {
        reply({ status: 'failed', marketIds: joined() });
        return;
      }
      if (subscribe && socketRestricted(socket.data, clock.now().getTime())) {
        reply({ status: 'failed', marketIds: joined(), errorCode: 'RESTRICTED' });
        return;
      }
      if (subscribe) {
        const wanted = parsed.data.marketIds.filter(
          (id) => snapshot(id) !== undefined && !socket.rooms.has(marketRoom(id)),
        );
        if (joined().length + wanted.length > MAX_MARKET_ROOMS) {
          reply({ status: 'failed', marketIds: joined() });
          return;
        }
        void socket.join(wanted.map(marketRoom));
        // The page read the market before it subscribed: a change in between would be lost
        // until the next one, so each new subscriber starts from the current snapshot (the
        // app drops anything older than the version it holds).
        for (const id of wanted) {
          const market = snapshot(id);
          const language = socket.data.language ?? DEFAULT_LANGUAGE;
          if (market) socket.emit(MARKET_EVENTS.update, stamped(names.localize(market, language)));
        }
      } else {
        for (const id of parsed.data.marketIds) void socket.leave(marketRoom(id));
      }
      reply({ status: 'success', marketIds: joined() });
    };
    socket.on(MARKET_EVENTS.subscribe, handle(true));
    socket.on(MARKET_EVENTS.unsubscribe, handle(false));
    installSessionBoard(socket, clock);
  });
}

/**
 * `session-board:subscribe` / `unsubscribe`: the board's room, refused to a socket of the
 * restricted view as a market's room is. No snapshot follows the ack: the board reads GET
 * /bet/sessions once it is subscribed, which covers whatever changed before.
 */
function installSessionBoard(socket: RealtimeSocket, clock: Clock): void {
  const replyOf = (ack: unknown) =>
    typeof ack === 'function'
      ? (ack as (answer: SessionBoardSubscribeAck) => void)
      : () => undefined;
  socket.on(SESSION_BOARD_EVENTS.subscribe, (ack?: unknown) => {
    if (socketRestricted(socket.data, clock.now().getTime())) {
      replyOf(ack)({ status: 'failed', errorCode: 'RESTRICTED' });
      return;
    }
    void socket.join(SESSION_BOARD_ROOM);
    replyOf(ack)({ status: 'success' });
  });
  socket.on(SESSION_BOARD_EVENTS.unsubscribe, (ack?: unknown) => {
    void socket.leave(SESSION_BOARD_ROOM);
    replyOf(ack)({ status: 'success' });
  });
}

/**
 * Conflation: at most MARKET_UPDATES_PER_SECOND `market:update` per market, trailing edge,
 * so the last change is always sent and a burst of changes sends one snapshot. A session
 * market (`isSession`: a map lookup, no snapshot) goes to the board's room too, in the same
 * emit, so a socket in both rooms gets it once.
 */
export function createMarketPublisher(
  io: RealtimeServer,
  snapshot: (marketId: string) => Market | undefined,
  mayReach: (room: string) => boolean,
  names: MarketNames = ENGLISH_ONLY,
  isSession: (marketId: string) => boolean = () => false,
) {
  const roomsOf = (marketId: string) =>
    isSession(marketId) ? [marketRoom(marketId), SESSION_BOARD_ROOM] : [marketRoom(marketId)];
  const lastSent = new Map<string, number>();
  const pending = new Map<string, NodeJS.Timeout>();
  // A send older than the gap no longer delays anything, so dropping it changes no timing; the
  // map then holds the markets sent in the last gap (plus up to MAX_SEND_TIMES before a sweep).
  const forgetOldSends = (now: number) => {
    if (lastSent.size < MAX_SEND_TIMES) return;
    for (const [marketId, at] of lastSent) if (at + MIN_GAP_MS <= now) lastSent.delete(marketId);
  };
  const send = (marketId: string) => {
    pending.delete(marketId);
    lastSent.set(marketId, Date.now());
    const market = snapshot(marketId);
    if (!market) return;
    // One emit when the market has no names of its own; else one per language that has.
    // A session market goes to its board too, in the same emit (a socket in both gets one).
    emitByLanguage(
      io.to(roomsOf(marketId)),
      names.languagesOf(market),
      stamped(market),
      (language) => stamped(names.localize(market, language)),
      (to, update) => to.emit(MARKET_EVENTS.update, update),
    );
  };
  return {
    publish(marketId: string) {
      if (pending.has(marketId)) return;
      // No one to tell: a socket that subscribes later starts from the snapshot of then.
      if (!roomsOf(marketId).some(mayReach)) return;
      forgetOldSends(Date.now());
      const wait = Math.max(0, (lastSent.get(marketId) ?? 0) + MIN_GAP_MS - Date.now());
      const timer = setTimeout(() => send(marketId), wait);
      timer.unref();
      pending.set(marketId, timer);
    },
    close() {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}

import { z } from 'zod';
import type { AppDetails } from './app-data.ts';
import type { GAME_EVENTS } from './casino-names.ts';
import type { CRASH_CLIENT_EVENTS, CRASH_SERVER_EVENTS } from './crash-names.ts';
import type {
  CrashBetEvent,
  CrashBetsSummary,
  CrashJoinAck,
  CrashRoundState,
  CrashTick,
} from './crash.ts';
import type { GameRoundEvent, GameSubscribeAck } from './casino.ts';
import type { MARKET_EVENTS, MarketUpdate, SESSION_BOARD_EVENTS } from './exchange.ts';
import { walletSchema, type GetBalanceAck, type NotificationToast } from './wallet.ts';
import type { CLIENT_EVENTS, SERVER_EVENTS } from './realtime-names.ts';
import type {
  RealityCheckAck,
  RealityCheckEvent,
  SessionLimitEvent,
} from './safer-play-sessions.ts';

/**
 * `err.data` of a `connect_error` whose `err.message` is SESSION_ERROR: the text the app
 * toasts before it logs out, and the catalogue code behind it.
 */
export const sessionErrorDataSchema = z.object({
  message: z.string(),
  errorCode: z.string().optional(),
});
export type SessionErrorData = z.infer<typeof sessionErrorDataSchema>;

export const ACK_STATUSES = ['success', 'failed'] as const;
export type AckStatus = (typeof ACK_STATUSES)[number];

/** Ack of `session_check`: failed means the session is over and the app logs out (SPEC 4.5). */
export const sessionCheckAckSchema = z.object({ status: z.enum(ACK_STATUSES) });
export type SessionCheckAck = z.infer<typeof sessionCheckAckSchema>;

/**
 * `update_balance`: the whole wallet, or anything without a numeric balance as a nudge to
 * ask again with `get:balance` (SPEC 4.5). `version` is the player's wallet version, raised
 * by every money change in commit order: an app that saw a higher one drops this payload
 * (delivery is at least once and may reorder across reconnects).
 */
export const updateBalancePayloadSchema = walletSchema.partial().extend({
  version: z.number().int().nonnegative().optional(),
});
export type UpdateBalancePayload = z.infer<typeof updateBalancePayloadSchema>;

/** `session_refresh`: the app re-checks its session on receipt. */
export const sessionRefreshSchema = z.object({ reason: z.string().optional() });
export type SessionRefresh = z.infer<typeof sessionRefreshSchema>;

/** What the server emits, event by event; one typed emitter on the server uses this map. */
export interface ServerToClientEvents {
  [SERVER_EVENTS.updateBalance]: (payload: UpdateBalancePayload) => void;
  [SERVER_EVENTS.notificationToast]: (payload: NotificationToast) => void;
  [SERVER_EVENTS.sessionRefresh]: (payload: SessionRefresh) => void;
  [SERVER_EVENTS.appDetails]: (payload: AppDetails) => void;
  [SERVER_EVENTS.realityCheck]: (payload: RealityCheckEvent) => void;
  [SERVER_EVENTS.realityCheckAck]: (payload: RealityCheckAck) => void;
  [SERVER_EVENTS.sessionLimit]: (payload: SessionLimitEvent) => void;
  /** A whole market snapshot (and when it was sent) to the sockets in its `market:{id}` room. */
  [MARKET_EVENTS.update]: (payload: MarketUpdate) => void;
  /** A built-in casino table's round, to the sockets in its `game:{tableId}` room. */
  [GAME_EVENTS.round]: (payload: GameRoundEvent) => void;
  /** The crash game's round at each phase change, to the `game:crash` room. */
  [CRASH_SERVER_EVENTS.round]: (payload: CrashRoundState) => void;
  /** In flight, every CRASH_TICK_MS: the server's elapsed time and multiplier. */
  [CRASH_SERVER_EVENTS.tick]: (payload: CrashTick) => void;
  /** The round's bets in summary: counts, totals, the biggest few (`mine` false in it). */
  [CRASH_SERVER_EVENTS.bets]: (payload: CrashBetsSummary) => void;
  /** To the player's own room: their own bets' changes, marked `mine`. */
  [CRASH_SERVER_EVENTS.mine]: (payload: CrashBetEvent[]) => void;
}

/** What the app emits; each takes only an acknowledgement callback. */
export interface ClientToServerEvents {
  [CLIENT_EVENTS.sessionCheck]: (ack: (reply: SessionCheckAck) => void) => void;
  [CLIENT_EVENTS.getBalance]: (ack: (reply: GetBalanceAck) => void) => void;
  /** `realityCheckAckSchema`: this page answered that reality check; the ack says it was relayed. */
  [CLIENT_EVENTS.realityCheckAnswered]: (
    payload: unknown,
    ack?: (reply: SessionCheckAck) => void,
  ) => void;
  /** A language code (`LANGUAGES`); anything else is ignored. */
  [CLIENT_EVENTS.setLanguage]: (payload: unknown) => void;
  /** `marketSubscribeSchema`; the optional ack answers the rooms joined or a failure. */
  [MARKET_EVENTS.subscribe]: (payload: unknown, ack?: (reply: MarketSubscribeAck) => void) => void;
  [MARKET_EVENTS.unsubscribe]: (
    payload: unknown,
    ack?: (reply: MarketSubscribeAck) => void,
  ) => void;
  /** Joins (leaves) the session board's room: every fancy market's `market:update`. */
  [SESSION_BOARD_EVENTS.subscribe]: (ack?: (reply: SessionBoardSubscribeAck) => void) => void;
  [SESSION_BOARD_EVENTS.unsubscribe]: (ack?: (reply: SessionBoardSubscribeAck) => void) => void;
  /** `gameSubscribeSchema`: joins a casino table's room (anyone may watch a table). */
  [GAME_EVENTS.subscribe]: (payload: unknown, ack?: (reply: GameSubscribeAck) => void) => void;
  [GAME_EVENTS.unsubscribe]: (payload: unknown, ack?: (reply: GameSubscribeAck) => void) => void;
  /** Joins the crash game's room; the ack is the state (or RESTRICTED, nothing joined). */
  [CRASH_CLIENT_EVENTS.join]: (payload: unknown, ack?: (reply: CrashJoinAck) => void) => void;
  [CRASH_CLIENT_EVENTS.leave]: (
    payload: unknown,
    ack?: (reply: { status: AckStatus }) => void,
  ) => void;
}

/** Ack of `market:subscribe` / `market:unsubscribe`: the market ids now subscribed. */
export const marketSubscribeAckSchema = z.object({
  status: z.enum(ACK_STATUSES),
  marketIds: z.array(z.string()),
  /** A socket of a player under a time-out or self-exclusion follows no market. */
  errorCode: z.literal('RESTRICTED').optional(),
});
export type MarketSubscribeAck = z.infer<typeof marketSubscribeAckSchema>;

/** Ack of `session-board:subscribe` / `unsubscribe`; RESTRICTED as for a market's room. */
export const sessionBoardSubscribeAckSchema = z.object({
  status: z.enum(ACK_STATUSES),
  errorCode: z.literal('RESTRICTED').optional(),
});
export type SessionBoardSubscribeAck = z.infer<typeof sessionBoardSubscribeAckSchema>;

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];

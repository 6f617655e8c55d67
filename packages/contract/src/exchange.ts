import { z } from 'zod';
import { SPORT_IDS } from './constants.ts';

/**
 * Sports catalogue, markets and betting (SPEC 7.5, 9; DESIGN 5). Prices travel as decimal odds
 * with at most 2 decimals (core keeps integer hundredths); stakes as points (core keeps paise).
 */
export const sportIdSchema = z.union([
  z.literal(SPORT_IDS.cricket),
  z.literal(SPORT_IDS.soccer),
  z.literal(SPORT_IDS.tennis),
]);
export const EVENT_STATUSES = ['upcoming', 'in_play', 'closed'] as const;
export const MARKET_TYPES = ['match_odds', 'bookmaker', 'fancy'] as const;
export type MarketType = (typeof MARKET_TYPES)[number];
export const MARKET_STATUSES = ['open', 'suspended', 'closed', 'settled', 'voided'] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];

export const priceSizeSchema = z.object({ price: z.number(), amount: z.number() });
export type PriceSize = z.infer<typeof priceSizeSchema>;

export const runnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Exchange: best three prices each way (Betfair naming: back takes resting lays). */
  availableToBack: z.array(priceSizeSchema),
  availableToLay: z.array(priceSizeSchema),
  lastTradedPrice: z.number().nullable(),
  /** Bookmaker: the operator's rates per 100 for this runner, null when not offered. */
  backRate: z.number().nullable(),
  layRate: z.number().nullable(),
});
export type Runner = z.infer<typeof runnerSchema>;

export const marketSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  type: z.enum(MARKET_TYPES),
  name: z.string(),
  status: z.enum(MARKET_STATUSES),
  inPlay: z.boolean(),
  runners: z.array(runnerSchema),
  /** Fancy: the line and the yes/no rates per 100. */
  line: z.number().int().nullable(),
  yesRate: z.number().int().nullable(),
  noRate: z.number().int().nullable(),
  /**
   * Fancy: suspended while the ball is bowled (the feed's "ball running"), not by the
   * operator. Absent means false; only ever true on a suspended market.
   */
  ballRunning: z.boolean().optional(),
  tradedVolume: z.number(),
  /** Monotonic per market, so a client drops an older snapshot that arrives late. */
  version: z.number().int(),
});
export type Market = z.infer<typeof marketSchema>;

export const eventSchema = z.object({
  id: z.string(),
  sportId: sportIdSchema,
  competitionId: z.string(),
  competitionName: z.string(),
  name: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  startTime: z.string(),
  status: z.enum(EVENT_STATUSES),
  liveTvUrl: z.string().nullable(),
  markets: z.array(marketSchema),
});
export type SportsEvent = z.infer<typeof eventSchema>;

/** GET /api/bet/matches?sportId=&status=&page=&pageSize= : in-play first, then by start time. */
export const matchesQuerySchema = z.object({
  sportId: z.coerce.number().int().pipe(sportIdSchema).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export const matchesSchema = z.object({
  items: z.array(eventSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

/**
 * GET /api/bet/sessions: the session (fancy) board. Every open or suspended fancy market of
 * the in-play and upcoming events, grouped by event, in play first then by start time; an
 * event without one is left out. Read from the exchange's memory, never the database.
 */
export const sessionBoardEventSchema = eventSchema.omit({ liveTvUrl: true });
export type SessionBoardEvent = z.infer<typeof sessionBoardEventSchema>;
export const sessionBoardSchema = z.object({ events: z.array(sessionBoardEventSchema) });
export type SessionBoard = z.infer<typeof sessionBoardSchema>;

/**
 * A database id in a URL or body: digits, at most 15 of them, so it stays an exact JS number
 * and inside PostgreSQL's bigint (a 23-digit id used to reach the query and fail as a 500).
 */
export const numericIdSchema = z.string().regex(/^\d{1,15}$/, 'Not an id');

/** GET /api/bet/matches/{eventId}: one event with all its markets. */
export const eventParamsSchema = z.object({ eventId: numericIdSchema });

/** GET /api/sports/match/settings?eventId= : per market limits. */
export const marketSettingsSchema = z.object({
  marketId: z.string(),
  minStake: z.number(),
  maxStake: z.number(),
  maxProfit: z.number(),
  inPlayDelayMs: z.number().int(),
  commissionPercent: z.number(),
});
export const matchSettingsSchema = z.array(marketSettingsSchema);

const stakeSchema = z.number().positive('Stake must be more than 0');
const idempotencyKeySchema = z.string().min(8).max(100);

/** POST /api/bet/match/odds: an exchange order (back or lay) at a ladder price. */
export const placeMatchOddsBodySchema = z.object({
  marketId: z.string(),
  runnerId: z.string(),
  side: z.enum(['back', 'lay']),
  price: z.number(),
  stake: stakeSchema,
  idempotencyKey: idempotencyKeySchema,
});
export const ORDER_STATUSES = [
  'pending',
  'unmatched',
  'partially_matched',
  'matched',
  'cancelled',
  'settled',
  'voided',
  'rejected',
] as const;
export const orderAnswerSchema = z.object({
  orderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  matchedStake: z.number(),
  unmatchedStake: z.number(),
  averagePrice: z.number().nullable(),
});
export type OrderAnswer = z.infer<typeof orderAnswerSchema>;

/**
 * POST /api/bet/match/odds/cancel: the whole unmatched remainder, or part of it. The key is
 * the client's, as a placement's is: a retry under it answers the first cancel's answer (not
 * ORDER_NOT_FOUND), another body under it IDEMPOTENCY_MISMATCH.
 */
export const cancelOrderBodySchema = z.object({
  orderId: z.string(),
  stake: stakeSchema.optional(),
  idempotencyKey: idempotencyKeySchema,
});

/** POST /api/bet/bookmaker/odds: accepted only at the shown rate or better. */
export const placeBookmakerBodySchema = z.object({
  marketId: z.string(),
  runnerId: z.string(),
  side: z.enum(['back', 'lay']),
  rate: z.number().int().positive(),
  stake: stakeSchema,
  idempotencyKey: idempotencyKeySchema,
});

/** POST /api/bet/fancy/odds: yes/no on a line at the shown rate. */
export const placeFancyBodySchema = z.object({
  marketId: z.string(),
  side: z.enum(['yes', 'no']),
  line: z.number().int().nonnegative(),
  rate: z.number().int().positive(),
  stake: stakeSchema,
  idempotencyKey: idempotencyKeySchema,
});

export const BET_FILTERS = ['unmatched', 'matched', 'settled'] as const;
/** GET /api/bets */
export const betsQuerySchema = z.object({
  status: z.enum(BET_FILTERS).optional(),
  sportId: z.coerce.number().int().pipe(sportIdSchema).optional(),
  eventId: numericIdSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const betSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  marketId: z.string(),
  marketName: z.string(),
  marketType: z.enum(MARKET_TYPES),
  runnerName: z.string(),
  side: z.enum(['back', 'lay', 'yes', 'no']),
  price: z.number(),
  line: z.number().int().nullable(),
  stake: z.number(),
  matchedStake: z.number(),
  unmatchedStake: z.number(),
  status: z.enum(ORDER_STATUSES),
  /** Gross P&L of a settled bet, before the market's commission. */
  profitLoss: z.number().nullable(),
  /**
   * The commission settlement takes on this bet's market, in percent (2 = 2 %): the market's
   * rate on match odds, 0 on bookmaker and fancy, so the client can show profit net of it.
   */
  commissionPercent: z.number(),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type Bet = z.infer<typeof betSchema>;
export const betsSchema = z.object({
  items: z.array(betSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

/** GET /api/bet/pnl/{eventId}: the signed-in player's projected P&L per runner, per market. */
export const marketPnlSchema = z.object({
  marketId: z.string(),
  exposure: z.number(),
  runners: z.array(z.object({ runnerId: z.string(), profitLoss: z.number() })),
});
export const eventPnlSchema = z.array(marketPnlSchema);

/** Realtime: join/leave public market rooms; the server streams `market:update` (a Market). */
export const MARKET_EVENTS = {
  subscribe: 'market:subscribe',
  unsubscribe: 'market:unsubscribe',
  update: 'market:update',
} as const;
export const marketSubscribeSchema = z.object({ marketIds: z.array(z.string()).max(50) });
/**
 * Realtime: the session board's one subscription. A socket in its room gets the
 * `market:update` of every fancy market (each once, even when it also follows the market's
 * own room), instead of joining up to 50 market rooms.
 */
export const SESSION_BOARD_EVENTS = {
  subscribe: 'session-board:subscribe',
  unsubscribe: 'session-board:unsubscribe',
} as const;
/** At most this many `market:update` per market per second (conflation). */
export const MARKET_UPDATES_PER_SECOND = 4;
/**
 * The `market:update` payload: the whole Market plus `sentAt`, the server's wall clock in
 * epoch milliseconds with sub-millisecond precision (`performance.timeOrigin +
 * performance.now()`) when the stream emitted it, so a client on the same clock can measure
 * delivery time (bench/fanout). The app reads it through `marketSchema`, which drops it.
 */
export const marketUpdateSchema = marketSchema.extend({ sentAt: z.number() });
export type MarketUpdate = z.infer<typeof marketUpdateSchema>;

/** GET /api/sports/match/settings?eventId= */
export const matchSettingsQuerySchema = z.object({ eventId: numericIdSchema });

/** Staff: POST /api/staff/markets/{marketId}/result and /resettle (admin, audited). */
export const marketParamsSchema = z.object({ marketId: numericIdSchema });
export const marketResultBodySchema = z.union([
  z.object({ winnerRunnerId: numericIdSchema }).strict(),
  z.object({ void: z.literal(true) }).strict(),
  z.object({ resultValue: z.number().int().nonnegative() }).strict(),
]);
export type MarketResultBody = z.infer<typeof marketResultBodySchema>;
export const settlementAnswerSchema = z.object({
  marketId: z.string(),
  status: z.enum(MARKET_STATUSES),
  /** 1 for the first settlement, +1 for each correction. */
  settlementVersion: z.number().int(),
  players: z.number().int(),
  /** True when this exact result was already in place: nothing new was paid. */
  replay: z.boolean(),
});
export type SettlementAnswer = z.infer<typeof settlementAnswerSchema>;

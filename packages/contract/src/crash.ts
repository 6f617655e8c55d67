import { z } from 'zod';
import {
  CRASH_BET_STATUSES,
  CRASH_INCIDENTS,
  CRASH_MAX_STAKE_POINTS_PER_ROUND,
  CRASH_MIN_STAKE_POINTS,
  CRASH_PANELS,
  CRASH_PHASES,
  CRASH_SUMMARY_TOP_BETS,
} from './crash-names.ts';
import { pageQuerySchema, pagedSchema, pointsSchema } from './wallet.ts';

/**
 * Crash game (issue 43, `/aviatorgames`). Amounts on the wire are points (2 decimals);
 * multipliers are numbers with 2 decimals (1.00 upwards; the server keeps integer hundredths,
 * docs/crash-fairness.md). Times are ISO strings; `serverTime` lets a client correct its clock.
 */

/** The game's settings as a player sees them (rules and fairness panel). */
export const crashSettingsSchema = z.object({
  houseEdgePercent: z.number(),
  rtpPercent: z.number(),
  maxMultiplier: z.number(),
  minStake: z.number(),
  maxStakePerRound: z.number(),
  maxReturn: z.number(),
  bettingMs: z.number().int(),
  tickMs: z.number().int(),
  /** The published end of the hash chain (before the first round). */
  terminatingHash: z.string(),
  chainLength: z.number().int(),
});
export type CrashSettingsView = z.infer<typeof crashSettingsSchema>;

/** One bet as everyone in the room sees it (players' names masked). */
export const crashBetSchema = z.object({
  id: z.string(),
  roundId: z.string(),
  panel: z.union([z.literal(CRASH_PANELS[0]), z.literal(CRASH_PANELS[1])]),
  /** The player's masked name (`ra***42`). */
  player: z.string(),
  stake: z.number(),
  autoCashOut: z.number().nullable(),
  status: z.enum(CRASH_BET_STATUSES),
  /** The multiplier paid, once cashed out. */
  cashOutMultiplier: z.number().nullable(),
  payout: z.number().nullable(),
  /** Whether it is the asking player's own bet. */
  mine: z.boolean(),
});
export type CrashBetView = z.infer<typeof crashBetSchema>;

/** The round in progress (or the last one, while paused). */
export const crashRoundStateSchema = z.object({
  roundId: z.string(),
  phase: z.enum(CRASH_PHASES),
  /** SHA-256 of the round's salt, published before betting opens. */
  saltCommitment: z.string(),
  bettingEndsAt: z.string().nullable(),
  /** When the flight started (null before). */
  flightStartedAt: z.string().nullable(),
  /** In flight: the server's elapsed milliseconds and multiplier when this was sent. */
  elapsedMs: z.number().int(),
  multiplier: z.number(),
  /** After the crash only: the crash point, the round hash and the salt. */
  crashPoint: z.number().nullable(),
  hash: z.string().nullable(),
  salt: z.string().nullable(),
  serverTime: z.string(),
});
export type CrashRoundState = z.infer<typeof crashRoundStateSchema>;

/**
 * The round's bets in summary (`crash:bets` to the room, and in the state): exact counts and
 * totals of the bets not withdrawn, and the CRASH_SUMMARY_TOP_BETS biggest (a cashed-out bet
 * ranks by its payout, any other by its stake; the larger first). Its size does not grow with
 * the number of players; the whole list is GET /api/crash/rounds/current/bets.
 */
export const crashBetsSummarySchema = z.object({
  roundId: z.string(),
  /** Bets in the round (withdrawn ones left out). */
  bets: z.number().int().nonnegative(),
  /** Of them, cashed out (by hand, automatically or by the maximum return). */
  cashedOut: z.number().int().nonnegative(),
  /** Points staked and paid out so far. */
  totalStake: z.number(),
  totalPayout: z.number(),
  top: z.array(crashBetSchema).max(CRASH_SUMMARY_TOP_BETS),
  /** The server's time of the count: a client keeps the newest summary it got. */
  at: z.string(),
});
export type CrashBetsSummary = z.infer<typeof crashBetsSummarySchema>;

/** The summary's counts and totals without its biggest bets (a tick's, in flight). */
export const crashBetsCountsSchema = crashBetsSummarySchema.omit({ top: true });
export type CrashBetsCounts = z.infer<typeof crashBetsCountsSchema>;

/**
 * GET /api/crash/state and the join acknowledgement: everything a screen needs to start. The
 * bets come in summary, never the whole list, plus the asking player's own bets exactly.
 */
export const crashStateSchema = z.object({
  round: crashRoundStateSchema,
  summary: crashBetsSummarySchema,
  /** The asking player's own bets of the round (withdrawn ones left out; none for a visitor). */
  mine: z.array(crashBetSchema).max(CRASH_PANELS.length),
  /** The latest crash points, newest first (the history strip). */
  history: z.array(z.object({ roundId: z.string(), crashPoint: z.number() })),
  settings: crashSettingsSchema,
});
export type CrashState = z.infer<typeof crashStateSchema>;

/**
 * The acknowledgement of `crash:join`: the state (the socket joined the room), or, for the
 * socket of a player under a time-out or self-exclusion, RESTRICTED (nothing joined), or
 * SERVICE_UNAVAILABLE when the state could not be read (try again).
 */
export const crashJoinAckSchema = z.union([
  crashStateSchema,
  z.object({ errorCode: z.enum(['RESTRICTED', 'SERVICE_UNAVAILABLE']) }),
]);
export type CrashJoinAck = z.infer<typeof crashJoinAckSchema>;

/** `crash:tick` */
export const crashTickSchema = z.object({
  roundId: z.string(),
  elapsedMs: z.number().int(),
  multiplier: z.number(),
  /**
   * In flight the room's summary rides on the tick (one frame per socket every tick instead of
   * two, docs/crash-bench.md session 34): whole, with its biggest bets, when they changed since
   * the socket last got them (at most every CRASH_TOP_BETS_EVERY_MS)...
   */
  summary: crashBetsSummarySchema.optional(),
  /**
   * ...otherwise its counts and totals alone, when a bet changed since the socket's last tick:
   * the client keeps the biggest bets it has (session 35).
   */
  counts: crashBetsCountsSchema.optional(),
});
export type CrashTick = z.infer<typeof crashTickSchema>;

/**
 * `crash:mine`, to the player's own room: one of their bets placed, cashed out or settled, or
 * withdrawn in the betting window (`cancelled`).
 */
export const crashBetEventSchema = z.object({
  bet: crashBetSchema,
  cancelled: z.boolean(),
});
export const crashBetEventsSchema = z.array(crashBetEventSchema);
export type CrashBetEvent = z.infer<typeof crashBetEventSchema>;

/** POST /api/crash/bets: a bet on the round in its betting window, on one of the two panels. */
export const crashBetBodySchema = z.object({
  roundId: z.string().min(1).max(40),
  panel: z.union([z.literal(CRASH_PANELS[0]), z.literal(CRASH_PANELS[1])]),
  stake: pointsSchema
    .refine((value) => value >= CRASH_MIN_STAKE_POINTS, 'below the minimum stake')
    .refine((value) => value <= CRASH_MAX_STAKE_POINTS_PER_ROUND, 'above the maximum stake'),
  /** Cash out automatically at this multiplier (1.01 upwards), or null. */
  autoCashOut: z.number().min(1.01).max(10_000).nullable(),
  /** The client's id for this bet, so a retry after a lost answer places it once. */
  clientBetId: z.string().min(8).max(64),
});
export type CrashBetBody = z.infer<typeof crashBetBodySchema>;

/** A bet's id as the server makes them: 20 lowercase hex digits. */
export const crashBetParamsSchema = z.object({ betId: z.string().regex(/^[0-9a-f]{20}$/) });

/** POST /api/crash/bets and DELETE /api/crash/bets/{betId}: the bet and the balance after. */
export const crashBetAnswerSchema = z.object({ bet: crashBetSchema, balance: z.number() });
export type CrashBetAnswer = z.infer<typeof crashBetAnswerSchema>;

/**
 * POST /api/crash/bets/{betId}/cashout: answered once the win is durable; `multiplier` is the
 * one paid (the server's time when the request arrived).
 */
export const crashCashOutAnswerSchema = z.object({
  bet: crashBetSchema,
  multiplier: z.number(),
  payout: z.number(),
  balance: z.number(),
});
export type CrashCashOutAnswer = z.infer<typeof crashCashOutAnswerSchema>;

/** One past round (GET /api/crash/rounds). */
export const crashRoundSummarySchema = z.object({
  id: z.string(),
  crashPoint: z.number(),
  hash: z.string(),
  salt: z.string(),
  saltCommitment: z.string(),
  /** The previous round's hash (for round 1, the terminating hash): hash(hash) must equal it. */
  previousHash: z.string(),
  houseEdgePercent: z.number(),
  maxMultiplier: z.number(),
  players: z.number().int(),
  totalStake: z.number(),
  totalPayout: z.number(),
  incident: z.enum(CRASH_INCIDENTS).nullable(),
  crashedAt: z.string(),
});
export type CrashRoundSummary = z.infer<typeof crashRoundSummarySchema>;

export const crashRoundsQuerySchema = pageQuerySchema;
export const crashRoundsSchema = pagedSchema(crashRoundSummarySchema);

/** GET /api/crash/rounds/current/bets: the round's whole list, a page at a time. */
export const crashRoundBetsQuerySchema = pageQuerySchema;
/**
 * The round now's bets (withdrawn ones left out) in the order the server took them, names
 * masked, the asker's own marked `mine`. New bets come at the end, so reading on page after
 * page never skips a bet taken earlier.
 */
export const crashRoundBetsSchema = pagedSchema(crashBetSchema).extend({ roundId: z.string() });
export type CrashRoundBets = z.infer<typeof crashRoundBetsSchema>;

export const crashRoundParamsSchema = z.object({ roundId: z.string().min(1).max(40) });
/** GET /api/crash/rounds/{roundId}: the round with its bets (names masked). */
export const crashRoundDetailSchema = crashRoundSummarySchema.extend({
  bets: z.array(crashBetSchema),
});
export type CrashRoundDetail = z.infer<typeof crashRoundDetailSchema>;

/** GET /api/crash/my-bets: the player's bets, newest first, with their round's crash point. */
export const crashMyBetSchema = crashBetSchema.extend({
  crashPoint: z.number().nullable(),
  placedAt: z.string(),
});
export const crashMyBetsSchema = pagedSchema(crashMyBetSchema);
export type CrashMyBet = z.infer<typeof crashMyBetSchema>;

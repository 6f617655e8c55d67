/*
 * Crash game names and constants (issue 43), apart from the schemas in crash.ts: a module with
 * zod schemas at top level keeps them (and zod) in any bundle that uses one of its constants.
 */

/** A round's phases, in order; `paused` when staff paused the game (no round runs). */
export const CRASH_PHASES = ['betting', 'flying', 'crashed', 'paused'] as const;
export type CrashPhase = (typeof CRASH_PHASES)[number];

/** A bet's states: in the flight, cashed out (won), lost at the crash, refunded (incident). */
export const CRASH_BET_STATUSES = ['active', 'cashed_out', 'lost', 'refunded'] as const;
export type CrashBetStatus = (typeof CRASH_BET_STATUSES)[number];

/** A player's two bet panels of a round. */
export const CRASH_PANELS = [0, 1] as const;
export type CrashPanel = (typeof CRASH_PANELS)[number];

/** What befell a round a node dropped (shown on the round in history). */
export const CRASH_INCIDENTS = ['refunded_before_flight', 'crashed_on_recovery'] as const;
export type CrashIncident = (typeof CRASH_INCIDENTS)[number];

/**
 * Game rules (SPEC's game rules): at most 7,500 points staked a round by a player, and a
 * return (stake × multiplier) above 75,000 points cashed out automatically at the multiplier
 * that reaches it. Points; the server keeps them as paise.
 */
export const CRASH_MIN_STAKE_POINTS = 10;
export const CRASH_MAX_STAKE_POINTS_PER_ROUND = 7_500;
export const CRASH_MAX_RETURN_POINTS = 75_000;
/** The stake presets the bet panels offer. */
export const CRASH_STAKE_PRESETS = [100, 200, 500, 1_000] as const;

/** The round loop's timing (milliseconds): betting window, tick interval, pause after a crash. */
export const CRASH_BETTING_MS = 6_000;
export const CRASH_TICK_MS = 100;
export const CRASH_PAUSE_MS = 3_000;

/** The socket.io room every crash screen joins, and the game's events. */
export const CRASH_ROOM = 'game:crash';
export const CRASH_CLIENT_EVENTS = {
  /** Join the game's room; the acknowledgement carries the state (crashStateSchema). */
  join: 'crash:join',
  leave: 'crash:leave',
} as const;
export const CRASH_SERVER_EVENTS = {
  /** A phase change: the whole round state (crashRoundStateSchema). */
  round: 'crash:round',
  /** In flight, about every CRASH_TICK_MS: the server's elapsed time and multiplier. */
  tick: 'crash:tick',
  /**
   * The round's bets in summary (crashBetsSummarySchema): counts, totals and the few biggest,
   * at most every CRASH_BETS_SUMMARY_EVERY_MS while they change. Never every bet: at 5,000
   * players that would be players² entries a round (docs/crash-bench.md, session 34).
   */
  bets: 'crash:bets',
  /**
   * To the player's own room only: their own bets placed, cashed out (by hand, automatically
   * or at the crash), lost or withdrawn (`cancelled`), marked `mine` (crashBetEventSchema[]).
   */
  mine: 'crash:mine',
} as const;

/**
 * How many bets the room's summary lists: the round's biggest (a win by its payout, any other
 * bet by its stake). Bounded whatever the number of players, so a socket reads at most this
 * many entries a summary; ten is what the side panel shows at a glance. The whole list is
 * read a page at a time (GET /api/crash/rounds/current/bets).
 */
export const CRASH_SUMMARY_TOP_BETS = 10;
/**
 * Outside the flight the room's summary is sent at most this often (ms), and only when a bet
 * changed. Each summary is a frame of about 2 KB to every socket of the room: at 5,000 sockets
 * ten a second took most of the server's time in the betting window, while the bets it was
 * there to take waited (docs/crash-bench.md, session 36). Twice a second is what the
 * side panel needs.
 */
export const CRASH_BETS_SUMMARY_EVERY_MS = 500;
/**
 * In flight the room's biggest bets ride on a tick at most this often (ms), and only when they
 * changed; the counts and totals ride on every tick after a change. The biggest bets are nine
 * tenths of a summary's bytes, and at 5,000 sockets ten times a second they were most of what
 * the server wrote and the players read (docs/crash-bench.md, session 35).
 */
export const CRASH_TOP_BETS_EVERY_MS = 500;

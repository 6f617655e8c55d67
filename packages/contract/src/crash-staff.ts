import { z } from 'zod';
import {
  CRASH_BET_STATUSES,
  CRASH_INCIDENTS,
  CRASH_MAX_RETURN_POINTS,
  CRASH_MAX_STAKE_POINTS_PER_ROUND,
  CRASH_PANELS,
} from './crash-names.ts';
import { pageQuerySchema, pagedSchema, pointsSchema } from './wallet.ts';

/*
 * The back office's crash screens (issue 43, item 6): the game's settings, pause and resume,
 * its rounds with their bets and incidents, and RTP and GGR per Indian day. Every path is under
 * /api/staff/crash and takes a staff token; amounts are points (2 decimals), multipliers plain
 * numbers (2.5 = 2.50x). Admin only: docs/crash-backoffice.md.
 */

const dateSchema = z.iso.date();

/** The highest house edge staff may set, percent. */
export const CRASH_MAX_HOUSE_EDGE_PERCENT = 50;
/** The lowest and highest cap on a round's multiplier. */
export const CRASH_MIN_MAX_MULTIPLIER = 1.01;
export const CRASH_MAX_MAX_MULTIPLIER = 10_000;
/** The longest range one report covers, days. */
export const CRASH_REPORT_MAX_DAYS = 366;

// ---------------------------------------------------------------------------------------
// Settings, pause and resume (admin, as every path here)
// ---------------------------------------------------------------------------------------

/** GET /api/staff/crash/settings. A change applies from the next round committed. */
export const staffCrashSettingsSchema = z.object({
  houseEdgePercent: z.number(),
  maxMultiplier: z.number(),
  minStake: z.number(),
  maxStakePerRound: z.number(),
  maxReturn: z.number(),
  paused: z.boolean(),
  updatedAt: z.string(),
  /** Username of the staff member who last changed them; null for the defaults. */
  updatedBy: z.string().nullable(),
});
export type StaffCrashSettings = z.infer<typeof staffCrashSettingsSchema>;

const twoDecimals = (schema: z.ZodNumber) =>
  schema.refine((value) => Math.round(value * 100) / 100 === value, 'At most 2 decimals');

const stakePointsSchema = pointsSchema
  .refine((value) => value > 0, 'Must be more than 0')
  .refine(
    (value) => value <= CRASH_MAX_STAKE_POINTS_PER_ROUND,
    `At most ${CRASH_MAX_STAKE_POINTS_PER_ROUND} points (game rules)`,
  );

/**
 * PUT /api/staff/crash/settings (admin): every value, checked together. Applies from the next
 * round committed (the round under way keeps the values it was committed with). Audited with
 * the values before and after.
 */
export const staffCrashSettingsBodySchema = z
  .object({
    houseEdgePercent: twoDecimals(z.number().min(0).max(CRASH_MAX_HOUSE_EDGE_PERCENT)),
    maxMultiplier: twoDecimals(
      z.number().min(CRASH_MIN_MAX_MULTIPLIER).max(CRASH_MAX_MAX_MULTIPLIER),
    ),
    minStake: stakePointsSchema,
    maxStakePerRound: stakePointsSchema,
    maxReturn: pointsSchema
      .refine((value) => value > 0, 'Must be more than 0')
      .refine(
        (value) => value <= CRASH_MAX_RETURN_POINTS,
        `At most ${CRASH_MAX_RETURN_POINTS} points (game rules)`,
      ),
  })
  .strict()
  .refine((body) => body.minStake <= body.maxStakePerRound, {
    path: ['minStake'],
    message: 'The minimum stake cannot be above the maximum',
  })
  .refine((body) => body.maxReturn >= body.maxStakePerRound, {
    path: ['maxReturn'],
    message: 'The maximum return cannot be below the maximum stake',
  });
export type StaffCrashSettingsBody = z.infer<typeof staffCrashSettingsBodySchema>;

/**
 * The answer of PUT /api/staff/crash/settings: the settings now stored, and when they apply:
 * from the next round committed; the round under way (if any) keeps its own.
 */
export const staffCrashSettingsChangeSchema = staffCrashSettingsSchema.extend({
  appliesFrom: z.literal('next_round'),
  /** The round betting or flying when the change was made; it keeps the values before. */
  roundInProgressId: z.string().nullable(),
});
export type StaffCrashSettingsChange = z.infer<typeof staffCrashSettingsChangeSchema>;

// ---------------------------------------------------------------------------------------
// Rounds (admin)
// ---------------------------------------------------------------------------------------

/**
 * GET /api/staff/crash/rounds: crashed rounds newest first, within Indian days [from, to] of
 * their crash, optionally those with an incident only.
 */
export const staffCrashRoundsQuerySchema = pageQuerySchema
  .extend({
    from: dateSchema.optional(),
    to: dateSchema.optional(),
    incidentsOnly: z
      .enum(['true', 'false'])
      .transform((value) => value === 'true')
      .optional(),
  })
  .strict()
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['from'],
    message: 'The start cannot be after the end',
  });
export type StaffCrashRoundsQuery = z.input<typeof staffCrashRoundsQuerySchema>;

export const staffCrashRoundSchema = z.object({
  id: z.string(),
  crashPoint: z.number(),
  phase: z.enum(['betting', 'flying', 'crashed']),
  players: z.number().int(),
  totalStake: z.number(),
  totalPayout: z.number(),
  /** Stakes minus payouts (refunded bets count for nothing). */
  ggr: z.number(),
  incident: z.enum(CRASH_INCIDENTS).nullable(),
  /** The house edge the round was committed with, percent. */
  houseEdgePercent: z.number(),
  crashedAt: z.string().nullable(),
});
export type StaffCrashRound = z.infer<typeof staffCrashRoundSchema>;
export const staffCrashRoundsSchema = pagedSchema(staffCrashRoundSchema);
export type StaffCrashRounds = z.infer<typeof staffCrashRoundsSchema>;

export const staffCrashRoundParamsSchema = z.object({
  roundId: z.string().regex(/^\d{1,9}$/, 'Not an id'),
});

export const staffCrashBetSchema = z.object({
  id: z.string(),
  playerId: z.string(),
  playerName: z.string(),
  panel: z.union([z.literal(CRASH_PANELS[0]), z.literal(CRASH_PANELS[1])]),
  stake: z.number(),
  autoCashOut: z.number().nullable(),
  status: z.enum(CRASH_BET_STATUSES),
  cashOutMultiplier: z.number().nullable(),
  cashOutKind: z.enum(['manual', 'auto', 'max-win']).nullable(),
  payout: z.number().nullable(),
  placedAt: z.string(),
});
export type StaffCrashBet = z.infer<typeof staffCrashBetSchema>;

/** GET /api/staff/crash/rounds/{roundId}: the round (any phase), its settings and bets. */
export const staffCrashRoundDetailSchema = staffCrashRoundSchema.extend({
  maxMultiplier: z.number(),
  minStake: z.number(),
  maxStakePerRound: z.number(),
  maxReturn: z.number(),
  flightStartedAt: z.string().nullable(),
  bets: z.array(staffCrashBetSchema),
});
export type StaffCrashRoundDetail = z.infer<typeof staffCrashRoundDetailSchema>;

// ---------------------------------------------------------------------------------------
// Report (admin)
// ---------------------------------------------------------------------------------------

/** GET /api/staff/crash/report?from&to: Indian days, both ends included. */
export const staffCrashReportQuerySchema = z
  .object({ from: dateSchema, to: dateSchema })
  .strict()
  .refine((query) => query.from <= query.to, {
    path: ['from'],
    message: 'The start cannot be after the end',
  })
  .refine(
    (query) => (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < CRASH_REPORT_MAX_DAYS,
    { path: ['to'], message: `At most ${CRASH_REPORT_MAX_DAYS} days` },
  );
export type StaffCrashReportQuery = z.infer<typeof staffCrashReportQuerySchema>;

/** One day's (or the totals') real-money play: GGR = stake − payout, RTP = payout / stake. */
export const staffCrashReportFiguresSchema = z.object({
  rounds: z.number().int(),
  bets: z.number().int(),
  stake: z.number(),
  payout: z.number(),
  ggr: z.number(),
  /** Percent, 2 decimals; null without a stake. */
  rtpPercent: z.number().nullable(),
});
export type StaffCrashReportFigures = z.infer<typeof staffCrashReportFiguresSchema>;

export const staffCrashReportSchema = z.object({
  from: dateSchema,
  to: dateSchema,
  days: z.array(staffCrashReportFiguresSchema.extend({ day: dateSchema })),
  totals: staffCrashReportFiguresSchema,
});
export type StaffCrashReport = z.infer<typeof staffCrashReportSchema>;

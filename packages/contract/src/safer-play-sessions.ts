import { z } from 'zod';

/*
 * Safer play, sessions (issue 42 item 2): the reality check and the session time limit.
 * GET/PUT /api/rg/reality-check for the player, the realtime events the server sends at
 * each interval and when the limit is reached, and the staff's read-only view.
 */

/** The reality check's interval, in minutes, a player may choose. */
export const REALITY_CHECK_MIN_MINUTES = 15;
export const REALITY_CHECK_MAX_MINUTES = 120;
/** The session time limit, in minutes (15 minutes to 24 hours). */
export const SESSION_LIMIT_MIN_MINUTES = 15;
export const SESSION_LIMIT_MAX_MINUTES = 1440;

/** Null: off. */
export const realityCheckSettingsBodySchema = z.object({
  realityCheckMinutes: z
    .number()
    .int()
    .min(REALITY_CHECK_MIN_MINUTES)
    .max(REALITY_CHECK_MAX_MINUTES)
    .nullable(),
  sessionLimitMinutes: z
    .number()
    .int()
    .min(SESSION_LIMIT_MIN_MINUTES)
    .max(SESSION_LIMIT_MAX_MINUTES)
    .nullable(),
});
export type RealityCheckSettingsBody = z.infer<typeof realityCheckSettingsBodySchema>;

/** The player's settings and the current session's times (ISO), as the server counts them. */
export const realityCheckSettingsSchema = realityCheckSettingsBodySchema.extend({
  updatedAt: z.string().nullable(),
  /** When this session started. */
  sessionStartedAt: z.string(),
  /** When this session ends at the latest (its absolute expiry, the time limit included). */
  sessionEndsAt: z.string(),
});
export type RealityCheckSettings = z.infer<typeof realityCheckSettingsSchema>;

/**
 * `rg:reality_check`, to each open page of the session at each interval: time played in this
 * session and its net result (points won minus points staked since it started; negative is a
 * loss), by the server's clock.
 */
export const realityCheckEventSchema = z.object({
  sessionStartedAt: z.string(),
  at: z.string(),
  playedMinutes: z.number().int().nonnegative(),
  net: z.number(),
  /** Which check of the session this is (1 at the first interval). */
  index: z.number().int().positive(),
});
export type RealityCheckEvent = z.infer<typeof realityCheckEventSchema>;

/**
 * Which reality check a page answered: the session's start and the check's index name it.
 * The app sends it with `rg:reality_check_answered`; the server relays it to every page of the
 * player as `rg:reality_check_ack`, and each page closes its dialog only for that check (or an
 * older one of the same session), so a newer check stays open.
 */
export const realityCheckAckSchema = realityCheckEventSchema.pick({
  sessionStartedAt: true,
  index: true,
});
export type RealityCheckAck = z.infer<typeof realityCheckAckSchema>;

/** `rg:session_limit`: the session time limit was reached; the socket closes right after. */
export const sessionLimitEventSchema = z.object({
  sessionLimitMinutes: z.number().int().positive(),
  at: z.string(),
});
export type SessionLimitEvent = z.infer<typeof sessionLimitEventSchema>;

/** One change of a player's settings, as the audit keeps it. */
export const realityCheckChangeSchema = z.object({
  at: z.string(),
  before: realityCheckSettingsBodySchema.nullable(),
  after: realityCheckSettingsBodySchema,
});
export type RealityCheckChange = z.infer<typeof realityCheckChangeSchema>;

/** GET /api/staff/players/:id/reality-check: read only (staff cannot change them). */
export const staffRealityCheckSchema = z.object({
  realityCheckMinutes: z.number().int().nullable(),
  sessionLimitMinutes: z.number().int().nullable(),
  updatedAt: z.string().nullable(),
  changes: z.array(realityCheckChangeSchema),
});
export type StaffRealityCheck = z.infer<typeof staffRealityCheckSchema>;

/** POST /api/dev/clock/advance (DEV_CLOCK=adjustable, never in production). */
export const devClockAdvanceBodySchema = z.object({
  minutes: z.number().int().min(1).max(10_080),
});
export const devClockSchema = z.object({ now: z.string(), offsetMs: z.number() });
export type DevClock = z.infer<typeof devClockSchema>;

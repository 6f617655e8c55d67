import { z } from 'zod';

/*
 * Safer play: time-out and self-exclusion (issue 42 item 3). Endpoints under /api/rg/ for the
 * player and one read-only staff endpoint: neither the player nor staff can shorten or lift
 * either once taken (docs/safer-play-exclusion.md).
 */

export const EXCLUSION_KINDS = ['time_out', 'self_exclusion'] as const;
export const exclusionKindSchema = z.enum(EXCLUSION_KINDS);
export type ExclusionKind = z.infer<typeof exclusionKindSchema>;

/** A time-out lasts 24 hours to 6 weeks, chosen in whole hours. */
export const TIME_OUT_MIN_HOURS = 24;
export const TIME_OUT_MAX_HOURS = 6 * 7 * 24;
/** A self-exclusion lasts 6 months to 5 years, chosen in whole months. */
export const SELF_EXCLUSION_MIN_MONTHS = 6;
export const SELF_EXCLUSION_MAX_MONTHS = 60;
/** After a self-exclusion ends, play reopens this long after the player asks to return. */
export const RETURN_WAIT_HOURS = 24;

/**
 * POST /api/rg/exclusion: take a time-out or a self-exclusion. `confirm` is the player's
 * explicit yes to what the screen explained (it ends every session at once and cannot be
 * undone early).
 */
export const takeExclusionBodySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('time_out'),
    hours: z.number().int().min(TIME_OUT_MIN_HOURS).max(TIME_OUT_MAX_HOURS),
    confirm: z.literal(true),
  }),
  z.object({
    kind: z.literal('self_exclusion'),
    months: z.number().int().min(SELF_EXCLUSION_MIN_MONTHS).max(SELF_EXCLUSION_MAX_MONTHS),
    confirm: z.literal(true),
  }),
]);
export type TakeExclusionBody = z.infer<typeof takeExclusionBodySchema>;

/** One time-out or self-exclusion as taken, with its return (self-exclusion only). */
export const exclusionSchema = z.object({
  id: z.string(),
  kind: exclusionKindSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  /** When the player asked to return after the end (self-exclusion); null until then. */
  returnRequestedAt: z.string().nullable(),
  /** When play reopens after that request (its time + 24 hours); null until asked. */
  returnsAt: z.string().nullable(),
});
export type Exclusion = z.infer<typeof exclusionSchema>;

/**
 * What restricts the player now: a time-out or self-exclusion under way, or one that ended
 * and still waits for the player's return (self-exclusion: asked or not yet).
 */
export const exclusionRestrictionSchema = z.object({
  kind: exclusionKindSchema,
  /** The end the player chose. */
  endsAt: z.string(),
  /** Self-exclusion past its end, no return asked yet: the player may ask now. */
  canAskToReturn: z.boolean(),
  /** When play reopens after an asked return; null when not asked. */
  returnsAt: z.string().nullable(),
});
export type ExclusionRestriction = z.infer<typeof exclusionRestrictionSchema>;

/** GET /api/rg/exclusion (and the answer of the two POSTs). */
export const exclusionStatusSchema = z.object({
  restriction: exclusionRestrictionSchema.nullable(),
  /** Every time-out and self-exclusion the player took, newest first. */
  history: z.array(exclusionSchema),
});
export type ExclusionStatus = z.infer<typeof exclusionStatusSchema>;

/** POST /api/rg/exclusion/return: no body. */
export const askToReturnBodySchema = z.object({}).strict().optional();

/** GET /api/staff/players/{playerId}/exclusions: read-only, with the audit of every change. */
export const staffExclusionAuditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  actorType: z.string(),
  after: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export const staffExclusionsSchema = exclusionStatusSchema.extend({
  audit: z.array(staffExclusionAuditEntrySchema),
});
export type StaffExclusions = z.infer<typeof staffExclusionsSchema>;

/**
 * What the sign-in answer carries about a restriction (contract auth's `restriction`): the
 * app then opens only the restricted view. `until` is null for a self-exclusion, which does
 * not end by itself (the player asks to return); the view reads /api/rg/exclusion for its ends.
 */
export const sessionRestrictionSchema = z.object({
  kind: exclusionKindSchema,
  until: z.string().nullable(),
});
export type SessionRestriction = z.infer<typeof sessionRestrictionSchema>;

import { z } from 'zod';
import { pointsSchema } from './wallet.ts';
import {
  LIMIT_CHANGE_KINDS,
  LIMIT_KINDS,
  LIMIT_NAMES,
  LIMIT_PERIODS,
  LIMIT_PROMPT_PLACES,
  type LimitName,
} from './safer-play-names.ts';

/*
 * Safer play, limits (issue 42 item 1; docs/safer-play-limits.md): deposit, loss and stake
 * limits over 24 hours, 7 days and 30 days, under /api/rg/. Amounts on the wire are points.
 */

const limitNameSchema = z.enum(LIMIT_NAMES as [LimitName, ...LimitName[]]);

/** One limit as the player (and staff) see it. */
export const limitViewSchema = z.object({
  name: limitNameSchema,
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  /** In force now; null when none. */
  amount: z.number().nullable(),
  /** What counts against it now, over its window. */
  used: z.number(),
  /** An increase or removal waiting for its cooling-off: the new amount (null = removal). */
  pending: z.object({ amount: z.number().nullable(), effectiveAt: z.string() }).nullable(),
});
export type LimitView = z.infer<typeof limitViewSchema>;

/** GET /api/rg/limits */
export const limitsStateSchema = z.object({
  limits: z.array(limitViewSchema),
  /**
   * The limits prompt is due (no limit kept, not skipped there yet): after registration
   * and at the first deposit. Setting any limit answers both.
   */
  promptDue: z.object({ registration: z.boolean(), deposit: z.boolean() }),
  /** When the player is next asked to review their limits; null before any is set. */
  reviewDueAt: z.string().nullable(),
  /** The review reminder is due now. */
  reviewDue: z.boolean(),
});
export type LimitsState = z.infer<typeof limitsStateSchema>;

/** PUT /api/rg/limits: set (amount) or remove (null) some limits; also answers the prompt. */
export const setLimitsBodySchema = z.object({
  changes: z
    .array(
      z.object({
        name: limitNameSchema,
        amount: pointsSchema.refine((value) => value > 0, 'Amount must be more than 0').nullable(),
      }),
    )
    .min(1)
    .max(LIMIT_NAMES.length),
});
export type SetLimitsBody = z.infer<typeof setLimitsBodySchema>;

/** POST /api/rg/limits/prompt: the player skipped the prompt offered there. */
export const limitsPromptBodySchema = z.object({
  answer: z.enum(['skipped']),
  place: z.enum(LIMIT_PROMPT_PLACES),
});
export type LimitsPromptBody = z.infer<typeof limitsPromptBodySchema>;

/** POST /api/rg/limits/review: the player reviewed their limits (the 6-month reminder). */
export const limitsReviewBodySchema = z.object({});

export const limitChangeSchema = z.object({
  id: z.number().int(),
  name: limitNameSchema.nullable(),
  change: z.enum(LIMIT_CHANGE_KINDS),
  /** Before and after (points; null = none). */
  fromAmount: z.number().nullable(),
  toAmount: z.number().nullable(),
  requestedAt: z.string(),
  effectiveAt: z.string(),
});
export type LimitChange = z.infer<typeof limitChangeSchema>;

/** GET /api/backoffice/players/{id}/limits (read-only for staff). */
export const staffPlayerLimitsSchema = z.object({
  state: limitsStateSchema,
  history: z.array(limitChangeSchema),
});
export type StaffPlayerLimits = z.infer<typeof staffPlayerLimitsSchema>;

/** GET /api/backoffice/rg/limits-report: players at or near (≥ `near` percent) a limit. */
export const limitsReportQuerySchema = z.object({
  near: z.coerce.number().int().min(1).max(100).default(80),
});
export const limitsReportRowSchema = z.object({
  playerId: z.number().int(),
  username: z.string(),
  name: limitNameSchema,
  amount: z.number(),
  used: z.number(),
  /** used / amount, percent (100 or more: at the limit). */
  percent: z.number(),
});
export type LimitsReportRow = z.infer<typeof limitsReportRowSchema>;
export const limitsReportSchema = z.object({ rows: z.array(limitsReportRowSchema) });
export type LimitsReport = z.infer<typeof limitsReportSchema>;

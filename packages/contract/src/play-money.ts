import { z } from 'zod';

/**
 * Play money (issue 42 item 6, docs/play-money.md): on a MONEY_MODE=play site every player
 * may claim a daily allowance of points, once per day of India time. Amounts are points.
 */
export const SITE_MONEY_MODES = ['real', 'play'] as const;
export type SiteMoneyModeName = (typeof SITE_MONEY_MODES)[number];
export const siteMoneyModeSchema = z.enum(SITE_MONEY_MODES);

/** GET /api/play/allowance: what the player may claim now. */
export const playAllowanceSchema = z.object({
  /** False: a real-money site, or an account that does not play for points. */
  available: z.boolean(),
  /** The points one claim adds (PLAY_ALLOWANCE_POINTS). */
  amount: z.number(),
  /** Claimed already today (India time). */
  claimedToday: z.boolean(),
  /** When the next claim opens: the next midnight India time once today's is claimed, else now. */
  nextClaimAt: z.iso.datetime({ offset: true }),
});
export type PlayAllowance = z.infer<typeof playAllowanceSchema>;

/** POST /api/play/allowance/claim: the claim's credit (the wallet moves by update_balance too). */
export const playAllowanceClaimSchema = z.object({
  amount: z.number(),
  /** The player's balance after the claim. */
  balance: z.number(),
  nextClaimAt: z.iso.datetime({ offset: true }),
});
export type PlayAllowanceClaim = z.infer<typeof playAllowanceClaimSchema>;

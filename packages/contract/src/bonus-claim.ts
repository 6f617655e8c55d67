import { z } from 'zod';

/*
 * One bonus of a player (docs/bonus.md), in a file of its own: the data export (privacy.ts)
 * carries the player's bonuses, and this keeps the offers' staff schemas, built at load time,
 * out of the bundles that only need this shape.
 */

/** Where a bonus's coins came from. */
export const BONUS_SOURCES = ['offer', 'deposit', 'referral'] as const;
export type BonusSource = (typeof BONUS_SOURCES)[number];

/**
 * pending: an offer claimed, waiting for a qualifying deposit (nothing granted yet);
 * active: coins granted, wagering under way; completed: wagering met, the coins became cash;
 * cancelled: the player (or staff) ended it, the coins left were forfeited; expired: its time
 * ran out first, the coins left were forfeited.
 */
export const BONUS_CLAIM_STATUSES = [
  'pending',
  'active',
  'completed',
  'cancelled',
  'expired',
] as const;
export type BonusClaimStatus = (typeof BONUS_CLAIM_STATUSES)[number];

/** One bonus of the player (a claim): its money and its wagering. */
export const bonusClaimSchema = z.object({
  id: z.number().int(),
  source: z.enum(BONUS_SOURCES),
  /** The offer claimed (source `offer`); null for a gateway's or a referral's coins. */
  offerId: z.number().int().nullable(),
  /** The offer's title in the player's language; null when no offer (the apps name the source). */
  title: z.string().nullable(),
  status: z.enum(BONUS_CLAIM_STATUSES),
  /** The offer's terms while pending (what the deposit must be); null without an offer. */
  percent: z.number().nullable(),
  maxBonusPoints: z.number().nullable(),
  minDepositPoints: z.number().nullable(),
  /** Coins granted in all (grants joining it included); 0 while pending. */
  bonusPoints: z.number(),
  /** The deposit that granted the offer's bonus; null while pending or without an offer. */
  depositPoints: z.number().nullable(),
  wageringRequiredPoints: z.number(),
  /** Stakes on the bonus products since it became active, at most the requirement. */
  wageredPoints: z.number(),
  /** Coins that became cash when the wagering was met (completed only). */
  convertedPoints: z.number().nullable(),
  /** Coins taken back when it was cancelled or expired. */
  forfeitedPoints: z.number().nullable(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type BonusClaim = z.infer<typeof bonusClaimSchema>;

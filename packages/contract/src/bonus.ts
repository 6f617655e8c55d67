import { z } from 'zod';
import { translationsSchema } from './content-languages.ts';
import { pageQuerySchema, pagedSchema } from './wallet.ts';
import { BONUS_SOURCES, bonusClaimSchema } from './bonus-claim.ts';

export * from './bonus-claim.ts';

/*
 * Bonuses (SPEC 7.6 `/bonus/claims*`, routes /promotionoffers, /bonus, /bonus/{bonusId};
 * docs/bonus.md). Staff publish deposit offers; a player claims one, and their next deposit
 * that qualifies grants its bonus coins. Coins fund casino stakes after cash; once the bonus's
 * wagering is met, the coins left become cash. A player has at most one active bonus: coins
 * granted while it runs (another offer, a gateway's deposit bonus, a referral reward) join it,
 * with their own wagering added.
 */

/** The products whose stakes bonus coins fund and whose stakes count towards wagering. */
export const BONUS_PRODUCTS = ['casino'] as const;

/** The wagering and lifetime of coins that come with no offer (a gateway's, a referral's). */
export const BONUS_GRANT_WAGERING_MULTIPLIER = 10;
export const BONUS_GRANT_VALID_DAYS = 30;

/** Why an offer cannot be claimed by this player now (null: it can). */
export const BONUS_OFFER_UNAVAILABLE_REASONS = [
  'FIRST_DEPOSIT_ONLY',
  'ALREADY_CLAIMED',
  'CLAIM_PENDING',
] as const;
export type BonusOfferUnavailableReason = (typeof BONUS_OFFER_UNAVAILABLE_REASONS)[number];

/** An offer's terms, as the player reads them (title in the player's language). */
export const bonusOfferSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The bonus in percent of the qualifying deposit. */
  percent: z.number(),
  maxBonusPoints: z.number(),
  minDepositPoints: z.number(),
  /** Wagering needed: this many times the bonus, in stakes on the bonus products. */
  wageringMultiplier: z.number().int(),
  /** Days the granted bonus has to meet its wagering. */
  validDays: z.number().int(),
  firstDepositOnly: z.boolean(),
  /** The last moment it can be claimed; null: no end. */
  endsAt: z.string().nullable(),
});
export type BonusOffer = z.infer<typeof bonusOfferSchema>;

/** GET /api/bonus/offers: the offers open now, and whether this player may claim each. */
export const playerBonusOfferSchema = bonusOfferSchema.extend({
  unavailableReason: z.enum(BONUS_OFFER_UNAVAILABLE_REASONS).nullable(),
});
export type PlayerBonusOffer = z.infer<typeof playerBonusOfferSchema>;
export const bonusOffersSchema = z.object({
  /** False for a play-money account or site: bonuses are real money, so none is offered. */
  realMoney: z.boolean(),
  offers: z.array(playerBonusOfferSchema),
});
export type BonusOffers = z.infer<typeof bonusOffersSchema>;

/** POST /api/bonus/claims: claim an offer (it waits for the next qualifying deposit). */
export const bonusClaimRequestSchema = z.strictObject({
  offerId: z.number().int().positive(),
});
export type BonusClaimRequest = z.infer<typeof bonusClaimRequestSchema>;

/** GET /api/bonus/claims: the player's bonuses, newest first. */
export const bonusClaimsQuerySchema = pageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export type BonusClaimsQuery = z.infer<typeof bonusClaimsQuerySchema>;
export const bonusClaimsSchema = pagedSchema(bonusClaimSchema);
export type BonusClaims = z.infer<typeof bonusClaimsSchema>;

/** GET /api/bonus/claims/stats: the bonus wallet at a glance. */
export const bonusClaimStatsSchema = z.object({
  realMoney: z.boolean(),
  /** The coins balance (bonus money). */
  coinsPoints: z.number(),
  active: bonusClaimSchema.nullable(),
  pending: bonusClaimSchema.nullable(),
  grantedPoints: z.number(),
  convertedPoints: z.number(),
  /** Coins taken back by cancelled and expired bonuses. */
  forfeitedPoints: z.number(),
});
export type BonusClaimStats = z.infer<typeof bonusClaimStatsSchema>;

/** What happened to a bonus, a line each (GET /api/bonus/claims/parts). */
export const BONUS_CLAIM_PART_KINDS = [
  'claimed',
  'granted',
  'converted',
  'forfeited',
  'cancelled',
] as const;
export type BonusClaimPartKind = (typeof BONUS_CLAIM_PART_KINDS)[number];
export const bonusClaimPartSchema = z.object({
  id: z.number().int(),
  kind: z.enum(BONUS_CLAIM_PART_KINDS),
  /** Coins granted, converted or forfeited (0 for a claim or a cancelled pending claim). */
  points: z.number(),
  /** Wagering this line added (a grant). */
  wageringAddedPoints: z.number(),
  /** What granted it: `offer`, `deposit` or `referral` (grants only). */
  source: z.enum(BONUS_SOURCES).nullable(),
  /** The statement's reference (DEP-12), when money moved. */
  reference: z.string().nullable(),
  createdAt: z.string(),
});
export type BonusClaimPart = z.infer<typeof bonusClaimPartSchema>;
export const bonusClaimPartsQuerySchema = pageQuerySchema.extend({
  claimId: z.coerce.number().int().positive(),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export type BonusClaimPartsQuery = z.infer<typeof bonusClaimPartsQuerySchema>;
export const bonusClaimPartsSchema = pagedSchema(bonusClaimPartSchema);
export type BonusClaimParts = z.infer<typeof bonusClaimPartsSchema>;

/** POST /api/bonus/claims/cancel: end a pending or active bonus (active: its coins forfeited). */
export const bonusClaimCancelSchema = z.strictObject({
  claimId: z.number().int().positive(),
});
export type BonusClaimCancel = z.infer<typeof bonusClaimCancelSchema>;

/** GET /api/bonus/claims/{claimId}: one bonus (the /bonus/{bonusId} page). */
export const bonusClaimParamsSchema = z.object({
  claimId: z.coerce.number().int().positive(),
});

/* ---- Staff (back office) ---- */

/** An offer's editable terms (staff). Amounts in points, percent with up to 2 decimals. */
export const staffBonusOfferInputSchema = z.strictObject({
  title: z.string().trim().min(1).max(80),
  titleTranslations: translationsSchema(z.string().trim().min(1).max(80)).default({}),
  percent: z.number().min(0.01).max(1000).multipleOf(0.01),
  maxBonusPoints: z.number().positive().max(1_000_000).multipleOf(0.01),
  minDepositPoints: z.number().positive().max(10_000_000).multipleOf(0.01),
  wageringMultiplier: z.number().int().min(0).max(100),
  validDays: z.number().int().min(1).max(365),
  firstDepositOnly: z.boolean(),
  active: z.boolean(),
  /** ISO date-times; null: no bound. */
  startsAt: z.string().datetime({ offset: true }).nullable().default(null),
  endsAt: z.string().datetime({ offset: true }).nullable().default(null),
});
export type StaffBonusOfferInput = z.infer<typeof staffBonusOfferInputSchema>;
/** PATCH /api/staff/bonus/offers/{id}: any of the fields. */
export const staffBonusOfferPatchSchema = staffBonusOfferInputSchema.partial();
export type StaffBonusOfferPatch = z.infer<typeof staffBonusOfferPatchSchema>;

/** GET /api/staff/bonus/offers: every offer with what it has given. */
export const staffBonusOfferSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  titleTranslations: z.record(z.string(), z.string()),
  percent: z.number(),
  maxBonusPoints: z.number(),
  minDepositPoints: z.number(),
  wageringMultiplier: z.number().int(),
  validDays: z.number().int(),
  firstDepositOnly: z.boolean(),
  active: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  claims: z.number().int(),
  grantedPoints: z.number(),
  convertedPoints: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffBonusOffer = z.infer<typeof staffBonusOfferSchema>;
export const staffBonusOffersSchema = z.array(staffBonusOfferSchema);

/** GET /api/staff/players/{id}/bonuses: a player's bonuses (the player page's panel). */
export const staffPlayerBonusesSchema = z.object({
  coinsPoints: z.number(),
  claims: z.array(bonusClaimSchema),
});
export type StaffPlayerBonuses = z.infer<typeof staffPlayerBonusesSchema>;

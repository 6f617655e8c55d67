import { z } from 'zod';
import { pageQuerySchema, pagedSchema } from './wallet.ts';

/*
 * The referral programme (SPEC 7.6 `/ref/*`, route /referral; docs/referral.md): a player's
 * own code and link, the visits and sign-ups it brought, where they came from, and the reward
 * paid when an invited friend first deposits enough.
 */

/** Characters of a referral code: no 0/O, 1/I/L, so a code read aloud or on a phone is typed right. */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const REFERRAL_CODE_LENGTH = 8;

/** The channels the share buttons name in the link's `source` (any other source is kept as given). */
export const REFERRAL_SHARE_CHANNELS = ['whatsapp', 'telegram', 'link'] as const;
export type ReferralShareChannel = (typeof REFERRAL_SHARE_CHANNELS)[number];

/** The source a visit or sign-up without one is counted under. */
export const REFERRAL_DIRECT_SOURCE = 'direct';

/** POST /api/ref/generate: the player's code, made on the first call and the same ever after. */
export const referralCodeSchema = z.object({
  code: z.string(),
  createdAt: z.string(),
});
export type ReferralCode = z.infer<typeof referralCodeSchema>;

/** What the operator pays, from the app settings; `active` false: nothing is paid now. */
export const referralTermsSchema = z.object({
  rewardPoints: z.number(),
  minDepositPoints: z.number(),
  /** A reward above 0 on a real-money site. */
  active: z.boolean(),
});
export type ReferralTerms = z.infer<typeof referralTermsSchema>;

/** GET /api/ref/stats: the player's programme at a glance. */
export const referralStatsSchema = z.object({
  /** Null until the player asks for a code (POST /api/ref/generate). */
  code: z.string().nullable(),
  /** Browser sessions that opened the site with the code in their link. */
  visits: z.number().int(),
  signUps: z.number().int(),
  /** Invited players whose deposit earned the reward. */
  rewarded: z.number().int(),
  rewardsPoints: z.number(),
  terms: referralTermsSchema,
});
export type ReferralStats = z.infer<typeof referralStatsSchema>;

/** GET /api/ref/children: the players who signed up with the code, newest first. */
export const referralChildrenQuerySchema = pageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export type ReferralChildrenQuery = z.infer<typeof referralChildrenQuerySchema>;
export const referralChildSchema = z.object({
  /** The invited player's username, masked (first two characters, then stars). */
  username: z.string(),
  joinedAt: z.string(),
  source: z.string(),
  /** Points paid for this player's qualifying deposit; null while none was made. */
  rewardPoints: z.number().nullable(),
  rewardedAt: z.string().nullable(),
});
export type ReferralChild = z.infer<typeof referralChildSchema>;
export const referralChildrenSchema = pagedSchema(referralChildSchema);
export type ReferralChildren = z.infer<typeof referralChildrenSchema>;

/** GET /api/ref/sources: visits, sign-ups and rewards per source, the busiest first. */
export const referralSourceSchema = z.object({
  source: z.string(),
  visits: z.number().int(),
  signUps: z.number().int(),
  rewarded: z.number().int(),
});
export type ReferralSource = z.infer<typeof referralSourceSchema>;
export const referralSourcesSchema = z.array(referralSourceSchema);
export type ReferralSources = z.infer<typeof referralSourcesSchema>;

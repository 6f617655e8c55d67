import { z } from 'zod';
import { ORGANISATION_STATUSES } from './constants.ts';
import { siteMoneyModeSchema } from './play-money.ts';

/**
 * GET /api/getAppDetails. Field names are the spec's (SPEC 3 "App details"), including its
 * spelling INSTATGRAM. OTP = 0 means the OTP flow is on; IS_EMAIL = 1 shows the email field.
 */
export const appDetailsSchema = z.object({
  OTP: z.number().int(),
  IS_EMAIL: z.number().int(),
  LOGO_URL: z.string(),
  BRAND_STATUS: z.string(),
  BRAND_NAME: z.string(),
  WHATS_APP_URL: z.string(),
  TELEGRAM: z.string(),
  INSTATGRAM: z.string(),
  FACEBOOK: z.string(),
  organisationStatus: z.enum(ORGANISATION_STATUSES),
  /** The grievance officer the privacy page names (DPDP Act 2023 s. 8(10), issue 42 item 8). */
  GRIEVANCE_OFFICER_NAME: z.string(),
  GRIEVANCE_OFFICER_EMAIL: z.string(),
  GRIEVANCE_OFFICER_PHONE: z.string(),
  /**
   * The referral programme's terms (docs/referral.md): the bonus coins paid the first time an
   * invited player deposits at least REFERRAL_MIN_DEPOSIT_POINTS in one deposit; 0 pays none.
   */
  REFERRAL_REWARD_POINTS: z.number(),
  REFERRAL_MIN_DEPOSIT_POINTS: z.number(),
});
export type AppDetails = z.infer<typeof appDetailsSchema>;

/**
 * GET /api/getAppDetails as it is answered: the operator's settings plus what the server's
 * configuration decides, which no setting can change (issue 42 item 6: MONEY_MODE, so the
 * player app hides the cashier and shows points on a play-money site). Optional: an older
 * server's answer still parses, and reads as real.
 */
export const playerAppDetailsSchema = appDetailsSchema.extend({
  moneyMode: siteMoneyModeSchema.optional(),
});
export type PlayerAppDetails = z.infer<typeof playerAppDetailsSchema>;

/**
 * The longest value an operator may store in each app-details text field (issue 11, see
 * docs/backoffice.md "App details limits"): addresses up to 2048 characters (what browsers
 * and CDNs reliably carry), the brand name up to 100 (it heads every page), the status 50.
 */
export const APP_DETAILS_MAX_LENGTH = {
  url: 2048,
  brandName: 100,
  brandStatus: 50,
  contact: 254,
} as const;

/** Bounds an operator may set the referral terms within (whole points). */
export const REFERRAL_REWARD_MAX_POINTS = 10_000;
export const REFERRAL_MIN_DEPOSIT_MAX_POINTS = 1_000_000;

const settingUrlSchema = z.string().max(APP_DETAILS_MAX_LENGTH.url);
/**
 * The app details as an operator writes them (PATCH /api/staff/settings/app, the CLI's
 * set-setting): appDetailsSchema with every text bounded. Reads stay on appDetailsSchema, so
 * a value stored before a limit existed still reads.
 */
export const appDetailsInputSchema = appDetailsSchema.extend({
  LOGO_URL: settingUrlSchema,
  BRAND_STATUS: z.string().max(APP_DETAILS_MAX_LENGTH.brandStatus),
  BRAND_NAME: z.string().max(APP_DETAILS_MAX_LENGTH.brandName),
  WHATS_APP_URL: settingUrlSchema,
  TELEGRAM: settingUrlSchema,
  INSTATGRAM: settingUrlSchema,
  FACEBOOK: settingUrlSchema,
  GRIEVANCE_OFFICER_NAME: z.string().trim().min(1).max(APP_DETAILS_MAX_LENGTH.contact),
  GRIEVANCE_OFFICER_EMAIL: z.email().max(APP_DETAILS_MAX_LENGTH.contact),
  GRIEVANCE_OFFICER_PHONE: z.string().trim().max(APP_DETAILS_MAX_LENGTH.contact),
  REFERRAL_REWARD_POINTS: z.number().int().min(0).max(REFERRAL_REWARD_MAX_POINTS),
  REFERRAL_MIN_DEPOSIT_POINTS: z.number().int().min(0).max(REFERRAL_MIN_DEPOSIT_MAX_POINTS),
});

/** GET /api/getBanners: shown sorted ascending by `order`. */
export const bannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string().nullable(),
  order: z.number().int(),
});
export type Banner = z.infer<typeof bannerSchema>;
export const bannersSchema = z.array(bannerSchema);

/** GET /api/announcement/display: the ticker's lines, newest first. */
export const announcementSchema = z.object({
  id: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;
export const announcementsSchema = z.array(announcementSchema);

/** GET /api/app/demo */
export const demoCheckSchema = z.object({ hasDemoUsers: z.boolean() });
export type DemoCheck = z.infer<typeof demoCheckSchema>;

/** GET /api/healthz and /api/readyz */
export const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

/**
 * GET /api/readyz. `rateLimitStore`: where the per-address limits count. REDIS_URL set but
 * Redis not answering: `postgres-fallback` with DATABASE_URL (the nodes count together in
 * PostgreSQL), else `memory-fallback` (each process counts alone); `degraded` is true then
 * (messages between nodes do not get through either). The node stays ready: its limits still
 * hold (docs/decisions.md).
 */
export const readinessSchema = healthSchema.extend({
  rateLimitStore: z.enum(['redis', 'memory', 'postgres-fallback', 'memory-fallback']),
  degraded: z.boolean(),
});
export type Readiness = z.infer<typeof readinessSchema>;

import { z } from 'zod';
import { ORGANISATION_STATUSES } from './constants.ts';

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
});
export type AppDetails = z.infer<typeof appDetailsSchema>;

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
 * GET /api/readyz. `rateLimitStore`: where the per-address limits count (`memory-fallback`:
 * REDIS_URL is set but Redis does not answer, so each process counts alone); `degraded` is
 * true then. The node stays ready: its limits still hold (docs/decisions.md).
 */
export const readinessSchema = healthSchema.extend({
  rateLimitStore: z.enum(['redis', 'memory', 'memory-fallback']),
  degraded: z.boolean(),
});
export type Readiness = z.infer<typeof readinessSchema>;

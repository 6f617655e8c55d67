import { z } from 'zod';
import { appDetailsInputSchema, appDetailsSchema } from './app-data.ts';
import { SPORT_IDS } from './constants.ts';
import { translationsSchema } from './content-languages.ts';
import {
  EVENT_STATUSES,
  MARKET_STATUSES,
  MARKET_TYPES,
  marketSchema,
  sportIdSchema,
} from './exchange.ts';
import { staffMemberSchema, STAFF_ROLES } from './staff.ts';
import {
  NOTIFICATION_STATUSES,
  pageQuerySchema,
  pagedSchema,
  pointsSchema,
  statementEntrySchema,
  walletSchema,
} from './wallet.ts';

/*
 * The back office (issue 7): staff access with a TOTP second factor, dashboard, players,
 * sports administration, site settings and the audit log. Every path is under /api/staff and
 * takes a staff token (never a player's). Agents see only their downline.
 */

const idSchema = z.string().regex(/^\d{1,18}$/, 'Not an id');
const dateSchema = z.iso.date();

// ---------------------------------------------------------------------------------------
// Sign-in: password, then TOTP (set up on the first sign-in)
// ---------------------------------------------------------------------------------------
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_ISSUER = 'SPM Back Office';
/** A password step's challenge lives this long. */
export const STAFF_CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * POST /api/staff/login answers a challenge, never a session: `totp_setup` when the member has
 * no confirmed second factor yet (with the secret to enrol), `totp` otherwise.
 */
export const staffLoginChallengeSchema = z.discriminatedUnion('stage', [
  z.object({
    stage: z.literal('totp_setup'),
    challengeToken: z.string(),
    /** otpauth://totp/… for the QR code. */
    otpauthUrl: z.string(),
    /** Base32, for typing into an authenticator by hand. */
    secret: z.string(),
  }),
  z.object({ stage: z.literal('totp'), challengeToken: z.string() }),
]);
export type StaffLoginChallenge = z.infer<typeof staffLoginChallengeSchema>;

/** POST /api/staff/login/totp */
export const staffTotpBodySchema = z.object({
  challengeToken: z.string().min(16).max(200),
  code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code'),
});
/** Its answer is the session: staffLoginAnswerSchema {token, staff} (staff.ts). */

/** GET /api/staff/me */
export const staffMeSchema = staffMemberSchema.extend({
  agentCode: z.string().nullable(),
  /** Minutes of inactivity after which the session ends (the app warns before). */
  idleTimeoutMinutes: z.number().int(),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

// ---------------------------------------------------------------------------------------
// Staff accounts (admin)
// ---------------------------------------------------------------------------------------
export const staffAccountSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(STAFF_ROLES),
  agentCode: z.string().nullable(),
  /** The agent this one sits under (sub-agent), or null. */
  parentStaffId: z.string().nullable(),
  totpEnabled: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;
export const staffAccountsSchema = z.array(staffAccountSchema);
/** A staff password: longer than players' (more power), the same rule everywhere it is set. */
export const staffPasswordSchema = z.string().min(12, 'At least 12 characters').max(128);
/** POST /api/staff/users (admin): agents carry an agent code players type at sign-up. */
export const staffCreateBodySchema = z.object({
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{4,32}$/, '4 to 32 letters, digits, dots, dashes or underscores'),
  password: staffPasswordSchema,
  role: z.enum(STAFF_ROLES),
  agentCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{3,20}$/, '3 to 20 letters or digits')
    .optional(),
  parentStaffId: idSchema.optional(),
});
/**
 * POST /api/staff/password: a member changes their own password, proving it is them with the
 * current password and a current authenticator code (a stolen session alone is not enough).
 */
export const staffChangePasswordBodySchema = z
  .object({
    currentPassword: z.string().min(1, 'Password cannot be empty').max(256),
    newPassword: staffPasswordSchema,
    code: z.string().regex(/^\d{6}$/, 'Enter the 6-digit code'),
  })
  .refine((body) => body.newPassword !== body.currentPassword, {
    path: ['newPassword'],
    message: 'The new password must differ from the current one',
  });
export type StaffChangePasswordBody = z.infer<typeof staffChangePasswordBodySchema>;
/** POST /api/staff/users/{id}/reset-totp and /disable, /enable (admin). */
export const staffUserParamsSchema = z.object({ id: idSchema });

// ---------------------------------------------------------------------------------------
// Dashboard
// ---------------------------------------------------------------------------------------
export const dashboardTotalsSchema = z.object({
  deposits: z.number(),
  withdrawals: z.number(),
  /** Gross gaming revenue: players' stakes lost minus winnings paid, plus commission. */
  ggr: z.number(),
  newPlayers: z.number().int(),
  activePlayers: z.number().int(),
});
export const dashboardDaySchema = z.object({
  /** Indian calendar day. */
  date: dateSchema,
  deposits: z.number(),
  withdrawals: z.number(),
  ggr: z.number(),
  newPlayers: z.number().int(),
});
/** GET /api/staff/dashboard (agents: their downline only). */
export const dashboardSchema = z.object({
  today: dashboardTotalsSchema,
  month: dashboardTotalsSchema,
  pending: z.object({
    deposits: z.number().int(),
    withdrawals: z.number().int(),
    kyc: z.number().int(),
  }),
  /** The last 30 Indian days, oldest first, today included. */
  days: z.array(dashboardDaySchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

// ---------------------------------------------------------------------------------------
// Players
// ---------------------------------------------------------------------------------------
export const PLAYER_STATUSES = ['active', 'locked', 'closed'] as const;
export const staffPlayerSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  /** National number with country code, e.g. 919876543210. */
  phone: z.string().nullable(),
  status: z.enum(PLAYER_STATUSES),
  isDemo: z.boolean(),
  agentCode: z.string().nullable(),
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
  registrationIp: z.string().nullable(),
  /** The Indian state declared at registration (issue 42 item 7); null before it was asked. */
  declaredState: z.string().nullable(),
  /** When the player ticked the 18+ confirmation; null for accounts made before it was kept. */
  ageConfirmedAt: z.string().nullable(),
  kycStatus: z.enum(['none', 'pending', 'approved', 'declined']),
  wallet: walletSchema,
});
export type StaffPlayer = z.infer<typeof staffPlayerSchema>;
/** GET /api/staff/players?q= : q matches the id, the username (contains) or the phone. */
export const staffPlayerQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(50).optional(),
  status: z.enum(PLAYER_STATUSES).optional(),
});
export const staffPlayerListSchema = pagedSchema(staffPlayerSchema);
export const staffPlayerParamsSchema = z.object({ playerId: idSchema });

/** A player the referral panel names: staff see the username (players see it masked). */
const staffReferralPlayerSchema = z.object({ id: z.string(), username: z.string() });
/** Most invited players the panel lists (newest first); `invitedTotal` counts them all. */
export const STAFF_REFERRALS_LISTED = 100;
/**
 * GET /api/staff/players/{id}/referrals (docs/referral.md): the player's code, who invited
 * them, and whom they invited, for spotting one person's many accounts. Agents see only
 * players of their downline; `invitedBy` outside it is null.
 */
export const staffPlayerReferralsSchema = z.object({
  code: z.string().nullable(),
  invitedBy: staffReferralPlayerSchema.nullable(),
  invited: z.array(
    staffReferralPlayerSchema.extend({
      joinedAt: z.string(),
      status: z.enum(PLAYER_STATUSES),
      registrationIp: z.string().nullable(),
      rewardPoints: z.number().nullable(),
    }),
  ),
  invitedTotal: z.number().int(),
});
export type StaffPlayerReferrals = z.infer<typeof staffPlayerReferralsSchema>;

/** GET /api/staff/players/{id}/ledger?from=&to= : the statement, as the player sees it. */
export const staffPlayerLedgerQuerySchema = pageQuerySchema.extend({
  from: dateSchema,
  to: dateSchema,
});
export const staffPlayerLedgerSchema = pagedSchema(statementEntrySchema);

/** GET /api/staff/players/{id}/bets */
export const staffBetSchema = z.object({
  id: z.string(),
  eventName: z.string(),
  marketName: z.string(),
  marketType: z.enum(MARKET_TYPES),
  selection: z.string(),
  side: z.string(),
  price: z.number(),
  stake: z.number(),
  matchedStake: z.number(),
  status: z.string(),
  profit: z.number().nullable(),
  placedAt: z.string(),
});
export const staffBetListSchema = pagedSchema(staffBetSchema);

/** GET /api/staff/players/{id}/sessions */
export const staffPlayerSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  active: z.boolean(),
  revokedReason: z.string().nullable(),
});
export const staffPlayerSessionListSchema = pagedSchema(staffPlayerSessionSchema);

/** POST /api/staff/players/{id}/lock and /unlock (admin): a reason is required. */
export const staffLockBodySchema = z.object({ reason: z.string().trim().min(3).max(500) });
export const staffLockAnswerSchema = z.object({
  player: staffPlayerSchema,
  /** Sessions ended by a lock. */
  sessionsEnded: z.number().int(),
});

// ---------------------------------------------------------------------------------------
// Sports administration (admin)
// ---------------------------------------------------------------------------------------
export const staffEventQuerySchema = pageQuerySchema.extend({
  sportId: z.coerce.number().int().pipe(sportIdSchema).optional(),
  status: z.enum(EVENT_STATUSES).optional(),
  q: z.string().trim().max(50).optional(),
});
export const staffEventSchema = z.object({
  id: z.string(),
  sportId: sportIdSchema,
  competitionName: z.string(),
  name: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  startTime: z.string(),
  status: z.enum(EVENT_STATUSES),
  liveTvUrl: z.string().nullable(),
  markets: z.array(
    marketSchema.extend({
      /** What the platform stands to lose on this market: sum of players' held exposure. */
      totalExposure: z.number(),
      matchedVolume: z.number(),
      minStake: z.number(),
      maxStake: z.number(),
      maxProfit: z.number(),
      inPlayDelayMs: z.number().int(),
      settledVersion: z.number().int(),
    }),
  ),
});
export type StaffEvent = z.infer<typeof staffEventSchema>;
export const staffEventListSchema = pagedSchema(staffEventSchema);
export const staffEventParamsSchema = z.object({ eventId: idSchema });

/** POST /api/staff/events */
export const staffEventCreateBodySchema = z.object({
  sportId: sportIdSchema,
  competitionName: z.string().trim().min(2).max(100),
  homeTeam: z.string().trim().min(1).max(60),
  awayTeam: z.string().trim().min(1).max(60),
  startTime: z.iso.datetime({ offset: true }),
  liveTvUrl: z
    .url({ protocol: /^https$/ })
    .nullable()
    .optional(),
});
/** PATCH /api/staff/events/{eventId} */
export const staffEventUpdateBodySchema = z
  .object({
    homeTeam: z.string().trim().min(1).max(60),
    awayTeam: z.string().trim().min(1).max(60),
    startTime: z.iso.datetime({ offset: true }),
    status: z.enum(EVENT_STATUSES),
    liveTvUrl: z.url({ protocol: /^https$/ }).nullable(),
  })
  .partial();

const marketLimitsShape = {
  minStake: pointsSchema.refine((value) => value > 0),
  maxStake: pointsSchema.refine((value) => value > 0),
  maxProfit: pointsSchema.refine((value) => value > 0),
  inPlayDelayMs: z.number().int().min(0).max(30_000),
};
/** POST /api/staff/events/{eventId}/markets */
export const staffMarketCreateBodySchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('match_odds'),
    name: z.string().trim().min(2).max(80),
    runners: z.array(z.string().trim().min(1).max(60)).min(2).max(20),
    ...marketLimitsShape,
  }),
  z.object({
    type: z.literal('bookmaker'),
    name: z.string().trim().min(2).max(80),
    runners: z.array(z.string().trim().min(1).max(60)).min(2).max(20),
    ...marketLimitsShape,
  }),
  z.object({
    type: z.literal('fancy'),
    name: z.string().trim().min(2).max(80),
    line: z.number().int().min(0).max(10_000),
    yesRate: z.number().int().min(1).max(1000),
    noRate: z.number().int().min(1).max(1000),
    ...marketLimitsShape,
  }),
]);
/** PATCH /api/staff/markets/{marketId}: status (suspend/resume/close), limits, in-play. */
export const staffMarketUpdateBodySchema = z
  .object({
    status: z.enum(['open', 'suspended', 'closed']),
    inPlay: z.boolean(),
    ...marketLimitsShape,
  })
  .partial();
/** PUT /api/staff/markets/{marketId}/rates (bookmaker): per runner, null = not offered. */
export const staffBookmakerRatesBodySchema = z.object({
  rates: z
    .array(
      z.object({
        runnerId: idSchema,
        backRate: z.number().int().min(1).max(1000).nullable(),
        layRate: z.number().int().min(1).max(1000).nullable(),
      }),
    )
    .min(1)
    .max(20),
});
/** PUT /api/staff/markets/{marketId}/line (fancy). */
export const staffFancyLineBodySchema = z.object({
  line: z.number().int().min(0).max(10_000),
  yesRate: z.number().int().min(1).max(1000),
  noRate: z.number().int().min(1).max(1000),
});
/** GET /api/staff/markets/{marketId}/book: the ladder and each player's exposure. */
export const staffMarketBookSchema = z.object({
  market: staffEventSchema.shape.markets.element,
  exposures: z.array(
    z.object({
      playerId: z.string(),
      username: z.string(),
      exposure: z.number(),
      /** P&L per runner id (exchange/bookmaker) or null for fancy. */
      pnlByRunner: z.record(z.string(), z.number()).nullable(),
    }),
  ),
});
export const STAFF_MARKET_STATUSES = MARKET_STATUSES;

// ---------------------------------------------------------------------------------------
// Site settings (admin)
// ---------------------------------------------------------------------------------------
/**
 * GET/PATCH /api/staff/settings/app: exactly the app details of SPEC 3 that
 * /api/getAppDetails answers (OTP switch, IS_EMAIL, logo, social links, organisation status).
 */
export const staffAppSettingsSchema = appDetailsSchema;
export const staffAppSettingsUpdateBodySchema = appDetailsInputSchema
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Change at least one setting');

const bannerTitleSchema = z.string().trim().min(1).max(100);
const bannerTitleTranslationsSchema = translationsSchema(bannerTitleSchema);

export const staffBannerSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The title in other languages (English, `title`, shows where one is missing). */
  titleTranslations: translationsSchema(z.string()),
  imageUrl: z.string(),
  linkUrl: z.string().nullable(),
  order: z.number().int(),
  enabled: z.boolean(),
});
export const staffBannersSchema = z.array(staffBannerSchema);
/** POST /api/staff/banners (multipart: title, linkUrl?, order, enabled, image). */
export const staffBannerFieldsSchema = z.object({
  title: z.string().trim().min(1).max(100),
  linkUrl: z.string().trim().max(500).optional(),
  order: z.coerce.number().int().min(0).max(1000),
  enabled: z.enum(['true', 'false']).transform((value) => value === 'true'),
});
/** PATCH /api/staff/banners/{id} */
export const staffBannerUpdateBodySchema = z
  .object({
    title: bannerTitleSchema,
    /** Replaces every other language's title; {} removes them all. */
    titleTranslations: bannerTitleTranslationsSchema,
    linkUrl: z.string().trim().max(500).nullable(),
    order: z.number().int().min(0).max(1000),
    enabled: z.boolean(),
  })
  .partial();
export const staffUuidParamsSchema = z.object({ id: z.uuid() });

const announcementMessageSchema = z.string().trim().min(3).max(500);
const announcementTranslationsSchema = translationsSchema(announcementMessageSchema);

export const staffAnnouncementSchema = z.object({
  id: z.string(),
  message: z.string(),
  /** The message in other languages (English, `message`, shows where one is missing). */
  translations: translationsSchema(z.string()),
  enabled: z.boolean(),
  createdAt: z.string(),
});
export const staffAnnouncementsSchema = z.array(staffAnnouncementSchema);
/** POST /api/staff/announcements; PATCH /api/staff/announcements/{id} */
export const staffAnnouncementBodySchema = z.object({
  message: announcementMessageSchema,
  translations: announcementTranslationsSchema.default({}),
  enabled: z.boolean().default(true),
});
export const staffAnnouncementUpdateBodySchema = z
  .object({
    message: announcementMessageSchema,
    /** Replaces every other language's message; {} removes them all. */
    translations: announcementTranslationsSchema,
    enabled: z.boolean(),
  })
  .partial();

const notificationTitleSchema = z.string().trim().min(1).max(100);
const notificationMessageSchema = z.string().trim().min(1).max(500);

/** POST /api/staff/notifications: to every active player or to one. */
export const staffBroadcastBodySchema = z.object({
  target: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('all') }),
    z.object({ kind: z.literal('player'), playerId: idSchema }),
  ]),
  title: notificationTitleSchema,
  message: notificationMessageSchema,
  /** The title and message in other languages; a player of a language left out gets English. */
  translations: translationsSchema(
    z.object({ title: notificationTitleSchema, message: notificationMessageSchema }),
  ).default({}),
  status: z.enum(NOTIFICATION_STATUSES),
});
export const staffBroadcastAnswerSchema = z.object({ recipients: z.number().int() });

// ---------------------------------------------------------------------------------------
// Market and runner names in other languages (admin; docs/server-content-languages.md)
// ---------------------------------------------------------------------------------------
export const NAME_TRANSLATION_KINDS = ['market', 'runner'] as const;
export type NameTranslationKind = (typeof NAME_TRANSLATION_KINDS)[number];
/** How many markets and runners one search answers at most. */
export const NAME_SEARCH_LIMIT = 50;

/** GET /api/staff/name-translations?q=: markets and runners whose name or event's name holds q. */
export const staffNameSearchQuerySchema = z.object({ q: z.string().trim().min(2).max(100) });

export const staffNameTranslationSchema = z.object({
  kind: z.enum(NAME_TRANSLATION_KINDS),
  id: z.string(),
  /** The English name (the catalogue's own). */
  name: z.string(),
  /** The event (and, for a runner, the market) it belongs to, to tell like names apart. */
  context: z.string(),
  translations: translationsSchema(z.string()),
});
export const staffNameTranslationsSchema = z.array(staffNameTranslationSchema);
export type StaffNameTranslation = z.infer<typeof staffNameTranslationSchema>;

export const staffNameTranslationParamsSchema = z.object({
  kind: z.enum(NAME_TRANSLATION_KINDS),
  id: idSchema,
});
/** PUT /api/staff/name-translations/{kind}/{id}: every other language's name; {} removes them. */
export const staffNameTranslationBodySchema = z.object({
  translations: translationsSchema(z.string().trim().min(1).max(200)),
});

// ---------------------------------------------------------------------------------------
// Audit log
// ---------------------------------------------------------------------------------------
export const auditEntrySchema = z.object({
  id: z.string(),
  actorType: z.enum(['staff', 'player', 'system']),
  actorId: z.string().nullable(),
  /** The staff member's or player's name when known. */
  actorName: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
/** GET /api/staff/audit (admin) */
export const auditQuerySchema = pageQuerySchema.extend({
  staffId: idSchema.optional(),
  action: z.string().trim().max(80).optional(),
  playerId: idSchema.optional(),
  targetType: z.string().trim().max(40).optional(),
  targetId: z.string().trim().max(40).optional(),
  from: dateSchema.optional(),
  to: dateSchema.optional(),
});
export const auditListSchema = pagedSchema(auditEntrySchema);

export const SPORT_NAMES_BY_ID: Record<number, keyof typeof SPORT_IDS> = Object.fromEntries(
  Object.entries(SPORT_IDS).map(([name, id]) => [id, name]),
) as Record<number, keyof typeof SPORT_IDS>;

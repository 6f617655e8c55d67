import { z } from 'zod';
import { bonusClaimSchema } from './bonus-claim.ts';
import { idSchema } from './cashier.ts';
import { sportsbookBetSchema } from './sportsbook-bet.ts';
import { pageQuerySchema, pagedSchema, statementEntrySchema, walletSchema } from './wallet.ts';

/*
 * Personal data (issue 42 item 8; docs/personal-data.md): the player's copy of their data,
 * consent to updates, correction and erasure requests, and the back office's list of them.
 */

/** The consent to WhatsApp/Telegram updates (the registration checkbox), with its times. */
export const updatesConsentSchema = z.object({
  given: z.boolean(),
  /** When the player last gave it (registration or /profile); null when never. */
  givenAt: z.string().nullable(),
  /** When the player last withdrew it; null when never. */
  withdrawnAt: z.string().nullable(),
});
export type UpdatesConsent = z.infer<typeof updatesConsentSchema>;

/** PUT /api/privacy/consent */
export const updatesConsentBodySchema = z.object({ given: z.boolean() });
export type UpdatesConsentBody = z.infer<typeof updatesConsentBodySchema>;

export const DATA_REQUEST_KINDS = ['correction', 'erasure'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];
export const DATA_REQUEST_STATUSES = ['open', 'done', 'refused'] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];

/** Longest text a correction request or a staff note may carry. */
export const DATA_REQUEST_TEXT_MAX = 1000;

/** POST /api/privacy/requests: what to correct, or the erasure of the account. */
export const dataRequestBodySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('correction'),
    details: z.string().trim().min(1, 'Say what should be corrected').max(DATA_REQUEST_TEXT_MAX),
  }),
  z.object({ kind: z.literal('erasure') }),
]);
export type DataRequestBody = z.infer<typeof dataRequestBodySchema>;

/** A data request as its player sees it. */
export const dataRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(DATA_REQUEST_KINDS),
  status: z.enum(DATA_REQUEST_STATUSES),
  details: z.string().nullable(),
  createdAt: z.string(),
  /** When the operator must have answered (DATA_REQUEST_DAYS after it was made). */
  dueAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The operator's answer (why refused, what was changed). */
  note: z.string().nullable(),
});
export type DataRequest = z.infer<typeof dataRequestSchema>;
export const dataRequestListSchema = z.array(dataRequestSchema);

/** The file GET /api/privacy/export downloads: everything the platform holds on the player. */
export const dataExportSchema = z.object({
  format: z.literal('spm-personal-data/1'),
  generatedAt: z.string(),
  profile: z.object({
    id: z.string(),
    username: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    mobile: z.string().nullable(),
    countryCode: z.string(),
    agentCode: z.string().nullable(),
    /** The player's own referral code (docs/referral.md), null when never asked for. */
    referralCode: z.string().nullable(),
    /** Whether the player signed up with another player's code (who it was is theirs). */
    invitedByPlayer: z.boolean(),
    source: z.string().nullable(),
    registrationIp: z.string().nullable(),
    status: z.string(),
    createdAt: z.string(),
    lastLoginAt: z.string().nullable(),
  }),
  consents: z.object({ updates: updatesConsentSchema }),
  kyc: z.array(
    z.object({
      id: z.string(),
      docType: z.number().int(),
      /** Masked: the documents themselves stay with the operator. */
      docId: z.string().nullable(),
      status: z.string(),
      reason: z.string().nullable(),
      createdAt: z.string(),
      decidedAt: z.string().nullable(),
    }),
  ),
  bankDetails: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      /** Masked: the last four characters only. */
      accountNo: z.string(),
      accountName: z.string(),
      ifscCode: z.string().nullable(),
      bankName: z.string().nullable(),
      createdAt: z.string(),
      deletedAt: z.string().nullable(),
    }),
  ),
  wallet: walletSchema,
  transactions: z.array(statementEntrySchema),
  deposits: z.array(
    z.object({
      id: z.string(),
      gateway: z.string(),
      amount: z.number(),
      status: z.string(),
      reference: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  withdrawals: z.array(
    z.object({
      id: z.string(),
      amount: z.number(),
      status: z.string(),
      destinationType: z.string(),
      /** Masked as bankDetails.accountNo. */
      destination: z.string(),
      createdAt: z.string(),
    }),
  ),
  bets: z.object({
    exchange: z.array(
      z.object({
        id: z.string(),
        marketId: z.string(),
        marketName: z.string().nullable(),
        side: z.string(),
        price: z.number().nullable(),
        stake: z.number(),
        matched: z.number(),
        status: z.string(),
        profitLoss: z.number().nullable(),
        createdAt: z.string(),
        settledAt: z.string().nullable(),
      }),
    ),
    casino: z.array(
      z.object({
        id: z.string(),
        provider: z.string(),
        gameId: z.string(),
        status: z.string(),
        staked: z.number(),
        won: z.number(),
        startedAt: z.string(),
        closedAt: z.string().nullable(),
      }),
    ),
    /** Crash game bets (issue 43); the crash point once the round crashed. */
    crash: z.array(
      z.object({
        id: z.string(),
        roundId: z.string(),
        panel: z.number().int(),
        stake: z.number(),
        autoCashOut: z.number().nullable(),
        status: z.string(),
        cashOutMultiplier: z.number().nullable(),
        payout: z.number().nullable(),
        crashPoint: z.number().nullable(),
        placedAt: z.string(),
        settledAt: z.string().nullable(),
      }),
    ),
    /** Sportsbook bets (docs/sportsbook.md), oldest first, with their legs. */
    sportsbook: z.array(sportsbookBetSchema),
  }),
  sessions: z.array(
    z.object({
      createdAt: z.string(),
      lastSeenAt: z.string(),
      endedAt: z.string().nullable(),
      endReason: z.string().nullable(),
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
  dataRequests: dataRequestListSchema,
  /** What the player wrote through /contactus, and the operator's answers. */
  contactMessages: z.array(
    z.object({
      id: z.string(),
      subject: z.string(),
      body: z.string(),
      status: z.string(),
      createdAt: z.string(),
      ip: z.string(),
      answer: z.string().nullable(),
      answeredAt: z.string().nullable(),
    }),
  ),
  /** The player's bonuses (docs/bonus.md), oldest first; offers' titles in English. */
  bonuses: z.array(bonusClaimSchema),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** GET /api/staff/privacy/requests */
export const staffDataRequestQuerySchema = pageQuerySchema.extend({
  status: z.enum(DATA_REQUEST_STATUSES).optional(),
});
export const staffDataRequestSchema = dataRequestSchema.extend({
  playerId: z.string(),
  username: z.string(),
  overdue: z.boolean(),
  decidedBy: z.string().nullable(),
});
export type StaffDataRequest = z.infer<typeof staffDataRequestSchema>;
export const staffDataRequestListSchema = pagedSchema(staffDataRequestSchema);

/** POST /api/staff/privacy/requests/:id/decision */
export const staffDataRequestParamsSchema = z.object({ id: idSchema });
export const staffDataRequestDecisionSchema = z.object({
  outcome: z.enum(['done', 'refused']),
  note: z.string().trim().min(1).max(DATA_REQUEST_TEXT_MAX),
});
export type StaffDataRequestDecision = z.infer<typeof staffDataRequestDecisionSchema>;

/** Answers of the privacy calls (the apps translate by their own keys). */
export const PRIVACY_MESSAGES = {
  consentSaved: 'Consent saved',
  requestCreated: 'Request received',
  requestDecided: 'Request updated',
} as const;

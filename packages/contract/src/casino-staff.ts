import { z } from 'zod';
import { CASINO_FAMILIES, CASINO_GAME_TAGS, SPM_GAME_KINDS } from './casino-names.ts';
import {
  casinoRoundStatuses,
  casinoRtpRangeSchema,
  SPM_ROUND_PHASES,
  spmFairnessSchema,
  spmRoundOutcomeSchema,
} from './casino.ts';
import { MAX_BET_POINTS } from './constants.ts';
import { pageQuerySchema, pagedSchema, pointsSchema } from './wallet.ts';

/*
 * The back office's casino screens (issue 14, item 6): the game catalogue, the providers and
 * their secrets, rounds with their wallet transactions, and the casino's gross gaming revenue.
 * Every path is under /api/staff/casino and takes a staff token. Amounts are points (2
 * decimals), as on every other staff screen. Who may call what: docs/backoffice.md (Casino).
 */

const dateSchema = z.iso.date();

// ---------------------------------------------------------------------------------------
// Games (admin)
// ---------------------------------------------------------------------------------------

/** One game of the catalogue as staff manage it, disabled ones included. */
export const staffCasinoGameSchema = z.object({
  id: z.string(),
  name: z.string(),
  providerId: z.string(),
  providerName: z.string(),
  /** The provider's own code for the game. */
  providerGameId: z.string(),
  family: z.enum(CASINO_FAMILIES),
  category: z.string(),
  thumbnail: z.string(),
  minBet: z.number(),
  maxBet: z.number(),
  /** Theoretical return to player over the game's bets, percent (as the lobby shows it). */
  rtp: casinoRtpRangeSchema,
  tags: z.array(z.enum(CASINO_GAME_TAGS)),
  enabled: z.boolean(),
  /** Lower first in the lobby. */
  sortOrder: z.number().int(),
  /** The built-in game kind for SPM tables; null for an external provider's game. */
  kind: z.enum(SPM_GAME_KINDS).nullable(),
  updatedAt: z.string(),
});
export type StaffCasinoGame = z.infer<typeof staffCasinoGameSchema>;
/** GET /api/staff/casino/games: every game, lobby order (family, then sort order). */
export const staffCasinoGamesSchema = z.array(staffCasinoGameSchema);
export const staffCasinoGameParamsSchema = z.object({
  gameId: z.string().min(1).max(80),
});

/** A bet limit in points: positive, at most 2 decimals, within the game rules' per-round cap. */
const betLimitSchema = pointsSchema
  .refine((value) => value > 0, 'Must be more than 0')
  .refine((value) => value <= MAX_BET_POINTS, `At most ${MAX_BET_POINTS} points (game rules)`);

/**
 * PATCH /api/staff/casino/games/{gameId}: any of the fields; the others stay. The limits are
 * checked together with the stored ones (min ≤ max after the change). Audited.
 */
export const staffCasinoGameUpdateBodySchema = z
  .object({
    enabled: z.boolean().optional(),
    sortOrder: z.number().int().min(0).max(1_000_000).optional(),
    isNew: z.boolean().optional(),
    isPopular: z.boolean().optional(),
    minBet: betLimitSchema.optional(),
    maxBet: betLimitSchema.optional(),
    name: z.string().trim().min(1, 'Cannot be empty').max(80).optional(),
    category: z.string().trim().min(1, 'Cannot be empty').max(60).optional(),
    /** An app asset path (/…) or an https address. */
    thumbnail: z
      .string()
      .trim()
      .max(500)
      .regex(/^(\/|https:\/\/)\S+$/, 'An address starting with / or https://')
      .optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change')
  .refine(
    (body) => body.minBet === undefined || body.maxBet === undefined || body.minBet <= body.maxBet,
    { path: ['minBet'], message: 'The minimum bet cannot be above the maximum' },
  );
export type StaffCasinoGameUpdateBody = z.infer<typeof staffCasinoGameUpdateBodySchema>;

// ---------------------------------------------------------------------------------------
// Providers (admin)
// ---------------------------------------------------------------------------------------

/** A provider as listed: its secret is never sent whole, only its last 4 characters. */
export const staffCasinoProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  /**
   * Whether its wins may credit a round holding no accepted bet (off by default: with it on,
   * a leaked secret credits any player without a stake). docs/casino-provider-api.md.
   */
  winsWithoutBet: z.boolean(),
  launchUrl: z.string().nullable(),
  secretLast4: z.string(),
  /** The built-in SPM Games: its games open in the app and its secret never leaves the server. */
  builtIn: z.boolean(),
  games: z.number().int(),
  enabledGames: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffCasinoProvider = z.infer<typeof staffCasinoProviderSchema>;
/** GET /api/staff/casino/providers */
export const staffCasinoProvidersSchema = z.array(staffCasinoProviderSchema);
export const staffCasinoProviderParamsSchema = z.object({
  providerId: z.string().min(1).max(40),
});

const providerNameSchema = z.string().trim().min(2, 'At least 2 characters').max(60);
const launchUrlSchema = z
  .string()
  .trim()
  .max(500)
  .regex(/^https:\/\/[^\s/]+\S*$/, 'An https:// address');

/** POST /api/staff/casino/providers: an external provider, enabled, with a new secret. */
export const staffCasinoProviderCreateBodySchema = z
  .object({
    /** The slug in its callback address /api/casino/provider/{id}/… */
    id: z
      .string()
      .trim()
      .regex(
        /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/,
        'Lower-case letters, digits and dashes (up to 40)',
      ),
    name: providerNameSchema,
    launchUrl: launchUrlSchema,
  })
  .strict();
export type StaffCasinoProviderCreateBody = z.infer<typeof staffCasinoProviderCreateBodySchema>;

/** PATCH /api/staff/casino/providers/{providerId}: any of the fields. Audited. */
export const staffCasinoProviderUpdateBodySchema = z
  .object({
    name: providerNameSchema.optional(),
    launchUrl: launchUrlSchema.optional(),
    enabled: z.boolean().optional(),
    winsWithoutBet: z.boolean().optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change');
export type StaffCasinoProviderUpdateBody = z.infer<typeof staffCasinoProviderUpdateBodySchema>;

/**
 * The answer of a create and of POST /api/staff/casino/providers/{id}/rotate-secret: the
 * whole secret, this once (it is never answered again; a lost one is rotated).
 */
export const staffCasinoProviderSecretSchema = z.object({
  provider: staffCasinoProviderSchema,
  secret: z.string(),
});
export type StaffCasinoProviderSecret = z.infer<typeof staffCasinoProviderSecretSchema>;

// ---------------------------------------------------------------------------------------
// Rounds (admin: all; agents: their downline's players)
// ---------------------------------------------------------------------------------------

/**
 * GET /api/staff/casino/rounds: by the provider's round id, by our round id, or by the player
 * (`playerId`, the name every staff list gives its player filter; here an id or a username),
 * within Indian days [from, to]; newest first. Strict: a parameter it does not know (the old
 * `player`) is refused, not ignored into an unfiltered list.
 */
export const staffCasinoRoundsQuerySchema = pageQuerySchema
  .extend({
    providerRoundId: z.string().trim().min(1).max(100).optional(),
    roundId: z
      .string()
      .trim()
      .regex(/^\d{1,18}$/, 'Not an id')
      .optional(),
    playerId: z.string().trim().min(1).max(64).optional(),
    from: dateSchema.optional(),
    to: dateSchema.optional(),
  })
  .strict();
export type StaffCasinoRoundsQuery = z.infer<typeof staffCasinoRoundsQuerySchema>;

export const staffCasinoTransactionSchema = z.object({
  id: z.string(),
  kind: z.enum(['bet', 'win', 'rollback']),
  providerTransactionId: z.string(),
  referenceTransactionId: z.string().nullable(),
  /** What the provider asked, and what moved (a capped win or a refusal moves less). */
  amount: z.number(),
  applied: z.number(),
  /** The provider status answered (RS_OK or the refusal). */
  status: z.string(),
  walletOperationId: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffCasinoTransaction = z.infer<typeof staffCasinoTransactionSchema>;

/** An SPM Games round's provably-fair data: the seed only once the round is settled. */
export const staffSpmFairnessSchema = spmFairnessSchema.extend({
  spmRoundId: z.string(),
  tableId: z.string(),
  number: z.number().int(),
  phase: z.enum(SPM_ROUND_PHASES),
  outcome: spmRoundOutcomeSchema.nullable(),
});
export type StaffSpmFairness = z.infer<typeof staffSpmFairnessSchema>;

export const staffCasinoRoundSchema = z.object({
  id: z.string(),
  providerId: z.string(),
  providerName: z.string(),
  providerRoundId: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  playerId: z.string(),
  playerUsername: z.string(),
  status: z.enum(casinoRoundStatuses),
  playMoney: z.boolean(),
  staked: z.number(),
  won: z.number(),
  refunded: z.number(),
  startedAt: z.string(),
  closedAt: z.string().nullable(),
  transactions: z.array(staffCasinoTransactionSchema),
  /** SPM Games rounds only; null for an external provider's. */
  fairness: staffSpmFairnessSchema.nullable(),
});
export type StaffCasinoRound = z.infer<typeof staffCasinoRoundSchema>;
export const staffCasinoRoundsSchema = pagedSchema(staffCasinoRoundSchema);
export type StaffCasinoRounds = z.infer<typeof staffCasinoRoundsSchema>;

// ---------------------------------------------------------------------------------------
// Gross gaming revenue (admin)
// ---------------------------------------------------------------------------------------

export const CASINO_GGR_GROUPS = ['game', 'provider', 'day'] as const;
export type CasinoGgrGroup = (typeof CASINO_GGR_GROUPS)[number];
/** The longest range one report covers. */
export const CASINO_GGR_MAX_DAYS = 366;

/** GET /api/staff/casino/ggr?from&to&groupBy: Indian days, both ends included. */
export const staffCasinoGgrQuerySchema = z
  .object({
    from: dateSchema,
    to: dateSchema,
    groupBy: z.enum(CASINO_GGR_GROUPS).default('game'),
  })
  .refine((query) => query.from <= query.to, {
    path: ['from'],
    message: 'The start cannot be after the end',
  })
  .refine(
    (query) => (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < CASINO_GGR_MAX_DAYS,
    { path: ['to'], message: `At most ${CASINO_GGR_MAX_DAYS} days` },
  );
export type StaffCasinoGgrQuery = z.infer<typeof staffCasinoGgrQuerySchema>;

/** Money of one kind (real or play): GGR = stakes − wins − refunds. */
export const casinoGgrFiguresSchema = z.object({
  stakes: z.number(),
  wins: z.number(),
  refunds: z.number(),
  ggr: z.number(),
  /** Rounds with a transaction counted here. */
  rounds: z.number().int(),
  players: z.number().int(),
});
export type CasinoGgrFigures = z.infer<typeof casinoGgrFiguresSchema>;

export const staffCasinoGgrRowSchema = z.object({
  /** The game id, the provider id or the day (YYYY-MM-DD). */
  key: z.string(),
  /** The game's or provider's name; the day again for days. */
  label: z.string(),
  real: casinoGgrFiguresSchema,
  /** Play money (demo players), apart: never in the real figures. */
  playMoney: casinoGgrFiguresSchema,
});
export type StaffCasinoGgrRow = z.infer<typeof staffCasinoGgrRowSchema>;

export const staffCasinoGgrSchema = z.object({
  from: dateSchema,
  to: dateSchema,
  groupBy: z.enum(CASINO_GGR_GROUPS),
  rows: z.array(staffCasinoGgrRowSchema),
  totals: z.object({ real: casinoGgrFiguresSchema, playMoney: casinoGgrFiguresSchema }),
});
export type StaffCasinoGgr = z.infer<typeof staffCasinoGgrSchema>;

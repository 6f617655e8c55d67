import { z } from 'zod';
import { ACK_STATUSES } from './realtime.ts';
import { GAME_LIST_FILTERS } from './constants.ts';
import { CASINO_FAMILIES, CASINO_GAME_TAGS, SPM_GAME_KINDS } from './casino-names.ts';
import { pagedSchema } from './wallet.ts';

/**
 * Casino (issue 14): the lobby, the launch, the seamless wallet providers call, and the
 * built-in provider "SPM Games" (its tables, rounds and realtime). Player amounts on the wire
 * are points (2 decimals); the provider protocol carries integer paise (docs/casino-provider-api.md).
 */

// ---------------------------------------------------------------------------------------
// Lobby
// ---------------------------------------------------------------------------------------

/**
 * A game's theoretical return to player, percent (for example 92.31 to 97.50): a built-in
 * game's is the lowest and the highest of its bets' (computed from @spm/core's spot list); an
 * external provider's is the single figure its provider states (min = max).
 */
export const casinoRtpRangeSchema = z.object({ min: z.number(), max: z.number() });
export type CasinoRtpRange = z.infer<typeof casinoRtpRangeSchema>;

/** One game of the lobby. */
export const casinoGameSchema = z.object({
  id: z.string(),
  name: z.string(),
  providerId: z.string(),
  providerName: z.string(),
  family: z.enum(CASINO_FAMILIES),
  category: z.string(),
  /** Address of the thumbnail image (an app asset path or the provider's address). */
  thumbnail: z.string(),
  minBet: z.number(),
  maxBet: z.number(),
  /** Theoretical return to player over the game's bets, percent. */
  rtp: casinoRtpRangeSchema,
  tags: z.array(z.enum(CASINO_GAME_TAGS)),
  /** The built-in game kind for SPM tables; null for an external provider's game. */
  kind: z.enum(SPM_GAME_KINDS).nullable(),
  favourite: z.boolean(),
  lastPlayedAt: z.string().nullable(),
});
export type CasinoGame = z.infer<typeof casinoGameSchema>;

/** GET /api/casino/games: every filter is optional; visitors get favourite false, lastPlayedAt null. */
export const casinoGamesQuerySchema = z.object({
  family: z.enum(CASINO_FAMILIES).optional(),
  category: z.string().trim().min(1).max(60).optional(),
  provider: z.string().trim().min(1).max(40).optional(),
  search: z.string().trim().min(1).max(60).optional(),
  /** SPEC 9's game-list filters; lastPlayed and favourites need a signed-in player. */
  filter: z.enum(GAME_LIST_FILTERS).optional(),
});
export type CasinoGamesQuery = z.infer<typeof casinoGamesQuerySchema>;

export const casinoGamesSchema = z.object({
  games: z.array(casinoGameSchema),
  /** Categories and providers of the family's enabled games (for the filter chips). */
  categories: z.array(z.string()),
  providers: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type CasinoGames = z.infer<typeof casinoGamesSchema>;

export const casinoGameParamsSchema = z.object({ gameId: z.string().min(1).max(80) });

/** POST /api/casino/games/{gameId}/favourite: toggles, answers the new state. */
export const casinoFavouriteSchema = z.object({ gameId: z.string(), favourite: z.boolean() });
export type CasinoFavourite = z.infer<typeof casinoFavouriteSchema>;

// ---------------------------------------------------------------------------------------
// Launch
// ---------------------------------------------------------------------------------------

/** POST /api/casino/launch */
export const casinoLaunchBodySchema = z.object({ gameId: z.string().min(1).max(80) });
/**
 * `page`: an address of this app (the built-in tables) to navigate to; `iframe`: an external
 * provider's address to embed. Either carries a single-use launch token bound to the player
 * and the game (5 minutes).
 */
export const casinoLaunchSchema = z.object({
  url: z.string(),
  embed: z.enum(['page', 'iframe']),
  playMoney: z.boolean(),
});
export type CasinoLaunch = z.infer<typeof casinoLaunchSchema>;

// ---------------------------------------------------------------------------------------
// Seamless wallet: what a provider sends to /api/casino/provider/{provider}/{operation}
// Signed: header `x-casino-timestamp` (Unix milliseconds) and `x-casino-signature`
// (hex HMAC-SHA256 with the provider's secret over
// `${timestamp}.${providerId}.${operation}.${rawBody}`, the provider and operation of the URL).
// ---------------------------------------------------------------------------------------

export const CASINO_TIMESTAMP_HEADER = 'x-casino-timestamp';
export const CASINO_SIGNATURE_HEADER = 'x-casino-signature';
/** A request older or newer than this is refused (RS_ERROR_INVALID_SIGNATURE). */
export const CASINO_SIGNATURE_WINDOW_MS = 5 * 60_000;
export const CASINO_PROVIDER_OPERATIONS = [
  'authenticate',
  'balance',
  'bet',
  'win',
  'rollback',
] as const;
export type CasinoProviderOperation = (typeof CASINO_PROVIDER_OPERATIONS)[number];

/** The status every provider answer carries (always HTTP 200), after Hub88's names. */
export const CASINO_PROVIDER_STATUSES = [
  'RS_OK',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_UNKNOWN_PROVIDER',
  'RS_ERROR_PROVIDER_DISABLED',
  'RS_ERROR_GAME_DISABLED',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_BET_LIMIT',
  'RS_ERROR_LIMIT_REACHED',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
  'RS_ERROR_ROUND_CLOSED',
  'RS_ERROR_UNKNOWN',
] as const;
export type CasinoProviderStatus = (typeof CASINO_PROVIDER_STATUSES)[number];

/** Real money is INR; a points-only (play-money) player's session is PTS. */
export const CASINO_CURRENCIES = ['INR', 'PTS'] as const;

const providerIdSchema = z.string().min(1).max(100);

/**
 * `authenticate`: the provider exchanges the single-use launch token it was opened with for
 * the game session token its later callbacks carry (answered with `token`, `user`, `gameId`,
 * `currency` and `balance`). A launch token works once, within 5 minutes of the launch.
 */
export const providerAuthenticateRequestSchema = z.object({
  requestId: providerIdSchema,
  launchToken: z.string().min(16).max(200),
});
export type ProviderAuthenticateRequest = z.infer<typeof providerAuthenticateRequestSchema>;
/** Every request names the player and the game session the launch opened. */
const providerRequestBase = z.object({
  /** The request's own id, echoed back. */
  requestId: providerIdSchema,
  /** The game session token (the launch token exchanged by the provider). */
  token: z.string().min(16).max(200),
  /** The player id the session belongs to. */
  user: z.string().min(1).max(100),
  gameId: z.string().min(1).max(80),
  currency: z.enum(CASINO_CURRENCIES),
});
/** Integer paise, positive for a bet; a win may be 0 (closes a lost round). */
const paiseAmount = z.number().int().min(0).max(1_000_000_000);

export const providerBalanceRequestSchema = providerRequestBase;
export const providerBetRequestSchema = providerRequestBase.extend({
  transactionId: providerIdSchema,
  roundId: providerIdSchema,
  amount: paiseAmount.min(1),
});
export const providerWinRequestSchema = providerRequestBase.extend({
  transactionId: providerIdSchema,
  roundId: providerIdSchema,
  amount: paiseAmount,
  /** The bet this win pays (optional; for the statement). */
  referenceTransactionId: providerIdSchema.optional(),
  /** True when this is the round's last callback (a win always closes it). */
  roundClosed: z.boolean().default(true),
});
export const providerRollbackRequestSchema = providerRequestBase.extend({
  transactionId: providerIdSchema,
  roundId: providerIdSchema,
  /** The bet to refund. */
  referenceTransactionId: providerIdSchema,
});
export type ProviderBalanceRequest = z.infer<typeof providerBalanceRequestSchema>;
export type ProviderBetRequest = z.infer<typeof providerBetRequestSchema>;
export type ProviderWinRequest = z.input<typeof providerWinRequestSchema>;
export type ProviderRollbackRequest = z.infer<typeof providerRollbackRequestSchema>;

/** Every answer, HTTP 200: `status` says what happened; balance in integer paise. */
export const providerAnswerSchema = z.object({
  status: z.enum(CASINO_PROVIDER_STATUSES),
  requestId: z.string().nullable(),
  user: z.string().nullable(),
  currency: z.enum(CASINO_CURRENCIES).nullable(),
  /** The player's balance after the operation (present when known). */
  balance: z.number().int().nullable(),
  /** Our id of the transaction (bet, win, rollback), stable across replays. */
  transactionId: z.string().nullable(),
  /** The amount actually credited by a win: lower than asked when the round's cap applied. */
  credited: z.number().int().nullable().optional(),
  /** An English explanation for a refusal. */
  message: z.string().optional(),
  /**
   * A refused bet only, when a limit refused it (`RS_ERROR_LIMIT_REACHED`, or
   * `RS_ERROR_USER_DISABLED` for a self-exclusion or a time-out): which one, in the platform's
   * own code, the limit's name and when it lifts (ISO time, null when unknown), so a game can
   * tell the player (docs/casino-provider-api.md "Limits").
   */
  refusal: z
    .object({
      code: z.enum(['ROUND_LIMIT_REACHED', 'LIMIT_REACHED', 'SELF_EXCLUDED', 'TIME_OUT']),
      limit: z.string().nullable(),
      until: z.string().nullable(),
    })
    .optional(),
  /** `authenticate` only: the game session token and the game it is bound to. */
  token: z.string().optional(),
  gameId: z.string().optional(),
});
export type ProviderAnswer = z.infer<typeof providerAnswerSchema>;

// ---------------------------------------------------------------------------------------
// SPM Games (the built-in provider): sessions, tables, bets and rounds
// ---------------------------------------------------------------------------------------

/**
 * POST /api/casino/spm/session: the table page hands SPM Games its launch token once; SPM
 * Games authenticates it with the operator and answers the game session.
 */
export const spmSessionBodySchema = z.object({ launchToken: z.string().min(16).max(200) });
export const spmSessionSchema = z.object({
  /** Sent back as header `x-spm-session` with every table call. */
  sessionToken: z.string(),
  gameId: z.string(),
  tableId: z.string(),
  playMoney: z.boolean(),
});
export type SpmSession = z.infer<typeof spmSessionSchema>;
export const SPM_SESSION_HEADER = 'x-spm-session';

export const SPM_ROUND_PHASES = ['betting', 'dealing', 'settled'] as const;
export type SpmRoundPhase = (typeof SPM_ROUND_PHASES)[number];

/** A card as two characters: rank A 2-9 T J Q K, suit S H D C (for example `TD`). */
export const cardCodeSchema = z.string().regex(/^[A2-9TJQK][SHDC]$/);

/** What the round showed: cards dealt in order by hand, or the wheel's segment. */
export const spmRoundOutcomeSchema = z.object({
  /** Cards dealt so far per hand (for example `{ joker: ['7H'], andar: [...], bahar: [...] }`). */
  hands: z.record(z.string(), z.array(cardCodeSchema)),
  /** The wheel's segment index, for the wheel game. */
  segment: z.number().int().nullable(),
  /** Winning bet spots once settled (for example `['andar']`); empty while dealing. */
  winners: z.array(z.string()),
  /** A short result code for the last-results strip (for example `A`, `B`, `D`, `T`, `7`, `x5`). */
  resultCode: z.string().nullable(),
});
export type SpmRoundOutcome = z.infer<typeof spmRoundOutcomeSchema>;

export const spmFairnessSchema = z.object({
  /** SHA-256 of the server seed, published when betting opens. */
  serverSeedHash: z.string(),
  /** Revealed once the round is settled; null before. */
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
});
export type SpmFairness = z.infer<typeof spmFairnessSchema>;

export const spmRoundSchema = z.object({
  id: z.string(),
  tableId: z.string(),
  number: z.number().int(),
  phase: z.enum(SPM_ROUND_PHASES),
  /** ISO time betting closes; the countdown runs to it. */
  bettingClosesAt: z.string(),
  outcome: spmRoundOutcomeSchema,
  fairness: spmFairnessSchema,
});
export type SpmRound = z.infer<typeof spmRoundSchema>;

export const spmBetSpotSchema = z.object({
  id: z.string(),
  /**
   * Total returned per 1 point staked on a win (stake included), for example 1.98; for a
   * spot with a paytable, its best payout.
   */
  payout: z.number(),
  /** Teen Patti's Pair Plus: each Teen Patti hand class that wins and its payout. */
  paytable: z.array(z.object({ handClass: z.string(), payout: z.number() })).optional(),
});

/** GET /api/casino/spm/tables/{tableId} (with `x-spm-session`): the table as it is now. */
export const spmTableSchema = z.object({
  tableId: z.string(),
  gameId: z.string(),
  kind: z.enum(SPM_GAME_KINDS),
  name: z.string(),
  minBet: z.number(),
  maxBet: z.number(),
  bettingSeconds: z.number().int(),
  spots: z.array(spmBetSpotSchema),
  round: spmRoundSchema,
  /** The last settled rounds, newest first (up to 20). */
  lastResults: z.array(z.object({ roundId: z.string(), resultCode: z.string() })),
  /** The session player's bets in the current round. */
  myBets: z.array(z.lazy(() => spmBetSchema)),
  balance: z.number(),
  playMoney: z.boolean(),
});
export type SpmTable = z.infer<typeof spmTableSchema>;
export const spmTableParamsSchema = z.object({ tableId: z.string().min(1).max(80) });

/** POST /api/casino/spm/tables/{tableId}/bets (with `x-spm-session`). */
export const spmPlaceBetBodySchema = z.object({
  roundId: z.string().min(1).max(80),
  spot: z.string().min(1).max(40),
  /** Points, at most 2 decimals; within the game's min and max bet. */
  stake: z.number().positive().finite(),
  /** Replays of the same key answer the first result. */
  idempotencyKey: z.string().min(8).max(100),
});
export const spmBetSchema = z.object({
  id: z.string(),
  roundId: z.string(),
  spot: z.string(),
  stake: z.number(),
  /** Total returned (stake included) once settled; null while the round runs. */
  payout: z.number().nullable(),
  status: z.enum(['accepted', 'won', 'lost', 'refunded']),
  placedAt: z.string(),
});
export type SpmBet = z.infer<typeof spmBetSchema>;
export const spmPlaceBetSchema = z.object({ bet: spmBetSchema, balance: z.number() });

/**
 * A past round of an SPM table as the history shows it (issue 40 item 4): its cards and
 * winners, the player's bets with what each returned, and the seeds to replay it with. A
 * round not settled yet has no cards, no winners and its server seed hidden (`serverSeed`
 * null), exactly as the live table shows it.
 */
export const spmRoundRecordSchema = z.object({
  kind: z.enum(SPM_GAME_KINDS),
  round: spmRoundSchema,
  /** ISO time the round settled; null while it runs. */
  settledAt: z.string().nullable(),
  /** The asking player's bets in the round (accepted, won, lost or refunded), in order placed. */
  myBets: z.array(spmBetSchema),
});
export type SpmRoundRecord = z.infer<typeof spmRoundRecordSchema>;

/** GET /api/casino/spm/tables/{tableId}/rounds?page&pageSize (with `x-spm-session`): settled rounds, newest first. */
export const spmTableRoundsSchema = pagedSchema(spmRoundRecordSchema);
export type SpmTableRounds = z.infer<typeof spmTableRoundsSchema>;

// ---------------------------------------------------------------------------------------
// The player's casino history (operator side: every provider's rounds)
// ---------------------------------------------------------------------------------------

export const casinoRoundStatuses = ['open', 'closed', 'rolled_back'] as const;
/** GET /api/casino/rounds?page&pageSize */
export const casinoHistoryRoundSchema = z.object({
  id: z.string(),
  providerRoundId: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  providerName: z.string(),
  status: z.enum(casinoRoundStatuses),
  staked: z.number(),
  won: z.number(),
  refunded: z.number(),
  playMoney: z.boolean(),
  startedAt: z.string(),
  closedAt: z.string().nullable(),
  /** An SPM Games round: its cards, result, my bets and seeds; null at an external provider. */
  spm: spmRoundRecordSchema.nullable(),
});
export type CasinoHistoryRound = z.infer<typeof casinoHistoryRoundSchema>;
export const casinoHistorySchema = pagedSchema(casinoHistoryRoundSchema);

// ---------------------------------------------------------------------------------------
// Realtime: `game:{tableId}` rooms
// ---------------------------------------------------------------------------------------

export const gameSubscribeSchema = z.object({ tableId: z.string().min(1).max(80) });
export const gameSubscribeAckSchema = z.object({
  status: z.enum(ACK_STATUSES),
  tableId: z.string(),
  /** A socket of a player under a time-out or self-exclusion follows no table. */
  errorCode: z.literal('RESTRICTED').optional(),
});
export type GameSubscribeAck = z.infer<typeof gameSubscribeAckSchema>;
/** `game:round`: the round now, and (when settled) the result for the strip. */
export const gameRoundEventSchema = z.object({
  tableId: z.string(),
  round: spmRoundSchema,
  sentAt: z.number(),
});
export type GameRoundEvent = z.infer<typeof gameRoundEventSchema>;

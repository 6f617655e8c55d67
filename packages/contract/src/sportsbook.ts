import { z } from 'zod';
import { sportsbookBetSchema } from './sportsbook-bet.ts';
import { pagedSchema } from './wallet.ts';

/*
 * The sportsbook (docs/sportsbook.md): Betby's renderer on `/betby`, the player's sportsbook
 * bets on `/sportsbook2`, and the operator API Betby calls for every bet's money. Betby's own
 * field names (snake_case) are kept on the provider side, so its documentation reads straight
 * onto ours. Amounts from Betby are cents of the currency: paise for INR, and for play money
 * (PTS) a hundredth of a point, the same unit.
 */

/** The operator API's methods: `POST /api/betby/{method}` with `{ payload: <RS256 JWT> }`. */
export const BETBY_METHODS = [
  'ping',
  'bet_make',
  'bet_commit',
  'bet_settlement',
  'bet_refund',
  'bet_win',
  'bet_lost',
  'bet_discard',
  'bet_rollback',
] as const;
export type BetbyMethod = (typeof BETBY_METHODS)[number];

/** Currency codes on the wire: INR for real money, PTS for play money (points). */
export const BETBY_CURRENCIES = ['INR', 'PTS'] as const;
export type BetbyCurrency = (typeof BETBY_CURRENCIES)[number];

/**
 * Betby's error codes the operator answers (HTTP 400, `{ code, message }`): 1005 the player is
 * blocked (suspended, self-excluded, timed out), 1006 no such player, 2001 not enough money,
 * 2002 the currency is not the player's, 2003 the parent transaction is unknown, 2004 a bad
 * request (a malformed or unsigned payload, a reused transaction id with another body),
 * 4001 a limit of the player's is reached.
 */
export const BETBY_ERRORS = {
  PLAYER_BLOCKED: 1005,
  PLAYER_NOT_FOUND: 1006,
  NOT_ENOUGH_MONEY: 2001,
  INVALID_CURRENCY: 2002,
  PARENT_NOT_FOUND: 2003,
  BAD_REQUEST: 2004,
  LIMITS_EXCEEDED: 4001,
} as const;
export type BetbyErrorCode = (typeof BETBY_ERRORS)[keyof typeof BETBY_ERRORS];

export const betbyErrorAnswerSchema = z.object({ code: z.number().int(), message: z.string() });
export type BetbyErrorAnswer = z.infer<typeof betbyErrorAnswerSchema>;

/** The request body of every method: Betby's claims, signed RS256 with Betby's key. */
export const betbyRequestSchema = z.object({ payload: z.string().min(1).max(16_000) });

/** The signed token's claims: who signed it, for which brand, when; the method's fields. */
export const betbyClaimsSchema = z.object({
  iss: z.string().min(1),
  aud: z.string().min(1),
  iat: z.number().int(),
  jti: z.string().min(1).max(100).optional(),
  payload: z.record(z.string(), z.unknown()),
});

const id = z.string().min(1).max(100);
const cents = z.number().int().min(0).max(1e13);
const currency = z.enum(BETBY_CURRENCIES);

/** Betby's transaction object, as every money method carries it. */
export const betbyTransactionSchema = z.object({
  id,
  betslip_id: id.optional(),
  player_id: id.optional(),
  operator_id: id.optional(),
  operator_brand_id: id.optional(),
  ext_player_id: id.optional(),
  timestamp: z.number().optional(),
  amount: cents,
  currency,
  operation: z.string().min(1).max(40),
  parent_transaction_id: id.nullable().optional(),
});

/** One selection (leg) of a bet slip. `odds` is a decimal string ("1.85"). */
export const betbySelectionSchema = z.object({
  id,
  event_id: id,
  sport_id: id.optional(),
  tournament_id: id.optional(),
  sport_name: z.string().max(200).optional(),
  tournament_name: z.string().max(200).optional(),
  competitor_name: z.array(z.string().max(200)).max(10).default([]),
  market_name: z.string().max(200),
  outcome_name: z.string().max(200),
  odds: z.string().regex(/^\d{1,6}(\.\d{1,4})?$/),
  live: z.boolean().default(false),
  scheduled: z.number().optional(),
});
export type BetbySelection = z.infer<typeof betbySelectionSchema>;

export const betbyBetslipSchema = z.object({
  id,
  timestamp: z.number().optional(),
  player_id: id.optional(),
  ext_player_id: id.optional(),
  currency,
  /** "1/1" a single, "2/2" a double, "3/3" a treble …, "system" otherwise. */
  type: z.string().min(1).max(20),
  sum: cents,
  /** The slip's total odds, a decimal string. */
  k: z.string().regex(/^\d{1,9}(\.\d{1,4})?$/),
  bets: z.array(betbySelectionSchema).min(1).max(30),
});

export const betbyMakeSchema = z.object({
  amount: cents.min(1),
  currency,
  ext_player_id: id,
  session_id: z.string().max(200).optional(),
  bonus_id: z.string().max(100).nullable().optional(),
  bonus_type: z.string().max(40).nullable().optional(),
  transaction: betbyTransactionSchema,
  betslip: betbyBetslipSchema,
  potential_win: cents,
});
export type BetbyMake = z.infer<typeof betbyMakeSchema>;

export const betbyCommitSchema = z.object({ bet_transaction_id: id });

export const BETBY_SETTLEMENT_STATUSES = [
  'won',
  'lost',
  'refund',
  'cashed out',
  'half-won',
  'half-lost',
] as const;
export const betbySettlementSchema = z.object({
  bet_transaction_id: id,
  status: z.enum(BETBY_SETTLEMENT_STATUSES),
});

export const betbyWinSchema = z.object({
  amount: cents,
  currency,
  ext_player_id: id.optional(),
  is_cashout: z.boolean().optional(),
  bet_transaction_id: id,
  transaction: betbyTransactionSchema,
});

export const betbyLostSchema = z.object({
  ext_player_id: id.optional(),
  bet_transaction_id: id,
  transaction: betbyTransactionSchema,
});

export const betbyRefundSchema = z.object({
  ext_player_id: id.optional(),
  bet_transaction_id: id,
  reason: z.string().max(200).optional(),
  transaction: betbyTransactionSchema,
});

export const betbyDiscardSchema = z.object({
  ext_player_id: id.optional(),
  transaction_id: id,
  reason: z.string().max(200).optional(),
});

export const betbyRollbackSchema = z.object({
  bet_transaction_id: id,
  parent_transaction_id: id,
  transaction: betbyTransactionSchema,
});

/** What a money method answers (make, win, lost, refund, rollback). */
export const betbyMoneyAnswerSchema = z.object({
  id: z.string(),
  ext_transaction_id: z.string(),
  parent_transaction_id: z.string().nullable(),
  user_id: z.string(),
  operation: z.string(),
  amount: z.number().int(),
  currency,
  /** What the player can stake now, in cents. */
  balance: z.number().int(),
});
export type BetbyMoneyAnswer = z.infer<typeof betbyMoneyAnswerSchema>;

/* ---------- The player's side ---------- */

/**
 * GET /api/sportsbook/launch: how the page starts Betby's renderer. `token` is the player's
 * ES256 token (null for a visitor: Betby shows its lines and asks to sign in to bet).
 * `standIn`: no Betby brand is configured, so the platform's own stand-in renders the book
 * (docs/sportsbook.md).
 */
export const sportsbookLaunchSchema = z.object({
  brandId: z.string(),
  scriptUrl: z.string(),
  token: z.string().nullable(),
  standIn: z.boolean(),
  playMoney: z.boolean(),
});
export type SportsbookLaunch = z.infer<typeof sportsbookLaunchSchema>;

export const SPORTSBOOK_BET_FILTERS = ['open', 'settled'] as const;
export const sportsbookBetsQuerySchema = z.object({
  status: z.enum(SPORTSBOOK_BET_FILTERS).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const sportsbookBetsSchema = z.object({
  bets: z.array(sportsbookBetSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type SportsbookBets = z.infer<typeof sportsbookBetsSchema>;
export const SPORTSBOOK_BETS_PAGE_SIZE = 20;

/** GET /api/staff/players/{id}/sportsbook-bets: a player's sportsbook bets, newest first. */
export const staffSportsbookBetListSchema = pagedSchema(sportsbookBetSchema);
export type StaffSportsbookBetList = z.infer<typeof staffSportsbookBetListSchema>;

import {
  BETBY_ERRORS,
  betbyClaimsSchema,
  betbyCommitSchema,
  betbyDiscardSchema,
  betbyLostSchema,
  betbyMakeSchema,
  betbyRefundSchema,
  betbyRequestSchema,
  betbyRollbackSchema,
  betbySettlementSchema,
  betbyWinSchema,
  type BetbyCurrency,
  type BetbyErrorAnswer,
  type BetbyMake,
  type BetbyMethod,
  type BetbyMoneyAnswer,
  type SportsbookBetStatus,
} from '@spm/contract';
import { paiseToPoints } from '@spm/core';
import { jwtVerify } from 'jose';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { findUserById } from '../identity/index.ts';
import {
  isRealMoneyOnPlaySite,
  moneyModeOf,
  storeNotification,
  templatedNotification,
  walletTransaction,
  type NotificationTemplateKey,
  type WalletContext,
  type WalletFailure,
  type WalletResult,
} from '../wallet/index.ts';
import {
  findBet,
  insertBet,
  legsOf,
  markCommitted,
  markSettled,
  reopenBet,
  type BetSettlement,
} from './sportsbook-repository.ts';
import type { SportsbookKeys } from './sportsbook-keys.ts';
import type { SportsbookBetRow, SportsbookLegRow } from './tables.ts';

/*
 * The operator API Betby calls for every bet's money (docs/sportsbook.md): a stake is held
 * (wallet product 'sportsbook', one round per bet) until Betby's win, lost or refund settles
 * it; a discard returns a stake Betby dropped; a rollback undoes a settlement and the bet is
 * open again. Every call is idempotent on Betby's transaction id (the wallet's external id).
 */

export const BETBY_PROVIDER = 'betby';
/** Betby's calls older (or further ahead) than this are refused: a captured call is no use later. */
const MAX_CALL_AGE_SECONDS = 300;

export type BetbyAnswer =
  | { status: 200; body: BetbyMoneyAnswer | Record<string, never> }
  | { status: 400; body: BetbyErrorAnswer };

export interface BetbyServiceDeps {
  deps: ServiceDeps;
  keys: () => Promise<SportsbookKeys>;
  /** The brand the calls must be addressed to (their `aud`). */
  brandId: string;
}

class BetbyRefusal extends Error {
  override readonly name = 'BetbyRefusal';
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const refuse = (code: number, message: string): BetbyAnswer => ({
  status: 400,
  body: { code, message },
});

const MESSAGES = {
  badRequest: 'Bad request.',
  unsigned: 'The payload is not a valid token signed by the sportsbook for this brand.',
  noPlayer: 'No such player.',
  blocked: 'The player may not bet now.',
  currency: "The currency is not the player's.",
  money: 'Not enough money.',
  limits: "A limit of the player's is reached.",
  noParent: 'The parent transaction is not known.',
  settled: 'The bet is settled already.',
  duplicate: 'This transaction id was used for another request.',
  discarded: 'This transaction was discarded.',
  amount: 'The amount does not match the bet.',
  roundCaps: "The stake or the potential win is past the game rules' maximum per bet.",
  overWin: 'The win is more than the bet could win.',
} as const;

/** A wallet refusal as Betby hears it. */
function walletRefusal(failure: WalletFailure): BetbyAnswer {
  switch (failure.code) {
    case 'INSUFFICIENT_FUNDS':
      return refuse(BETBY_ERRORS.NOT_ENOUGH_MONEY, MESSAGES.money);
    case 'LIMIT_REACHED':
      return refuse(BETBY_ERRORS.LIMITS_EXCEEDED, MESSAGES.limits);
    case 'SELF_EXCLUDED':
    case 'TIME_OUT':
      return refuse(BETBY_ERRORS.PLAYER_BLOCKED, MESSAGES.blocked);
    case 'PLAYER_NOT_FOUND':
      return refuse(BETBY_ERRORS.PLAYER_NOT_FOUND, MESSAGES.noPlayer);
    case 'ROLLED_BACK':
      return refuse(BETBY_ERRORS.BAD_REQUEST, MESSAGES.discarded);
    case 'ROUND_CLOSED':
    case 'NOT_ROLLBACKABLE':
      return refuse(BETBY_ERRORS.BAD_REQUEST, MESSAGES.settled);
    case 'NOT_FOUND':
      return refuse(BETBY_ERRORS.PARENT_NOT_FOUND, MESSAGES.noParent);
    case 'DUPLICATE':
      return refuse(BETBY_ERRORS.BAD_REQUEST, MESSAGES.duplicate);
    case 'INVALID_AMOUNT':
      return refuse(BETBY_ERRORS.BAD_REQUEST, MESSAGES.amount);
  }
}

/**
 * A slip as the statement names it (the statement's descriptions are the ledger's English, as
 * the casino's and crash's are): a single's pick and odds, or an accumulator's size and odds.
 */
function slipSummary(legs: readonly SportsbookLegRow[], totalOdds: string): string {
  const [only] = legs;
  const text =
    legs.length === 1 && only
      ? `${only.outcomeName} @ ${only.odds} (${only.eventName})`
      : `accumulator of ${legs.length} @ ${totalOdds}`;
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}

/** A slip in a notification, in no language's words: the picks and the odds. */
function slipPicks(legs: readonly SportsbookLegRow[], totalOdds: string): string {
  const [only] = legs;
  return legs.length === 1 && only
    ? `${only.outcomeName} @ ${only.odds}`
    : `${legs.map((leg) => leg.outcomeName).join(' + ')} @ ${totalOdds}`;
}

/** The player's notification of a settlement: its template and the amount it names. */
const SETTLED_NOTICE: Record<
  BetSettlement['status'],
  { key: NotificationTemplateKey; status: 'success' | 'info'; amount: 'payout' | 'stake' }
> = {
  won: { key: 'sportsbookWon', status: 'success', amount: 'payout' },
  cashed_out: { key: 'sportsbookCashedOut', status: 'success', amount: 'payout' },
  lost: { key: 'sportsbookLost', status: 'info', amount: 'stake' },
  refunded: { key: 'sportsbookRefunded', status: 'info', amount: 'stake' },
};

const SETTLED_AS: Record<BetSettlement['status'], string> = {
  won: 'won',
  cashed_out: 'cashed out',
  lost: 'lost',
  refunded: 'refunded',
};

/** The wallet's ids: Betby's transaction id is the external id, a bet is a round. */
const externalIdOf = (transactionId: string) => `betby:${transactionId}`;
const roundIdOf = (betTransactionId: string) => `betby-bet:${betTransactionId}`;

/** Checks the signature, the brand and the age, and answers the method's fields. */
async function verifiedPayload(
  service: BetbyServiceDeps,
  body: unknown,
): Promise<Record<string, unknown> | BetbyAnswer> {
  const request = betbyRequestSchema.safeParse(body);
  if (!request.success) return refuse(BETBY_ERRORS.BAD_REQUEST, MESSAGES.badRequest);
  const keys = await service.keys();
  try {
    const { payload } = await jwtVerify(request.data.payload, keys.providerPublicKey, {
      algorithms: ['RS256'],
      audience: service.brandId,
      maxTokenAge: MAX_CALL_AGE_SECONDS,
      currentDate: service.deps.clock.now(),
      clockTolerance: MAX_CALL_AGE_SECONDS,
    });
    const claims = betbyClaimsSchema.safeParse(payload);
    if (!claims.success) return refuse(BETBY_ERRORS.BAD_REQUEST, MESSAGES.unsigned);
    return claims.data.payload;
  } catch {
    return refuse(BETBY_ERRORS.BAD_REQUEST, MESSAGES.unsigned);
  }
}

const isAnswer = (value: unknown): value is BetbyAnswer =>
  typeof value === 'object' && value !== null && 'status' in value && 'body' in value;

function parsed<T extends z.ZodType>(schema: T, payload: Record<string, unknown>) {
  const result = schema.safeParse(payload);
  return result.success ? (result.data as z.infer<T>) : undefined;
}

/** One call of Betby's: `POST /api/betby/{method}` with `{ payload }`. */
export async function handleBetbyCall(
  service: BetbyServiceDeps,
  method: BetbyMethod,
  body: unknown,
): Promise<BetbyAnswer> {
  const payload = await verifiedPayload(service, body);
  if (isAnswer(payload)) return payload;
  try {
    return await dispatch(service, method, payload);
  } catch (error) {
    if (error instanceof BetbyRefusal) return refuse(error.code, error.message);
    throw error;
  }
}

async function dispatch(
  service: BetbyServiceDeps,
  method: BetbyMethod,
  payload: Record<string, unknown>,
): Promise<BetbyAnswer> {
  const bad = refuse(BETBY_ERRORS.BAD_REQUEST, MESSAGES.badRequest);
  switch (method) {
    case 'ping':
      return { status: 200, body: {} };
    case 'bet_make': {
      const make = parsed(betbyMakeSchema, payload);
      return make ? makeBet(service, make) : bad;
    }
    case 'bet_commit': {
      const commit = parsed(betbyCommitSchema, payload);
      return commit ? commitBet(service, commit.bet_transaction_id) : bad;
    }
    case 'bet_settlement': {
      const settlement = parsed(betbySettlementSchema, payload);
      if (!settlement) return bad;
      const bet = await findBet(service.deps.db, BETBY_PROVIDER, settlement.bet_transaction_id);
      return bet
        ? { status: 200, body: {} }
        : refuse(BETBY_ERRORS.PARENT_NOT_FOUND, MESSAGES.noParent);
    }
    case 'bet_win': {
      const win = parsed(betbyWinSchema, payload);
      if (!win) return bad;
      return settleBet(service, win.bet_transaction_id, win.transaction, {
        status: win.is_cashout ? 'cashed_out' : 'won',
        payoutCents: win.amount,
        currency: win.currency,
      });
    }
    case 'bet_lost': {
      const lost = parsed(betbyLostSchema, payload);
      if (!lost) return bad;
      return settleBet(service, lost.bet_transaction_id, lost.transaction, {
        status: 'lost',
        payoutCents: 0,
        currency: lost.transaction.currency,
      });
    }
    case 'bet_refund': {
      const refund = parsed(betbyRefundSchema, payload);
      if (!refund) return bad;
      return settleBet(service, refund.bet_transaction_id, refund.transaction, {
        status: 'refunded',
        payoutCents: refund.transaction.amount,
        currency: refund.transaction.currency,
      });
    }
    case 'bet_discard': {
      const discard = parsed(betbyDiscardSchema, payload);
      return discard ? discardBet(service, discard) : bad;
    }
    case 'bet_rollback': {
      const rollback = parsed(betbyRollbackSchema, payload);
      return rollback ? rollbackSettlement(service, rollback) : bad;
    }
  }
}

/** The currency a player bets in: INR for a real-money wallet, PTS for points. */
async function playerCurrency(
  deps: ServiceDeps,
  playerId: number,
): Promise<BetbyCurrency | BetbyAnswer> {
  const user = await findUserById(deps.db, playerId);
  if (!user) return refuse(BETBY_ERRORS.PLAYER_NOT_FOUND, MESSAGES.noPlayer);
  if (user.status !== 'active') return refuse(BETBY_ERRORS.PLAYER_BLOCKED, MESSAGES.blocked);
  const mode = await moneyModeOf(deps.db, playerId);
  if (mode === undefined) return refuse(BETBY_ERRORS.PLAYER_NOT_FOUND, MESSAGES.noPlayer);
  // A real-money wallet left on a points site stakes nothing (docs/decisions.md "Money mode").
  if (isRealMoneyOnPlaySite(mode, deps.config.moneyMode)) {
    return refuse(BETBY_ERRORS.PLAYER_BLOCKED, MESSAGES.blocked);
  }
  return mode === 'play' ? 'PTS' : 'INR';
}

const PLAYER_ID = /^[1-9]\d{0,15}$/;

function moneyAnswer(
  result: Extract<WalletResult, { ok: true }>,
  fields: {
    transactionId: string;
    parentTransactionId: string | null;
    playerId: number;
    operation: string;
    amountCents: number;
    currency: BetbyCurrency;
  },
): BetbyAnswer {
  return {
    status: 200,
    body: {
      id: result.operationId,
      ext_transaction_id: fields.transactionId,
      parent_transaction_id: fields.parentTransactionId,
      user_id: String(fields.playerId),
      operation: fields.operation,
      amount: fields.amountCents,
      currency: fields.currency,
      balance: Number(result.balancePaise),
    },
  };
}

/** Runs a wallet move and its bet row in one transaction; a refusal rolls both back. */
async function inWallet(
  deps: ServiceDeps,
  work: (ctx: WalletContext) => Promise<WalletResult>,
): Promise<WalletResult> {
  const outcome = await walletTransaction(deps, work);
  if (outcome.ok) return outcome;
  switch (outcome.code) {
    case 'INSUFFICIENT_FUNDS':
      return { ok: false, code: 'INSUFFICIENT_FUNDS' };
    // The ledger's own key reused with another body: the wallet's DUPLICATE, seen one level down.
    case 'IDEMPOTENCY_MISMATCH':
      return { ok: false, code: 'DUPLICATE' };
    case 'EMPTY_TRANSACTION':
    case 'ZERO_POSTING':
    case 'UNBALANCED':
    case 'SYSTEM_KIND_ON_PLAYER':
      throw new Error(`sportsbook wallet move failed: ${outcome.code}`);
    default:
      return outcome;
  }
}

async function makeBet(service: BetbyServiceDeps, make: BetbyMake): Promise<BetbyAnswer> {
  const { deps } = service;
  if (!PLAYER_ID.test(make.ext_player_id))
    return refuse(BETBY_ERRORS.PLAYER_NOT_FOUND, MESSAGES.noPlayer);
  const playerId = Number(make.ext_player_id);
  const transactionId = make.transaction.id;
  // The three amounts Betby sends must agree, and the slip's currency with the bet's.
  if (
    make.transaction.amount !== make.amount ||
    make.betslip.sum !== make.amount ||
    make.transaction.currency !== make.currency ||
    make.betslip.currency !== make.currency
  ) {
    return refuse(BETBY_ERRORS.BAD_REQUEST, MESSAGES.amount);
  }
  // Free bets and boosts are the operator's money: none is offered through Betby here.
  if (make.bonus_id || make.bonus_type)
    return refuse(BETBY_ERRORS.BAD_REQUEST, MESSAGES.badRequest);
  // The game rules' caps per round (a slip is one): 7,500 points staked, 75,000 won. Betby's
  // own limits should be set within them; a slip past them is refused before any money moves,
  // so a win never needs cutting down (which Betby's books would not know of).
  const rule = deps.wallet.policies.roundRule;
  if (
    !rule.stake({ stakedPaise: 0n, wonPaise: 0n }, BigInt(make.amount)).ok ||
    BigInt(make.potential_win) > rule.maxWinPaise
  ) {
    return refuse(BETBY_ERRORS.LIMITS_EXCEEDED, MESSAGES.roundCaps);
  }
  const currency = await playerCurrency(deps, playerId);
  if (typeof currency !== 'string') return currency;
  if (currency !== make.currency) return refuse(BETBY_ERRORS.INVALID_CURRENCY, MESSAGES.currency);

  const result = await inWallet(deps, async (ctx) => {
    const staked = await deps.wallet.within(ctx).stake({
      product: 'sportsbook',
      externalId: externalIdOf(transactionId),
      playerId,
      roundId: roundIdOf(transactionId),
      amountPaise: BigInt(make.amount),
      mode: 'hold',
      description: `Sportsbook bet: ${slipSummary(legsOf(make), make.betslip.k)}`,
      reference: make.betslip.id,
    });
    if (staked.ok && !staked.replay) {
      await insertBet(ctx.tx, {
        provider: BETBY_PROVIDER,
        make,
        playerId,
        playMoney: currency === 'PTS',
        placedAt: deps.clock.now(),
      });
    }
    return staked;
  });
  if (!result.ok) return walletRefusal(result);
  return moneyAnswer(result, {
    transactionId,
    parentTransactionId: null,
    playerId,
    operation: 'bet',
    amountCents: make.amount,
    currency,
  });
}

async function commitBet(
  service: BetbyServiceDeps,
  betTransactionId: string,
): Promise<BetbyAnswer> {
  const committed = await markCommitted(
    service.deps.db,
    BETBY_PROVIDER,
    betTransactionId,
    service.deps.clock.now(),
  );
  return committed
    ? { status: 200, body: {} }
    : refuse(BETBY_ERRORS.PARENT_NOT_FOUND, MESSAGES.noParent);
}

const OPERATION_OF: Record<BetSettlement['status'], string> = {
  won: 'win',
  cashed_out: 'win',
  lost: 'lost',
  refunded: 'refund',
};

/** Tells the player how their slip ended, once its row is settled (sent after the commit). */
async function notifySettlement(
  ctx: WalletContext,
  deps: ServiceDeps,
  bet: SportsbookBetRow,
  settlement: { status: BetSettlement['status']; payoutCents: number },
): Promise<void> {
  const notice = SETTLED_NOTICE[settlement.status];
  const amountPaise = notice.amount === 'payout' ? BigInt(settlement.payoutCents) : bet.stakePaise;
  const values = {
    slip: slipPicks(bet.legs, bet.totalOdds),
    amount: paiseToPoints(amountPaise).toFixed(2),
  };
  ctx.afterCommit.push(
    await storeNotification(
      ctx.tx,
      deps,
      bet.playerId,
      templatedNotification(notice.key, values, notice.status),
    ),
  );
}

async function settleBet(
  service: BetbyServiceDeps,
  betTransactionId: string,
  transaction: { id: string; currency: BetbyCurrency },
  settlement: { status: BetSettlement['status']; payoutCents: number; currency: BetbyCurrency },
): Promise<BetbyAnswer> {
  const { deps } = service;
  const bet = await findBet(deps.db, BETBY_PROVIDER, betTransactionId);
  if (!bet) return refuse(BETBY_ERRORS.PARENT_NOT_FOUND, MESSAGES.noParent);
  const currency = currencyOfBet(bet);
  if (settlement.currency !== currency || transaction.currency !== currency) {
    return refuse(BETBY_ERRORS.INVALID_CURRENCY, MESSAGES.currency);
  }
  // A refund gives back the stake, no more and no less.
  if (settlement.status === 'refunded' && BigInt(settlement.payoutCents) !== bet.stakePaise) {
    return refuse(BETBY_ERRORS.BAD_REQUEST, MESSAGES.amount);
  }
  // A win (or cash-out) pays at most what the slip could win: more would be money from nowhere.
  if (BigInt(settlement.payoutCents) > bet.potentialWinPaise) {
    return refuse(BETBY_ERRORS.BAD_REQUEST, MESSAGES.overWin);
  }
  const retry = bet.settleTransactionId === transaction.id;
  if (bet.status !== 'open' && !retry) return refuse(BETBY_ERRORS.BAD_REQUEST, MESSAGES.settled);

  const result = await inWallet(deps, async (ctx) => {
    const settled = await deps.wallet.within(ctx).settle({
      product: 'sportsbook',
      externalId: externalIdOf(transaction.id),
      playerId: bet.playerId,
      roundId: roundIdOf(betTransactionId),
      payoutPaise: BigInt(settlement.payoutCents),
      close: true,
      description: `Sportsbook bet ${SETTLED_AS[settlement.status]}: ${slipSummary(bet.legs, bet.totalOdds)}`,
      reference: bet.betslipId,
    });
    if (settled.ok && !settled.replay) {
      // Two settlements of one bet at once: the second finds it settled and undoes its move.
      const marked = await markSettled(ctx.tx, bet.id, {
        status: settlement.status,
        payoutPaise: BigInt(settlement.payoutCents),
        settleTransactionId: transaction.id,
        settledAt: deps.clock.now(),
      });
      if (!marked) throw new BetbyRefusal(BETBY_ERRORS.BAD_REQUEST, MESSAGES.settled);
      await notifySettlement(ctx, deps, bet, settlement);
    }
    return settled;
  });
  if (!result.ok) return walletRefusal(result);
  return moneyAnswer(result, {
    transactionId: transaction.id,
    parentTransactionId: betTransactionId,
    playerId: bet.playerId,
    operation: OPERATION_OF[settlement.status],
    amountCents: settlement.payoutCents,
    currency,
  });
}

const currencyOfBet = (bet: SportsbookBetRow): BetbyCurrency => (bet.playMoney ? 'PTS' : 'INR');

/**
 * Betby dropped a bet it had sent (a timeout on its side): its stake comes back. A discard
 * before its make is kept as a marker by the wallet, and the make, should it come, is refused.
 */
async function discardBet(
  service: BetbyServiceDeps,
  discard: z.infer<typeof betbyDiscardSchema>,
): Promise<BetbyAnswer> {
  const { deps } = service;
  const bet = await findBet(deps.db, BETBY_PROVIDER, discard.transaction_id);
  const playerId = bet?.playerId ?? playerIdOf(discard.ext_player_id);
  if (playerId === undefined) return refuse(BETBY_ERRORS.PLAYER_NOT_FOUND, MESSAGES.noPlayer);
  if (bet && bet.status !== 'open' && bet.status !== 'discarded') {
    return refuse(BETBY_ERRORS.BAD_REQUEST, MESSAGES.settled);
  }
  const result = await inWallet(deps, async (ctx) => {
    const refunded = await deps.wallet.within(ctx).rollback({
      product: 'sportsbook',
      externalId: externalIdOf(`discard:${discard.transaction_id}`),
      targetExternalId: externalIdOf(discard.transaction_id),
      playerId,
      roundId: roundIdOf(discard.transaction_id),
      description: 'Sportsbook bet discarded: stake returned',
    });
    if (refunded.ok && bet && !refunded.replay) {
      const marked = await markSettled(ctx.tx, bet.id, {
        status: 'discarded',
        payoutPaise: bet.stakePaise,
        settleTransactionId: null,
        settledAt: deps.clock.now(),
      });
      if (!marked) throw new BetbyRefusal(BETBY_ERRORS.BAD_REQUEST, MESSAGES.settled);
    }
    return refunded;
  });
  // NOT_FOUND: the make has not come (a marker now refuses it); Betby's discard succeeded.
  if (result.ok || result.code === 'NOT_FOUND' || result.code === 'ROLLED_BACK') {
    return { status: 200, body: {} };
  }
  return walletRefusal(result);
}

const playerIdOf = (value: string | undefined): number | undefined =>
  value !== undefined && PLAYER_ID.test(value) ? Number(value) : undefined;

/** Undoes a settlement (a corrected result): the payout goes back, the stake is held again. */
async function rollbackSettlement(
  service: BetbyServiceDeps,
  rollback: z.infer<typeof betbyRollbackSchema>,
): Promise<BetbyAnswer> {
  const { deps } = service;
  const bet = await findBet(deps.db, BETBY_PROVIDER, rollback.bet_transaction_id);
  if (!bet) return refuse(BETBY_ERRORS.PARENT_NOT_FOUND, MESSAGES.noParent);
  const currency = currencyOfBet(bet);
  if (rollback.transaction.currency !== currency) {
    return refuse(BETBY_ERRORS.INVALID_CURRENCY, MESSAGES.currency);
  }
  const result = await inWallet(deps, async (ctx) => {
    const reversed = await deps.wallet.within(ctx).reverse({
      product: 'sportsbook',
      externalId: externalIdOf(rollback.transaction.id),
      targetExternalId: externalIdOf(rollback.parent_transaction_id),
      playerId: bet.playerId,
      roundId: roundIdOf(rollback.bet_transaction_id),
      description: `Sportsbook result rolled back: ${slipSummary(bet.legs, bet.totalOdds)}`,
      reference: bet.betslipId,
    });
    if (reversed.ok && !reversed.replay) {
      const reopened = await reopenBet(ctx.tx, bet.id, rollback.parent_transaction_id);
      // The parent is a transaction of the wallet's but not this bet's settlement now.
      if (!reopened) throw new BetbyRefusal(BETBY_ERRORS.PARENT_NOT_FOUND, MESSAGES.noParent);
    }
    return reversed;
  });
  if (!result.ok) return walletRefusal(result);
  return moneyAnswer(result, {
    transactionId: rollback.transaction.id,
    parentTransactionId: rollback.parent_transaction_id,
    playerId: bet.playerId,
    operation: 'rollback',
    amountCents: rollback.transaction.amount,
    currency,
  });
}

export type { SportsbookBetStatus };

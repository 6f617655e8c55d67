import { objectWith } from '@spm/core';
import {
  CASINO_PROVIDER_OPERATIONS,
  providerAuthenticateRequestSchema,
  providerBalanceRequestSchema,
  providerBetRequestSchema,
  providerRollbackRequestSchema,
  providerWinRequestSchema,
  type CasinoProviderOperation,
  type CasinoProviderStatus,
  type ProviderAnswer,
} from '@spm/contract';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { HOUR_MS, MINUTE_MS } from '../../deps.ts';
import { findText } from '../../http/nul-guard.ts';
import { hashToken, randomToken } from '../../security/tokens.ts';
import {
  stakeablePaise,
  isRealMoneyOnPlaySite,
  requestHash,
  walletTransaction,
  type WalletApi,
  type WalletContext,
} from '../wallet/index.ts';
import {
  WALLET_STATUS,
  okAnswer,
  planBetOrWin,
  refusal,
  walletExternalId,
  walletMoveBase,
  walletRefusal,
  type Currency,
  type LimitRefusal,
  type SessionRequest,
  type TransactionRequest,
} from './provider-answers.ts';
import { verifyProviderSignature } from './provider-signature.ts';
import { readCallback, RUN_ALONE, submitCallback } from './provider-wallet-batch.ts';
import {
  exchangeLaunchToken,
  findSessionByLaunchToken,
  findSessionByToken,
  findTransaction,
  insertTransaction,
  lockRound,
  slideSession,
  updateRound,
  type CasinoTransactionKind,
  type RoundRow,
  type SessionRow,
  type StoredTransaction,
} from './provider-wallet-repository.ts';

/*
 * The seamless wallet providers call (docs/casino-provider-api.md): signature, syntax, the
 * game session, then per transaction one database transaction holding the round's lock, the
 * money (wallet API, product 'casino') and the stored first answer, so a replay answers it
 * again and two identical requests at once apply once.
 */

/** A game session lasts this long after its last use. */
export const SESSION_TTL_MS = 12 * HOUR_MS;
/** A session's expiry is written again only when it would move by more than this. */
const SESSION_SLIDE_STEP_MS = 5 * MINUTE_MS;
/** How often a transaction that lost a race on its id is answered again from what won. */
const CONFLICT_ATTEMPTS = 3;
/** casino_transactions.request_hash of a bet id a rollback named before the bet arrived. */
const ROLLED_BACK_MARKER = 'rolled-back-before-arrival';

/** A request as the route received it: the raw body bytes (as text) and the two headers. */
export interface ProviderCall {
  providerId: string;
  operation: string;
  rawBody: string;
  timestampHeader: string | undefined;
  signatureHeader: string | undefined;
}

export interface ProviderWalletDeps {
  deps: ServiceDeps;
  wallet: WalletApi;
}

const isOperation = (value: string): value is CasinoProviderOperation =>
  (CASINO_PROVIDER_OPERATIONS as readonly string[]).includes(value);

/** A UTF-16 surrogate without its pair: not text PostgreSQL can store, nor any id of ours. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text no field of the protocol may hold: a NUL (PostgreSQL text cannot hold U+0000, and
 * JSON may carry it escaped) or a lone surrogate. Either would fail at the database as an
 * error, answered RS_ERROR_UNKNOWN, which tells the provider to retry the same request: it
 * would retry forever. So both are refused as syntax, and never reach a query.
 */
const isMalformedText = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** A string field of a body (at most 200 characters, as the schemas allow, well formed), else null. */
function stringField(body: unknown, name: string): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' && value.length <= 200 && !isMalformedText(value) ? value : null;
}

/** The requestId of a body, when it has one, to echo in an early refusal. */
const requestIdOf = (body: unknown): string | null => {
  const id = stringField(body, 'requestId');
  return id !== null && id.length <= 100 ? id : null;
};

/** Every provider request: checks in the order the protocol documents, then the operation. */
export async function handleProviderCall(
  service: ProviderWalletDeps,
  call: ProviderCall,
): Promise<ProviderAnswer> {
  const { deps } = service;
  // Parsed before the signature is checked only to name what to read (the session and the
  // transaction, with the provider, in one round trip); nothing is trusted until it passes.
  let body: unknown;
  let isJson = true;
  try {
    body = JSON.parse(call.rawBody);
  } catch {
    isJson = false;
  }
  const token = stringField(body, 'token');
  const transactionId = stringField(body, 'transactionId');
  const read = await readCallback(deps.db, {
    providerId: call.providerId,
    sessionTokenHash: token === null ? null : hashToken(token),
    transactionId,
  });
  const { provider } = read;
  if (!provider) return refusal('RS_ERROR_UNKNOWN_PROVIDER');
  const signature = verifyProviderSignature({
    secret: provider.secret,
    timestampHeader: call.timestampHeader,
    signatureHeader: call.signatureHeader,
    target: { providerId: call.providerId, operation: call.operation },
    rawBody: call.rawBody,
    nowMs: deps.clock.now().getTime(),
  });
  if (!signature.ok) return refusal('RS_ERROR_INVALID_SIGNATURE');
  if (!provider.enabled) return refusal('RS_ERROR_PROVIDER_DISABLED');
  if (!isJson) return refusal('RS_ERROR_WRONG_SYNTAX', {}, 'The body is not JSON.');
  const requestId = requestIdOf(body);
  if (!isOperation(call.operation)) {
    return refusal('RS_ERROR_WRONG_SYNTAX', { requestId }, `Unknown operation ${call.operation}.`);
  }
  const malformed = findText(body, '', isMalformedText);
  if (malformed !== null) {
    return refusal(
      'RS_ERROR_WRONG_SYNTAX',
      { requestId },
      `${malformed || 'A field'} holds a NUL character or a lone UTF-16 surrogate.`,
    );
  }
  const context: OperationContext = objectWith(service, {
    providerId: provider.id,
    winsWithoutBet: provider.winsWithoutBet,
    prefetched: { token, session: read.session, transactionId, stored: read.stored },
  });
  switch (call.operation) {
    case 'authenticate': {
      const parsed = providerAuthenticateRequestSchema.safeParse(body);
      if (!parsed.success) return syntaxRefusal(requestId, parsed.error);
      return authenticate(context, parsed.data);
    }
    case 'balance': {
      const parsed = providerBalanceRequestSchema.safeParse(body);
      if (!parsed.success) return syntaxRefusal(requestId, parsed.error);
      return balance(context, parsed.data);
    }
    case 'bet': {
      const parsed = providerBetRequestSchema.safeParse(body);
      if (!parsed.success) return syntaxRefusal(requestId, parsed.error);
      return transaction(context, { kind: 'bet', ...parsed.data });
    }
    case 'win': {
      const parsed = providerWinRequestSchema.safeParse(body);
      if (!parsed.success) return syntaxRefusal(requestId, parsed.error);
      return transaction(context, { kind: 'win', ...parsed.data });
    }
    case 'rollback': {
      const parsed = providerRollbackRequestSchema.safeParse(body);
      if (!parsed.success) return syntaxRefusal(requestId, parsed.error);
      return transaction(context, { kind: 'rollback', ...parsed.data });
    }
  }
}

function syntaxRefusal(requestId: string | null, error: z.ZodError): ProviderAnswer {
  const issue = error.issues[0];
  const where = issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'invalid body';
  return refusal(
    'RS_ERROR_WRONG_SYNTAX',
    { requestId },
    `The request does not follow the protocol (${where}).`,
  );
}

interface OperationContext extends ProviderWalletDeps {
  providerId: string;
  /** The provider may pay a win in a round without a bet (casino_providers.wins_without_bet). */
  winsWithoutBet: boolean;
  /** What readCallback found for the body's token and transaction id. */
  prefetched: {
    token: string | null;
    session: SessionRow | null;
    transactionId: string | null;
    stored: StoredTransaction | null;
  };
}

const currencyOf = (session: Pick<SessionRow, 'playMoney'>): Currency =>
  session.playMoney ? 'PTS' : 'INR';

const isActive = (session: SessionRow) => session.playerStatus === 'active';

/** The message of a bet refused in a real-money session on a play-money site. */
const PLAY_SITE_REAL_SESSION =
  'This site plays for points only: a real-money session placed before the switch cannot bet.';

/**
 * The balance a game shows: what the player can stake in the casino (cash, and bonus coins
 * by the wallet's funding policy), read in `money`'s transaction when given.
 */
const casinoBalancePaise = (ctx: OperationContext, playerId: number, money?: WalletContext) =>
  stakeablePaise(money?.tx ?? ctx.deps.db, ctx.wallet.policies.funding, playerId, 'casino');

async function authenticate(
  ctx: OperationContext,
  request: z.infer<typeof providerAuthenticateRequestSchema>,
): Promise<ProviderAnswer> {
  const { deps } = ctx;
  const now = deps.clock.now();
  const requestId = request.requestId;
  const session = await findSessionByLaunchToken(
    deps.db,
    ctx.providerId,
    hashToken(request.launchToken),
  );
  if (!session || session.exchangedAt !== null || session.launchExpiresAt <= now) {
    return refusal('RS_ERROR_INVALID_TOKEN', { requestId });
  }
  const user = String(session.playerId);
  if (!isActive(session)) return refusal('RS_ERROR_USER_DISABLED', { requestId, user });
  if (!session.gameEnabled) return refusal('RS_ERROR_GAME_DISABLED', { requestId, user });
  const token = randomToken();
  const exchanged = await exchangeLaunchToken(deps.db, {
    sessionId: session.id,
    sessionTokenHash: hashToken(token),
    now,
    sessionExpiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  // A concurrent exchange of the same launch token won (or it expired meanwhile).
  if (!exchanged) return refusal('RS_ERROR_INVALID_TOKEN', { requestId });
  return {
    status: 'RS_OK',
    requestId,
    user,
    currency: currencyOf(session),
    balance: Number(await casinoBalancePaise(ctx, session.playerId)),
    transactionId: null,
    token,
    gameId: session.gameId,
  };
}

/**
 * The game session a callback names, or the refusal: the token must be this provider's and
 * bound to `user` and `gameId`; `live` also wants it unexpired (balance and bet; a win or a
 * rollback may come after the player left).
 */
async function sessionOf(
  ctx: OperationContext,
  request: SessionRequest,
  live: boolean,
): Promise<SessionRow | ProviderAnswer> {
  const { prefetched } = ctx;
  const session =
    prefetched.token === request.token
      ? prefetched.session
      : await findSessionByToken(ctx.deps.db, ctx.providerId, hashToken(request.token));
  const { requestId } = request;
  if (
    !session ||
    session.sessionExpiresAt === null ||
    String(session.playerId) !== request.user ||
    session.gameId !== request.gameId
  ) {
    return refusal('RS_ERROR_INVALID_TOKEN', { requestId });
  }
  if (live) {
    const expired = await keepAlive(ctx, session, requestId);
    if (expired) return expired;
  }
  return session;
}

/** Refuses an expired session; slides a live one's expiry forward (12 h from its last use). */
async function keepAlive(
  ctx: OperationContext,
  session: SessionRow,
  requestId: string,
): Promise<ProviderAnswer | null> {
  const now = ctx.deps.clock.now();
  const expiresAt = session.sessionExpiresAt;
  if (expiresAt === null || expiresAt <= now)
    return refusal('RS_ERROR_INVALID_TOKEN', { requestId });
  const slidTo = new Date(now.getTime() + SESSION_TTL_MS);
  // Written at most once per step, not on every callback.
  if (slidTo.getTime() - expiresAt.getTime() > SESSION_SLIDE_STEP_MS) {
    await slideSession(ctx.deps.db, session.id, slidTo);
  }
  return null;
}

const isAnswer = (value: SessionRow | ProviderAnswer): value is ProviderAnswer => 'status' in value;

async function balance(ctx: OperationContext, request: SessionRequest): Promise<ProviderAnswer> {
  const session = await sessionOf(ctx, request, true);
  if (isAnswer(session)) return session;
  const fields = { requestId: request.requestId, user: request.user };
  const currency = currencyOf(session);
  if (request.currency !== currency) return refusal('RS_ERROR_WRONG_CURRENCY', fields);
  if (!isActive(session)) return refusal('RS_ERROR_USER_DISABLED', fields);
  return objectWith(
    { status: 'RS_OK' as const, ...fields },
    {
      currency,
      balance: Number(await casinoBalancePaise(ctx, session.playerId)),
      transactionId: null,
    },
  );
}

/** What identifies a transaction's request: a replay must repeat it, another id may not. */
export function transactionHash(request: TransactionRequest): string {
  return requestHash({
    kind: request.kind,
    user: request.user,
    gameId: request.gameId,
    currency: request.currency,
    roundId: request.roundId,
    amount: 'amount' in request ? request.amount : null,
    referenceTransactionId:
      'referenceTransactionId' in request ? (request.referenceTransactionId ?? null) : null,
    roundClosed: request.kind === 'win' ? request.roundClosed : null,
  });
}

/** The stored first answer, again (with this request's id), or the duplicate refusal. */
function answerStored(
  stored: StoredTransaction,
  request: TransactionRequest,
  hash: string,
): ProviderAnswer {
  const fields = { requestId: request.requestId, user: request.user };
  if (stored.requestHash === ROLLED_BACK_MARKER && request.kind === 'bet') {
    return refusal(
      'RS_ERROR_TRANSACTION_ROLLED_BACK',
      fields,
      'The bet was rolled back before it arrived.',
    );
  }
  if (stored.kind !== request.kind || stored.requestHash !== hash) {
    return refusal('RS_ERROR_DUPLICATE_TRANSACTION', fields);
  }
  return objectWith(stored.answer as ProviderAnswer, { requestId: request.requestId });
}

/** A race on (provider, transaction id) was lost: roll back and answer from the winner. */
class TransactionIdTaken extends Error {}

/** A refusal that must leave no row (planBetOrWin's `unstored`): thrown to roll back. */
class UnstoredRefusal extends Error {
  constructor(readonly answer: ProviderAnswer) {
    super(answer.status);
  }
}

/** What one transaction decided inside the money transaction. */
interface Decision {
  answer: ProviderAnswer;
  appliedPaise: bigint;
  walletOperationId: number | null;
  /** The round's row after it (absent: unchanged). */
  round?: Omit<RoundRow, 'id' | 'gameId'> & { closedAt?: Date };
  /** A bet id a rollback named before the bet arrived: stored so the late bet is refused. */
  rolledBackBeforeArrival?: string;
}

/** bet, win, rollback: idempotent by (provider, transactionId), the money and its answer together. */
async function transaction(
  ctx: OperationContext,
  request: TransactionRequest,
): Promise<ProviderAnswer> {
  const hash = transactionHash(request);
  const session = await sessionOf(ctx, request, false);
  if (isAnswer(session)) return session;
  // Answered before: the first answer again, whatever changed since (an expired session, a
  // disabled player: the provider's retry must get what the first attempt got).
  const stored =
    ctx.prefetched.transactionId === request.transactionId
      ? ctx.prefetched.stored
      : await findTransaction(ctx.deps.db, ctx.providerId, request.transactionId);
  if (stored) return answerStored(stored, request, hash);

  const fields = { requestId: request.requestId, user: request.user };
  const currency = currencyOf(session);
  if (request.currency !== currency) return refusal('RS_ERROR_WRONG_CURRENCY', fields);
  if (request.kind === 'bet') {
    const expired = await keepAlive(ctx, session, request.requestId);
    if (expired) return expired;
    if (!isActive(session)) return refusal('RS_ERROR_USER_DISABLED', fields);
    if (!session.gameEnabled) return refusal('RS_ERROR_GAME_DISABLED', fields);
    // A real-money session launched before the site switched to play money: the player may
    // not bet (the launch refuses such a wallet now). Wins and rollbacks of its earlier bets
    // still go through, so nothing staked is stranded.
    if (isRealMoneyOnPlaySite(session.playMoney ? 'play' : 'real', ctx.deps.config.moneyMode)) {
      return refusal('RS_ERROR_USER_DISABLED', fields, PLAY_SITE_REAL_SESSION);
    }
  }
  if (request.kind !== 'rollback') {
    // Bets and wins are group-committed with other callbacks; a rollback, rare and with
    // more cases, always runs alone, as does a callback its batch could not hold.
    const batched = await submitCallback(ctx, {
      providerId: ctx.providerId,
      session,
      request,
      hash,
      currency,
      winsWithoutBet: ctx.winsWithoutBet,
    });
    if (batched !== RUN_ALONE) return batched;
  }

  for (let attempt = 1; ; attempt += 1) {
    try {
      const outcome = await walletTransaction(ctx.deps, (money) =>
        decideAndStore(ctx, money, session, request, hash, (round) =>
          decide(ctx, money, session, request, currency, round),
        ),
      );
      if (!('ok' in outcome)) return outcome;
      // Any other ledger refusal is a bug, not an answer to store: RS_ERROR_UNKNOWN, nothing kept.
      if (outcome.code !== 'INSUFFICIENT_FUNDS') {
        throw new Error(`casino ${request.kind}: the ledger refused with ${outcome.code}`);
      }
      // The bet's guarded debit found the cash short: everything rolled back (the round's row
      // too); store the refusal, with the balance, in a transaction of its own.
      return await walletTransaction(ctx.deps, async (money) =>
        decideAndStore(ctx, money, session, request, hash, async () => ({
          answer: refusal(
            'RS_ERROR_NOT_ENOUGH_MONEY',
            objectWith(fields, {
              currency,
              balance: Number(await casinoBalancePaise(ctx, session.playerId, money)),
            }),
          ),
          appliedPaise: 0n,
          walletOperationId: null,
        })),
      ).then((again) => ('ok' in again ? refusal('RS_ERROR_UNKNOWN', fields) : again));
    } catch (error) {
      // Refused with everything rolled back, the round's row included: nothing written.
      if (error instanceof UnstoredRefusal) return error.answer;
      if (!(error instanceof TransactionIdTaken) || attempt >= CONFLICT_ATTEMPTS) throw error;
      const winner = await findTransaction(ctx.deps.db, ctx.providerId, request.transactionId);
      if (winner) return answerStored(winner, request, hash);
    }
  }
}

/**
 * Inside the money transaction: the round locked (created when this is its first callback),
 * the decision, the round's totals and the answer stored.
 */
async function decideAndStore(
  ctx: OperationContext,
  money: WalletContext,
  session: SessionRow,
  request: TransactionRequest,
  hash: string,
  decideUnder: (round: RoundRow) => Promise<Decision>,
): Promise<ProviderAnswer> {
  const round = await lockRound(money.tx, {
    providerId: ctx.providerId,
    providerRoundId: request.roundId,
    playerId: session.playerId,
    gameId: session.gameId,
    playMoney: session.playMoney,
    now: money.now,
  });
  // No second look for the id here: a concurrent request with the same id that got the lock
  // first makes this one's insert below conflict, which rolls all of this back (the wallet's
  // replay included) and answers what that one stored.
  const decision = await decideUnder(round);
  if (decision.round) await updateRound(money.tx, round.id, decision.round);
  if (decision.rolledBackBeforeArrival !== undefined) {
    const marked = await insertTransaction(
      money.tx,
      objectWith(transactionRow(ctx, money, session, request, round.id), {
        providerTransactionId: decision.rolledBackBeforeArrival,
        kind: 'bet' as const,
        requestHash: ROLLED_BACK_MARKER,
        referenceTransactionId: request.transactionId,
        status: 'RS_ERROR_TRANSACTION_ROLLED_BACK' as const,
        answer: refusal('RS_ERROR_TRANSACTION_ROLLED_BACK', { user: request.user }),
      }),
    );
    if (!marked) throw new TransactionIdTaken();
  }
  const inserted = await insertTransaction(
    money.tx,
    objectWith(transactionRow(ctx, money, session, request, round.id), {
      requestHash: hash,
      amountPaise: 'amount' in request ? BigInt(request.amount) : 0n,
      appliedPaise: decision.appliedPaise,
      status: decision.answer.status,
      answer: decision.answer,
      walletOperationId: decision.walletOperationId,
    }),
  );
  if (!inserted) throw new TransactionIdTaken();
  return decision.answer;
}

function transactionRow(
  ctx: OperationContext,
  money: WalletContext,
  session: SessionRow,
  request: TransactionRequest,
  roundId: number,
) {
  return {
    providerId: ctx.providerId,
    providerTransactionId: request.transactionId,
    kind: request.kind as CasinoTransactionKind,
    requestHash: '',
    roundId,
    providerRoundId: request.roundId,
    playerId: session.playerId,
    gameId: session.gameId,
    amountPaise: 0n,
    appliedPaise: 0n,
    referenceTransactionId:
      'referenceTransactionId' in request ? (request.referenceTransactionId ?? null) : null,
    status: '',
    answer: {},
    walletOperationId: null,
    createdAt: money.now,
  };
}

async function decide(
  ctx: OperationContext,
  money: WalletContext,
  session: SessionRow,
  request: TransactionRequest,
  currency: Currency,
  round: RoundRow,
): Promise<Decision> {
  const fields = { requestId: request.requestId, user: request.user, currency };
  const refuse = async (
    status: CasinoProviderStatus,
    message?: string,
    limit?: LimitRefusal,
  ): Promise<Decision> => ({
    answer: refusal(
      status,
      objectWith(
        objectWith(fields, {
          balance: Number(await casinoBalancePaise(ctx, session.playerId, money)),
        }),
        limit ? { refusal: limit } : {},
      ),
      message,
    ),
    appliedPaise: 0n,
    walletOperationId: null,
  });
  const ops = ctx.wallet.within(money);
  if (request.kind !== 'rollback') {
    const rule = ctx.wallet.policies.roundRule;
    const plan = planBetOrWin(ctx.providerId, round, session, request, ctx, rule);
    if (plan.refused !== null && plan.unstored) {
      throw new UnstoredRefusal((await refuse(plan.refused, plan.message)).answer);
    }
    if (plan.refused !== null) return refuse(plan.refused, plan.message, plan.refusal);
    // Not enough cash for a bet is found by the wallet's guarded debit, which rolls this
    // transaction back: transaction() then stores RS_ERROR_NOT_ENOUGH_MONEY on its own.
    const moved =
      plan.move.operation === 'stake'
        ? await ops.stake(plan.move.input)
        : await ops.win(plan.move.input);
    if (!moved.ok) {
      const refused = walletRefusal(moved);
      return refuse(refused.status, undefined, refused.refusal);
    }
    const answer = okAnswer(
      fields,
      objectWith(moved, { balancePaise: await casinoBalancePaise(ctx, session.playerId, money) }),
    );
    return {
      answer:
        plan.creditedPaise === null
          ? answer
          : objectWith(answer, { credited: Number(plan.creditedPaise) }),
      appliedPaise: plan.appliedPaise,
      walletOperationId: Number(moved.operationId),
      round: objectWith(objectWith(round, plan.round), plan.closes ? { closedAt: money.now } : {}),
    };
  }
  if (round.gameId !== session.gameId) {
    return refuse('RS_ERROR_WRONG_SYNTAX', 'The round id belongs to another game.');
  }
  const base = walletMoveBase(ctx.providerId, request, session.playerId);

  // rollback: only a bet of this round and player, accepted, not yet refunded.
  const target = await findTransaction(money.tx, ctx.providerId, request.referenceTransactionId);
  if (target) {
    if (target.requestHash === ROLLED_BACK_MARKER) {
      return refuse('RS_ERROR_TRANSACTION_ROLLED_BACK', 'The bet was already rolled back.');
    }
    if (
      target.kind !== 'bet' ||
      target.playerId !== session.playerId ||
      target.providerRoundId !== request.roundId
    ) {
      return refuse('RS_ERROR_TRANSACTION_DOES_NOT_EXIST', 'No such bet in this round.');
    }
    if (target.status !== 'RS_OK') {
      return refuse(
        'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
        'The bet was refused: nothing to refund.',
      );
    }
  }
  if (round.status === 'closed') return refuse('RS_ERROR_ROUND_CLOSED');
  const rolled = await ops.rollback(
    objectWith(base, {
      targetExternalId: walletExternalId(ctx.providerId, request.referenceTransactionId),
      description: `Casino rollback ${request.gameId} (${request.roundId})`,
    }),
  );
  if (!rolled.ok) {
    const refused = await refuse(WALLET_STATUS[rolled.code]);
    if (rolled.code !== 'NOT_FOUND' || target) return refused;
    // The wallet kept its marker; ours answers the late bet before it reaches the money. A
    // round with nothing staked or won is, for its history, a rolled-back one.
    const empty = round.stakedPaise === 0n && round.wonPaise === 0n;
    return objectWith(
      objectWith(refused, { rolledBackBeforeArrival: request.referenceTransactionId }),
      empty ? { round: objectWith(round, { status: 'rolled_back' as const }) } : {},
    );
  }
  if (!target) throw new Error('the wallet refunded a bet the casino never stored');
  const refundedPaise = target.appliedPaise;
  const stakedPaise = round.stakedPaise - refundedPaise;
  return {
    answer: okAnswer(
      fields,
      objectWith(rolled, { balancePaise: await casinoBalancePaise(ctx, session.playerId, money) }),
    ),
    appliedPaise: refundedPaise,
    walletOperationId: Number(rolled.operationId),
    round: objectWith(round, {
      status: stakedPaise === 0n && round.wonPaise === 0n ? 'rolled_back' : round.status,
      stakedPaise,
      refundedPaise: round.refundedPaise + refundedPaise,
    }),
  };
}

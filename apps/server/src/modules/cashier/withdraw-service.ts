import { objectWith } from '@spm/core';
import {
  CASHIER_MESSAGES,
  CRYPTO_ADDRESS_RULES,
  PLAYER_TIME_ZONE,
  type WithdrawAnswer,
  type WithdrawCreateBody,
  type WithdrawDynamicBody,
  type WithdrawInfo,
  type WithdrawStatus,
  type Withdrawal,
} from '@spm/contract';
import {
  paiseToPoints,
  pointsToPaise,
  shareOfPaise,
  withdrawablePaise,
  type Paise,
  type WalletView,
} from '@spm/core';
import { AppError, fieldError } from '../../http/app-error.ts';
import { insertAudit } from '../../audit/audit-repository.ts';
import { findLiveBankDetail } from './bank-repository.ts';
import { kycStatusOf } from './kyc-repository.ts';
import {
  countPendingWithdrawals,
  decideWithdrawRequest,
  findWithdrawByKey,
  findWithdrawRequest,
  insertWithdrawRequest,
  listWithdrawRequests,
  lockPlayerWithdrawals,
  type NewWithdrawRequestRow,
  type WithdrawRequestRow,
} from './withdraw-repository.ts';
import { requireGatewayRow, toGateway } from './gateway-service.ts';
import {
  getVersionedWallet,
  getWalletView,
  holdWithdrawal,
  releaseWithdrawal,
  requestHash,
  toWallet,
  walletAt,
  walletTransaction,
  type WalletContext,
} from '../wallet/index.ts';
import type { ServiceDeps } from '../../deps.ts';
import { checkWithdrawOtp, consumeWithdrawOtp, withdrawPhoneOf } from '../identity/index.ts';
import { toWithdrawal, type WithdrawDestination } from './withdraw-view.ts';

/*
 * Player withdrawals (issue 6, docs/cashier.md). A request moves its amount from cash to the
 * player's withdrawal_hold in the transaction that stores it; staff then pay it out of the
 * hold (approve) or give it back (decline), or the player cancels it while still pending.
 * Every one of those is a conditional `pending -> x` update plus keyed ledger postings in one
 * transaction, so the hold leaves exactly once whatever races.
 */

/** A request to place, after the checks that need no transaction. */
interface PreparedWithdrawal {
  amountPaise: Paise;
  extraPaise: Paise;
  destinationType: WithdrawRequestRow['destinationType'];
  bankDetailId: number | null;
  gatewayCode: string | null;
  destination: WithdrawDestination;
  idempotencyKey: string;
  requestHash: string;
}

/** The player's (player, key) was taken by an earlier request while this one ran. */
class KeyTaken extends Error {}

export async function getWithdrawInfo(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  playerId: number,
): Promise<WithdrawInfo> {
  const { cashier } = deps.config;
  const [view, kycStatus, pendingCount] = await Promise.all([
    getWalletView(deps.db, playerId),
    kycStatusOf(deps.db, playerId),
    countPendingWithdrawals(deps.db, playerId),
  ]);
  return {
    withdrawable: paiseToPoints(withdrawablePaise(view)),
    minAmount: cashier.withdrawMinPoints,
    maxAmount: cashier.withdrawMaxPoints,
    kycRequiredAbove: cashier.kycRequiredAbovePoints,
    kycStatus,
    pendingCount,
    maxPending: cashier.withdrawMaxPending,
  };
}

function toPaise(points: number): Paise {
  const parsed = pointsToPaise(points);
  if (!parsed.ok || parsed.paise <= 0n) throw fieldError('amount', CASHIER_MESSAGES.amountPositive);
  return parsed.paise;
}

function assertWithin(amountPaise: Paise, minPaise: Paise, maxPaise: Paise): void {
  if (amountPaise < minPaise) throw new AppError('AMOUNT_BELOW_MIN');
  if (amountPaise > maxPaise) throw new AppError('AMOUNT_ABOVE_MAX');
}

const wholePointsPaise = (points: number) => BigInt(points) * 100n;

/**
 * The same key answers the request it made, as that request stands now (it may have been
 * decided since) with today's wallet; under another body the key is refused.
 */
async function replayOf(
  deps: Pick<ServiceDeps, 'db'>,
  playerId: number,
  idempotencyKey: string,
  hash: string,
): Promise<WithdrawAnswer | undefined> {
  const known = await findWithdrawByKey(deps.db, playerId, idempotencyKey);
  if (!known) return undefined;
  if (known.requestHash !== hash) throw new AppError('IDEMPOTENCY_MISMATCH');
  return { withdrawal: toWithdrawal(known), wallet: await getVersionedWallet(deps.db, playerId) };
}

/**
 * The checks every destination shares, in the order the player should meet them: KYC above
 * the threshold, the pending limit, then the OTP (last: a refused request should not cost
 * the player a try of the code when something else was wrong).
 */
async function checkCommonRules(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  playerId: number,
  amountPaise: Paise,
  otp: string,
): Promise<string> {
  const { cashier } = deps.config;
  if (amountPaise > wholePointsPaise(cashier.kycRequiredAbovePoints)) {
    if ((await kycStatusOf(deps.db, playerId)) !== 'approved') throw new AppError('KYC_REQUIRED');
  }
  if ((await countPendingWithdrawals(deps.db, playerId)) >= cashier.withdrawMaxPending) {
    throw new AppError('PENDING_REQUESTS_LIMIT');
  }
  const { phone } = await withdrawPhoneOf(deps, playerId);
  return checkWithdrawOtp(deps, phone, otp);
}

/**
 * One transaction: the request row, the OTP used up, cash -> withdrawal_hold, the audit row.
 * Not enough money rolls all of it back, the code included, so the player may retry with
 * the same code after topping up or lowering the amount.
 */
async function placeWithdrawal(
  deps: ServiceDeps,
  playerId: number,
  prepared: PreparedWithdrawal,
  otpCodeId: string,
  ip: string,
): Promise<WithdrawAnswer> {
  const run = () =>
    walletTransaction(deps, (ctx) =>
      holdWithin(ctx, {
        playerId,
        prepared,
        otpCodeId,
        ip,
        maxPending: deps.config.cashier.withdrawMaxPending,
      }),
    );
  let result: Awaited<ReturnType<typeof run>>;
  try {
    result = await run();
  } catch (error) {
    if (!(error instanceof KeyTaken)) throw error;
    const replay = await replayOf(deps, playerId, prepared.idempotencyKey, prepared.requestHash);
    if (!replay) throw new Error('withdraw key taken but no request found', { cause: error });
    return replay;
  }
  if (!result.ok) {
    if (result.code === 'INSUFFICIENT_FUNDS') throw new AppError('INSUFFICIENT_FUNDS');
    throw new Error(`withdrawal hold refused by the ledger: ${result.code}`);
  }
  return { withdrawal: toWithdrawal(result.row), wallet: walletAt(result.after, result.version) };
}

async function holdWithin(
  ctx: WalletContext,
  input: {
    playerId: number;
    prepared: PreparedWithdrawal;
    otpCodeId: string;
    ip: string;
    maxPending: number;
  },
) {
  const { playerId, prepared, ip } = input;
  const { amountPaise } = prepared;
  await lockPlayerWithdrawals(ctx.tx, playerId);
  const row = await insertWithdrawRequest(ctx.tx, {
    playerId,
    amountPaise,
    extraPaise: prepared.extraPaise,
    destinationType: prepared.destinationType,
    bankDetailId: prepared.bankDetailId,
    gatewayCode: prepared.gatewayCode,
    destination: prepared.destination,
    idempotencyKey: prepared.idempotencyKey,
    requestHash: prepared.requestHash,
    createdAt: ctx.now,
  } satisfies NewWithdrawRequestRow);
  if (!row) throw new KeyTaken();
  // Counted again under the lock, this request included: the early check may have raced.
  const pending = await countPendingWithdrawals(ctx.tx, playerId);
  if (pending > input.maxPending) {
    throw new AppError('PENDING_REQUESTS_LIMIT');
  }
  await consumeWithdrawOtp(ctx.tx, input.otpCodeId, ctx.now);
  const posted = await holdWithdrawal(ctx, { requestId: row.id, playerId, amountPaise });
  const after = posted.wallet;
  await insertAudit(ctx.tx, {
    actorType: 'player',
    actorId: String(playerId),
    action: 'withdrawal.request',
    targetType: 'withdrawal',
    targetId: String(row.id),
    before: { wallet: walletBefore(after, -amountPaise, amountPaise) },
    after: {
      wallet: toWallet(after),
      withdrawal: toWithdrawal(row),
      transactionId: posted.transactionId,
    },
    reason: null,
    ip,
    createdAt: ctx.now,
  });
  return { ok: true as const, row, after, version: posted.walletVersion };
}

/** POST /withdrawRequest/create: to one of the player's own live bank details. */
export async function createWithdrawal(
  deps: ServiceDeps,
  playerId: number,
  body: WithdrawCreateBody,
  ip: string,
): Promise<WithdrawAnswer> {
  const amountPaise = toPaise(body.amount);
  // The OTP is proof of who asks, not part of what is asked: a retry may carry a fresh one.
  const hash = requestHash({ to: 'bank', bankId: body.bankId, amountPaise });
  const replay = await replayOf(deps, playerId, body.idempotencyKey, hash);
  if (replay) return replay;

  const bank = await findLiveBankDetail(deps.db, playerId, Number(body.bankId));
  if (!bank) throw new AppError('BANK_DETAIL_NOT_FOUND');
  const { cashier } = deps.config;
  assertWithin(
    amountPaise,
    wholePointsPaise(cashier.withdrawMinPoints),
    wholePointsPaise(cashier.withdrawMaxPoints),
  );
  const otpCodeId = await checkCommonRules(deps, playerId, amountPaise, body.otp);
  return placeWithdrawal(
    deps,
    playerId,
    {
      amountPaise,
      extraPaise: 0n,
      destinationType: bank.type,
      bankDetailId: bank.id,
      gatewayCode: null,
      // Where the money goes is fixed now: a later edit of the detail changes no request.
      destination: {
        type: bank.type,
        accountNo: bank.accountNo,
        accountName: bank.accountName,
        ifscCode: bank.ifscCode,
        bankName: bank.bankName,
        iban: bank.iban,
      },
      idempotencyKey: body.idempotencyKey,
      requestHash: hash,
    },
    otpCodeId,
    ip,
  );
}

/**
 * POST /withdrawRequest/dynamic: to an address on a withdraw-enabled gateway, within that
 * gateway's limits. SPEC 9's crypto extra (the gateway's withdraw_extra_bps of the amount) is
 * paid by the house on top, from the bonus pool, when staff approve.
 */
export async function createDynamicWithdrawal(
  deps: ServiceDeps,
  playerId: number,
  body: WithdrawDynamicBody,
  ip: string,
): Promise<WithdrawAnswer> {
  const amountPaise = toPaise(body.amount);
  const hash = requestHash({
    to: 'gateway',
    gateway: body.gateway,
    address: body.address,
    amountPaise,
  });
  const replay = await replayOf(deps, playerId, body.idempotencyKey, hash);
  if (replay) return replay;

  const gateway = await requireGatewayRow(deps.db, body.gateway, 'withdraw');
  assertWithin(amountPaise, gateway.minWithdrawPaise, gateway.maxWithdrawPaise);
  const network = toGateway(gateway).payTo.network;
  if (network !== null) {
    const rule = CRYPTO_ADDRESS_RULES[network];
    if (!rule.pattern.test(body.address)) throw fieldError('address', rule.message);
  }
  const otpCodeId = await checkCommonRules(deps, playerId, amountPaise, body.otp);
  return placeWithdrawal(
    deps,
    playerId,
    {
      amountPaise,
      extraPaise: shareOfPaise(amountPaise, gateway.withdrawExtraBps),
      destinationType: 'crypto',
      bankDetailId: null,
      gatewayCode: gateway.code,
      destination: { address: body.address, network, gateway: gateway.code },
      idempotencyKey: body.idempotencyKey,
      requestHash: hash,
    },
    otpCodeId,
    ip,
  );
}

/** GET /withdrawRequest/get: the player's own requests, newest first. */
export async function listWithdrawals(
  deps: Pick<ServiceDeps, 'db'>,
  playerId: number,
  query: {
    page: number;
    pageSize: number;
    status?: WithdrawStatus | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
): Promise<{ items: Withdrawal[]; page: number; pageSize: number; total: number }> {
  const { rows, total } = await listWithdrawRequests(deps.db, {
    playerId,
    status: query.status,
    fromDate: query.from,
    toDate: query.to,
    timeZone: PLAYER_TIME_ZONE,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return {
    items: rows.map((row) => toWithdrawal(row.request)),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/**
 * withdrawal_hold -> cash for a pending request the player cancels or staff decline
 * (money-operations `releaseWithdrawal`: both share its key, so the hold leaves once).
 */
export function releaseHeldWithdrawal(
  ctx: WalletContext,
  row: WithdrawRequestRow,
  description: string,
  actorStaffId?: number,
) {
  return releaseWithdrawal(ctx, {
    requestId: row.id,
    playerId: row.playerId,
    amountPaise: row.amountPaise,
    description,
    actorStaffId,
  });
}

/** After a conditional update found nothing: not there (or not theirs), or decided already. */
export async function explainUndecidable(
  ctx: WalletContext,
  id: number,
  playerId?: number,
): Promise<never> {
  const existing = await findWithdrawRequest(ctx.tx, id);
  if (!existing || (playerId !== undefined && existing.playerId !== playerId)) {
    throw new AppError('WITHDRAWAL_NOT_FOUND');
  }
  throw new AppError('REQUEST_ALREADY_DECIDED');
}

/**
 * The player's wallet before a posting that moved `deltaPaise` into available cash and
 * `holdDeltaPaise` into the withdrawal hold (the rest of the wallet did not move).
 */
export function walletBefore(after: WalletView, deltaPaise: Paise, holdDeltaPaise: Paise) {
  return toWallet(
    objectWith(after, {
      balancePaise: after.balancePaise - deltaPaise,
      withdrawalHoldPaise: after.withdrawalHoldPaise - holdDeltaPaise,
      cashPaise: after.cashPaise - deltaPaise - holdDeltaPaise,
    }),
  );
}

/** POST /withdrawRequest/cancel: the player's own pending request; the hold goes back. */
export async function cancelWithdrawal(
  deps: ServiceDeps,
  playerId: number,
  id: number,
  ip: string,
): Promise<WithdrawAnswer> {
  const result = await walletTransaction(deps, async (ctx) => {
    const row = await decideWithdrawRequest(ctx.tx, id, {
      status: 'cancelled',
      now: ctx.now,
      staffId: null,
      reason: null,
      note: null,
      playerId,
    });
    if (!row) return explainUndecidable(ctx, id, playerId);
    const posted = await releaseHeldWithdrawal(ctx, row, `Withdrawal #${row.id} cancelled`);
    const after = posted.wallet;
    await insertAudit(ctx.tx, {
      actorType: 'player',
      actorId: String(playerId),
      action: 'withdrawal.cancel',
      targetType: 'withdrawal',
      targetId: String(row.id),
      before: { status: 'pending', wallet: walletBefore(after, row.amountPaise, -row.amountPaise) },
      after: { status: row.status, wallet: toWallet(after), transactionId: posted.transactionId },
      reason: null,
      ip,
      createdAt: ctx.now,
    });
    return { ok: true as const, row, after, version: posted.walletVersion };
  });
  if (!result.ok) throw new Error(`withdrawal release refused by the ledger: ${result.code}`);
  return { withdrawal: toWithdrawal(result.row), wallet: walletAt(result.after, result.version) };
}

import { randomBytes } from 'node:crypto';
import {
  CRYPTO_NETWORKS,
  FASTPAY_SIGNATURE_HEADER,
  FASTPAY_TIMESTAMP_HEADER,
  GATEWAY_CURRENCIES,
  GATEWAY_KINDS,
  fastpayCallbackBodySchema,
  type CryptoNetwork,
  type FastpayAnswer,
  type DepositStatus,
  type FieldIssue,
} from '@spm/contract';
import { pointsToPaise, toGatewayAmount } from '@spm/core';
import type { Db } from '../../db/database.ts';
import {
  verifyCallbackSignature,
  type CreatedPayment,
  type PaymentGateway,
} from './payment-gateway.ts';
import { AppError, fieldError } from '../../http/app-error.ts';
import { insertAudit } from '../../audit/audit-repository.ts';
import {
  countPendingDeposits,
  findDeposit,
  findDepositForUpdate,
  reserveDepositId,
  type DepositRow,
} from './deposit-repository.ts';
import {
  findGatewayRow,
  insertSettingIfAbsentAndRead,
  type GatewayRow,
} from './gateway-repository.ts';
import { approveWithin, declineWithin } from './deposit-decision-service.ts';
import {
  amountToPaise,
  refuseDepositAhead,
  checkDepositAmount,
  expireDueDeposits,
  holdPendingSlot,
  insertPendingDeposit,
  toDeposit,
} from './deposit-service.ts';
import { requireGatewayRow } from './gateway-service.ts';
import { walletTransaction } from '../wallet/index.ts';
import type { RequestOrigin, ServiceDeps } from '../../deps.ts';
import { MINUTE_MS } from '../../deps.ts';
import type { AuthContext } from '../identity/index.ts';

/*
 * The automated gateway (issue 6, docs/cashier.md): POST /api/deposit/fastpayme creates a
 * pending deposit and a payment at the gateway; the gateway's signed callback approves or
 * declines it. Callbacks are idempotent on (gateway, txnId) and the credit is keyed by the
 * deposit id, so a replay never credits twice.
 */

/** The callback route, under /api. */
export const FASTPAY_CALLBACK_ROUTE = '/deposit/fastpayme/callback';
/** Where the gateway's pay page sends the player back to: their deposit list. */
export const FASTPAY_RETURN_PATH = '/deposit/list';
export const FASTPAY_SECRET_SETTING = 'internal.fastpaySecret';
export const PAYMENT_FAILED_REASON = 'Payment failed at the gateway';
export const PAYMENT_CANCELLED_REASON = 'Cancelled by the player at the gateway';

const secrets = new WeakMap<Db, Promise<string>>();

/**
 * The HMAC secret of callbacks: FASTPAY_SECRET, or else one generated at first use and kept
 * in app_settings (insert if absent, read back) so every process on the database agrees.
 * getAppDetails only answers the known public keys, so this row never leaves the server.
 */
export function fastpaySecret(deps: Pick<ServiceDeps, 'db' | 'config'>): Promise<string> {
  const configured = deps.config.cashier.fastpaySecret;
  if (configured !== undefined) return Promise.resolve(configured);
  let secret = secrets.get(deps.db);
  if (!secret) {
    secret = insertSettingIfAbsentAndRead(
      deps.db,
      FASTPAY_SECRET_SETTING,
      randomBytes(32).toString('hex'),
    ).then((value) => {
      if (typeof value !== 'string' || value.length < 32) {
        throw new Error(`app setting ${FASTPAY_SECRET_SETTING} is not a usable secret`);
      }
      return value;
    });
    secrets.set(deps.db, secret);
    // A failed read is retried on the next call instead of being remembered.
    secret.catch(() => secrets.delete(deps.db));
  }
  return secret;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null | undefined) =>
  value !== null && value !== undefined && (values as readonly string[]).includes(value)
    ? (value as T)
    : null;

/** Refuses what the player could not deposit anyway, before a payment opens at the gateway. */
async function refuseFastpayDepositEarly(
  deps: ServiceDeps,
  row: GatewayRow,
  playerId: number,
  amountPaise: bigint,
): Promise<void> {
  checkDepositAmount(row, amountPaise);
  await refuseDepositAhead(deps, playerId, amountPaise);
  // Early refusal, before a payment is opened at the gateway; re-checked under lock later.
  await expireDueDeposits(deps, { playerId });
  if ((await countPendingDeposits(deps.db, playerId)) >= deps.config.cashier.depositMaxPending) {
    throw new AppError('PENDING_REQUESTS_LIMIT');
  }
}

/** The payment at the gateway for the reserved deposit id; its failure stores nothing. */
async function openGatewayPayment(
  deps: ServiceDeps,
  gateway: PaymentGateway,
  row: GatewayRow,
  deposit: { id: number; playerId: number; amountPaise: bigint },
) {
  const payAmount = toGatewayAmount(deposit.amountPaise, row.unitPricePaise);
  const currency = oneOf(GATEWAY_CURRENCIES, row.currency) ?? 'INR';
  const network = oneOf<CryptoNetwork>(CRYPTO_NETWORKS, row.payTo.network);
  try {
    const created = await gateway.createPayment({
      depositId: deposit.id,
      playerId: deposit.playerId,
      amountPaise: deposit.amountPaise,
      payAmount,
      currency,
      kind: oneOf(GATEWAY_KINDS, row.kind) ?? 'crypto',
      network,
      returnUrl: FASTPAY_RETURN_PATH,
    });
    return { created, payAmount, currency };
  } catch (error) {
    deps.log.error(
      { err: error, gateway: gateway.name, depositId: deposit.id },
      'gateway createPayment failed',
    );
    throw new AppError('GATEWAY_UNAVAILABLE', undefined, { cause: error });
  }
}

/** Our pending row for the payment, under the player's pending-slot lock. */
async function insertFastpayDeposit(
  deps: ServiceDeps,
  row: GatewayRow,
  deposit: { id: number; playerId: number; amountPaise: bigint },
  created: CreatedPayment,
  origin: RequestOrigin,
): Promise<DepositRow> {
  const now = deps.clock.now();
  const afterCommit: (() => void)[] = [];
  const inserted = await deps.db.transaction(async (tx) => {
    await holdPendingSlot(tx, deps, deposit.playerId, now, afterCommit);
    return insertPendingDeposit(
      tx,
      {
        id: deposit.id,
        playerId: deposit.playerId,
        gatewayCode: row.code,
        automated: true,
        amountPaise: deposit.amountPaise,
        status: 'pending',
        gatewayTxnId: created.gatewayTxnId,
        payUrl: created.payUrl,
        payAddress: created.payAddress,
        network: created.network,
        expiresAt: new Date(
          now.getTime() + deps.config.cashier.gatewayPaymentExpiryMinutes * MINUTE_MS,
        ),
        createdAt: now,
      },
      { playerId: deposit.playerId, ip: origin.ip, now },
    );
  });
  for (const emit of afterCommit) emit();
  return inserted;
}

/**
 * POST /api/deposit/fastpayme. The payment is created at the gateway before our row (the
 * gateway call must not sit inside a database transaction); the row takes the id reserved
 * for it. A gateway failure is 502 GATEWAY_UNAVAILABLE with nothing stored.
 */
export async function startFastpayDeposit(
  deps: ServiceDeps,
  gateway: PaymentGateway | undefined,
  player: AuthContext,
  body: { gateway: string; amount: number },
  origin: RequestOrigin,
): Promise<FastpayAnswer> {
  const amountPaise = amountToPaise(body.amount);
  const row = await requireGatewayRow(deps.db, body.gateway, 'deposit');
  if (row.adapter !== 'fastpay') {
    throw fieldError('gateway', 'This payment method needs a payment proof: use /deposit/create.');
  }
  // No adapter serves automated gateways (GATEWAY_SIMULATOR off and no real one configured).
  if (gateway === undefined) throw new AppError('GATEWAY_DISABLED');
  await refuseFastpayDepositEarly(deps, row, player.userId, amountPaise);

  const reserved = { id: await reserveDepositId(deps.db), playerId: player.userId, amountPaise };
  const { created, payAmount, currency } = await openGatewayPayment(deps, gateway, row, reserved);
  const deposit = await insertFastpayDeposit(deps, row, reserved, created, origin);
  return {
    deposit: toDeposit(deposit, row.name),
    payUrl: created.payUrl,
    payAddress: created.payAddress,
    network: created.network,
    payAmount: Number(payAmount),
    currency,
  };
}

export interface CallbackRequest {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface CallbackAnswer {
  depositId: string;
  status: DepositStatus;
  duplicate: boolean;
}

const header = (headers: CallbackRequest['headers'], name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Verifies, then parses: an unsigned body is never even looked at. */
async function readCallback(deps: ServiceDeps, request: CallbackRequest) {
  const check = verifyCallbackSignature({
    secret: await fastpaySecret(deps),
    signature: header(request.headers, FASTPAY_SIGNATURE_HEADER),
    timestamp: header(request.headers, FASTPAY_TIMESTAMP_HEADER),
    rawBody: request.rawBody,
    nowMs: deps.clock.now().getTime(),
  });
  if (!check.ok) {
    deps.log.warn({ why: check.why }, 'fastpay callback refused');
    throw new AppError('SIGNATURE_INVALID');
  }
  let json: unknown;
  try {
    json = JSON.parse(request.rawBody);
  } catch {
    throw new AppError('BAD_REQUEST', 'The callback body is not JSON.');
  }
  const parsed = fastpayCallbackBodySchema.safeParse(json);
  if (!parsed.success) {
    const issues: FieldIssue[] = parsed.error.issues.map((issue) => ({
      field: issue.path.join('.') || 'body',
      message: issue.message,
    }));
    throw new AppError('VALIDATION_FAILED', undefined, { issues });
  }
  return parsed.data;
}

/**
 * POST /api/deposit/fastpayme/callback. `paid` approves (credit like a staff approval,
 * decided by the system) when the amount matches; `failed` declines; `cancelled` (the
 * player's own cancel at the gateway) ends it as cancelled, which is not a failure. A callback for a
 * deposit already in its final state changes nothing and says `duplicate: true`.
 */
export async function handleFastpayCallback(
  deps: ServiceDeps,
  request: CallbackRequest,
): Promise<CallbackAnswer> {
  const body = await readCallback(deps, request);
  const id = Number(body.merchantReference);
  const known = await findDeposit(deps.db, id);
  const gateway = known ? await findGatewayRow(deps.db, known.gatewayCode) : undefined;
  if (
    !known ||
    !known.automated ||
    known.gatewayTxnId !== body.txnId ||
    gateway?.adapter !== 'fastpay'
  ) {
    throw new AppError('DEPOSIT_NOT_FOUND');
  }
  if (body.status === 'paid') {
    const paid = pointsToPaise(body.amount);
    if (!paid.ok || paid.paise !== known.amountPaise) {
      // Left pending: staff look at what arrived and decide by hand.
      deps.log.warn(
        { depositId: id, txnId: body.txnId, amount: body.amount },
        'fastpay callback amount differs from the request',
      );
      if (known.status !== 'approved') throw new AppError('CALLBACK_AMOUNT_MISMATCH');
    }
  }

  const source = `fastpay:${body.txnId}`;
  const result = await walletTransaction(deps, async (ctx): Promise<CallbackAnswer> => {
    const row = await findDepositForUpdate(ctx.tx, id);
    if (!row) throw new AppError('DEPOSIT_NOT_FOUND');
    const unchanged = (): CallbackAnswer => ({
      depositId: String(id),
      status: row.status,
      duplicate: true,
    });
    if (body.status === 'paid') {
      if (row.status === 'approved') return unchanged();
      if (row.status === 'declined' || row.status === 'cancelled') {
        // Money arrived for a request someone declined or the player cancelled: keep a trace
        // for staff to sort out.
        await insertAudit(ctx.tx, {
          actorType: 'system',
          actorId: source,
          action: 'deposit.callback_conflict',
          targetType: 'deposit',
          targetId: String(id),
          before: { status: row.status },
          after: { callback: body },
          reason: `Paid at the gateway after it was ${row.status}`,
          createdAt: ctx.now,
        });
        ctx.afterCommit.push(() =>
          deps.log.warn(
            { depositId: id, txnId: body.txnId },
            'paid callback for a declined deposit',
          ),
        );
        return unchanged();
      }
      const approved = await approveWithin(ctx, deps, id, {
        from: row.status,
        decider: { type: 'system', source },
        note: row.status === 'expired' ? 'Paid at the gateway after it expired' : null,
      });
      return { depositId: String(id), status: approved?.status ?? row.status, duplicate: false };
    }
    if (row.status !== 'pending') return unchanged();
    const cancelled = body.status === 'cancelled';
    const declined = await declineWithin(ctx, deps, id, {
      decider: { type: 'system', source },
      reason: cancelled ? PAYMENT_CANCELLED_REASON : PAYMENT_FAILED_REASON,
      note: null,
      status: cancelled ? 'cancelled' : 'declined',
    });
    return { depositId: String(id), status: declined?.status ?? row.status, duplicate: false };
  });
  if ('ok' in result) throw new Error(`deposit credit refused by the ledger: ${result.code}`);
  return result;
}

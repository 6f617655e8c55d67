import { objectWith } from '@spm/core';
import {
  PLAYER_TIME_ZONE,
  type Deposit,
  type DepositCreateFields,
  type StaffDeposit,
} from '@spm/contract';
import { paiseToPoints, pointsToPaise, type Paise } from '@spm/core';
import type { DbHandle } from '../../db/database.ts';
import { uniqueViolationConstraint } from '../../db/errors.ts';
import { AppError, fieldError } from '../../http/app-error.ts';
import { insertAudit } from '../../audit/audit-repository.ts';
import {
  countPendingDeposits,
  DEPOSIT_REFERENCE_KEY,
  expireDuePending,
  findDepositListRow,
  insertDeposit,
  listDeposits,
  lockPlayerRow,
  type DepositListRow,
  type DepositRow,
  type DepositStatus,
  type NewDepositRow,
} from './deposit-repository.ts';
import type { GatewayRow } from './gateway-repository.ts';
import type { ReceivedFile } from '../../uploads/multipart.ts';
import { storeUpload, withUploadCleanup } from '../../uploads/upload-store.ts';
import { requireGatewayRow } from './gateway-service.ts';
import { depositRefusalAhead, storeNotification, templatedNotification } from '../wallet/index.ts';
import type { RequestOrigin, ServiceDeps } from '../../deps.ts';
import { MINUTE_MS } from '../../deps.ts';
import { startSweeper } from '../../sweeper.ts';
import type { AuthContext, StaffContext } from '../identity/index.ts';
import { assertRequestVisible, visiblePlayersOf } from '../identity/index.ts';

/*
 * Deposits (issue 6, docs/cashier.md): a player's request, pending until staff (manual
 * gateways) or the gateway's callback (automated ones) decide it, or until it expires.
 * No money moves until approval (deposit-decision-service.ts).
 */

export const EXPIRED_MANUAL_REASON = 'Expired: no decision in time';
export const EXPIRED_AUTOMATED_REASON = 'Expired: not paid in time';

const points = (paise: Paise) => paiseToPoints(paise);
const pointsText = (paise: Paise) => paiseToPoints(paise).toFixed(2);

/** A row as the player sees it. */
export function toDeposit(row: DepositRow, gatewayName: string): Deposit {
  return {
    id: String(row.id),
    gateway: row.gatewayCode,
    gatewayName,
    amount: points(row.amountPaise),
    bonus: points(row.bonusPaise),
    reference: row.reference,
    status: row.status,
    reason: row.reason,
    automated: row.automated,
    // Only worth following while the payment can still be made.
    payUrl: row.automated && row.status === 'pending' ? row.payUrl : null,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export function toStaffDeposit(row: DepositListRow): StaffDeposit {
  const { deposit } = row;
  return objectWith(toDeposit(deposit, row.gatewayName), {
    // The pay address is the player's capability to pay (and cancel): never shown to staff.
    payUrl: null,
    playerId: String(deposit.playerId),
    username: row.username,
    decidedBy: row.decidedByUsername,
    note: deposit.note,
    proofUploadId: deposit.proofUploadId,
    gatewayTxnId: deposit.gatewayTxnId,
  });
}

/** Points on the wire to paise; the schemas already refused a third decimal. */
export function amountToPaise(amount: number): Paise {
  const parsed = pointsToPaise(amount);
  if (!parsed.ok || parsed.paise <= 0n) throw fieldError('amount', 'Not a valid amount');
  return parsed.paise;
}

/** The gateway's deposit limits. */
export function checkDepositAmount(gateway: GatewayRow, amountPaise: Paise): void {
  if (amountPaise < gateway.minDepositPaise) {
    throw new AppError(
      'AMOUNT_BELOW_MIN',
      `The minimum deposit with ${gateway.name} is ${pointsText(gateway.minDepositPaise)} points.`,
    );
  }
  if (amountPaise > gateway.maxDepositPaise) {
    throw new AppError(
      'AMOUNT_ABOVE_MAX',
      `The maximum deposit with ${gateway.name} is ${pointsText(gateway.maxDepositPaise)} points.`,
    );
  }
}

/**
 * Inside the request's transaction: the player's writes are serialised (row lock), their due
 * rows expired, then the pending count checked, so N parallel requests cannot pass a limit
 * of N - 1 together.
 */
export async function holdPendingSlot(
  tx: DbHandle,
  deps: Pick<ServiceDeps, 'config' | 'clock' | 'realtime'>,
  playerId: number,
  now: Date,
  afterCommit: (() => void)[],
): Promise<void> {
  await lockPlayerRow(tx, playerId);
  afterCommit.push(...(await expireWithin(tx, deps, now, { playerId })));
  if ((await countPendingDeposits(tx, playerId)) >= deps.config.cashier.depositMaxPending) {
    throw new AppError('PENDING_REQUESTS_LIMIT');
  }
}

/** A pending row and its audit line (actor: the player). */
export async function insertPendingDeposit(
  tx: DbHandle,
  row: NewDepositRow,
  origin: { playerId: number; ip: string; now: Date },
): Promise<DepositRow> {
  let inserted: DepositRow;
  try {
    inserted = await insertDeposit(tx, row);
  } catch (error) {
    if (uniqueViolationConstraint(error) === DEPOSIT_REFERENCE_KEY) {
      throw new AppError('REFERENCE_USED');
    }
    throw error;
  }
  await insertAudit(tx, {
    actorType: 'player',
    actorId: String(origin.playerId),
    action: 'deposit.create',
    targetType: 'deposit',
    targetId: String(inserted.id),
    before: null,
    after: {
      gateway: inserted.gatewayCode,
      amount: points(inserted.amountPaise),
      reference: inserted.reference,
      automated: inserted.automated,
      proofUploadId: inserted.proofUploadId,
      gatewayTxnId: inserted.gatewayTxnId,
    },
    ip: origin.ip,
    createdAt: origin.now,
  });
  return inserted;
}

/**
 * The wallet's deposit policies asked ahead, when the player asks to deposit (a deposit
 * limit, issue 42): a deposit they would refuse now is refused before anything is paid or
 * stored, with the limit and when it frees up. The credit asks again under the lock.
 */
export async function refuseDepositAhead(
  deps: ServiceDeps,
  playerId: number,
  amountPaise: Paise,
): Promise<void> {
  const refused = await depositRefusalAhead(deps.db, deps.wallet.policies, {
    playerId,
    amountPaise,
    now: deps.clock.now(),
  });
  if (refused) {
    throw new AppError(refused.code, undefined, {
      refusal: { limit: refused.limit, until: refused.until ? refused.until.toISOString() : null },
    });
  }
}

/**
 * POST /api/deposit/create: a manual deposit with its payment proof. Checks run before the
 * file is written; a refusal after it (reference taken, limit reached in a race) removes the
 * file again with the rolled-back rows.
 */
export async function createManualDeposit(
  deps: ServiceDeps,
  player: AuthContext,
  fields: DepositCreateFields,
  proof: ReceivedFile,
  origin: RequestOrigin,
): Promise<Deposit> {
  const amountPaise = amountToPaise(fields.amount);
  const gateway = await requireGatewayRow(deps.db, fields.gateway, 'deposit');
  if (gateway.adapter !== 'manual') {
    throw fieldError(
      'gateway',
      'This payment method is paid on its payment page: use /deposit/fastpayme.',
    );
  }
  checkDepositAmount(gateway, amountPaise);
  await refuseDepositAhead(deps, player.userId, amountPaise);
  const reference = fields.reference.toUpperCase();
  const now = deps.clock.now();
  const afterCommit: (() => void)[] = [];

  const row = await withUploadCleanup((track) =>
    deps.db.transaction(async (tx) => {
      await holdPendingSlot(tx, deps, player.userId, now, afterCommit);
      // Whoever held this reference on a request that has run out of time gives it back.
      afterCommit.push(...(await expireWithin(tx, deps, now, { reference })));
      const upload = track(
        await storeUpload(deps, tx, {
          playerId: player.userId,
          purpose: 'deposit_proof',
          file: proof,
          now,
        }),
      );
      return insertPendingDeposit(
        tx,
        {
          playerId: player.userId,
          gatewayCode: gateway.code,
          automated: false,
          amountPaise,
          reference,
          proofUploadId: upload.id,
          status: 'pending',
          expiresAt: new Date(now.getTime() + deps.config.cashier.depositExpiryMinutes * MINUTE_MS),
          createdAt: now,
        },
        { playerId: player.userId, ip: origin.ip, now },
      );
    }),
  );
  for (const emit of afterCommit) emit();
  return toDeposit(row, gateway.name);
}

export interface DepositListQuery {
  page: number;
  pageSize: number;
  status?: DepositStatus | undefined;
  gateway?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  playerId?: string | undefined;
}

/** GET /api/deposit/get: the player's own requests, newest first. */
export async function listPlayerDeposits(
  deps: ServiceDeps,
  playerId: number,
  query: DepositListQuery,
) {
  await expireDueDeposits(deps, { playerId });
  const { rows, total } = await listDeposits(
    deps.db,
    {
      playerId,
      status: query.status,
      gateway: query.gateway,
      fromDate: query.from,
      toDate: query.to,
      timeZone: PLAYER_TIME_ZONE,
    },
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  );
  return {
    items: rows.map((row) => toDeposit(row.deposit, row.gatewayName)),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/** GET /api/staff/deposits: every player's requests, newest first. */
export async function listStaffDeposits(
  deps: ServiceDeps,
  query: DepositListQuery,
  staff: Pick<StaffContext, 'role' | 'staffId'>,
) {
  await expireDueDeposits(deps, {});
  const { rows, total } = await listDeposits(
    deps.db,
    {
      playerId: query.playerId === undefined ? undefined : Number(query.playerId),
      status: query.status,
      gateway: query.gateway,
      fromDate: query.from,
      toDate: query.to,
      timeZone: PLAYER_TIME_ZONE,
      visiblePlayers: visiblePlayersOf(staff),
    },
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  );
  return {
    items: rows.map(toStaffDeposit),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

export async function getStaffDeposit(
  deps: Pick<ServiceDeps, 'db'>,
  id: number,
  /** The reader; absent for the service's own read-back after a decision. */
  staff?: Pick<StaffContext, 'role' | 'staffId'>,
) {
  const row = await findDepositListRow(deps.db, id);
  if (!row) throw new AppError('DEPOSIT_NOT_FOUND');
  if (staff) await assertRequestVisible(deps, staff, row.deposit.playerId, 'DEPOSIT_NOT_FOUND');
  return toStaffDeposit(row);
}

/**
 * Marks due pending rows expired inside `tx`, with a system audit line and a notification
 * each; answers the toasts to send once `tx` commits.
 */
export async function expireWithin(
  tx: DbHandle,
  deps: Pick<ServiceDeps, 'clock' | 'realtime'>,
  now: Date,
  filter: { playerId?: number; reference?: string; id?: number },
): Promise<(() => void)[]> {
  const expired = await expireDuePending(tx, {
    now,
    manualReason: EXPIRED_MANUAL_REASON,
    automatedReason: EXPIRED_AUTOMATED_REASON,
    ...filter,
  });
  const emits: (() => void)[] = [];
  for (const row of expired) {
    await insertAudit(tx, {
      actorType: 'system',
      actorId: null,
      action: 'deposit.expire',
      targetType: 'deposit',
      targetId: String(row.id),
      before: { status: 'pending' },
      after: { status: 'expired' },
      reason: row.reason,
      ip: null,
      createdAt: now,
    });
    emits.push(
      await storeNotification(
        tx,
        deps,
        row.playerId,
        templatedNotification(
          row.reason === EXPIRED_AUTOMATED_REASON
            ? 'depositExpiredUnpaid'
            : 'depositExpiredUnreviewed',
          { amount: pointsText(row.amountPaise) },
          'warning',
        ),
      ),
    );
  }
  return emits;
}

/**
 * Pending requests whose time ran out become expired (one UPDATE), each audited as the
 * system's doing. Lists call it lazily; the sweeper calls it every minute.
 */
export async function expireDueDeposits(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'realtime'>,
  filter: { playerId?: number },
): Promise<number> {
  const now = deps.clock.now();
  const emits = await deps.db.transaction((tx) => expireWithin(tx, deps, now, filter));
  for (const emit of emits) emit();
  return emits.length;
}

export const DEPOSIT_SWEEP_INTERVAL_MS = 60_000;

/**
 * Expires due deposits every minute so a reference comes free even when nobody lists.
 */
export function startDepositExpirySweeper(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'realtime' | 'log'>,
  intervalMs = DEPOSIT_SWEEP_INTERVAL_MS,
): { stop: () => Promise<void> } {
  return startSweeper({
    intervalMs,
    log: deps.log,
    sweep: () => expireDueDeposits(deps, {}),
    did: 'expired due deposit requests',
    failed: 'deposit expiry sweep failed',
  });
}

import {
  CRYPTO_NETWORKS,
  GATEWAY_CURRENCIES,
  GATEWAY_KINDS,
  type Gateway,
  type GatewayPayTo,
  type GatewayUpdateBody,
} from '@spm/contract';
import {
  basisPointsToPercent,
  paiseToPoints,
  percentToBasisPoints,
  pointsToPaise,
  type Paise,
} from '@spm/core';
import type { DbHandle } from '../../db/database.ts';
import { AppError, fieldError } from '../../http/app-error.ts';
import { insertAudit } from '../../audit/audit-repository.ts';
import {
  findGatewayRow,
  listGatewayRows,
  updateGatewayRow,
  type GatewayRow,
  type NewGatewayRow,
} from './gateway-repository.ts';
import { findUpload } from '../../uploads/upload-repository.ts';
import type { ReceivedFile } from '../../uploads/multipart.ts';
import { readUpload, storeUpload, withUploadCleanup } from '../../uploads/upload-store.ts';
import type { ServiceDeps } from '../../deps.ts';
import type { StaffContext } from '../identity/index.ts';

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

const text = (payTo: Record<string, string | null>, key: string): string | null => {
  const value = payTo[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

/** The public address of a gateway's uploaded QR image. */
export const gatewayQrPath = (code: string) => `/api/gateways/${code}/qr`;

/** A gateway row as the contract shows it (points, percent, the QR's address). */
export function toGateway(row: GatewayRow): Gateway {
  const payTo: GatewayPayTo = {
    upiId: text(row.payTo, 'upiId'),
    qrImageUrl: row.qrUploadId ? gatewayQrPath(row.code) : text(row.payTo, 'qrImageUrl'),
    accountNo: text(row.payTo, 'accountNo'),
    accountName: text(row.payTo, 'accountName'),
    ifscCode: text(row.payTo, 'ifscCode'),
    bankName: text(row.payTo, 'bankName'),
    walletAddress: text(row.payTo, 'walletAddress'),
    network: (() => {
      const network = text(row.payTo, 'network');
      return network !== null && (CRYPTO_NETWORKS as readonly string[]).includes(network)
        ? (network as GatewayPayTo['network'])
        : null;
    })(),
  };
  return {
    code: row.code,
    name: row.name,
    kind: oneOf(GATEWAY_KINDS, row.kind, 'upi'),
    currency: oneOf(GATEWAY_CURRENCIES, row.currency, 'INR'),
    pointsPerUnit: paiseToPoints(row.unitPricePaise),
    minAmount: paiseToPoints(row.minDepositPaise),
    maxAmount: paiseToPoints(row.maxDepositPaise),
    presets: row.presetsPaise.map((paise) => paiseToPoints(BigInt(paise))),
    instructions: row.instructions,
    payTo,
    automated: row.adapter === 'fastpay',
    depositBonusPercent: basisPointsToPercent(row.depositBonusBps),
    enabled: row.enabled,
    withdrawEnabled: row.withdrawEnabled,
    withdrawMinAmount: paiseToPoints(row.minWithdrawPaise),
    withdrawMaxAmount: paiseToPoints(row.maxWithdrawPaise),
    withdrawExtraPercent: basisPointsToPercent(row.withdrawExtraBps),
    sortOrder: row.sortOrder,
  };
}

/**
 * What a player may use: enabled, and for an automated gateway only when an adapter serves it
 * (GATEWAY_SIMULATOR or a real one).
 */
const offeredForDeposit = (row: GatewayRow, automatedAvailable: boolean) =>
  row.enabled && (row.adapter !== 'fastpay' || automatedAvailable);

/** GET /api/gateways: the enabled deposit gateways, in the operator's order. */
export async function listDepositGateways(
  db: DbHandle,
  automatedAvailable: boolean,
): Promise<Gateway[]> {
  return (await listGatewayRows(db))
    .filter((row) => offeredForDeposit(row, automatedAvailable))
    .map(toGateway);
}

/** GET /api/withdraw/gateways: gateways offered as withdrawal destinations. */
export async function listWithdrawGateways(db: DbHandle): Promise<Gateway[]> {
  return (await listGatewayRows(db)).filter((row) => row.withdrawEnabled).map(toGateway);
}

/** GET /api/gateways/{code}: one gateway; a disabled one is not found for players. */
export async function getDepositGateway(
  db: DbHandle,
  code: string,
  automatedAvailable: boolean,
): Promise<Gateway> {
  const row = await findGatewayRow(db, code);
  if (!row || !offeredForDeposit(row, automatedAvailable)) throw new AppError('GATEWAY_NOT_FOUND');
  return toGateway(row);
}

/** The row behind a player's request: present, else GATEWAY_NOT_FOUND; disabled: GATEWAY_DISABLED. */
export async function requireGatewayRow(
  db: DbHandle,
  code: string,
  use: 'deposit' | 'withdraw',
): Promise<GatewayRow> {
  const row = await findGatewayRow(db, code);
  if (!row) throw new AppError('GATEWAY_NOT_FOUND');
  if (use === 'deposit' ? !row.enabled : !row.withdrawEnabled) {
    throw new AppError('GATEWAY_DISABLED');
  }
  return row;
}

/** GET /api/staff/gateways: every gateway, disabled ones too. */
export async function listAllGateways(db: DbHandle): Promise<Gateway[]> {
  return (await listGatewayRows(db)).map(toGateway);
}

/** GET /api/gateways/{code}/qr: the uploaded QR of an enabled gateway (public). */
export async function gatewayQrImage(
  deps: Pick<ServiceDeps, 'db' | 'config'>,
  code: string,
): Promise<{ bytes: Buffer; mimeType: string }> {
  const row = await findGatewayRow(deps.db, code);
  if (!row || !row.enabled) throw new AppError('GATEWAY_NOT_FOUND');
  const upload = row.qrUploadId ? await findUpload(deps.db, row.qrUploadId) : undefined;
  // Only a QR stored as one is ever public; any other upload stays staff-only.
  if (!upload || upload.purpose !== 'gateway_qr') throw new AppError('UPLOAD_NOT_FOUND');
  return readUpload(deps, upload.id);
}

const toPaise = (field: string, value: number): Paise => {
  const parsed = pointsToPaise(value);
  if (!parsed.ok) throw fieldError(field, 'Not a valid amount');
  return parsed.paise;
};

/** The row changes a PATCH asks for, in the table's units (paise, basis points). */
function gatewayChanges(row: GatewayRow, body: GatewayUpdateBody): Partial<NewGatewayRow> {
  const changes: Partial<NewGatewayRow> = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.kind !== undefined) changes.kind = body.kind;
  if (body.currency !== undefined) changes.currency = body.currency;
  if (body.pointsPerUnit !== undefined) {
    changes.unitPricePaise = toPaise('pointsPerUnit', body.pointsPerUnit);
  }
  if (body.minAmount !== undefined) changes.minDepositPaise = toPaise('minAmount', body.minAmount);
  if (body.maxAmount !== undefined) changes.maxDepositPaise = toPaise('maxAmount', body.maxAmount);
  if (body.presets !== undefined) {
    changes.presetsPaise = body.presets.map((value) => toPaise('presets', value).toString());
  }
  if (body.instructions !== undefined) changes.instructions = body.instructions;
  if (body.depositBonusPercent !== undefined) {
    changes.depositBonusBps = percentToBasisPoints(body.depositBonusPercent);
  }
  if (body.enabled !== undefined) changes.enabled = body.enabled;
  if (body.withdrawEnabled !== undefined) changes.withdrawEnabled = body.withdrawEnabled;
  if (body.withdrawMinAmount !== undefined) {
    changes.minWithdrawPaise = toPaise('withdrawMinAmount', body.withdrawMinAmount);
  }
  if (body.withdrawMaxAmount !== undefined) {
    changes.maxWithdrawPaise = toPaise('withdrawMaxAmount', body.withdrawMaxAmount);
  }
  if (body.withdrawExtraPercent !== undefined) {
    changes.withdrawExtraBps = percentToBasisPoints(body.withdrawExtraPercent);
  }
  if (body.sortOrder !== undefined) changes.sortOrder = body.sortOrder;
  if (body.payTo !== undefined) {
    const qr = body.payTo.qrImageUrl;
    // The app puts it in an <img src>: only an https address of the operator's choosing.
    if (qr !== undefined && qr !== null && !/^https:\/\/[^\s"'<>]+$/.test(qr)) {
      throw fieldError('payTo.qrImageUrl', 'The QR image address must start with https://');
    }
    const merged: Record<string, string | null> = { ...row.payTo };
    for (const [key, value] of Object.entries(body.payTo)) {
      if (value !== undefined) merged[key] = value === '' ? null : value;
    }
    changes.payTo = merged;
    // Clearing the QR address also drops an uploaded QR, which would otherwise win.
    if (qr === null) changes.qrUploadId = null;
  }
  const minDeposit = changes.minDepositPaise ?? row.minDepositPaise;
  const maxDeposit = changes.maxDepositPaise ?? row.maxDepositPaise;
  if (minDeposit > maxDeposit) {
    throw fieldError('maxAmount', 'The minimum must not be above the maximum');
  }
  const minWithdraw = changes.minWithdrawPaise ?? row.minWithdrawPaise;
  const maxWithdraw = changes.maxWithdrawPaise ?? row.maxWithdrawPaise;
  if (minWithdraw > maxWithdraw) {
    throw fieldError('withdrawMaxAmount', 'The minimum must not be above the maximum');
  }
  return changes;
}

/** PATCH /api/staff/gateways/{code} (admin): the change and its audit line, one transaction. */
export async function updateGateway(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  staff: StaffContext,
  code: string,
  body: GatewayUpdateBody,
  ip: string,
): Promise<Gateway> {
  return deps.db.transaction(async (tx) => {
    const row = await findGatewayRow(tx, code);
    if (!row) throw new AppError('GATEWAY_NOT_FOUND');
    const updated = await updateGatewayRow(tx, code, gatewayChanges(row, body));
    if (!updated) throw new AppError('GATEWAY_NOT_FOUND');
    await insertAudit(tx, {
      actorType: 'staff',
      actorId: String(staff.staffId),
      action: 'gateway.update',
      targetType: 'gateway',
      targetId: code,
      before: toGateway(row),
      after: toGateway(updated),
      ip,
      createdAt: deps.clock.now(),
    });
    return toGateway(updated);
  });
}

/** POST /api/staff/gateways/{code}/qr (admin): stores the image and points the gateway at it. */
export async function setGatewayQr(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  staff: StaffContext,
  code: string,
  file: ReceivedFile,
  ip: string,
): Promise<Gateway> {
  const now = deps.clock.now();
  return withUploadCleanup((track) =>
    deps.db.transaction(async (tx) => {
      const row = await findGatewayRow(tx, code);
      if (!row) throw new AppError('GATEWAY_NOT_FOUND');
      const upload = track(
        await storeUpload(deps, tx, { playerId: null, purpose: 'gateway_qr', file, now }),
      );
      const updated = await updateGatewayRow(tx, code, { qrUploadId: upload.id });
      if (!updated) throw new AppError('GATEWAY_NOT_FOUND');
      await insertAudit(tx, {
        actorType: 'staff',
        actorId: String(staff.staffId),
        action: 'gateway.qr',
        targetType: 'gateway',
        targetId: code,
        before: { qrUploadId: row.qrUploadId },
        after: { qrUploadId: upload.id },
        ip,
        createdAt: now,
      });
      return toGateway(updated);
    }),
  );
}

const points = (value: number) => BigInt(Math.round(value * 100));
const presets = (...values: number[]) => values.map((value) => points(value).toString());

/** SPEC 3 gateway codes, seeded once (docs/cashier.md). Operators edit them afterwards. */
export const SEED_GATEWAYS: NewGatewayRow[] = [
  {
    code: 'm_paytm',
    name: 'Paytm UPI',
    kind: 'upi',
    currency: 'INR',
    unitPricePaise: points(1),
    minDepositPaise: points(100),
    maxDepositPaise: points(100_000),
    presetsPaise: presets(500, 1000, 2000, 5000, 10_000),
    instructions:
      'Pay the amount to the UPI id below (or scan the QR code) from any UPI app. Then enter the 12-digit UTR of the payment and upload a screenshot of it.',
    payTo: { upiId: 'spmsports@paytm', accountName: 'SPM Sports' },
    adapter: 'manual',
    sortOrder: 1,
    minWithdrawPaise: points(100),
    maxWithdrawPaise: points(100_000),
  },
  {
    code: 'm_bkash',
    name: 'bKash',
    kind: 'wallet',
    currency: 'INR',
    unitPricePaise: points(1),
    minDepositPaise: points(500),
    maxDepositPaise: points(50_000),
    presetsPaise: presets(500, 1000, 2500, 5000),
    instructions:
      'Send Money to the bKash number below. Then enter the TrxID of the payment and upload a screenshot of it.',
    payTo: { accountNo: '01712345678', accountName: 'SPM Sports' },
    adapter: 'manual',
    sortOrder: 2,
    minWithdrawPaise: points(500),
    maxWithdrawPaise: points(50_000),
  },
  {
    code: 'm_nagad',
    name: 'Nagad',
    kind: 'wallet',
    currency: 'INR',
    unitPricePaise: points(1),
    minDepositPaise: points(500),
    maxDepositPaise: points(50_000),
    presetsPaise: presets(500, 1000, 2500, 5000),
    instructions:
      'Send Money to the Nagad number below. Then enter the transaction id of the payment and upload a screenshot of it.',
    payTo: { accountNo: '01812345678', accountName: 'SPM Sports' },
    adapter: 'manual',
    sortOrder: 3,
    minWithdrawPaise: points(500),
    maxWithdrawPaise: points(50_000),
  },
  {
    code: 'm_binance_tron',
    name: 'USDT (TRC20)',
    kind: 'crypto',
    currency: 'USDT',
    unitPricePaise: points(90),
    minDepositPaise: points(900),
    maxDepositPaise: points(900_000),
    presetsPaise: presets(900, 1800, 4500, 9000),
    instructions:
      'Send exactly the USDT amount shown to the TRC20 address of this payment. Your balance is credited automatically once the network confirms it. 10% bonus on every USDT TRC20 deposit.',
    payTo: { network: 'TRC20' },
    adapter: 'fastpay',
    depositBonusBps: 1000,
    withdrawEnabled: true,
    withdrawExtraBps: 300,
    sortOrder: 4,
    minWithdrawPaise: points(900),
    maxWithdrawPaise: points(450_000),
  },
  {
    code: 'm_binance_bsc',
    name: 'USDT (BEP20)',
    kind: 'crypto',
    currency: 'USDT',
    unitPricePaise: points(90),
    minDepositPaise: points(900),
    maxDepositPaise: points(900_000),
    presetsPaise: presets(900, 1800, 4500, 9000),
    instructions:
      'Send the USDT amount shown to the BEP20 (BNB Smart Chain) address below. Then enter the transaction hash and upload a screenshot of the transfer.',
    payTo: { walletAddress: '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c', network: 'BEP20' },
    adapter: 'manual',
    withdrawEnabled: true,
    sortOrder: 5,
    minWithdrawPaise: points(900),
    maxWithdrawPaise: points(450_000),
  },
];

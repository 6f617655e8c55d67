import {
  CRYPTO_NETWORKS,
  GATEWAY_CURRENCIES,
  GATEWAY_KINDS,
  type Gateway,
  type GatewayPayTo,
} from '@spm/contract';
import { basisPointsToPercent, paiseToPoints } from '@spm/core';
import type { DbHandle } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';
import {
  findGatewayRow,
  listGatewayRows,
  type GatewayRow,
  type NewGatewayRow,
} from '../repositories/gateway-repository.ts';

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

/** GET /api/gateways: the enabled deposit gateways, in the operator's order. */
export async function listDepositGateways(db: DbHandle): Promise<Gateway[]> {
  return (await listGatewayRows(db)).filter((row) => row.enabled).map(toGateway);
}

/** GET /api/withdraw/gateways: gateways offered as withdrawal destinations. */
export async function listWithdrawGateways(db: DbHandle): Promise<Gateway[]> {
  return (await listGatewayRows(db)).filter((row) => row.withdrawEnabled).map(toGateway);
}

/** GET /api/gateways/{code}: one gateway; a disabled one is not found for players. */
export async function getDepositGateway(db: DbHandle, code: string): Promise<Gateway> {
  const row = await findGatewayRow(db, code);
  if (!row || !row.enabled) throw new AppError('GATEWAY_NOT_FOUND');
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

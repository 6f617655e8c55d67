import { objectWith, paiseToPoints } from '@spm/core';
import {
  CRYPTO_NETWORKS,
  type CryptoNetwork,
  type StaffWithdrawal,
  type Withdrawal,
} from '@spm/contract';
import type { StaffWithdrawRow, WithdrawRequestRow } from './withdraw-repository.ts';

/**
 * Withdrawal rows as the contract shows them. Players see a masked label of where the money
 * goes (a list on a shared phone screen should not show a whole account number); staff see
 * the whole snapshot, which is what they pay out to.
 */
export type WithdrawDestination = Record<string, string | null>;

const lastFour = (value: string | null | undefined) => (value ?? '').slice(-4);

/**
 * "HDFC Bank ****1234", "****4242" (a card, or a bank without its name), the UPI id as is,
 * "TQ…xYz1". No word of it is English: the screens name the destination's type in the
 * player's language beside it, and a notification quotes it whatever the language.
 */
export function destinationLabel(
  type: WithdrawRequestRow['destinationType'],
  d: WithdrawDestination,
) {
  switch (type) {
    case 'bank':
      return d.bankName
        ? `${d.bankName} ****${lastFour(d.accountNo)}`
        : `****${lastFour(d.accountNo)}`;
    case 'card':
      return `****${lastFour(d.accountNo)}`;
    case 'upi':
      return d.accountNo ?? '';
    case 'crypto': {
      const address = d.address ?? '';
      return address.length > 8 ? `${address.slice(0, 2)}…${address.slice(-4)}` : address;
    }
  }
}

function networkOf(d: WithdrawDestination): CryptoNetwork | null {
  const network = d.network;
  return typeof network === 'string' && (CRYPTO_NETWORKS as readonly string[]).includes(network)
    ? (network as CryptoNetwork)
    : null;
}

export function toWithdrawal(row: WithdrawRequestRow): Withdrawal {
  return {
    id: String(row.id),
    amount: paiseToPoints(row.amountPaise),
    extra: paiseToPoints(row.extraPaise),
    payout: paiseToPoints(row.amountPaise + row.extraPaise),
    status: row.status,
    destination: {
      type: row.destinationType,
      label: destinationLabel(row.destinationType, row.destination),
      gateway: row.gatewayCode,
      network: networkOf(row.destination),
    },
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

export function toStaffWithdrawal(row: StaffWithdrawRow): StaffWithdrawal {
  return objectWith(toWithdrawal(row.request), {
    playerId: String(row.request.playerId),
    username: row.username,
    decidedBy: row.decidedBy,
    note: row.request.note,
    destinationDetails: { ...row.request.destination },
  });
}

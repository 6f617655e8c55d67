import type { Posting } from '@spm/core';
import { ledgerTransaction, postWithin, requestHash, type LedgerContext } from '../wallet/index.ts';

/*
 * Every movement of money the exchange makes, in one place: the ledger transaction a placement,
 * cancel or settlement runs in, exposure hold changes, settlement postings and their reversal.
 * The wallet API will replace the ledger service underneath; only this file then changes.
 */

export type { LedgerContext };

/** The transaction every money-moving exchange change runs in (ledger refusals come back as codes). */
export const moneyTransaction = ledgerTransaction;

/** The fingerprint an idempotency key is bound to. */
export const placementHash = requestHash;

/** Moves holds to what the market now requires: one `bet_hold` or `bet_release` entry. */
export async function postHoldChange(
  ctx: LedgerContext,
  change: { increase: boolean; postings: Posting[]; marketName: string; reference: string },
  playerId: number | undefined,
): Promise<void> {
  await postWithin(ctx, {
    kind: change.increase ? 'bet_hold' : 'bet_release',
    postings: change.postings,
    description: change.marketName,
    reference: change.reference,
    playerId,
  });
}

/** One player's settlement of one market version, keyed `settle:{market}:v{version}:p{player}`. */
export async function postSettlement(
  ctx: LedgerContext,
  entry: {
    marketId: string;
    version: number;
    playerId: string;
    postings: Posting[];
    description: string;
    actorStaffId: number | null;
  },
): Promise<void> {
  await postWithin(ctx, {
    kind: 'bet_settlement',
    postings: entry.postings,
    idempotencyKey: `settle:${entry.marketId}:v${entry.version}:p${entry.playerId}`,
    description: entry.description,
    reference: `MKT-${entry.marketId}`,
    playerId: Number(entry.playerId),
    actorStaffId: entry.actorStaffId ?? undefined,
  });
}

/** Undoes one player's settlement of a version with new postings (a corrected result). */
export async function postSettlementReversal(
  ctx: LedgerContext,
  entry: {
    marketId: string;
    version: number;
    playerId: string;
    postings: Posting[];
    marketName: string;
  },
): Promise<void> {
  await postWithin(ctx, {
    kind: 'bet_settlement',
    postings: entry.postings,
    idempotencyKey: `unsettle:${entry.marketId}:v${entry.version}:p${entry.playerId}`,
    description: `${entry.marketName}: result corrected`,
    reference: `MKT-${entry.marketId}`,
    playerId: Number(entry.playerId),
  });
}

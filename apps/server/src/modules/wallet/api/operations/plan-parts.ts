import { movedParts, systemAccount, type AccountRef, type Paise } from '@spm/core';
import type { HoldKey, WalletOperationKind } from '../../ledger/operation-keys.ts';
import type { NewWalletOperation } from '../../ledger/wallet-operation-repository.ts';
import { mainWallet, storedParts } from '../../policies/funding.ts';
import { cashDebitOf } from '../../policies/debit-judging.ts';
import { hourDeltaOfOperation, type HourDelta } from '../../totals/wallet-totals.ts';
import type { AtOnceMove, BatchMoveInput, OperationInput, Plan } from '../wallet-types.ts';

/* What every operation's plan is made of and read through, single or batched. */

export const isAmount = (paise: Paise) => paise >= 0n;

export function holdKey(input: OperationInput): HoldKey {
  return { playerId: input.playerId, product: input.product, roundId: input.roundId };
}

/** What a planned operation adds to the player's hour row (from the change of their cash). */
export function hourDeltaOf(
  operation: WalletOperationKind,
  planned: Plan,
  playerId: number,
): HourDelta | null {
  return hourDeltaOfOperation(operation, -cashDebitOf(planned, playerId));
}

/**
 * Whom a player's stakes go to and wins come from. Points-only players (demo accounts; every
 * player in the operator's play mode) win from and lose to play money, so the house's real
 * books never see them.
 */
export const counterpartyOf = (isDemo: boolean): AccountRef =>
  systemAccount(isDemo ? 'play_money' : 'house');

/** The operation log row of a planned operation (its outcome is recorded after the ledger). */
export function operationRow(
  operation: WalletOperationKind,
  input: OperationInput,
  hash: string,
  planned: Plan,
  createdAt: Date,
): NewWalletOperation {
  const parts = movedParts(planned.postings, String(input.playerId));
  return {
    product: input.product,
    externalId: input.externalId,
    operation,
    status: 'done',
    playerId: input.playerId,
    roundId: input.roundId,
    requestHash: hash,
    wallet: mainWallet(parts),
    parts: storedParts(parts),
    holdParts: storedParts(planned.holdDeltaParts ?? []),
    amountPaise: planned.amountPaise,
    holdDeltaPaise: planned.holdDeltaPaise,
    relatedExternalId: planned.relatedExternalId ?? null,
    createdAt,
  };
}

export const opKeyOf = (product: string, externalId: string) => `${product}\u0000${externalId}`;
export const defaultLedgerKey = (product: string, externalId: string) =>
  `wallet:${product}:${externalId}`;

export const isAtOnceMove = (move: BatchMoveInput): move is AtOnceMove =>
  move.operation === 'stake' || move.operation === 'release' || move.operation === 'win';

/** Whether a move changes a round's hold (and so locks it). */
export const movesHold = (move: AtOnceMove): boolean =>
  move.operation === 'release' || (move.operation === 'stake' && move.input.mode === 'hold');

/** The least amount of a move: a hold may move with no new stake; a debit takes at least 1 paisa. */
export const leastAmount = (move: AtOnceMove): Paise =>
  move.operation === 'stake' && move.input.mode === 'debit' ? 1n : 0n;

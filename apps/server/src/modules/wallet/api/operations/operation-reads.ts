import {
  drawsBonusFor,
  objectWith,
  type AccountRef,
  type FundingPart,
  type FundingWallet,
  type Paise,
} from '@spm/core';
import { getWalletView, type LedgerContext } from '../../ledger/ledger-service.ts';
import { holdKeyText, type HoldKey } from '../../ledger/operation-keys.ts';
import { lockHold } from '../../ledger/wallet-operation-repository.ts';
import { lockWalletPlayers, type WalletPlayerRow } from '../../ledger/wallet-player-repository.ts';
import { drawStake, fundedHold, roundStakeParts, type FundedHold } from '../../policies/funding.ts';
import type { WalletPolicies } from '../../policies/wallet-policies.ts';
import type { StakeDraw, StakeInput } from '../wallet-types.ts';
import { counterpartyOf } from './plan-parts.ts';

/* The locks and reads a single operation's plan takes, in the caller's transaction. */

/** The wallet rows the single path locked in a transaction, by player. */
const playerRows = new WeakMap<LedgerContext, Map<number, WalletPlayerRow>>();

/**
 * Locks the player's wallet row (the first lock of the player's money in this transaction;
 * again harmlessly when an earlier read of the transaction took it) and keeps it for the
 * transaction's plans (counterparty).
 */
export async function lockPlayer(
  ctx: LedgerContext,
  playerId: number,
): Promise<WalletPlayerRow | undefined> {
  const row = (await lockWalletPlayers(ctx.tx, [playerId])).get(playerId);
  ctx.lockedPlayers.add(playerId);
  let known = playerRows.get(ctx);
  if (!known) playerRows.set(ctx, (known = new Map()));
  if (row) known.set(playerId, row);
  return row;
}

/** The player's wallet row if this transaction locked it already (no statement). */
export function knownPlayer(ctx: LedgerContext, playerId: number): WalletPlayerRow | undefined {
  return playerRows.get(ctx)?.get(playerId);
}

export async function counterpartyFor(ctx: LedgerContext, playerId: number): Promise<AccountRef> {
  const player = playerRows.get(ctx)?.get(playerId) ?? (await lockPlayer(ctx, playerId));
  return counterpartyOf(player?.moneyMode === 'play');
}

/** The round's hold, locked, with its parts per wallet. */
export async function lockFundedHold(ctx: LedgerContext, key: HoldKey): Promise<FundedHold> {
  const hold = await lockHold(ctx.tx, key);
  return fundedHold(hold.heldPaise, hold.parts);
}

/**
 * How a stake of this input is drawn: by the funding policy over the player's balances,
 * read only when the policy names a bonus wallet (cash only: nothing to read).
 */
export async function stakeDraw(
  policies: WalletPolicies,
  ctx: LedgerContext,
  input: StakeInput,
): Promise<StakeDraw> {
  const policy = policies.funding;
  const view = drawsBonusFor(policy, input.product)
    ? await getWalletView(ctx.tx, input.playerId)
    : undefined;
  const balances: Record<FundingWallet, Paise> = {
    cash: view?.balancePaise ?? 0n,
    coins: view?.coinsPaise ?? 0n,
    sports: view?.sportsPaise ?? 0n,
  };
  return (amountPaise) =>
    drawStake(policy, objectWith(input, { amountPaise }), (wallet) => balances[wallet]);
}

/** What a round's stakes standing took per wallet (read only with a bonus policy). */
export async function roundParts(
  policies: WalletPolicies,
  ctx: LedgerContext,
  key: HoldKey,
): Promise<FundingPart[]> {
  if (!drawsBonusFor(policies.funding, key.product)) return [];
  return (await roundStakeParts(ctx.tx, [key])).get(holdKeyText(key)) ?? [];
}

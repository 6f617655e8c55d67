import { sql } from 'drizzle-orm';
import {
  FUNDING_WALLETS,
  addParts,
  drawsBonusFor,
  normalizeParts,
  onePart,
  splitStake,
  type FundingPart,
  type FundingPolicy,
  type FundingWallet,
  type Paise,
} from '@spm/core';
import { executeRows, type DbHandle } from '../../../db/database.ts';
import { pgArray } from '../../../db/pg-array.ts';
import type { StoredParts } from '../ledger/tables.ts';
import {
  holdKeyText,
  type HoldKey,
  type WalletOperationRow,
} from '../ledger/wallet-operation-repository.ts';

/*
 * Funding parts in the wallet (issue 41 item 6, docs/decisions.md "Funding parts"): how the
 * parts are stored, read back and drawn. The rules themselves are core's (`funding.ts`).
 * Stored parts are null when every part is cash, so with only cash (the default policy) the
 * hot writes store nothing more than before and old rows read as cash.
 */

/** The parts as stored: null when all cash (or nothing). */
export function storedParts(parts: readonly FundingPart[]): StoredParts | null {
  const normal = normalizeParts(parts);
  if (normal.every((part) => part.wallet === 'cash')) return null;
  return normal.map((part) => ({ wallet: part.wallet, amountPaise: part.amountPaise.toString() }));
}

const isFundingWallet = (wallet: string): wallet is FundingWallet =>
  (FUNDING_WALLETS as readonly string[]).includes(wallet);

/** Stored parts back; null (all cash) is `cashPaise` of cash. */
export function partsOf(stored: unknown, cashPaise: Paise): FundingPart[] {
  // PGlite and pg answer jsonb parsed; a driver answering text is parsed here.
  const value: unknown = typeof stored === 'string' ? JSON.parse(stored) : stored;
  if (value === null || value === undefined) return onePart(cashPaise);
  return normalizeParts(
    (value as StoredParts).map((part) => {
      if (!isFundingWallet(part.wallet)) throw new Error(`unknown funding wallet ${part.wallet}`);
      return { wallet: part.wallet, amountPaise: BigInt(part.amountPaise) };
    }),
  );
}

/** The parts in an event's payload: paise as decimal text (JSON has no bigint). */
export const eventParts = (parts: readonly FundingPart[]) =>
  parts.map((part) => ({ wallet: part.wallet, amountPaise: part.amountPaise.toString() }));

/** The result's and the operation's main wallet: the first part's (cash when none). */
export const mainWallet = (parts: readonly FundingPart[]): FundingWallet =>
  parts[0]?.wallet ?? 'cash';

/**
 * What a stored operation moved per wallet: its stored parts, or (null) that much cash:
 * a payout's amount, a hold's move, a debit stake's or its refund's amount.
 */
export function movedPartsOf(row: WalletOperationRow): FundingPart[] {
  if (row.ledgerTransactionId === null) return [];
  const payout =
    row.operation === 'win' || row.operation === 'settle' || row.operation === 'reverse';
  const holdPaise = row.holdDeltaPaise < 0n ? -row.holdDeltaPaise : row.holdDeltaPaise;
  return partsOf(row.parts, payout || holdPaise === 0n ? row.amountPaise : holdPaise);
}

/** What a stored stake took per wallet (what its refund gives back exactly). */
export function stakePartsOf(row: WalletOperationRow): FundingPart[] {
  return partsOf(row.parts, row.holdDeltaPaise === 0n ? row.amountPaise : row.holdDeltaPaise);
}

/**
 * A stake of `amountPaise` drawn by the policy, from the balances `balanceOf` answers (read
 * only for a policy that names a bonus wallet for the product: otherwise it is all cash).
 */
export function drawStake(
  policy: FundingPolicy,
  request: { product: string; playerId: number; amountPaise: Paise },
  balanceOf: (wallet: FundingWallet) => Paise,
): FundingPart[] {
  if (!drawsBonusFor(policy, request.product)) return onePart(request.amountPaise);
  const draws = policy.draws({
    product: request.product,
    playerId: request.playerId,
    stakePaise: request.amountPaise,
  });
  return splitStake(request.amountPaise, draws, balanceOf);
}

/**
 * The parts that funded each of these rounds' stakes still standing (done stakes: a refunded
 * one gave its parts back), keyed by holdKeyText: what a win pays back in proportion to. One
 * statement for many rounds (the batch's wins).
 */
export async function roundStakeParts(
  db: DbHandle,
  keys: readonly HoldKey[],
): Promise<Map<string, FundingPart[]>> {
  const found = new Map<string, FundingPart[]>(keys.map((key) => [holdKeyText(key), []]));
  if (keys.length === 0) return found;
  const rows = await executeRows<{
    player_id: string | number;
    product: string;
    round_id: string;
    amount_paise: string | bigint;
    hold_delta_paise: string | bigint;
    parts: unknown;
  }>(
    db,
    sql`select o.player_id, o.product, o.round_id, o.amount_paise, o.hold_delta_paise, o.parts
        from wallet_operations o
        join unnest(${pgArray(keys.map((k) => k.playerId))}::bigint[],
                    ${pgArray(keys.map((k) => k.product))}::text[],
                    ${pgArray(keys.map((k) => k.roundId))}::text[]) as k(p, d, r)
          on o.product = k.d and o.player_id = k.p and o.round_id = k.r
        where o.operation = 'stake' and o.status = 'done' and o.hold_delta_paise >= 0`,
  );
  for (const row of rows) {
    const key = holdKeyText({
      playerId: Number(row.player_id),
      product: row.product as HoldKey['product'],
      roundId: row.round_id,
    });
    const holdDeltaPaise = BigInt(row.hold_delta_paise);
    const parts = partsOf(
      row.parts,
      holdDeltaPaise === 0n ? BigInt(row.amount_paise) : holdDeltaPaise,
    );
    found.set(key, addParts(found.get(key) ?? [], parts));
  }
  return found;
}

/** The stored parts of these holds (locked already), keyed by holdKeyText; absent: none. */
export async function holdPartsOf(
  db: DbHandle,
  keys: readonly HoldKey[],
): Promise<Map<string, unknown>> {
  const found = new Map<string, unknown>();
  if (keys.length === 0) return found;
  const rows = await executeRows<{
    player_id: string | number;
    product: string;
    round_id: string;
    parts: unknown;
  }>(
    db,
    sql`select w.player_id, w.product, w.round_id, w.parts
        from wallet_holds w
        join unnest(${pgArray(keys.map((k) => k.playerId))}::bigint[],
                    ${pgArray(keys.map((k) => k.product))}::text[],
                    ${pgArray(keys.map((k) => k.roundId))}::text[]) as k(p, d, r)
          on w.player_id = k.p and w.product = k.d and w.round_id = k.r
        where w.parts is not null`,
  );
  for (const row of rows) {
    found.set(
      holdKeyText({
        playerId: Number(row.player_id),
        product: row.product as HoldKey['product'],
        roundId: row.round_id,
      }),
      row.parts,
    );
  }
  return found;
}

/** A round's hold and its parts per wallet. */
export interface FundedHold {
  heldPaise: Paise;
  parts: FundingPart[];
}

/** A hold as read (stored parts null: all cash); its parts always sum to what it holds. */
export function fundedHold(heldPaise: Paise, stored: unknown): FundedHold {
  const parts = partsOf(stored, heldPaise);
  const totalPaise = parts.reduce((sum, part) => sum + part.amountPaise, 0n);
  if (totalPaise !== heldPaise) {
    throw new Error(`a hold of ${heldPaise} paise records parts of ${totalPaise}`);
  }
  return { heldPaise, parts };
}

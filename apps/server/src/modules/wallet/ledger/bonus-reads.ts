import { sql } from 'drizzle-orm';
import { drawsBonusFor, type FundingPolicy, type Paise } from '@spm/core';
import { executeRows, type DbHandle } from '../../../db/database.ts';
import { pgArray } from '../../../db/pg-array.ts';
import { getWalletView } from './ledger-service.ts';
import { ledgerTransactions, walletOperations } from './tables.ts';

/*
 * What the bonus module reads of a player's money (docs/bonus.md): the stakes that count
 * towards a bonus's wagering and whether the player has deposited before. The wallet owns
 * these tables, so the reads live here.
 */

/**
 * The player's stakes on `products` since `since` that stand (done; a refunded stake is
 * rolled back and no longer counts): a bonus's wagering. Reads the operations by the
 * (product, player) prefix of their round index.
 */
export async function stakedSince(
  db: DbHandle,
  input: { playerId: number; products: readonly string[]; since: Date },
): Promise<Paise> {
  const rows = await executeRows<{ staked: string | bigint | null }>(
    db,
    sql`select coalesce(sum(${walletOperations.amountPaise}), 0) as staked
        from ${walletOperations}
        where ${walletOperations.product} = any(${pgArray([...input.products])}::text[])
          and ${walletOperations.playerId} = ${input.playerId}
          and ${walletOperations.operation} = 'stake'
          and ${walletOperations.status} = 'done'
          and ${walletOperations.createdAt} >= ${input.since.toISOString()}`,
  );
  return BigInt(rows[0]?.staked ?? 0);
}

/** How many deposits were ever credited to the player (by the ledger's own record). */
export async function depositsCredited(db: DbHandle, playerId: number): Promise<number> {
  const rows = await executeRows<{ count: string | number }>(
    db,
    sql`select count(*) as count from ${ledgerTransactions}
        where ${ledgerTransactions.playerId} = ${playerId} and ${ledgerTransactions.kind} = 'deposit'`,
  );
  return Number(rows[0]?.count ?? 0);
}

/**
 * What the player can stake on `product` now: their cash, plus their bonus coins when the
 * funding policy lets the product's stakes draw on them (the casino's: docs/bonus.md). The
 * balance a provider's game shows.
 */
export async function stakeablePaise(
  db: DbHandle,
  policy: FundingPolicy,
  playerId: number,
  product: string,
): Promise<Paise> {
  const view = await getWalletView(db, playerId);
  return view.balancePaise + (drawsBonusFor(policy, product) ? view.coinsPaise : 0n);
}

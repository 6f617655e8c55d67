import { sql } from 'drizzle-orm';
import type { Paise } from '@spm/core';
import { executePreparedRows, type DbHandle } from '../../../db/database.ts';
import type { WalletProduct } from './operation-keys.ts';

/** A round of one player in one product: what a settlement event reports the stakes of. */
export interface RoundKey {
  product: WalletProduct;
  playerId: number;
  roundId: string;
}

export const roundKeyText = (key: RoundKey) =>
  `${key.product}\u0000${key.playerId}\u0000${key.roundId}`;

/**
 * The stakes each round has at risk that no settlement event reported yet: the amounts of its
 * stake operations still done (a rolled-back one was withdrawn by its rollback event) made
 * after its last win or settlement (docs/decisions.md "Wallet events: money at risk"). One
 * select for any number of rounds, on the operations' round index; a round with nothing is
 * absent (0). A batch sends it inside its second read (after the players' rows are locked, so
 * it sees every stake of theirs committed before); a single win sends it alone.
 */
export function unsettledStakesRows(rounds: readonly RoundKey[]) {
  const json = JSON.stringify(
    rounds.map((r) => ({ product: r.product, player_id: r.playerId, round_id: r.roundId })),
  );
  return sql`select r.product, r.player_id, r.round_id, sum(o.amount_paise) as stake_paise
        from (select distinct * from jsonb_to_recordset(${json}::jsonb)
              as x(product text, player_id bigint, round_id text)) r
        join wallet_operations o
          on o.product = r.product and o.player_id = r.player_id and o.round_id = r.round_id
        where o.operation = 'stake' and o.status = 'done'
          and o.id > coalesce((
            select max(s.id) from wallet_operations s
            where s.product = r.product and s.player_id = r.player_id
              and s.round_id = r.round_id and s.operation in ('win', 'settle')
          ), 0)
        group by r.product, r.player_id, r.round_id`;
}

/** One row of unsettledStakesRows, as the driver answers it (ids and sums may be text). */
export interface UnsettledStakeRow {
  product: WalletProduct;
  player_id: string | number;
  round_id: string;
  stake_paise: string | number;
}

export function collectUnsettledStake(found: Map<string, Paise>, row: UnsettledStakeRow): void {
  const key = { product: row.product, playerId: Number(row.player_id), roundId: row.round_id };
  found.set(roundKeyText(key), BigInt(row.stake_paise));
}

/** unsettledStakesRows on its own (the single operations' path). */
export async function unsettledStakesOf(
  db: DbHandle,
  rounds: readonly RoundKey[],
): Promise<Map<string, Paise>> {
  const found = new Map<string, Paise>();
  if (rounds.length === 0) return found;
  const rows = await executePreparedRows<UnsettledStakeRow>(db, unsettledStakesRows(rounds));
  for (const row of rows) collectUnsettledStake(found, row);
  return found;
}

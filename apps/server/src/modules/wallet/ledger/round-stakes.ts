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
 * statement for any number of rounds, on the operations' round index; a round with nothing
 * is absent (0).
 */
export async function unsettledStakesOf(
  db: DbHandle,
  rounds: readonly RoundKey[],
): Promise<Map<string, Paise>> {
  const found = new Map<string, Paise>();
  if (rounds.length === 0) return found;
  const json = JSON.stringify(
    rounds.map((r) => ({ product: r.product, player_id: r.playerId, round_id: r.roundId })),
  );
  const rows = await executePreparedRows<{
    product: WalletProduct;
    player_id: string | number;
    round_id: string;
    stake_paise: string | number;
  }>(
    db,
    sql`select r.product, r.player_id, r.round_id, sum(o.amount_paise) as stake_paise
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
        group by r.product, r.player_id, r.round_id`,
  );
  for (const row of rows) {
    const key = { product: row.product, playerId: Number(row.player_id), roundId: row.round_id };
    found.set(roundKeyText(key), BigInt(row.stake_paise));
  }
  return found;
}

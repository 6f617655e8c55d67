import { sql } from 'drizzle-orm';
import {
  playerAccount,
  systemAccount,
  type PlayerAccountKind,
  type Posting,
  type SystemAccountKind,
} from '@spm/core';
import { executeRows, type DbHandle } from '../../../db/database.ts';
import { pgArray } from '../../../db/pg-array.ts';
import type { HoldKey, WalletProduct } from './operation-keys.ts';

/*
 * Rounds in the wallet (issue 41 item 9, docs/decisions.md "Rounds in the wallet"). A round is
 * per (player, product, round id), the key of its hold: open until its product closes it,
 * with `closeRound` or `close: true` on the win or settle that ends it. A win or a settlement
 * alone no longer closes it, so two crash bets of one round (or a partial cash-out) never
 * block each other. A closed round's stakes stand: their rollback is refused ROUND_CLOSED.
 * Reversing a payout opens its round again: the stakes may then be refunded (a void).
 */

/** What names a round: the key of its hold. */
export type RoundKey = HoldKey;

/** Closes the round (idempotent: a closed round keeps its first closing time). */
export async function closeRoundRow(db: DbHandle, key: RoundKey, now: Date): Promise<void> {
  await db.execute(
    sql`insert into wallet_rounds (player_id, product, round_id, state, closed_at)
        values (${key.playerId}, ${key.product}, ${key.roundId}, 'closed', ${now.toISOString()})
        on conflict (player_id, product, round_id) do update
          set state = 'closed', closed_at = coalesce(wallet_rounds.closed_at, excluded.closed_at)`,
  );
}

/** Opens the round again (a reversed payout); nothing when it was never closed. */
export async function reopenRound(db: DbHandle, key: RoundKey): Promise<void> {
  await db.execute(
    sql`update wallet_rounds set state = 'open', closed_at = null
        where player_id = ${key.playerId} and product = ${key.product} and round_id = ${key.roundId}`,
  );
}

/** True when the round's product closed it (and no reversal opened it again). */
export async function roundIsClosed(
  db: DbHandle,
  product: WalletProduct,
  playerId: number,
  roundId: string,
): Promise<boolean> {
  const rows = await executeRows<{ state: string }>(
    db,
    sql`select state from wallet_rounds
        where player_id = ${playerId} and product = ${product} and round_id = ${roundId}`,
  );
  return rows[0]?.state === 'closed';
}

/**
 * The rounds a batch closes, as a common table expression of the batch's one write
 * (writeMoves): `closing` upserts them as closeRoundRow does; nothing when the list is empty.
 */
export function closeRoundsPart(keys: readonly RoundKey[], now: Date) {
  return sql`closing as (
    insert into wallet_rounds (player_id, product, round_id, state, closed_at)
    select c.p, c.d, c.r, 'closed', ${now.toISOString()}::timestamptz
    from unnest(${pgArray(keys.map((k) => k.playerId))}::bigint[],
                ${pgArray(keys.map((k) => k.product))}::text[],
                ${pgArray(keys.map((k) => k.roundId))}::text[]) as c(p, d, r)
    on conflict (player_id, product, round_id) do update
      set state = 'closed', closed_at = coalesce(wallet_rounds.closed_at, excluded.closed_at)
  )`;
}

/**
 * The postings of a ledger transaction, as the accounts they named: what a reversal negates,
 * so it undoes exactly what its target moved (commission and counterparty included) without
 * the caller repeating the amounts.
 */
export async function postingsOf(db: DbHandle, transactionId: string): Promise<Posting[]> {
  const rows = await executeRows<{
    owner: string;
    player_id: string | number | null;
    kind: string;
    amount_paise: string | bigint;
  }>(
    db,
    sql`select a.owner, a.player_id, a.kind, p.amount_paise
        from ledger_postings p join ledger_accounts a on a.id = p.account_id
        where p.transaction_id = ${transactionId}::bigint
        order by p.id`,
  );
  return rows.map((row) => ({
    account:
      row.owner === 'player'
        ? playerAccount(String(row.player_id), row.kind as PlayerAccountKind)
        : systemAccount(row.kind as SystemAccountKind),
    amountPaise: BigInt(row.amount_paise),
  }));
}

/** The postings that undo `postings`. */
export const reversalOf = (postings: readonly Posting[]): Posting[] =>
  postings.map((posting) => ({ account: posting.account, amountPaise: -posting.amountPaise }));

/** What a settlement's postings paid into the commission account (0 when none). */
export function commissionOf(postings: readonly Posting[]): bigint {
  return postings
    .filter((p) => p.account.owner === 'system' && p.account.kind === 'commission')
    .reduce((sum, p) => sum + p.amountPaise, 0n);
}

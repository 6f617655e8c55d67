import { sql } from 'drizzle-orm';
import { executeRows, type DbHandle } from '../../../db/database.ts';
import { pgArray } from '../../../db/pg-array.ts';
import type { LedgerTransactionKind } from './ledger-repository.ts';
import { WALLET_PRODUCTS } from './tables.ts';

/* The statement's SQL: a player's postings, each with the wallet operation that wrote it. */

export interface StatementRow {
  id: string;
  createdAt: Date;
  kind: LedgerTransactionKind;
  /** The wallet operation behind the line's transaction (null: none, e.g. a deposit). */
  product: string | null;
  operation: string | null;
  wallet: string;
  description: string;
  reference: string;
  amountPaise: bigint;
  balanceAfterPaise: bigint | null;
}

/*
 * The operation of a transaction is found through the transaction's idempotency key, by the
 * unique (product, external_id) index, so the statement adds no index to the hot
 * wallet_operations table. The wallet API keys a transaction `wallet:{product}:{externalId}`,
 * or with the caller's own key, which is then the operation's external id (the exchange's
 * `settle:…` and `unsettle:…`). `ledger_transaction_id = t.id` keeps a match exact.
 */
const OPERATION_OF_TRANSACTION = sql`left join lateral (
        select w.product, w.operation from wallet_operations w
        where w.ledger_transaction_id = t.id
          and ((t.idempotency_key like 'wallet:%'
                and w.product = split_part(t.idempotency_key, ':', 2)
                and w.external_id = substr(t.idempotency_key,
                                           length(split_part(t.idempotency_key, ':', 2)) + 9))
            or (w.product = any(${pgArray(WALLET_PRODUCTS)}::text[])
                and w.external_id = t.idempotency_key))
        limit 1) o on true`;

/**
 * A player's postings on the given wallets in [from, to), the bounds being the start of
 * the Indian days `fromDate` and the day after `toDate` (computed by the database).
 */
export async function statementPage(
  db: DbHandle,
  query: {
    playerId: number;
    wallets: readonly string[];
    fromDate: string;
    toDate: string;
    timeZone: string;
    limit: number;
    offset: number;
  },
): Promise<{ rows: StatementRow[]; total: number }> {
  const where = sql`a.player_id = ${query.playerId}
      and a.kind = any(${pgArray(query.wallets)}::text[])
      and p.created_at >= (${query.fromDate}::date)::timestamp at time zone ${query.timeZone}
      and p.created_at < (${query.toDate}::date + 1)::timestamp at time zone ${query.timeZone}`;
  const [counted] = await executeRows<{ total: string | number }>(
    db,
    sql`select count(*) as total from ledger_postings p
        join ledger_accounts a on a.id = p.account_id where ${where}`,
  );
  const rows = await executeRows<{
    id: string | number;
    created_at: Date | string;
    kind: LedgerTransactionKind;
    product: string | null;
    operation: string | null;
    wallet: string;
    description: string;
    reference: string;
    amount_paise: string | bigint;
    balance_after_paise: string | bigint | null;
  }>(
    db,
    sql`select p.id, p.created_at, t.kind, o.product, o.operation, a.kind as wallet,
               t.description, t.reference, p.amount_paise, p.balance_after_paise
        from ledger_postings p
        join ledger_accounts a on a.id = p.account_id
        join ledger_transactions t on t.id = p.transaction_id
        ${OPERATION_OF_TRANSACTION}
        where ${where}
        order by p.created_at desc, p.id desc
        limit ${query.limit} offset ${query.offset}`,
  );
  return {
    total: Number(counted?.total ?? 0),
    rows: rows.map((row) => ({
      id: String(row.id),
      createdAt: new Date(row.created_at),
      kind: row.kind,
      product: row.product,
      operation: row.operation,
      wallet: row.wallet,
      description: row.description,
      reference: row.reference,
      amountPaise: BigInt(row.amount_paise),
      balanceAfterPaise: row.balance_after_paise === null ? null : BigInt(row.balance_after_paise),
    })),
  };
}

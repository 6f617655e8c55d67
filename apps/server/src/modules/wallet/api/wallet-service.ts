import {
  PLAYER_TIME_ZONE,
  STATEMENT_MAX_DAYS,
  STATEMENT_WALLETS,
  type StatementEntry,
} from '@spm/contract';
import { indiaDay, paiseToPoints } from '@spm/core';
import { AppError } from '../../../http/app-error.ts';
import { getWalletView } from '../ledger/ledger-service.ts';
import { statementKindOf } from '../ledger/statement-kinds.ts';
import { statementPage, type StatementRow } from '../ledger/statement-repository.ts';
import type { ServiceDeps } from '../../../deps.ts';

const DAY_MS = 86_400_000;

/** GET /bet/exposure/amount: what the player's open bets hold, in points. */
export async function getExposureAmount(
  deps: Pick<ServiceDeps, 'db'>,
  playerId: number,
): Promise<{ exposureAmount: number }> {
  const view = await getWalletView(deps.db, playerId);
  return { exposureAmount: paiseToPoints(view.exposurePaise) };
}

/** A statement row as the player reads it: points, kind by product and operation. */
function toStatementEntry(row: StatementRow): StatementEntry {
  return {
    id: row.id,
    time: row.createdAt.toISOString(),
    // Kinds that reach player accounts are statement types (system_transfer is refused).
    type: row.kind as StatementEntry['type'],
    kind: statementKindOf({ ledgerKind: row.kind, product: row.product, operation: row.operation }),
    wallet: row.wallet as StatementEntry['wallet'],
    description: row.description,
    reference: row.reference,
    credit: row.amountPaise > 0n ? paiseToPoints(row.amountPaise) : 0,
    debit: row.amountPaise < 0n ? paiseToPoints(-row.amountPaise) : 0,
    balanceAfter: paiseToPoints(row.balanceAfterPaise ?? 0n),
  };
}

/**
 * GET /getAccountstatement/{from}/{to}: every posting on the player's cash, coins, sports and
 * wicket accounts in [from 00:00, to 24:00) Indian time, newest first. Holds are mirrored on
 * cash (money leaves cash into the hold), so they are not listed a second time. Each line
 * carries its kind by product and operation (statement-kinds.ts).
 */
export async function getStatement(
  deps: Pick<ServiceDeps, 'db'>,
  playerId: number,
  range: { from: string; to: string },
  page: { page: number; pageSize: number },
) {
  const days = (Date.parse(range.to) - Date.parse(range.from)) / DAY_MS + 1;
  if (!(days >= 1 && days <= STATEMENT_MAX_DAYS)) throw new AppError('STATEMENT_RANGE_INVALID');
  const { rows, total } = await statementPage(deps.db, {
    playerId,
    wallets: STATEMENT_WALLETS,
    fromDate: range.from,
    toDate: range.to,
    timeZone: PLAYER_TIME_ZONE,
    limit: page.pageSize,
    offset: (page.page - 1) * page.pageSize,
  });
  const items = rows.map(toStatementEntry);
  return { items, page: page.page, pageSize: page.pageSize, total };
}

/** The first day the statement query can be asked from: before any account. */
const BEFORE_ANY_ACCOUNT = '2000-01-01';

/**
 * The player's last `count` statement lines, newest first, whatever their day (the
 * dashboard's "last movements"): the statement's own query and lines, over every day up to
 * today in India.
 */
export async function latestStatementEntries(
  deps: Pick<ServiceDeps, 'db' | 'clock'>,
  playerId: number,
  count: number,
): Promise<StatementEntry[]> {
  const { rows } = await statementPage(deps.db, {
    playerId,
    wallets: STATEMENT_WALLETS,
    fromDate: BEFORE_ANY_ACCOUNT,
    toDate: indiaDay(deps.clock.now()),
    timeZone: PLAYER_TIME_ZONE,
    limit: count,
    offset: 0,
  });
  return rows.map(toStatementEntry);
}

import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbHandle } from '../../../db/database.ts';
import {
  sportsbookStandInBets,
  type StandInBetRow,
  type StandInBetStatus,
  type StandInResult,
} from './standin-tables.ts';

/*
 * The stand-in's bets. Every change of status names the status it expects, so two hands on
 * one bet (the route and a sweep, two nodes' sweeps) never both move it: the second finds
 * nothing to change and leaves it.
 */

export type NewStandInBet = Omit<
  typeof sportsbookStandInBets.$inferInsert,
  'id' | 'status' | 'refusal' | 'result' | 'settleTransactionId' | 'payoutCents' | 'settledAt'
>;

export async function insertPendingBet(db: DbHandle, bet: NewStandInBet): Promise<void> {
  await db.insert(sportsbookStandInBets).values({ status: 'pending', ...bet });
}

export async function findStandInBet(
  db: DbHandle,
  betTransactionId: string,
): Promise<StandInBetRow | undefined> {
  const rows = await db
    .select()
    .from(sportsbookStandInBets)
    .where(eq(sportsbookStandInBets.betTransactionId, betTransactionId))
    .limit(1);
  return rows[0];
}

/** Moves a bet from `from` to `to`; false when it was not in `from` any more. */
export async function moveBet(
  db: DbHandle,
  betTransactionId: string,
  from: StandInBetStatus,
  to: StandInBetStatus,
  fields: { refusal?: string; settledAt?: Date } = {},
): Promise<boolean> {
  const moved = await db
    .update(sportsbookStandInBets)
    .set({ status: to, refusal: fields.refusal, settledAt: fields.settledAt })
    .where(
      and(
        eq(sportsbookStandInBets.betTransactionId, betTransactionId),
        eq(sportsbookStandInBets.status, from),
      ),
    )
    .returning({ id: sportsbookStandInBets.id });
  return moved.length > 0;
}

export async function markCommitted(db: DbHandle, betTransactionId: string, at: Date) {
  await db
    .update(sportsbookStandInBets)
    .set({ committedAt: at })
    .where(eq(sportsbookStandInBets.betTransactionId, betTransactionId));
}

/**
 * The bets a sweep looks at: open ones, and pending ones older than `pendingBefore` (a make
 * that got no answer, or a node that stopped halfway), the least recently looked at first so
 * a bet the operator keeps refusing never holds back the others. Each is stamped as looked at.
 */
export async function betsToSweep(
  db: DbHandle,
  input: { now: Date; pendingBefore: Date; limit: number },
): Promise<StandInBetRow[]> {
  const table = sportsbookStandInBets;
  const due = await db
    .select({ id: table.id })
    .from(table)
    .where(
      or(
        eq(table.status, 'open'),
        and(eq(table.status, 'pending'), lt(table.createdAt, input.pendingBefore)),
      ),
    )
    .orderBy(sql`${table.sweptAt} asc nulls first`, asc(table.id))
    .limit(input.limit);
  if (due.length === 0) return [];
  return db
    .update(table)
    .set({ sweptAt: input.now })
    .where(
      inArray(
        table.id,
        due.map((row) => row.id),
      ),
    )
    .returning();
}

/**
 * Writes a bet's settlement before it is sent, once: a bet already given one keeps it (a
 * retry sends the same). Answers the bet's settlement as stored.
 */
export async function decideSettlement(
  db: DbHandle,
  betTransactionId: string,
  decision: { result: StandInResult; settleTransactionId: string; payoutCents: bigint },
): Promise<
  { result: StandInResult; settleTransactionId: string; payoutCents: bigint } | undefined
> {
  const table = sportsbookStandInBets;
  await db
    .update(table)
    .set(decision)
    .where(
      and(
        eq(table.betTransactionId, betTransactionId),
        eq(table.status, 'open'),
        isNull(table.settleTransactionId),
      ),
    );
  const bet = await findStandInBet(db, betTransactionId);
  if (!bet?.result || bet.settleTransactionId === null || bet.payoutCents === null) {
    return undefined;
  }
  return {
    result: bet.result,
    settleTransactionId: bet.settleTransactionId,
    payoutCents: bet.payoutCents,
  };
}

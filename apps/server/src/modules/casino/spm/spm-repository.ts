import { objectWith } from '@spm/core';
import {
  SPM_GAME_KINDS,
  SPM_PROVIDER_ID,
  type SpmGameKind,
  type SpmRoundOutcome,
} from '@spm/contract';
import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { executeRows, type DbHandle } from '../../../db/database.ts';
import { casinoGames, casinoProviders, spmBets, spmRounds } from '../tables.ts';

/** One SPM Games table: an enabled `casino_games` row of provider `spm` (table id = game id). */
export interface SpmGame {
  id: string;
  name: string;
  kind: SpmGameKind;
  minBetPaise: bigint;
  maxBetPaise: bigint;
  bettingSeconds: number;
}

export type SpmRoundRow = typeof spmRounds.$inferSelect;
export type SpmBetRow = typeof spmBets.$inferSelect;
export type SpmBetStatus = SpmBetRow['status'];

export const isSpmKind = (kind: string | null): kind is SpmGameKind =>
  (SPM_GAME_KINDS as readonly (string | null)[]).includes(kind);

/** The enabled SPM tables (all, or those of `ids`), in lobby order. */
export async function loadSpmGames(db: DbHandle, ids?: readonly string[]): Promise<SpmGame[]> {
  const rows = await db
    .select()
    .from(casinoGames)
    .where(
      and(
        eq(casinoGames.providerId, SPM_PROVIDER_ID),
        eq(casinoGames.enabled, true),
        isNotNull(casinoGames.spmKind),
        ids === undefined ? undefined : inArray(casinoGames.id, [...ids]),
      ),
    )
    .orderBy(casinoGames.sortOrder, casinoGames.id);
  return rows.flatMap((row) =>
    isSpmKind(row.spmKind)
      ? [
          {
            id: row.id,
            name: row.name,
            kind: row.spmKind,
            minBetPaise: row.minBetPaise,
            maxBetPaise: row.maxBetPaise,
            // A row without its own window gets the usual live-table one.
            bettingSeconds: row.bettingSeconds ?? 15,
          },
        ]
      : [],
  );
}

/** The built-in provider's row: its signing secret and whether the operator enabled it. */
export async function spmProvider(
  db: DbHandle,
): Promise<{ secret: string; enabled: boolean } | undefined> {
  const [row] = await db
    .select({ secret: casinoProviders.secret, enabled: casinoProviders.enabled })
    .from(casinoProviders)
    .where(eq(casinoProviders.id, SPM_PROVIDER_ID));
  return row;
}

export async function latestRound(db: DbHandle, tableId: string): Promise<SpmRoundRow | undefined> {
  const [row] = await db
    .select()
    .from(spmRounds)
    .where(eq(spmRounds.tableId, tableId))
    .orderBy(desc(spmRounds.number))
    .limit(1);
  return row;
}

export async function insertRound(db: DbHandle, row: typeof spmRounds.$inferInsert): Promise<void> {
  await db.insert(spmRounds).values(row);
}

export async function setRoundPhase(
  db: DbHandle,
  roundId: string,
  phase: SpmRoundRow['phase'],
): Promise<void> {
  await db.update(spmRounds).set({ phase }).where(eq(spmRounds.id, roundId));
}

export async function markRoundSettled(
  db: DbHandle,
  input: { roundId: string; outcome: SpmRoundOutcome; settledAt: Date },
): Promise<void> {
  await db
    .update(spmRounds)
    .set({
      phase: 'settled',
      outcome: input.outcome,
      resultCode: input.outcome.resultCode,
      settledAt: input.settledAt,
    })
    .where(eq(spmRounds.id, input.roundId));
}

/** The table's last settled rounds, newest first. */
export async function lastResults(
  db: DbHandle,
  tableId: string,
  limit: number,
): Promise<{ roundId: string; resultCode: string }[]> {
  const rows = await db
    .select({ roundId: spmRounds.id, resultCode: spmRounds.resultCode })
    .from(spmRounds)
    .where(and(eq(spmRounds.tableId, tableId), eq(spmRounds.phase, 'settled')))
    .orderBy(desc(spmRounds.number))
    .limit(limit);
  return rows.flatMap((row) =>
    row.resultCode === null ? [] : [{ roundId: row.roundId, resultCode: row.resultCode }],
  );
}

/** Inserts a pending bet; undefined when the player already used the idempotency key. */
export async function insertPendingBet(
  db: DbHandle,
  input: {
    roundId: string;
    playerId: number;
    sessionId: number;
    sessionToken: string;
    spot: string;
    stakePaise: bigint;
    idempotencyKey: string;
    createdAt: Date;
  },
): Promise<SpmBetRow | undefined> {
  // The operator's transaction id is built from the row id: take the id first.
  const [next] = await executeRows<{ id: string | number }>(
    db,
    sql`select nextval('spm_bets_id_seq'::regclass) as id`,
  );
  const id = Number(next?.id);
  const [row] = await db
    .insert(spmBets)
    .values(
      objectWith(input, { id, status: 'pending' as const, betTransactionId: betTransactionId(id) }),
    )
    .onConflictDoNothing({ target: [spmBets.playerId, spmBets.idempotencyKey] })
    .returning();
  return row;
}

/** The operator transaction ids SPM Games sends (stable, so a retry is a replay). */
export const betTransactionId = (betId: number) => `spm-bet-${betId}`;
export const rollbackTransactionId = (betId: number) => `spm-rollback-${betId}`;
export const winTransactionId = (roundId: string, playerId: number) =>
  `spm-win-${roundId}-${playerId}`;

export async function betByKey(
  db: DbHandle,
  playerId: number,
  idempotencyKey: string,
): Promise<SpmBetRow | undefined> {
  const [row] = await db
    .select()
    .from(spmBets)
    .where(and(eq(spmBets.playerId, playerId), eq(spmBets.idempotencyKey, idempotencyKey)));
  return row;
}

/** Moves a bet from one status to another; false when it was no longer in `from`. */
export async function moveBetStatus(
  db: DbHandle,
  betId: number,
  from: SpmBetStatus,
  to: SpmBetStatus,
): Promise<boolean> {
  const rows = await db
    .update(spmBets)
    .set({ status: to })
    .where(and(eq(spmBets.id, betId), eq(spmBets.status, from)))
    .returning({ id: spmBets.id });
  return rows.length === 1;
}

export async function betsOfRound(db: DbHandle, roundId: string): Promise<SpmBetRow[]> {
  return db.select().from(spmBets).where(eq(spmBets.roundId, roundId)).orderBy(spmBets.id);
}

export async function playerBetsOfRound(
  db: DbHandle,
  roundId: string,
  playerId: number,
): Promise<SpmBetRow[]> {
  return db
    .select()
    .from(spmBets)
    .where(and(eq(spmBets.roundId, roundId), eq(spmBets.playerId, playerId)))
    .orderBy(spmBets.id);
}

/**
 * Writes each accepted bet's result: won (with what it paid, which the round's win cap may
 * have lowered, to nothing) or lost with 0.
 */
export async function markBetsResulted(
  db: DbHandle,
  results: readonly { betId: number; won: boolean; payoutPaise: bigint }[],
): Promise<void> {
  for (const result of results) {
    await db
      .update(spmBets)
      .set({ status: result.won ? 'won' : 'lost', payoutPaise: result.payoutPaise })
      .where(and(eq(spmBets.id, result.betId), eq(spmBets.status, 'accepted')));
  }
}

/** The operator answered the player's win of the round: its id goes on the round's bets. */
export async function markWinAnswered(
  db: DbHandle,
  input: { roundId: string; playerId: number; transactionId: string },
): Promise<void> {
  await db
    .update(spmBets)
    .set({ winTransactionId: input.transactionId })
    .where(
      and(
        eq(spmBets.roundId, input.roundId),
        eq(spmBets.playerId, input.playerId),
        inArray(spmBets.status, ['won', 'lost']),
      ),
    );
}

/**
 * Money SPM Games still owes the operator a callback for, in settled rounds: bets whose `bet`
 * callback got no answer (to roll back) and results whose `win` was not answered yet.
 */
export async function outstandingBets(
  db: DbHandle,
): Promise<{ bet: SpmBetRow; tableId: string }[]> {
  return db
    .select({ bet: spmBets, tableId: spmRounds.tableId })
    .from(spmBets)
    .innerJoin(spmRounds, eq(spmRounds.id, spmBets.roundId))
    .where(
      and(
        eq(spmRounds.phase, 'settled'),
        or(
          eq(spmBets.status, 'pending'),
          and(inArray(spmBets.status, ['won', 'lost']), isNull(spmBets.winTransactionId)),
        ),
      ),
    )
    .orderBy(spmBets.id);
}

import {
  spmRoundOutcomeSchema,
  type SpmGameKind,
  type SpmRoundOutcome,
  type SpmRoundRecord,
} from '@spm/contract';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbHandle } from '../../../db/database.ts';
import { spmBets, spmRounds } from '../tables.ts';
import { betView } from './spm-bets.ts';
import type { SpmBetRow, SpmRoundRow } from './spm-repository.ts';

const NOTHING_SHOWN: SpmRoundOutcome = { hands: {}, segment: null, winners: [], resultCode: null };

/**
 * A stored round as the history shows it: the outcome and the server seed only once settled
 * (before that, as the live table between rounds would: no cards, the seed's hash alone).
 */
function recordOf(row: SpmRoundRow, kind: SpmGameKind, bets: readonly SpmBetRow[]): SpmRoundRecord {
  const settled = row.phase === 'settled';
  const stored = settled ? spmRoundOutcomeSchema.safeParse(row.outcome) : undefined;
  return {
    kind,
    round: {
      id: row.id,
      tableId: row.tableId,
      number: row.number,
      phase: row.phase,
      bettingClosesAt: row.bettingClosesAt.toISOString(),
      outcome: stored?.success ? stored.data : NOTHING_SHOWN,
      fairness: {
        serverSeedHash: row.serverSeedHash,
        serverSeed: settled ? row.serverSeed : null,
        clientSeed: row.clientSeed,
        nonce: row.nonce,
      },
    },
    settledAt: row.settledAt?.toISOString() ?? null,
    myBets: bets.flatMap((bet) => betView(bet) ?? []),
  };
}

/**
 * The records of `rounds` (ids of spm_rounds, each with its table's game kind) for one
 * player: two queries whatever the page size. Unknown ids are left out.
 */
export async function spmRoundRecords(
  db: DbHandle,
  playerId: number,
  rounds: readonly { roundId: string; kind: SpmGameKind }[],
): Promise<Map<string, SpmRoundRecord>> {
  const records = new Map<string, SpmRoundRecord>();
  if (rounds.length === 0) return records;
  const ids = rounds.map((round) => round.roundId);
  const [rows, bets] = await Promise.all([
    db.select().from(spmRounds).where(inArray(spmRounds.id, ids)),
    db
      .select()
      .from(spmBets)
      .where(and(inArray(spmBets.roundId, ids), eq(spmBets.playerId, playerId)))
      .orderBy(spmBets.id),
  ]);
  const kindOf = new Map(rounds.map((round) => [round.roundId, round.kind]));
  for (const row of rows) {
    const kind = kindOf.get(row.id);
    if (!kind) continue;
    records.set(
      row.id,
      recordOf(
        row,
        kind,
        bets.filter((bet) => bet.roundId === row.id),
      ),
    );
  }
  return records;
}

/**
 * GET /api/casino/spm/tables/{tableId}/rounds: the table's settled rounds, newest first, a page
 * at a time, each with the session player's bets in it.
 */
export async function tableRoundsPage(
  db: DbHandle,
  input: { tableId: string; kind: SpmGameKind; playerId: number; page: number; pageSize: number },
): Promise<{ items: SpmRoundRecord[]; page: number; pageSize: number; total: number }> {
  const settledOfTable = and(eq(spmRounds.tableId, input.tableId), eq(spmRounds.phase, 'settled'));
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: spmRounds.id })
      .from(spmRounds)
      .where(settledOfTable)
      .orderBy(desc(spmRounds.number))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ total: count() }).from(spmRounds).where(settledOfTable),
  ]);
  const records = await spmRoundRecords(
    db,
    input.playerId,
    rows.map((row) => ({ roundId: row.id, kind: input.kind })),
  );
  return {
    items: rows.flatMap((row) => records.get(row.id) ?? []),
    page: input.page,
    pageSize: input.pageSize,
    total: total?.total ?? 0,
  };
}

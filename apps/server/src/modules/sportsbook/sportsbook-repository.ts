import { SPORTSBOOK_BETS_PAGE_SIZE, type BetbyMake, type SportsbookBetStatus } from '@spm/contract';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database.ts';
import { sportsbookBets, type SportsbookBetRow, type SportsbookLegRow } from './tables.ts';

/** How a bet ends: a settlement (won, lost, refunded, cashed out) or a discard. */
export interface BetSettlement {
  status: Exclude<SportsbookBetStatus, 'open' | 'discarded'>;
}

export async function findBet(
  db: DbHandle,
  provider: string,
  betTransactionId: string,
): Promise<SportsbookBetRow | undefined> {
  const rows = await db
    .select()
    .from(sportsbookBets)
    .where(
      and(
        eq(sportsbookBets.provider, provider),
        eq(sportsbookBets.betTransactionId, betTransactionId),
      ),
    )
    .limit(1);
  return rows[0];
}

/** The legs as the player's pages show them: the event is its competitors, or its tournament. */
export function legsOf(make: BetbyMake): SportsbookLegRow[] {
  return make.betslip.bets.map((selection) => ({
    eventName:
      selection.competitor_name.length > 0
        ? selection.competitor_name.join(' v ')
        : (selection.tournament_name ?? selection.event_id),
    marketName: selection.market_name,
    outcomeName: selection.outcome_name,
    odds: selection.odds,
    live: selection.live,
  }));
}

export async function insertBet(
  db: DbHandle,
  input: {
    provider: string;
    make: BetbyMake;
    playerId: number;
    playMoney: boolean;
    placedAt: Date;
  },
): Promise<void> {
  const { make } = input;
  await db
    .insert(sportsbookBets)
    .values({
      provider: input.provider,
      betTransactionId: make.transaction.id,
      playerId: input.playerId,
      betslipId: make.betslip.id,
      slipType: make.betslip.type,
      totalOdds: make.betslip.k,
      stakePaise: BigInt(make.amount),
      potentialWinPaise: BigInt(make.potential_win),
      playMoney: input.playMoney,
      legs: legsOf(make),
      status: 'open',
      placedAt: input.placedAt,
    })
    .onConflictDoNothing();
}

/** Betby accepted the bet for good (its commit); false when no such bet. */
export async function markCommitted(
  db: DbHandle,
  provider: string,
  betTransactionId: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(sportsbookBets)
    .set({ committedAt: sql`coalesce(${sportsbookBets.committedAt}, ${at})` })
    .where(
      and(
        eq(sportsbookBets.provider, provider),
        eq(sportsbookBets.betTransactionId, betTransactionId),
      ),
    )
    .returning({ id: sportsbookBets.id });
  return rows.length > 0;
}

/** Ends an open bet; false when it was not open (another call ended it first). */
export async function markSettled(
  db: DbHandle,
  betId: number,
  end: {
    status: Exclude<SportsbookBetStatus, 'open'>;
    payoutPaise: bigint;
    settleTransactionId: string | null;
    settledAt: Date;
  },
): Promise<boolean> {
  const rows = await db
    .update(sportsbookBets)
    .set(end)
    .where(and(eq(sportsbookBets.id, betId), eq(sportsbookBets.status, 'open')))
    .returning({ id: sportsbookBets.id });
  return rows.length > 0;
}

/** A settlement rolled back: the bet is open again; false when that was not its settlement. */
export async function reopenBet(
  db: DbHandle,
  betId: number,
  settleTransactionId: string,
): Promise<boolean> {
  const rows = await db
    .update(sportsbookBets)
    .set({ status: 'open', payoutPaise: null, settleTransactionId: null, settledAt: null })
    .where(
      and(
        eq(sportsbookBets.id, betId),
        eq(sportsbookBets.settleTransactionId, settleTransactionId),
        ne(sportsbookBets.status, 'open'),
      ),
    )
    .returning({ id: sportsbookBets.id });
  return rows.length > 0;
}

/** A page of the player's bets, newest first: open ones, or settled (and discarded) ones. */
export async function listPlayerBets(
  db: DbHandle,
  playerId: number,
  query: { status: 'open' | 'settled'; page: number; pageSize?: number },
): Promise<{ rows: SportsbookBetRow[]; hasMore: boolean }> {
  const pageSize = query.pageSize ?? SPORTSBOOK_BETS_PAGE_SIZE;
  const rows = await db
    .select()
    .from(sportsbookBets)
    .where(
      and(
        eq(sportsbookBets.playerId, playerId),
        query.status === 'open'
          ? isNull(sportsbookBets.settledAt)
          : sql`${sportsbookBets.settledAt} is not null`,
      ),
    )
    .orderBy(desc(sportsbookBets.placedAt), desc(sportsbookBets.id))
    .limit(pageSize + 1)
    .offset((query.page - 1) * pageSize);
  return { rows: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}

/** A page of all the player's bets, newest first, and how many there are (the back office). */
export async function pagePlayerBets(
  db: DbHandle,
  playerId: number,
  page: number,
  pageSize: number,
): Promise<{ rows: SportsbookBetRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(sportsbookBets)
      .where(eq(sportsbookBets.playerId, playerId))
      .orderBy(desc(sportsbookBets.placedAt), desc(sportsbookBets.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(sportsbookBets)
      .where(eq(sportsbookBets.playerId, playerId)),
  ]);
  return { rows, total: Number(counted[0]?.total ?? 0) };
}

/** Every sportsbook bet of a player, oldest first (the data export). */
export async function allPlayerBets(db: DbHandle, playerId: number): Promise<SportsbookBetRow[]> {
  return db
    .select()
    .from(sportsbookBets)
    .where(eq(sportsbookBets.playerId, playerId))
    .orderBy(sportsbookBets.placedAt, sportsbookBets.id);
}

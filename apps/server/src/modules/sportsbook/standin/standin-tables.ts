import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BetbyCurrency } from '@spm/contract';
import { timestampTz } from '../../../db/columns.ts';

/*
 * The stand-in's own books (docs/sportsbook.md, migration 0041): what Betby would keep on its
 * side of the protocol. The operator's record of the same bet is `sportsbook_bets`; the two
 * meet only through the signed calls, as they would with Betby itself. No foreign key to
 * users: a provider knows the player only as the id the token named.
 */

/**
 * pending: written before bet_make, so a bet whose make got no answer can still be discarded;
 * refused: the operator said no (its code kept in `refusal`); open: the operator holds the
 * stake; settled: the operator answered the settlement; discarded: dropped, the stake returned.
 */
export const STAND_IN_BET_STATUSES = [
  'pending',
  'refused',
  'open',
  'settled',
  'discarded',
] as const;
export type StandInBetStatus = (typeof STAND_IN_BET_STATUSES)[number];

/** How a settled bet ended, as the method the operator was called with says it. */
export const STAND_IN_RESULTS = ['won', 'lost', 'refund'] as const;
export type StandInResult = (typeof STAND_IN_RESULTS)[number];

/** One leg as the player picked it: the exchange's ids, the price taken and the English names. */
export interface StandInLegRow {
  eventId: string;
  marketId: string;
  runnerId: string;
  /** The stand-in's decimal price taken, two decimals ("1.95"). */
  odds: string;
  eventName: string;
  marketName: string;
  runnerName: string;
}

export const sportsbookStandInBets = pgTable(
  'sportsbook_stand_in_bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The bet_make transaction id: what every later call names the bet by. */
    betTransactionId: text('bet_transaction_id').notNull(),
    betslipId: text('betslip_id').notNull(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    currency: text('currency').$type<BetbyCurrency>().notNull(),
    stakeCents: bigint('stake_cents', { mode: 'bigint' }).notNull(),
    /** The slip's total odds as sent (`k`), two decimals, rounded down. */
    totalOdds: text('total_odds').notNull(),
    potentialWinCents: bigint('potential_win_cents', { mode: 'bigint' }).notNull(),
    selections: jsonb('selections').$type<StandInLegRow[]>().notNull(),
    status: text('status').$type<StandInBetStatus>().notNull(),
    /** The operator's refusal of the make (`{code} {message}`), for the record. */
    refusal: text('refusal'),
    /**
     * Decided before the settlement call and kept: a call that got no answer is sent again
     * with the same transaction id, result and amount, which the operator replays.
     */
    result: text('result').$type<StandInResult>(),
    settleTransactionId: text('settle_transaction_id'),
    payoutCents: bigint('payout_cents', { mode: 'bigint' }),
    committedAt: timestampTz('committed_at'),
    /** When a sweep last looked at it: the least recently looked at go first. */
    sweptAt: timestampTz('swept_at'),
    createdAt: timestampTz('created_at').notNull(),
    settledAt: timestampTz('settled_at'),
  },
  (table) => [
    uniqueIndex('sportsbook_stand_in_bets_transaction_key').on(table.betTransactionId),
    index('sportsbook_stand_in_bets_sweep_idx')
      .on(table.sweptAt)
      .where(sql`${table.status} in ('pending', 'open')`),
    check(
      'sportsbook_stand_in_bets_status_check',
      sql.raw(
        `"sportsbook_stand_in_bets"."status" in (${STAND_IN_BET_STATUSES.map((s) => `'${s}'`).join(', ')})`,
      ),
    ),
    check(
      'sportsbook_stand_in_bets_result_check',
      sql.raw(
        `"sportsbook_stand_in_bets"."result" is null or "sportsbook_stand_in_bets"."result" in (${STAND_IN_RESULTS.map((s) => `'${s}'`).join(', ')})`,
      ),
    ),
    check('sportsbook_stand_in_bets_currency_check', sql`${table.currency} in ('INR', 'PTS')`),
    check(
      'sportsbook_stand_in_bets_amounts_check',
      sql`${table.stakeCents} > 0 and ${table.potentialWinCents} >= 0 and (${table.payoutCents} is null or ${table.payoutCents} >= 0)`,
    ),
  ],
);
export type StandInBetRow = typeof sportsbookStandInBets.$inferSelect;

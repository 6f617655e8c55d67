import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { SPORTSBOOK_BET_STATUSES, type SportsbookBetStatus } from '@spm/contract';
import { timestampTz } from '../../db/columns.ts';
import { users } from '../identity/tables.ts';

/*
 * The sportsbook (docs/sportsbook.md, migration 0041). The money is the wallet's: each bet's
 * stake is a hold of product 'sportsbook' (round `bet:{provider}:{bet transaction}`), and its
 * settlement, refund or rollback moves it; these rows say what the bet was and how it ended.
 */

/** One leg of a bet slip, as the player's pages show it (Betby's names, in its language). */
export interface SportsbookLegRow {
  eventName: string;
  marketName: string;
  outcomeName: string;
  odds: string;
  live: boolean;
}

export const sportsbookBets = pgTable(
  'sportsbook_bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'betby': Betby itself or the platform's stand-in, which speaks its protocol. */
    provider: text('provider').notNull(),
    /** Betby's id of the bet_make transaction: what every later call names the bet by. */
    betTransactionId: text('bet_transaction_id').notNull(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    betslipId: text('betslip_id').notNull(),
    slipType: text('slip_type').notNull(),
    totalOdds: text('total_odds').notNull(),
    stakePaise: bigint('stake_paise', { mode: 'bigint' }).notNull(),
    potentialWinPaise: bigint('potential_win_paise', { mode: 'bigint' }).notNull(),
    payoutPaise: bigint('payout_paise', { mode: 'bigint' }),
    playMoney: boolean('play_money').notNull(),
    legs: jsonb('legs').$type<SportsbookLegRow[]>().notNull(),
    status: text('status').$type<SportsbookBetStatus>().notNull(),
    /** The win, lost or refund transaction that settled it: a rollback must name this one. */
    settleTransactionId: text('settle_transaction_id'),
    committedAt: timestampTz('committed_at'),
    placedAt: timestampTz('placed_at').notNull(),
    settledAt: timestampTz('settled_at'),
  },
  (table) => [
    uniqueIndex('sportsbook_bets_transaction_key').on(table.provider, table.betTransactionId),
    index('sportsbook_bets_player_idx').on(table.playerId, table.placedAt),
    index('sportsbook_bets_open_idx')
      .on(table.playerId)
      .where(sql`${table.status} = 'open'`),
    check(
      'sportsbook_bets_status_check',
      sql.raw(
        `"sportsbook_bets"."status" in (${SPORTSBOOK_BET_STATUSES.map((s) => `'${s}'`).join(', ')})`,
      ),
    ),
    check(
      'sportsbook_bets_amounts_check',
      sql`${table.stakePaise} > 0 and ${table.potentialWinPaise} >= 0 and (${table.payoutPaise} is null or ${table.payoutPaise} >= 0)`,
    ),
    check(
      'sportsbook_bets_settled_check',
      sql`(${table.status} = 'open') = (${table.settledAt} is null)`,
    ),
  ],
);
export type SportsbookBetRow = typeof sportsbookBets.$inferSelect;

/**
 * Key pairs the platform made itself (PEM): `operator-es256` signs the players' tokens when
 * BETBY_OPERATOR_PRIVATE_KEY is not set, `standin-rs256` signs the stand-in's calls. Made once
 * by whichever node starts first, so every node signs and verifies alike.
 */
export const sportsbookKeys = pgTable('sportsbook_keys', {
  name: text('name').primaryKey(),
  privatePem: text('private_pem').notNull(),
  publicPem: text('public_pem').notNull(),
  createdAt: timestampTz('created_at').notNull(),
});

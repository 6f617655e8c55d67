import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from '../../db/columns.ts';
import { staffUsers, users } from '../identity/tables.ts';

// The crash game (issue 43, docs/crash-game.md): its hash chain (the secret seed and a
// checkpoint every ~√N links, never the million links themselves), the staff's settings,
// the rounds and the players' bets. Money lives only in the wallet's tables: a bet's stake,
// cash-out and refund are wallet operations under `crash:bet:{id}`, `crash:win:{id}` and
// `crash:refund:{id}`.

/**
 * A hash chain (docs/crash-fairness.md "The hash chain"). `terminatingHash` is null while the
 * chain is being built (a restart then builds it again from the seed); round k plays link k.
 */
export const crashChains = pgTable('crash_chains', {
  id: integer('id').primaryKey(),
  /** The secret seed: link `length`, the last round's hash. Never sent to anyone. */
  seed: text('seed').notNull(),
  length: integer('length').notNull(),
  /** Links between two checkpoints. */
  segment: integer('segment').notNull(),
  terminatingHash: text('terminating_hash'),
  createdAt: createdAt(),
  builtAt: timestampTz('built_at'),
});

/** Link `roundNumber` of a chain, kept for every multiple of the segment from the seed down. */
export const crashChainCheckpoints = pgTable(
  'crash_chain_checkpoints',
  {
    chainId: integer('chain_id')
      .notNull()
      .references(() => crashChains.id),
    roundNumber: integer('round_number').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.roundNumber] })],
);

/**
 * The game's settings, one row (id 1), read when a round is created: a change applies from
 * the next round committed. Amounts in paise, multipliers in hundredths.
 */
export const crashSettings = pgTable(
  'crash_settings',
  {
    id: integer('id').primaryKey(),
    houseEdgeBasisPoints: integer('house_edge_basis_points').notNull().default(300),
    maxMultiplierHundredths: integer('max_multiplier_hundredths').notNull().default(1_000_000),
    minStakePaise: bigint('min_stake_paise', { mode: 'bigint' }).notNull().default(1_000n),
    maxStakePerRoundPaise: bigint('max_stake_per_round_paise', { mode: 'bigint' })
      .notNull()
      .default(750_000n),
    maxReturnPaise: bigint('max_return_paise', { mode: 'bigint' }).notNull().default(7_500_000n),
    /** Staff paused the game: no new round opens until resumed (the one flying ends). */
    paused: boolean('paused').notNull().default(false),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
    updatedByStaffId: bigint('updated_by_staff_id', { mode: 'number' }).references(
      () => staffUsers.id,
    ),
  },
  (table) => [
    check(
      'crash_settings_values_check',
      sql`${table.houseEdgeBasisPoints} between 0 and 9999
        and ${table.maxMultiplierHundredths} >= 101
        and ${table.minStakePaise} > 0
        and ${table.maxStakePerRoundPaise} >= ${table.minStakePaise}
        and ${table.maxReturnPaise} >= ${table.maxStakePerRoundPaise}`,
    ),
  ],
);

export const CRASH_ROUND_PHASE_VALUES = ['betting', 'flying', 'crashed'] as const;
export const CRASH_BET_STATUS_VALUES = ['active', 'cashed_out', 'lost', 'refunded'] as const;
export const CRASH_INCIDENT_VALUES = ['refunded_before_flight', 'crashed_on_recovery'] as const;
export const CRASH_CASH_OUT_KINDS = ['manual', 'auto', 'max-win'] as const;

/**
 * A round: its link of the chain (id = round number = link number), the salt committed
 * before betting, the crash point and the settings it was made with. The hash and salt are
 * shown only once it crashed.
 */
export const crashRounds = pgTable(
  'crash_rounds',
  {
    id: integer('id').primaryKey(),
    chainId: integer('chain_id')
      .notNull()
      .references(() => crashChains.id),
    hash: text('hash').notNull(),
    salt: text('salt').notNull(),
    saltCommitment: text('salt_commitment').notNull(),
    crashPointHundredths: integer('crash_point_hundredths').notNull(),
    houseEdgeBasisPoints: integer('house_edge_basis_points').notNull(),
    maxMultiplierHundredths: integer('max_multiplier_hundredths').notNull(),
    minStakePaise: bigint('min_stake_paise', { mode: 'bigint' }).notNull(),
    maxStakePerRoundPaise: bigint('max_stake_per_round_paise', { mode: 'bigint' }).notNull(),
    maxReturnPaise: bigint('max_return_paise', { mode: 'bigint' }).notNull(),
    phase: text('phase', { enum: CRASH_ROUND_PHASE_VALUES }).notNull(),
    bettingEndsAt: timestampTz('betting_ends_at').notNull(),
    flightStartedAt: timestampTz('flight_started_at'),
    crashedAt: timestampTz('crashed_at'),
    incident: text('incident', { enum: CRASH_INCIDENT_VALUES }),
    /** Written at the crash: the players, their stakes and what was paid (refunds excluded). */
    players: integer('players').notNull().default(0),
    totalStakePaise: bigint('total_stake_paise', { mode: 'bigint' }).notNull().default(0n),
    totalPayoutPaise: bigint('total_payout_paise', { mode: 'bigint' }).notNull().default(0n),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      'crash_rounds_phase_check',
      sql.raw(`phase in (${CRASH_ROUND_PHASE_VALUES.map((p) => `'${p}'`).join(', ')})`),
    ),
    check(
      'crash_rounds_incident_check',
      sql.raw(
        `incident is null or incident in (${CRASH_INCIDENT_VALUES.map((p) => `'${p}'`).join(', ')})`,
      ),
    ),
    index('crash_rounds_crashed_at_idx').on(table.crashedAt),
  ],
);

/** A player's bet on a round's panel (0 or 1). */
export const crashBets = pgTable(
  'crash_bets',
  {
    id: text('id').primaryKey(),
    roundId: integer('round_id')
      .notNull()
      .references(() => crashRounds.id),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** The masked name everyone in the room sees (`ra***42`), fixed when the bet is placed. */
    playerLabel: text('player_label').notNull(),
    panel: smallint('panel').notNull(),
    stakePaise: bigint('stake_paise', { mode: 'bigint' }).notNull(),
    autoCashOutHundredths: integer('auto_cash_out_hundredths'),
    /** The client's id of the bet: a retry after a lost answer finds the bet placed. */
    clientBetId: text('client_bet_id').notNull(),
    status: text('status', { enum: CRASH_BET_STATUS_VALUES }).notNull(),
    cashOutHundredths: integer('cash_out_hundredths'),
    cashOutKind: text('cash_out_kind', { enum: CRASH_CASH_OUT_KINDS }),
    payoutPaise: bigint('payout_paise', { mode: 'bigint' }),
    placedAt: timestampTz('placed_at').notNull(),
    settledAt: timestampTz('settled_at'),
  },
  (table) => [
    uniqueIndex('crash_bets_client_key').on(table.playerId, table.clientBetId),
    // One bet per panel and round; a withdrawn (refunded) bet frees its panel.
    uniqueIndex('crash_bets_panel_key')
      .on(table.roundId, table.playerId, table.panel)
      .where(sql`${table.status} <> 'refunded'`),
    index('crash_bets_round_idx').on(table.roundId),
    index('crash_bets_player_idx').on(table.playerId, table.placedAt),
    check('crash_bets_stake_check', sql`${table.stakePaise} > 0`),
    check('crash_bets_panel_check', sql`${table.panel} in (0, 1)`),
    check(
      'crash_bets_status_check',
      sql.raw(`status in (${CRASH_BET_STATUS_VALUES.map((s) => `'${s}'`).join(', ')})`),
    ),
  ],
);

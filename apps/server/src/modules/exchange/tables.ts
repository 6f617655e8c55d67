import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { NameTranslationKind, Translations } from '@spm/contract';
import { createdAt, timestampTz } from '../../db/columns.ts';

/*
 * Sports exchange (DESIGN 5, docs/decisions.md "The exchange"). The orders table is the
 * truth; the in-memory books are rebuilt from its unmatched orders at boot.
 */
export const EVENT_STATUSES = ['upcoming', 'in_play', 'closed'] as const;

export const MARKET_TYPES = ['match_odds', 'bookmaker', 'fancy'] as const;

export const MARKET_STATUSES = ['open', 'suspended', 'closed', 'settled', 'voided'] as const;

export const ORDER_SIDES = ['back', 'lay', 'yes', 'no'] as const;

export const competitions = pgTable('competitions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  sportId: integer('sport_id').notNull(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sportId: integer('sport_id').notNull(),
    competitionId: bigint('competition_id', { mode: 'number' })
      .notNull()
      .references(() => competitions.id),
    name: text('name').notNull(),
    homeTeam: text('home_team').notNull(),
    awayTeam: text('away_team').notNull(),
    startTime: timestampTz('start_time').notNull(),
    status: text('status', { enum: EVENT_STATUSES }).notNull().default('upcoming'),
    liveTvUrl: text('live_tv_url'),
    // Events the built-in simulator runs (prices, suspensions, random results); it never
    // touches the others, which staff run by hand.
    simulated: boolean('simulated').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    check('events_status_check', sql`${table.status} in ('upcoming', 'in_play', 'closed')`),
    index('events_status_start_idx').on(table.status, table.startTime),
  ],
);

export const markets = pgTable(
  'markets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id),
    type: text('type', { enum: MARKET_TYPES }).notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: MARKET_STATUSES }).notNull().default('open'),
    inPlay: boolean('in_play').notNull().default(false),
    minStakePaise: bigint('min_stake_paise', { mode: 'bigint' }).notNull(),
    maxStakePaise: bigint('max_stake_paise', { mode: 'bigint' }).notNull(),
    maxProfitPaise: bigint('max_profit_paise', { mode: 'bigint' }).notNull(),
    inPlayDelayMs: integer('in_play_delay_ms').notNull().default(0),
    commissionBps: integer('commission_bps').notNull().default(0),
    line: integer('line'),
    yesRate: integer('yes_rate'),
    noRate: integer('no_rate'),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    settledVersion: integer('settled_version').notNull().default(0),
    resultRunnerId: bigint('result_runner_id', { mode: 'number' }),
    resultValue: integer('result_value'),
    resultVoid: boolean('result_void'),
    settledAt: timestampTz('settled_at'),
    createdAt: createdAt(),
  },
  (table) => [
    check('markets_type_check', sql`${table.type} in ('match_odds', 'bookmaker', 'fancy')`),
    check(
      'markets_status_check',
      sql`${table.status} in ('open', 'suspended', 'closed', 'settled', 'voided')`,
    ),
    index('markets_event_idx').on(table.eventId),
  ],
);

export const runners = pgTable(
  'runners',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    marketId: bigint('market_id', { mode: 'number' })
      .notNull()
      .references(() => markets.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull(),
    backRate: integer('back_rate'),
    layRate: integer('lay_rate'),
  },
  (table) => [index('runners_market_idx').on(table.marketId)],
);

export const orders = pgTable(
  'orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No foreign keys to users, markets, runners: docs/decisions.md "No foreign keys from hot rows to master data".
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    marketId: bigint('market_id', { mode: 'number' }).notNull(),
    runnerId: bigint('runner_id', { mode: 'number' }),
    side: text('side', { enum: ORDER_SIDES }).notNull(),
    // Exchange: the limit price in hundredths; bookmaker and fancy: the rate per 100.
    priceHundredths: integer('price_hundredths'),
    rate: integer('rate'),
    line: integer('line'),
    stakePaise: bigint('stake_paise', { mode: 'bigint' }).notNull(),
    matchedPaise: bigint('matched_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    cancelledPaise: bigint('cancelled_paise', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: text('status').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    // The first answer, replayed as is for the same key.
    answer: jsonb('answer').$type<unknown>(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    profitLossPaise: bigint('profit_loss_paise', { mode: 'bigint' }),
    settledAt: timestampTz('settled_at'),
    createdAt: timestampTz('created_at').notNull(),
  },
  (table) => [
    check('orders_side_check', sql`${table.side} in ('back', 'lay', 'yes', 'no')`),
    check(
      'orders_amounts_check',
      sql`${table.stakePaise} > 0 and ${table.matchedPaise} >= 0 and ${table.cancelledPaise} >= 0 and ${table.matchedPaise} + ${table.cancelledPaise} <= ${table.stakePaise}`,
    ),
    uniqueIndex('orders_player_idempotency_key').on(table.playerId, table.idempotencyKey),
    index('orders_market_status_idx').on(table.marketId, table.status),
    index('orders_player_created_idx').on(table.playerId, table.createdAt),
  ],
);

/**
 * A player's cancel under its idempotency key (issue 39 item 5): written in the batch that
 * cancelled, so a retry of a cancel that went through answers its first answer instead of
 * ORDER_NOT_FOUND (or cancelling part of an order a second time). No foreign key to the order
 * (docs/decisions.md "No foreign keys between rows written together").
 */
export const orderCancels = pgTable(
  'order_cancels',
  {
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    // The first answer, replayed as is for the same key.
    answer: jsonb('answer').$type<unknown>().notNull(),
    createdAt: timestampTz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('order_cancels_player_idempotency_key').on(table.playerId, table.idempotencyKey),
  ],
);

export const fills = pgTable(
  'fills',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No foreign keys to markets, runners: docs/decisions.md "No foreign keys from hot rows to master data".
    marketId: bigint('market_id', { mode: 'number' }).notNull(),
    runnerId: bigint('runner_id', { mode: 'number' }).notNull(),
    // No foreign keys to orders either (docs/decisions.md "No foreign keys between rows
    // written together"): a fill is written by the statement that writes its taker order, its
    // maker is a resting order of the book, and orders are never deleted (the database refuses it).
    takerOrderId: bigint('taker_order_id', { mode: 'number' }).notNull(),
    makerOrderId: bigint('maker_order_id', { mode: 'number' }).notNull(),
    takerPlayerId: bigint('taker_player_id', { mode: 'number' }).notNull(),
    makerPlayerId: bigint('maker_player_id', { mode: 'number' }).notNull(),
    takerSide: text('taker_side').notNull(),
    priceHundredths: integer('price_hundredths').notNull(),
    stakePaise: bigint('stake_paise', { mode: 'bigint' }).notNull(),
    createdAt: timestampTz('created_at').notNull(),
  },
  (table) => [index('fills_market_idx').on(table.marketId)],
);

/** What the wallet holds for one player in one market; the exposure_hold account is their sum. */
export const marketExposures = pgTable(
  'market_exposures',
  {
    // No foreign keys to users, markets, runners: docs/decisions.md "No foreign keys from hot rows to master data".
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    marketId: bigint('market_id', { mode: 'number' }).notNull(),
    exposurePaise: bigint('exposure_paise', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    uniqueIndex('market_exposures_player_market_key').on(table.playerId, table.marketId),
    index('market_exposures_market_idx').on(table.marketId),
  ],
);

/** One row per settlement of a market; a correction adds the next version. */
export const settlements = pgTable(
  'settlements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    marketId: bigint('market_id', { mode: 'number' })
      .notNull()
      .references(() => markets.id),
    version: integer('version').notNull(),
    result: jsonb('result').$type<unknown>().notNull(),
    // Per player: the postings written, so a correction can reverse them exactly.
    playerPostings: jsonb('player_postings').$type<unknown>().notNull(),
    actorStaffId: bigint('actor_staff_id', { mode: 'number' }),
    reversedAt: timestampTz('reversed_at'),
    createdAt: timestampTz('created_at').notNull(),
  },
  (table) => [uniqueIndex('settlements_market_version_key').on(table.marketId, table.version)],
);

export type EventRow = typeof events.$inferSelect;
export type MarketRow = typeof markets.$inferSelect;
export type RunnerRow = typeof runners.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type FillRow = typeof fills.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

/**
 * Market and runner names in other languages, written by staff (docs/server-content-languages.md).
 * Every node holds them all in memory; the catalogue's own name stays the English one.
 */
export const nameTranslations = pgTable(
  'name_translations',
  {
    kind: text('kind').$type<NameTranslationKind>().notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    names: jsonb('names').$type<Translations>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.targetId] }),
    check('name_translations_kind_check', sql`${table.kind} in ('market', 'runner')`),
  ],
);

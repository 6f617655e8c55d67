import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestampTz } from '../db/columns.ts';

/*
 * The transactional outbox (docs/decisions.md "Wallet API and outbox"): events of a money
 * change are written in the transaction that changes the money and published after commit
 * by the outbox worker, which deletes what it published. A row is therefore an event not yet
 * known to be out; a crash between commit and emit leaves it here for the next drain.
 */
export const OUTBOX_TOPICS = ['socket', 'wallet', 'bundle'] as const;

export const outboxEvents = pgTable(
  'outbox_events',
  {
    // Taken from the sequence while the writer holds the player's wallet-version lock, so
    // for one player id order is commit order; the worker publishes by id.
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // The ordering key. No foreign key: rows live for milliseconds, and a player's events
    // must not wait on a KEY SHARE lock of the users row.
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    // socket: a realtime event to the player's sockets; wallet: a product-neutral wallet
    // event for in-process listeners (bonus wagering, safer play); bundle: several events of
    // one player from one transaction, in order, as one row (payload: [{topic, event,
    // payload}]): a placement's update_balance and wallet event cost one row, not two.
    topic: text('topic', { enum: OUTBOX_TOPICS }).notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestampTz('created_at').notNull(),
  },
  (table) => [
    check('outbox_events_topic_check', sql`${table.topic} in ('socket', 'wallet', 'bundle')`),
    index('outbox_events_player_idx').on(table.playerId, table.id),
  ],
);

/*
 * A durable consumer's progress (docs/decisions.md "Durable outbox consumers"): per consumer
 * and player, the last wallet event (outbox id, place in its row) it applied. Written in the
 * transaction that runs the consumer's handler, so its effects and its progress commit
 * together; an event at or before it is not handed to the consumer again.
 */
export const outboxConsumerProgress = pgTable(
  'outbox_consumer_progress',
  {
    consumer: text('consumer').notNull(),
    playerId: bigint('player_id', { mode: 'number' }).notNull(),
    lastEventId: bigint('last_event_id', { mode: 'number' }).notNull(),
    lastPart: integer('last_part').notNull(),
  },
  (table) => [primaryKey({ columns: [table.consumer, table.playerId] })],
);

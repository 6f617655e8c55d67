import { sql, type SQL } from 'drizzle-orm';
import { executePreparedRows, executeRows, type DbHandle } from '../db/database.ts';
import { pgArray } from '../db/pg-array.ts';
import type { OUTBOX_TOPICS } from './outbox-tables.ts';

/* The only SQL of the outbox. Payloads are JSON; bigint never reaches them (points or text). */

export type OutboxTopic = (typeof OUTBOX_TOPICS)[number];

export interface NewOutboxEvent {
  playerId: number;
  topic: OutboxTopic;
  event: string;
  payload: unknown;
}

export interface OutboxRow extends NewOutboxEvent {
  id: number;
}

/** One event of a bundle row's payload. */
interface BundledEvent {
  topic: Exclude<OutboxTopic, 'bundle'>;
  event: string;
  payload: unknown;
}

/**
 * One player's events of one transaction as the rows to write: the event itself when it is
 * alone, else one `bundle` row holding them in order. Each row costs PostgreSQL an insert,
 * two index entries, the drain's lock and its delete; a placement queues two events for its
 * player (update_balance and the wallet's stake), so bundling halves the outbox's rows
 * (docs/decisions.md "One outbox row a player a transaction").
 */
export function outboxRowsOfPlayer(
  playerId: number,
  events: readonly NewOutboxEvent[],
): readonly NewOutboxEvent[] {
  if (events.length <= 1) return events;
  const bundled = events.map((e): BundledEvent => {
    if (e.playerId !== playerId || e.topic === 'bundle') {
      throw new Error(`not an event of player ${playerId} to bundle: ${e.topic} ${e.event}`);
    }
    return { topic: e.topic, event: e.event, payload: e.payload };
  });
  return [{ playerId, topic: 'bundle', event: 'bundle', payload: bundled }];
}

/**
 * A claimed row's events in order, each with the row's id and its place in the row (0 for a
 * row of one event): a redelivered event has the same pair.
 */
export function eventsOfRow(
  row: OutboxRow,
): (OutboxRow & { topic: BundledEvent['topic']; part: number })[] {
  if (row.topic !== 'bundle') {
    const { id, playerId, topic, event, payload } = row;
    return [{ id, playerId, topic, event, payload, part: 0 }];
  }
  return (row.payload as BundledEvent[]).map((e, part) => ({
    id: row.id,
    playerId: row.playerId,
    topic: e.topic,
    event: e.event,
    payload: e.payload,
    part,
  }));
}

/**
 * The insert of these events in the given order (ids follow it: one sequence walk), as a
 * statement of its own or a data-modifying CTE of a larger one. One JSON parameter: the text
 * is the same for any number of events, none included (prepared statements).
 */
export function outboxInsert(events: readonly NewOutboxEvent[], createdAt: Date): SQL {
  const json = JSON.stringify(
    events.map((e, index) => ({ n: index, p: e.playerId, t: e.topic, e: e.event, d: e.payload })),
  );
  return sql`insert into outbox_events (player_id, topic, event, payload, created_at)
        select x.p, x.t, x.e, x.d, ${createdAt.toISOString()}::timestamptz
        from jsonb_to_recordset(${json}::jsonb) as x(n int, p bigint, t text, e text, d jsonb)
        order by x.n`;
}

/** Inserts the events in the given order. */
export async function insertOutboxEvents(
  db: DbHandle,
  events: readonly NewOutboxEvent[],
  createdAt: Date,
): Promise<void> {
  if (events.length === 0) return;
  await executePreparedRows(db, outboxInsert(events, createdAt));
}

/**
 * Claims up to `limit` of the oldest events for this transaction, and answers them in id
 * order. `skip locked` lets several processes drain at once without waiting on each other;
 * an event is left out while an older event of the same player is claimed elsewhere (or
 * beyond this batch), so one player's events are never published out of order.
 * `leftBehind`: events other than these were in the outbox when the claim ran (held by
 * another drain, left out behind one, or beyond the limit), so the caller must look again
 * soon rather than wait for its poll.
 */
export async function claimOutboxBatch(
  db: DbHandle,
  limit: number,
): Promise<{ rows: OutboxRow[]; leftBehind: boolean }> {
  const rows = await executePreparedRows<{
    id: string | number | null;
    player_id: string | number | null;
    topic: OutboxTopic | null;
    event: string | null;
    payload: unknown;
    left_behind: boolean;
  }>(
    db,
    sql`with claimed as (
          select id, player_id from outbox_events order by id limit ${limit}
          for update skip locked
        ),
        taken as (
          select o.id, o.player_id, o.topic, o.event, o.payload
          from outbox_events o join claimed c on c.id = o.id
          where not exists (
            select 1 from outbox_events older
            where older.player_id = c.player_id and older.id < c.id
              and older.id not in (select id from claimed)
          )
        ),
        rest as (
          -- The first such row in id order: the primary key's index is walked from the start
          -- (deleted rows cost an index entry each), where EXISTS let the planner read the
          -- whole table, every deleted row not yet vacuumed included.
          select (
            select x.id from outbox_events x where x.id not in (select id from taken)
            order by x.id limit 1
          ) is not null as left_behind
        )
        select taken.*, rest.left_behind from rest left join taken on true
        order by taken.id`,
  );
  return {
    rows: rows
      .filter((row) => row.id !== null)
      .map((row) => ({
        id: Number(row.id),
        playerId: Number(row.player_id),
        topic: row.topic!,
        event: row.event!,
        // PGlite answers jsonb parsed, pg too; a driver answering text is parsed here.
        payload:
          typeof row.payload === 'string' ? (JSON.parse(row.payload) as unknown) : row.payload,
      })),
    leftBehind: rows.some((row) => row.left_behind),
  };
}

export async function deleteOutboxEvents(db: DbHandle, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await executePreparedRows(
    db,
    sql`delete from outbox_events where id = any(${`{${ids.join(',')}}`}::bigint[])`,
  );
}

export async function countOutboxEvents(db: DbHandle): Promise<number> {
  const [row] = await executeRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from outbox_events`,
  );
  return Number(row?.n ?? 0);
}

/** Where a durable consumer stands for one player: the last event (row id, part) it applied. */
export interface ConsumerPosition {
  eventId: number;
  part: number;
}

/** The progress of these consumers for these players, keyed `consumer` NUL `player`. */
export async function readConsumerProgress(
  db: DbHandle,
  consumers: readonly string[],
  playerIds: readonly number[],
): Promise<Map<string, ConsumerPosition>> {
  const found = new Map<string, ConsumerPosition>();
  if (consumers.length === 0 || playerIds.length === 0) return found;
  const rows = await executePreparedRows<{
    consumer: string;
    player_id: string | number;
    last_event_id: string | number;
    last_part: number;
  }>(
    db,
    sql`select consumer, player_id, last_event_id, last_part from outbox_consumer_progress
        where consumer = any(${pgArray(consumers)}::text[])
          and player_id = any(${pgArray([...new Set(playerIds)])}::bigint[])`,
  );
  for (const row of rows) {
    found.set(consumerPlayerKey(row.consumer, Number(row.player_id)), {
      eventId: Number(row.last_event_id),
      part: row.last_part,
    });
  }
  return found;
}

export const consumerPlayerKey = (consumer: string, playerId: number) =>
  `${consumer}\u0000${playerId}`;

/** Records that `consumer` applied the player's events up to this one (in its transaction). */
export async function saveConsumerProgress(
  db: DbHandle,
  consumer: string,
  playerId: number,
  position: ConsumerPosition,
): Promise<void> {
  await executePreparedRows(
    db,
    sql`insert into outbox_consumer_progress (consumer, player_id, last_event_id, last_part)
        values (${consumer}, ${playerId}, ${position.eventId}, ${position.part})
        on conflict (consumer, player_id) do update
        set last_event_id = excluded.last_event_id, last_part = excluded.last_part`,
  );
}

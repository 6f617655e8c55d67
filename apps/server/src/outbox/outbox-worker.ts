import type { FastifyBaseLogger } from 'fastify';
import type { ServerEventName, ServerEventPayload } from '@spm/contract';
import type { Db, DbTransaction } from '../db/database.ts';
import type { RealtimeEmitter } from '../realtime/emitter.ts';
import {
  claimOutboxBatch,
  consumerPlayerKey,
  deleteOutboxEvents,
  eventsOfRow,
  readConsumerProgress,
  saveConsumerProgress,
  type ConsumerPosition,
  type NewOutboxEvent,
  type OutboxRow,
} from './outbox-repository.ts';

/** At most this many events per claiming transaction (TIGER_STYLE: a limit on everything). */
export const OUTBOX_BATCH_SIZE = 200;
/** The safety net's tick: commits kick the worker, so this only matters after a failure. */
export const OUTBOX_POLL_MS = 1000;
/** A failed publish is tried again after this, doubling up to the poll interval. */
const RETRY_FIRST_MS = 50;
/**
 * Drains start at most this often: under load the commits of this window share one claiming
 * transaction (four round trips) instead of each paying for its own; a kick after a quiet
 * spell drains at once (docs/decisions.md "Outbox drains share a window").
 */
export const OUTBOX_DRAIN_INTERVAL_MS = 40;

/**
 * A wallet event as a listener receives it: the outbox id and the event's place in its row
 * make a redelivery recognisable.
 */
export interface PublishedWalletEvent {
  outboxId: number;
  /** The event's place in its outbox row (0 unless the row bundles several events). */
  outboxPart: number;
  playerId: number;
  event: string;
  payload: unknown;
}

/**
 * Runs inside the worker's claiming transaction, before the event is deleted: a throw
 * leaves the event for the next drain (at least once). It must not wait on the database
 * (on PGlite the claiming transaction holds the only connection).
 */
export type WalletEventListener = (event: PublishedWalletEvent) => void;

/**
 * A wallet-event consumer whose effects must survive a crash (bonus wagering, a limit's
 * totals; docs/decisions.md "Durable outbox consumers"). Its handler runs inside the worker's
 * claiming transaction, in a savepoint that also records the consumer's progress for the
 * player; the event is deleted (marked done) by the same transaction. So the handler's writes,
 * its progress and the event's mark commit together or not at all: a crash anywhere between
 * them redelivers the event to a handler whose writes are gone too. An event at or before the
 * recorded progress is skipped: when the row stays after the handler committed (another
 * consumer or a listener of the row failed), it is not applied twice. At least once, in order
 * per player: a handler that throws rolls its savepoint back and the player's later events
 * (socket pushes included) wait behind the event, retried with the drain; other players go on.
 * It may query through `tx` only (on PGlite that is the one connection), and must not throw
 * for ever on an event it cannot use (it blocks that player): skip such an event instead.
 */
export interface DurableConsumer {
  /** Unique and stable across deploys: the consumer's progress is stored under it. */
  name: string;
  topic: 'wallet';
  handle: (tx: DbTransaction, event: PublishedWalletEvent) => Promise<void>;
}

export interface OutboxWorker {
  /** Drains now (after a commit); resolves once what was pending when called is out. */
  kick: () => Promise<void>;
  /** Publishes what a crash left behind, then keeps the safety-net poll running. */
  start: () => Promise<void>;
  stop: () => Promise<void>;
  onWalletEvent: (listener: WalletEventListener) => () => void;
  /**
   * Adds a durable consumer of every wallet event published from now on; register before
   * `start`, as the events drained before it are gone. A second consumer of one name throws.
   */
  registerDurableConsumer: (consumer: DurableConsumer) => () => void;
}

/** Whether a consumer at `at` has applied the event at (id, part) already. */
const applied = (at: ConsumerPosition | undefined, event: { id: number; part: number }) =>
  at !== undefined && (at.eventId > event.id || (at.eventId === event.id && at.part >= event.part));

const publishedOf = (event: ReturnType<typeof eventsOfRow>[number]): PublishedWalletEvent => ({
  outboxId: event.id,
  outboxPart: event.part,
  playerId: event.playerId,
  event: event.event,
  payload: event.payload,
});

/** Workers by the emitter the services were given, so a commit can kick its own process's. */
const workersByEmitter = new WeakMap<object, OutboxWorker>();

/** After a commit that wrote outbox rows: publish them now rather than at the next tick. */
export function kickOutbox(realtime: object): void {
  const worker = workersByEmitter.get(realtime);
  // No worker (a test's own emitter): the app's poll publishes the rows.
  if (worker) void worker.kick();
}

/** A realtime event as an outbox row: the event's payload type is checked here, once. */
export function socketEvent<E extends ServerEventName>(
  playerId: number,
  event: E,
  payload: ServerEventPayload<E>,
): NewOutboxEvent {
  return { playerId, topic: 'socket', event, payload };
}

/**
 * Hands a row's wallet events to the durable consumers that have not applied them, each in
 * a savepoint with its progress; `progress` (read for the batch) follows what they apply.
 */
async function deliverDurably(
  durables: ReadonlyMap<string, DurableConsumer>,
  tx: DbTransaction,
  row: OutboxRow,
  progress: Map<string, ConsumerPosition>,
): Promise<void> {
  if (durables.size === 0) return;
  for (const event of eventsOfRow(row)) {
    if (event.topic !== 'wallet') continue;
    for (const consumer of [...durables.values()]) {
      const key = consumerPlayerKey(consumer.name, event.playerId);
      if (applied(progress.get(key), event)) continue;
      const position = { eventId: event.id, part: event.part };
      await tx.transaction(async (savepoint) => {
        await consumer.handle(savepoint, publishedOf(event));
        await saveConsumerProgress(savepoint, consumer.name, event.playerId, position);
      });
      progress.set(key, position);
    }
  }
}

export function createOutboxWorker(options: {
  db: Db;
  realtime: RealtimeEmitter;
  log: FastifyBaseLogger;
  pollMs?: number;
  /** Least time between two drains' starts (OUTBOX_DRAIN_INTERVAL_MS). */
  drainIntervalMs?: number;
  /** Other objects the services hold as their emitter; a commit through them kicks too. */
  alsoKickedBy?: readonly object[];
}): OutboxWorker {
  const { db, realtime, log } = options;
  const kickKeys = [realtime, ...(options.alsoKickedBy ?? [])];
  const pollMs = options.pollMs ?? OUTBOX_POLL_MS;
  const drainIntervalMs = options.drainIntervalMs ?? OUTBOX_DRAIN_INTERVAL_MS;
  const listeners = new Set<WalletEventListener>();
  const durables = new Map<string, DurableConsumer>();
  let running: Promise<void> | null = null;
  let again = false;
  let started = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let retryMs = RETRY_FIRST_MS;
  /** performance.now() when the last drain round began: the window is measured from it. */
  let lastDrainStartMs = Number.NEGATIVE_INFINITY;
  /** Ends a wait for the window at once (stop). */
  let endWindowWait: (() => void) | null = null;
  const waitForWindow = async () => {
    const waitMs = lastDrainStartMs + drainIntervalMs - performance.now();
    if (waitMs > 0) {
      await new Promise<void>((resolve) => {
        const windowTimer = setTimeout(resolve, waitMs);
        endWindowWait = () => {
          clearTimeout(windowTimer);
          resolve();
        };
      });
      endWindowWait = null;
    }
    lastDrainStartMs = performance.now();
  };

  /**
   * Publishes a row's events in order. A throw part-way through a bundle leaves the whole row
   * for the next drain, which publishes its first events again: at least once, as always.
   */
  const publish = (row: OutboxRow) => {
    for (const event of eventsOfRow(row)) {
      if (event.topic === 'socket') {
        // The payload was checked against the event's type when it was written.
        realtime.emitToUser(
          event.playerId,
          event.event as ServerEventName,
          event.payload as ServerEventPayload<ServerEventName>,
        );
        continue;
      }
      // A topic a later build added: left in the outbox (the drain retries, the player's
      // later events wait) for a node that knows it, never handed to the wallet's listeners.
      if ((event.topic as string) !== 'wallet') {
        throw new Error(`outbox row ${event.id} has a topic this build does not know`);
      }
      for (const listener of [...listeners]) listener(publishedOf(event));
    }
  };

  /**
   * One claiming transaction: publish in order, delete what went out. `full`: the batch was
   * full, go on; `left`: events were left that this claim could not take (another drain held
   * them, or held older events of their players), look again after the window; `done`.
   */
  const drainBatch = async (): Promise<'full' | 'left' | 'done'> => {
    let failure: unknown;
    const claim = await db.transaction(async (tx) => {
      const { rows, leftBehind } = await claimOutboxBatch(tx, OUTBOX_BATCH_SIZE);
      const progress = await readConsumerProgress(
        tx,
        [...durables.keys()],
        rows.filter((row) => row.topic !== 'socket').map((row) => row.playerId),
      );
      const done: number[] = [];
      const blocked = new Set<number>();
      for (const row of rows) {
        // After a player's failed event, their later ones wait too: order over speed.
        if (blocked.has(row.playerId)) continue;
        try {
          await deliverDurably(durables, tx, row, progress);
          publish(row);
          done.push(row.id);
        } catch (error) {
          failure ??= error;
          blocked.add(row.playerId);
        }
      }
      await deleteOutboxEvents(tx, done);
      return { count: rows.length, leftBehind };
    });
    if (failure !== undefined) throw failure;
    if (claim.count === OUTBOX_BATCH_SIZE) return 'full';
    return claim.leftBehind ? 'left' : 'done';
  };

  const schedule = (delayMs: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void kick();
    }, delayMs);
    // The poll must never keep a process alive on its own.
    timer.unref();
  };

  const drain = async () => {
    try {
      let last: 'full' | 'left' | 'done' = 'done';
      do {
        await waitForWindow();
        again = false;
        do last = stopped ? 'done' : await drainBatch();
        while (last === 'full');
      } while (again && !stopped);
      retryMs = RETRY_FIRST_MS;
      // Events another drain held when this one looked: if that drain stopped short of them
      // (it saw events held by this one), nobody would take them before the poll.
      schedule(last === 'left' ? drainIntervalMs : pollMs);
    } catch (error) {
      log.error({ err: error }, 'outbox publish failed; retrying');
      schedule(retryMs);
      retryMs = Math.min(retryMs * 2, pollMs);
    }
  };

  const kick = (): Promise<void> => {
    if (stopped || !started) return Promise.resolve();
    if (running) {
      // A commit landed while a drain ran: go round once more when it ends.
      again = true;
      return running;
    }
    running = drain().finally(() => {
      running = null;
      // A kick that arrived after the last round's check but before this line.
      if (again && !stopped) void kick();
    });
    return running;
  };

  const worker: OutboxWorker = {
    kick,
    start: async () => {
      started = true;
      stopped = false;
      for (const key of kickKeys) workersByEmitter.set(key, worker);
      await kick();
    },
    stop: async () => {
      stopped = true;
      endWindowWait?.();
      if (timer) clearTimeout(timer);
      timer = null;
      for (const key of kickKeys) {
        if (workersByEmitter.get(key) === worker) workersByEmitter.delete(key);
      }
      await running;
    },
    onWalletEvent: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    registerDurableConsumer: (consumer) => {
      if (durables.has(consumer.name)) {
        throw new Error(`a durable consumer named ${consumer.name} is registered already`);
      }
      durables.set(consumer.name, consumer);
      return () => {
        if (durables.get(consumer.name) === consumer) durables.delete(consumer.name);
      };
    },
  };
  return worker;
}

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows, type DbTransaction } from '../db/database.ts';
import { WalletApi, type WalletEventPayload } from '../modules/wallet/index.ts';
import { drivers, startHarness, type Harness } from '../test/harness.ts';
import { recordingEmitter } from '../test/sockets.ts';
import { fund, insertPlayer } from '../test/wallet.ts';
import { countOutboxEvents } from './outbox-repository.ts';
import {
  createOutboxWorker,
  type DurableConsumer,
  type OutboxWorker,
  type PublishedWalletEvent,
} from './outbox-worker.ts';

const silentLog = { error: () => undefined } as unknown as Parameters<
  typeof createOutboxWorker
>[0]['log'];

/*
 * Durable consumers (docs/decisions.md "Durable outbox consumers"): a wagering-like consumer
 * that records every stake it hears in a table of its own, as bonus wagering would. Whatever
 * fails between its write, its progress and the event's mark, each stake ends up recorded
 * exactly once, in order per player.
 */
describe.each(drivers)('durable outbox consumers on %s', (driver) => {
  let h: Harness;
  let wallet: WalletApi;
  const workers: OutboxWorker[] = [];

  beforeAll(async () => {
    h = await startHarness(driver);
    // This file drives its own workers: the app's would drain the events first.
    await h.app.outbox.stop();
    wallet = new WalletApi({ db: h.db, clock: h.clock, realtime: h.app.realtime });
    await executeRows(
      h.db,
      sql`create table wagered (
            seq bigserial primary key, player_id bigint not null, outbox_id bigint not null,
            outbox_part int not null, stake_paise bigint not null)`,
    );
  });
  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await h?.close();
  });

  /** A worker as a restarted process would make it, with the wagering consumer registered. */
  function startWorker(handle: DurableConsumer['handle']): OutboxWorker {
    const worker = createOutboxWorker({
      db: h.db,
      realtime: recordingEmitter(),
      log: silentLog,
      pollMs: 60_000,
      drainIntervalMs: 0,
    });
    worker.registerDurableConsumer({ name: 'wagering', topic: 'wallet', handle });
    workers.push(worker);
    return worker;
  }

  /** The consumer's effect: one row per stake event it applied. */
  async function recordStake(tx: DbTransaction, event: PublishedWalletEvent): Promise<void> {
    if (event.event !== 'wallet.stake') return;
    const payload = event.payload as WalletEventPayload;
    await executeRows(
      tx,
      sql`insert into wagered (player_id, outbox_id, outbox_part, stake_paise)
          values (${event.playerId}, ${event.outboxId}, ${event.outboxPart},
                  ${payload.stakePaise}::bigint)`,
    );
  }

  async function wageredOf(playerId: number): Promise<bigint[]> {
    const rows = await executeRows<{ stake_paise: string | number }>(
      h.db,
      sql`select stake_paise from wagered where player_id = ${playerId} order by seq`,
    );
    return rows.map((row) => BigInt(row.stake_paise));
  }

  async function progressOf(playerId: number): Promise<number | null> {
    const [row] = await executeRows<{ last_event_id: string | number }>(
      h.db,
      sql`select last_event_id from outbox_consumer_progress
          where consumer = 'wagering' and player_id = ${playerId}`,
    );
    return row ? Number(row.last_event_id) : null;
  }

  async function stakes(playerId: number, amounts: readonly bigint[]): Promise<void> {
    for (const amountPaise of amounts) {
      const staked = await wallet.stake({
        product: 'casino',
        externalId: `bet-${playerId}-${amountPaise}`,
        playerId,
        roundId: `round-${playerId}-${amountPaise}`,
        amountPaise,
        mode: 'debit',
      });
      expect(staked.ok).toBe(true);
    }
  }

  async function fundedPlayer(): Promise<number> {
    const playerId = await insertPlayer(h.db);
    expect(
      (await fund({ db: h.db, clock: h.clock, realtime: h.app.realtime }, playerId, 10_000n)).ok,
    ).toBe(true);
    return playerId;
  }

  async function stopAll(): Promise<void> {
    for (const worker of workers.splice(0)) await worker.stop();
  }

  it('a crash after the handler and its progress, before the event is marked, loses nothing and applies nothing twice', async () => {
    const playerId = await fundedPlayer();
    await stakes(playerId, [100n, 200n]);
    // The process dies after the consumer wrote and recorded its progress, before the drain
    // deleted the events: the delete fails, so the claiming transaction never commits.
    await executeRows(
      h.db,
      sql`create function crash_before_mark() returns trigger language plpgsql as $$
          begin raise exception 'process died'; end $$`,
    );
    await executeRows(
      h.db,
      sql`create trigger crash_before_mark before delete on outbox_events
          for each statement execute function crash_before_mark()`,
    );
    let handled = 0;
    const crashing = startWorker(async (tx, event) => {
      await recordStake(tx, event);
      handled += 1;
    });
    await crashing.start();
    expect(handled).toBeGreaterThan(0);
    await stopAll();
    expect(await wageredOf(playerId)).toEqual([]);
    expect(await progressOf(playerId)).toBeNull();
    expect(await countOutboxEvents(h.db)).toBe(3);

    // Restarted: everything is delivered again, and applied once.
    await executeRows(h.db, sql`drop trigger crash_before_mark on outbox_events`);
    const restarted = startWorker(recordStake);
    await restarted.start();
    expect(await wageredOf(playerId)).toEqual([100n, 200n]);
    expect(await countOutboxEvents(h.db)).toBe(0);
    expect(await progressOf(playerId)).not.toBeNull();
    await restarted.kick();
    expect(await wageredOf(playerId)).toEqual([100n, 200n]);
    await stopAll();
  });

  it('progress committed without the event marked (a listener of its row failed): the redelivery skips the consumer', async () => {
    const playerId = await fundedPlayer();
    await stakes(playerId, [300n]);
    const worker = startWorker(recordStake);
    let failures = 0;
    const heard: PublishedWalletEvent[] = [];
    worker.onWalletEvent((event) => {
      if (failures++ === 0) throw new Error('listener down');
      heard.push(event);
    });
    await worker.start();
    // The consumer's write and progress committed; the stake's row stayed for the listener.
    expect(await wageredOf(playerId)).toEqual([300n]);
    expect(await countOutboxEvents(h.db)).toBe(1);
    await stopAll();

    const restarted = startWorker(recordStake);
    restarted.onWalletEvent((event) => heard.push(event));
    await restarted.start();
    expect(await countOutboxEvents(h.db)).toBe(0);
    expect(heard.map((e) => e.event)).toEqual(['wallet.stake']);
    expect(await wageredOf(playerId)).toEqual([300n]);
    await stopAll();
  });

  it('a handler that fails after its write retries alone: its player waits in order, others go on', async () => {
    const blockedPlayer = await fundedPlayer();
    const otherPlayer = await fundedPlayer();
    await stakes(blockedPlayer, [10n, 20n]);
    await stakes(otherPlayer, [30n]);
    let handlerDown = true;
    const worker = startWorker(async (tx, event) => {
      await recordStake(tx, event);
      // Throws after writing its row while "down", on the blocked player's stakes.
      if (event.playerId === blockedPlayer && handlerDown) throw new Error('handler died');
    });
    await expect(worker.start()).resolves.toBeUndefined();
    expect(await wageredOf(blockedPlayer)).toEqual([]);
    expect(await wageredOf(otherPlayer)).toEqual([30n]);
    // The blocked player's two stakes wait (its deposit's push before them is out).
    expect(await countOutboxEvents(h.db)).toBe(2);
    handlerDown = false;
    await worker.kick();
    expect(await wageredOf(blockedPlayer)).toEqual([10n, 20n]);
    expect(await countOutboxEvents(h.db)).toBe(0);
    await stopAll();
  });
});

import { type UpdateBalancePayload } from '@spm/contract';
import { connectPlayerSocket, recordingEmitter, type ClientSocket } from '../test/sockets.ts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { createManualClock } from '../clock.ts';
import { executeRows } from '../db/database.ts';
import type { RealtimeEmitter } from '../realtime/emitter.ts';
import { seed } from '../seed.ts';
import {
  createMigratedTestDatabase,
  drivers,
  startHarness,
  testConfig,
  type Harness,
} from '../test/harness.ts';
import { registerPlayer } from '../test/identity.ts';
import { fund, insertPlayer } from '../test/wallet.ts';
import { countOutboxEvents, insertOutboxEvents } from './outbox-repository.ts';
import { createOutboxWorker, socketEvent, type PublishedWalletEvent } from './outbox-worker.ts';
import { WalletApi } from '../modules/wallet/index.ts';

const silentLog = { error: () => undefined } as unknown as Parameters<
  typeof createOutboxWorker
>[0]['log'];

async function eventually(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (let tries = 0; tries < 250; tries += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.each(drivers)('outbox on %s', (driver) => {
  let h: Harness;
  const open: ClientSocket[] = [];

  beforeAll(async () => {
    h = await startHarness(driver, { listen: true });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    for (const socket of open.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await h?.close();
  });

  const deps = () => ({ db: h.db, clock: h.clock, realtime: h.app.realtime });

  const connectAs = (token: string) => connectPlayerSocket(h.baseUrl!, token, open);

  it("delivers one player's balances in version order, the last one the final wallet", async () => {
    const player = await registerPlayer(h);
    const playerId = Number(player.user.id);
    const socket = await connectAs(player.token);
    const got: UpdateBalancePayload[] = [];
    socket.on('update_balance', (payload) => got.push(payload));
    const credits = 40;
    const results = await Promise.all(
      Array.from({ length: credits }, () => fund(deps(), playerId, 100n)),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    await eventually(() => got.length >= credits, `${credits} update_balance pushes`);
    expect(got.map((p) => p.version)).toEqual(Array.from({ length: credits }, (_, i) => i + 1));
    expect(got.at(-1)?.balance).toBe(credits);
  });

  it('publishes again after an emit that failed, in order, and keeps nothing', async () => {
    const player = await registerPlayer(h);
    const playerId = Number(player.user.id);
    const socket = await connectAs(player.token);
    const got: UpdateBalancePayload[] = [];
    socket.on('update_balance', (payload) => got.push(payload));
    const real = h.app.realtime.emitToUser.bind(h.app.realtime);
    let failures = 0;
    // The worker publishes through app.realtime: fail its first emit.
    vi.spyOn(h.app.realtime, 'emitToUser').mockImplementation((...args) => {
      if (failures++ === 0) throw new Error('socket layer down');
      real(...args);
    });
    await fund(deps(), playerId, 500n);
    await fund(deps(), playerId, 300n);
    await eventually(() => got.length >= 2, 'both pushes after the retry');
    expect(got.map((p) => [p.version, p.balance])).toEqual([
      [1, 5],
      [2, 8],
    ]);
    await eventually(async () => (await countOutboxEvents(h.db)) === 0, 'an empty outbox');
  });

  it('several workers draining one outbox keep each player in order and publish everything', async () => {
    const players = [await insertPlayer(h.db), await insertPlayer(h.db), await insertPlayer(h.db)];
    const perPlayer = 150;
    const published: { worker: number; playerId: number; n: number }[] = [];
    const recorder = (worker: number): RealtimeEmitter =>
      recordingEmitter((playerId, _event, payload) => {
        published.push({ worker, playerId, n: (payload as { version: number }).version });
      });
    // Stop the app's own worker from taking these rows: it is kicked by the app's emitter
    // only, and its poll is a second away.
    const rows = [];
    for (let n = 1; n <= perPlayer; n += 1) {
      for (const playerId of players) {
        rows.push(socketEvent(playerId, 'update_balance', { version: n }));
      }
    }
    await h.app.outbox.stop();
    try {
      await insertOutboxEvents(h.db, rows, new Date());
      const workers = [0, 1, 2].map((index) =>
        createOutboxWorker({ db: h.db, realtime: recorder(index), log: silentLog, pollMs: 60_000 }),
      );
      await Promise.all(workers.map((w) => w.start()));
      await Promise.all(workers.map((w) => w.kick()));
      await eventually(async () => (await countOutboxEvents(h.db)) === 0, 'a drained outbox');
      await Promise.all(workers.map((w) => w.stop()));
    } finally {
      await h.app.outbox.start();
    }
    for (const playerId of players) {
      const seen = published.filter((p) => p.playerId === playerId).map((p) => p.n);
      // At least once: every event; in order: never a lower number after a higher one.
      expect(new Set(seen).size).toBe(perPlayer);
      for (let i = 1; i < seen.length; i += 1) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]!);
    }
  });

  it("writes a transaction's events of one player as one row, published in order and at least once", async () => {
    const playerId = await insertPlayer(h.db);
    await h.app.outbox.stop();
    const emitted: { event: string; balance: number | undefined }[] = [];
    const worker = createOutboxWorker({
      db: h.db,
      realtime: recordingEmitter((_playerId, event, payload) => {
        emitted.push({ event, balance: (payload as { balance?: number }).balance });
      }),
      log: silentLog,
      pollMs: 60_000,
    });
    try {
      expect((await fund(deps(), playerId, 10_000n)).ok).toBe(true);
      // A stake: the player's update_balance and the wallet's stake event, one transaction.
      const staked = await new WalletApi(deps()).stake({
        product: 'casino',
        externalId: `bundle-${playerId}`,
        playerId,
        roundId: `round-${playerId}`,
        amountPaise: 2_500n,
        mode: 'debit',
      });
      expect(staked.ok).toBe(true);
      const rows = await executeRows<{ id: string | number; topic: string; payload: unknown }>(
        h.db,
        sql`select id, topic, payload from outbox_events where player_id = ${playerId} order by id`,
      );
      // The deposit's one event alone, the stake's two in one row.
      expect(rows.map((row) => row.topic)).toEqual(['socket', 'bundle']);
      expect(
        (rows[1]!.payload as { topic: string; event: string }[]).map((e) => [e.topic, e.event]),
      ).toEqual([
        ['socket', 'update_balance'],
        ['wallet', 'wallet.stake'],
      ]);

      const heard: PublishedWalletEvent[] = [];
      let failures = 0;
      worker.onWalletEvent((event) => {
        if (failures++ === 0) throw new Error('listener down');
        heard.push(event);
      });
      await worker.start();
      // The listener failed inside the bundle: the row stays, after its first event went out.
      expect(emitted).toEqual([
        { event: 'update_balance', balance: 100 },
        { event: 'update_balance', balance: 75 },
      ]);
      expect(await countOutboxEvents(h.db)).toBe(1);
      await worker.kick();
      await eventually(async () => (await countOutboxEvents(h.db)) === 0, 'the bundle drained');
      // At least once: the bundle's first event again, then the wallet event.
      expect(emitted.map((e) => e.balance)).toEqual([100, 75, 75]);
      expect(heard).toEqual([
        expect.objectContaining({
          outboxId: Number(rows[1]!.id),
          outboxPart: 1,
          playerId,
          event: 'wallet.stake',
        }),
      ]);
    } finally {
      await worker.stop();
      await h.app.outbox.start();
    }
  });

  it('leaves an event of a topic it does not know in the outbox, handing it to no one', async () => {
    const playerId = await insertPlayer(h.db);
    await h.app.outbox.stop();
    const emitted: string[] = [];
    const heard: PublishedWalletEvent[] = [];
    const worker = createOutboxWorker({
      db: h.db,
      realtime: recordingEmitter((_playerId, event) => void emitted.push(event)),
      log: silentLog,
      pollMs: 60_000,
    });
    worker.onWalletEvent((event) => heard.push(event));
    try {
      // As a later build might write it: a bundle whose second event has a new topic.
      await insertOutboxEvents(
        h.db,
        [
          {
            playerId,
            topic: 'bundle',
            event: 'bundle',
            payload: [
              { topic: 'socket', event: 'update_balance', payload: { version: 1 } },
              { topic: 'loyalty', event: 'loyalty.points', payload: {} },
            ],
          },
        ],
        new Date(),
      );
      await worker.start();
      await worker.kick();
      expect(heard).toEqual([]);
      // The start's drain and the kick's each published the bundle's first event (at least
      // once) and stopped at the second.
      expect(emitted).toEqual(['update_balance', 'update_balance']);
      expect(await countOutboxEvents(h.db)).toBe(1);
    } finally {
      await worker.stop();
      await executeRows(h.db, sql`delete from outbox_events where player_id = ${playerId}`);
      await h.app.outbox.start();
    }
  });

  it.skipIf(driver !== 'postgres')(
    'looks again soon, not at its poll, when another drain held events it could not take',
    async () => {
      const playerId = await insertPlayer(h.db);
      const published: number[] = [];
      const worker = createOutboxWorker({
        db: h.db,
        realtime: recordingEmitter((_playerId, _event, payload) => {
          published.push((payload as { version: number }).version);
        }),
        log: silentLog,
        pollMs: 60_000,
      });
      await h.app.outbox.stop();
      try {
        await worker.start();
        await insertOutboxEvents(
          h.db,
          [1, 2, 3].map((version) => socketEvent(playerId, 'update_balance', { version })),
          new Date(),
        );
        // Another drain holds the player's oldest event while this worker looks: it can take
        // none of them (order), and that drain lets them go without publishing.
        await h.db.transaction(async (tx) => {
          await tx.execute(
            sql`select id from outbox_events where player_id = ${playerId}
                order by id limit 1 for update`,
          );
          await worker.kick();
          expect(published).toEqual([]);
        });
        await eventually(() => published.length === 3, 'the events after the hold ends');
        expect(published).toEqual([1, 2, 3]);
      } finally {
        await worker.stop();
        await h.app.outbox.start();
      }
    },
  );

  it('drains at once after a quiet spell, and holds commits close behind a drain for the next one', async () => {
    const [first, second, third] = [
      await insertPlayer(h.db),
      await insertPlayer(h.db),
      await insertPlayer(h.db),
    ];
    const published: number[] = [];
    const recorder = recordingEmitter((playerId) => void published.push(playerId));
    await h.app.outbox.stop();
    const worker = createOutboxWorker({
      db: h.db,
      realtime: recorder,
      log: silentLog,
      pollMs: 60_000,
      drainIntervalMs: 400,
    });
    try {
      await worker.start();
      const event = (playerId: number) => [socketEvent(playerId, 'update_balance', { version: 1 })];
      await insertOutboxEvents(h.db, event(first!), new Date());
      const startedAt = performance.now();
      await worker.kick();
      // A start() drained just now, so this kick waited for the window to pass.
      expect(performance.now() - startedAt).toBeGreaterThanOrEqual(350);
      expect(published).toEqual([first]);
      // Two commits while the window is closed: neither goes out until it opens.
      await insertOutboxEvents(h.db, event(second!), new Date());
      const secondKick = worker.kick();
      await insertOutboxEvents(h.db, event(third!), new Date());
      const thirdKick = worker.kick();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(published).toEqual([first]);
      await Promise.all([secondKick, thirdKick]);
      expect(published).toEqual([first, second, third]);
      // After a quiet spell longer than the window, a kick drains at once.
      await new Promise((resolve) => setTimeout(resolve, 450));
      await insertOutboxEvents(h.db, event(first!), new Date());
      const quietAt = performance.now();
      await worker.kick();
      expect(performance.now() - quietAt).toBeLessThan(350);
      expect(published).toEqual([first, second, third, first]);
    } finally {
      await worker.stop();
      await h.app.outbox.start();
    }
  });
});

describe.each(drivers)('outbox across a crash on %s', (driver) => {
  let apps: App[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });

  it('an event committed but never emitted is published when the next process starts', async () => {
    const testDatabase = await createMigratedTestDatabase(driver);
    try {
      await seed(testDatabase.database.db);
      const db = testDatabase.database.db;
      const config = testConfig();
      const clock = createManualClock();

      // The first process commits the money and dies before its emit goes out.
      const first = await buildApp({ config, db, clock });
      apps.push(first);
      vi.spyOn(first.realtime, 'emitToUser').mockImplementation(() => {
        throw new Error('process killed between commit and emit');
      });
      await first.ready();
      const playerId = await insertPlayer(db);
      const funded = await fund({ db, clock, realtime: first.realtime }, playerId, 4_200n);
      expect(funded.ok).toBe(true);
      await first.outbox.kick();
      expect(await countOutboxEvents(db)).toBeGreaterThan(0);
      await first.close();
      apps = [];

      // The next process publishes it on start, before it does anything else.
      const second = await buildApp({ config, db, clock });
      apps.push(second);
      const emitted: [number, string, unknown][] = [];
      vi.spyOn(second.realtime, 'emitToUser').mockImplementation((userId, event, payload) => {
        emitted.push([userId, event, payload]);
      });
      await second.ready();
      expect(emitted).toEqual([
        [
          playerId,
          'update_balance',
          { balance: 42, cash: 42, coins: 0, sports: 0, wicket: 0, exposure: 0, version: 1 },
        ],
      ]);
      expect(await countOutboxEvents(db)).toBe(0);
    } finally {
      for (const app of apps.splice(0)) await app.close();
      await testDatabase.dispose();
    }
  });
});

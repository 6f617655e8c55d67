import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeRows } from '../db/database.ts';
import { recordingEmitter } from '../test/sockets.ts';
import { drivers, useHarness } from '../test/use-harness.ts';
import { insertPlayer } from '../test/wallet.ts';
import { countOutboxEvents, insertOutboxEvents } from './outbox-repository.ts';
import { createOutboxWorker, socketEvent } from './outbox-worker.ts';

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

/*
 * A player's events go out in order on either database. The claim's own guard (an event waits
 * while an older one of its player is held by another drain) needs a second session to be
 * reached, so outbox.test.ts tests it on PostgreSQL; PGlite has one session. What both share
 * is the drain's guard: after a player's event failed to publish, the player's later events
 * of that batch wait for the retry instead of overtaking it.
 */
describe.each(drivers)("the outbox's per-player order on %s", (driver) => {
  const h = useHarness(driver);

  it("publishes a player's events after one that failed only once it went out, other players unheld", async () => {
    const [held, other] = [await insertPlayer(h.db), await insertPlayer(h.db)];
    const published: [number, number][] = [];
    /** Tries to push `held`'s first event: the one that fails, then the retry. */
    let firstEventTries = 0;
    const worker = createOutboxWorker({
      db: h.db,
      realtime: recordingEmitter((playerId, _event, payload) => {
        const version = (payload as { version: number }).version;
        // The socket layer fails the first push of `held` once.
        if (playerId === held && version === 1 && firstEventTries++ === 0) {
          throw new Error('socket layer down');
        }
        published.push([playerId, version]);
      }),
      log: silentLog,
      pollMs: 60_000,
    });
    await h.app.outbox.stop();
    try {
      // One batch: each event its own row, the two players interleaved.
      await insertOutboxEvents(
        h.db,
        [1, 2, 3].flatMap((version) => [
          socketEvent(held, 'update_balance', { version }),
          socketEvent(other, 'update_balance', { version }),
        ]),
        h.clock.now(),
      );
      await worker.start();
      await eventually(async () => {
        const [row] = await executeRows<{ n: string | number }>(
          h.db,
          sql`select count(*) as n from outbox_events where player_id in (${held}, ${other})`,
        );
        return Number(row?.n) === 0;
      }, 'the retry to drain both players');
      expect(firstEventTries).toBe(2);
      expect(published.filter(([playerId]) => playerId === held)).toEqual([
        [held, 1],
        [held, 2],
        [held, 3],
      ]);
      // The other player's events went out in the first drain, in order, once each.
      expect(published.filter(([playerId]) => playerId === other)).toEqual([
        [other, 1],
        [other, 2],
        [other, 3],
      ]);
      expect(published.findIndex(([playerId]) => playerId === held)).toBeGreaterThan(
        published.findIndex(([playerId, version]) => playerId === other && version === 3),
      );
    } finally {
      await worker.stop();
      await h.app.outbox.start();
    }
    expect(await countOutboxEvents(h.db)).toBe(0);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { clusterServicesAnswer, freePort, waitFor } from '../../cluster/cluster-test-support.ts';
import { rendezvousOwner } from '../../cluster/market-ownership.ts';
import { executeRows } from '../../db/database.ts';
import { startHarness, startSiblingNode, type Harness } from '../../test/harness.ts';
import { CRASH_TEST_ENV } from './crash-test-kit.ts';

/*
 * A node with CRASH_GAME=off in a cluster (a socket or API node behind a load balancer): the
 * game's lease is designated among the nodes that run the game, so the rounds fly on node-a
 * although rendezvous hashing over both nodes would name the other one (before, the lease
 * moved there and no round ever flew again).
 */

const servicesAnswer = await clusterServicesAnswer();
const LEASE_MS = 900;

/** A node id the crash game's lease would go to over every live node: the worst case here. */
function idHashingAbove(other: string): string {
  for (let n = 0; ; n += 1) {
    const id = `socket-${n}`;
    if (rendezvousOwner('crash-game:main', [other, id]) === id) return id;
  }
}

describe.skipIf(!servicesAnswer)(
  'crash game beside a node that does not run it (skipped unless DATABASE_URL and REDIS_URL answer)',
  () => {
    let h: Harness;
    let socketNode: App | undefined;

    beforeAll(async () => {
      const [firstPort, secondPort] = [await freePort(), await freePort()];
      h = await startHarness('postgres', {
        env: CRASH_TEST_ENV,
        clusterNode: { nodeId: 'node-a', port: firstPort, leaseMs: LEASE_MS },
      });
      // Alive before the game starts, so node-a never holds the lease alone first.
      socketNode = (
        await startSiblingNode(h, idHashingAbove('node-a'), secondPort, {
          runsCrash: false,
        })
      ).app;
      await h.app.crash.start();
    }, 60_000);

    afterAll(async () => {
      await socketNode?.close();
      await h?.close();
    });

    it('keeps the lease on the node that runs the game, lease after lease', async () => {
      await waitFor(
        'node-a flying the crash game',
        async () => h.app.crash.flying || undefined,
        15_000,
      );
      const deadline = Date.now() + 4 * LEASE_MS;
      while (Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, LEASE_MS / 3));
        expect(h.app.crash.flying).toBe(true);
        expect(socketNode!.crash.flying).toBe(false);
      }
      const owner = await executeRows<{ owner_node: string }>(
        h.db,
        sql`select owner_node from resource_leases where resource = 'crash-game:main'`,
      );
      expect(owner).toEqual([{ owner_node: 'node-a' }]);
    }, 60_000);
  },
);

import { playerAccount, systemAccount, transfer } from '@spm/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { loadConfig, type ClusterConfig } from '../config.ts';
import { toAppError } from '../http/error-handler.ts';
import { getWalletView, postWithin } from '../modules/wallet/ledger/ledger-service.ts';
import { walletTransaction } from '../modules/wallet/api/money-operations.ts';
import { drivers, startHarness, startSiblingNode, type Harness } from '../test/harness.ts';
import { fund, insertPlayer } from '../test/wallet.ts';
import { clusterServicesAnswer, freePort, waitFor } from './cluster-test-support.ts';
import { MarketOwnership, rendezvousOwner } from './market-ownership.ts';
import { resourceName, type ResourceFence, type ResourceKey } from './resource-lease.ts';

/*
 * A lease of a resource that is not an exchange market (a crash game): one owner across
 * nodes, its fencing token checked by `walletTransaction`, and a route that declares the
 * game as its owner answered by the game's owner node whichever node it reaches.
 */

const servicesAnswer = await clusterServicesAnswer();
const LEASE_MS = 600;

/** One paisa from the house to the player, in the caller's (fenced) wallet transaction. */
async function payOnePaisa(
  h: Harness,
  playerId: number,
  fence: ResourceFence | undefined,
): Promise<string> {
  const outcome = await walletTransaction(
    h.app.exchange.deps,
    (ctx) =>
      postWithin(ctx, {
        kind: 'adjustment_credit',
        postings: transfer(systemAccount('house'), playerAccount(String(playerId), 'cash'), 1n),
        description: 'crash cash-out (test)',
        reference: 'CRASH-TEST',
        playerId,
      }),
    { fence },
  ).then(
    () => 'committed',
    (error: Error) => toAppError(error).code,
  );
  return outcome;
}

async function cashOf(h: Harness, playerId: number): Promise<bigint> {
  return (await getWalletView(h.db, playerId)).cashPaise;
}

describe.each(drivers)('a wallet transaction fenced by a resource lease (%s)', (driver) => {
  let h: Harness;
  let playerId: number;
  const game: ResourceKey = { kind: 'crash-game', id: '7' };

  /** The lease row as a node's ownership writes it (PGlite has no second node to take it). */
  async function setLease(owner: string | null, token: number, validMs: number): Promise<void> {
    await h.db.execute(
      sql`insert into resource_leases (resource, owner_node, token, expires_at)
          values (${resourceName(game)}, ${owner}, ${token},
                  clock_timestamp() + make_interval(secs => ${validMs}::float8 / 1000))
          on conflict (resource) do update
            set owner_node = excluded.owner_node, token = excluded.token,
                expires_at = excluded.expires_at`,
    );
  }

  beforeAll(async () => {
    h = await startHarness(driver);
    playerId = await insertPlayer(h.db);
    expect((await fund(h.app.exchange.deps, playerId, 10_000n)).ok).toBe(true);
  });

  afterAll(async () => {
    await h?.close();
  });

  it('commits with the current token only; a stale, freed or expired lease moves no money', async () => {
    await setLease('node-a', 2, 60_000);
    const before = await cashOf(h, playerId);
    expect(await payOnePaisa(h, playerId, { resource: game, token: 2 })).toBe('committed');
    expect(await cashOf(h, playerId)).toBe(before + 1n);

    // The lease moved on (token 3): the old owner's token 2 is refused, nothing commits.
    await setLease('node-b', 3, 60_000);
    expect(await payOnePaisa(h, playerId, { resource: game, token: 2 })).toBe(
      'SERVICE_UNAVAILABLE',
    );
    // The owner named by the fence must be the lease's.
    expect(await payOnePaisa(h, playerId, { resource: game, token: 3, ownerNode: 'node-a' })).toBe(
      'SERVICE_UNAVAILABLE',
    );
    // Handed over (no owner) or run out: the token alone is not enough.
    await setLease(null, 3, 60_000);
    expect(await payOnePaisa(h, playerId, { resource: game, token: 3 })).toBe(
      'SERVICE_UNAVAILABLE',
    );
    await setLease('node-b', 3, -1);
    expect(await payOnePaisa(h, playerId, { resource: game, token: 3 })).toBe(
      'SERVICE_UNAVAILABLE',
    );
    // A resource never leased has no owner at all.
    expect(
      await payOnePaisa(h, playerId, { resource: { kind: 'crash-game', id: '8' }, token: 1 }),
    ).toBe('SERVICE_UNAVAILABLE');
    expect(await cashOf(h, playerId)).toBe(before + 1n);

    // Without a fence the wallet is as before.
    expect(await payOnePaisa(h, playerId, undefined)).toBe('committed');
    expect(await cashOf(h, playerId)).toBe(before + 2n);
  });
});

describe.skipIf(!servicesAnswer)(
  'a crash game leased by two nodes (skipped unless DATABASE_URL and REDIS_URL answer)',
  () => {
    let h: Harness;
    let playerId: number;
    const ownerships: MarketOwnership[] = [];

    function ownership(nodeId: string): MarketOwnership {
      const config = loadConfig({
        CLUSTER: 'on',
        DATABASE_URL: h.databaseUrl,
        REDIS_URL: process.env.REDIS_URL,
        NODE_ID: nodeId,
        PORT: '1',
        CLUSTER_LEASE_MS: String(LEASE_MS),
      }).cluster as ClusterConfig;
      const made = new MarketOwnership(config, h.databaseUrl!, { warn: () => undefined });
      ownerships.push(made);
      return made;
    }

    beforeAll(async () => {
      h = await startHarness('postgres');
      playerId = await insertPlayer(h.db);
      expect((await fund(h.app.exchange.deps, playerId, 10_000n)).ok).toBe(true);
    });

    afterAll(async () => {
      await Promise.all(ownerships.map((o) => o.stop().catch(() => undefined)));
      await h?.close();
    });

    it('has one owner; the paused old owner’s stale fence is refused and moves no money', async () => {
      const game: ResourceKey = { kind: 'crash-game', id: '101' };
      // Neither ticks: each step happens when the test says (the first node "pauses").
      const first = ownership('crash-first');
      const second = ownership('crash-second');
      await first.register();
      await second.register();

      expect(await first.acquireResource(game)).toBe(true);
      expect(await second.acquireResource(game)).toBe(false);
      expect(first.holds(game)).toBe(true);
      expect(second.holds(game)).toBe(false);
      // A node that does not hold the game has no fence to pass.
      expect(() => second.fenceOf(game)).toThrow(/moving to another server/);
      const before = await cashOf(h, playerId);
      expect(await payOnePaisa(h, playerId, first.fenceOf(game))).toBe('committed');
      expect(await cashOf(h, playerId)).toBe(before + 1n);

      // `first` pauses past its lease; `second` takes the game with the next token.
      const stale = first.fenceOf(game);
      await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 100));
      expect(await second.acquireResource(game)).toBe(true);
      expect(second.fenceOf(game).token).toBe(stale.token + 1);
      // `first`, resumed, still believes it owns the game: its money move is refused.
      expect(first.holds(game)).toBe(true);
      expect(await payOnePaisa(h, playerId, first.fenceOf(game))).toBe('SERVICE_UNAVAILABLE');
      expect(await cashOf(h, playerId)).toBe(before + 1n);
      expect(await payOnePaisa(h, playerId, second.fenceOf(game))).toBe('committed');
      expect(await cashOf(h, playerId)).toBe(before + 2n);
    });

    it('a takeover waits for the owner’s fenced wallet transaction; a stalled one is cut off and moves nothing', async () => {
      const game: ResourceKey = { kind: 'crash-game', id: '102' };
      const owner = ownership('crash-owner');
      const taker = ownership('crash-taker');
      await owner.register();
      await taker.register();
      expect(await owner.acquireResource(game)).toBe(true);
      const before = await cashOf(h, playerId);

      // The owner fences its wallet transaction, then stalls inside it past its lease.
      const stalled = walletTransaction(
        h.app.exchange.deps,
        async (ctx) => {
          await new Promise((resolve) => setTimeout(resolve, LEASE_MS * 3));
          return postWithin(ctx, {
            kind: 'adjustment_credit',
            postings: transfer(systemAccount('house'), playerAccount(String(playerId), 'cash'), 1n),
            description: 'crash cash-out (test)',
            reference: 'CRASH-TEST',
            playerId,
          });
        },
        { fence: owner.fenceOf(game) },
      ).then(
        () => 'committed',
        (error: Error) => toAppError(error).code,
      );
      // The lease runs out while the transaction holds the row: the taker waits on its lock
      // (giving up at its lock timeout) until PostgreSQL ends the stalled session.
      let taken = false;
      while (!taken) {
        await new Promise((resolve) => setTimeout(resolve, LEASE_MS / 3));
        taken = await taker.acquireResource(game);
      }
      expect(await stalled).toBe('SERVICE_UNAVAILABLE');
      expect(await cashOf(h, playerId)).toBe(before);
      expect(taker.holds(game)).toBe(true);
    });
  },
);

describe.skipIf(!servicesAnswer)(
  'a route declared with its owner resource (skipped unless DATABASE_URL and REDIS_URL answer)',
  () => {
    let h: Harness;
    let second: App;
    let playerId: number;
    const urls = new Map<App, string>();
    const CASH_OUT = '/api/v1/test-crash/:gameId/cash-out';

    /** A crash cash-out as a product would declare it: the game's owner pays, fenced. */
    function crashRoute(app: App): void {
      app.post(
        CASH_OUT,
        {
          config: {
            owner: (request) => ({
              kind: 'crash-game',
              id: (request.params as { gameId: string }).gameId,
            }),
          },
        },
        async (request) => {
          const game: ResourceKey = {
            kind: 'crash-game',
            id: (request.params as { gameId: string }).gameId,
          };
          const paid = await payOnePaisa(h, playerId, app.cluster!.fenceOf(game));
          return { paid, node: app.cluster!.nodeId };
        },
      );
    }

    beforeAll(async () => {
      const [firstPort, secondPort] = [await freePort(), await freePort()];
      h = await startHarness('postgres', {
        clusterNode: { nodeId: 'crash-a', port: firstPort, leaseMs: 900 },
        configure: crashRoute,
      });
      urls.set(h.app, h.baseUrl!);
      const sibling = await startSiblingNode(h, 'crash-b', secondPort, { configure: crashRoute });
      second = sibling.app;
      urls.set(second, sibling.baseUrl);
      playerId = await insertPlayer(h.db);
      expect((await fund(h.app.exchange.deps, playerId, 10_000n)).ok).toBe(true);
      // Both nodes see each other alive before a game is routed.
      await waitFor(
        'both nodes alive on both',
        async () =>
          [h.app, second].every((app) => app.cluster!.liveNodes().length === 2) ? true : undefined,
        10_000,
      );
    }, 60_000);

    afterAll(async () => {
      await second?.close();
      await h?.close();
    });

    it('is answered by the game’s owner whichever node it reaches', async () => {
      const nodes = [h.app, second];
      const games = ['1', '2', '3', '4', '5', '6'];
      const designated = games.map((id) =>
        rendezvousOwner(resourceName({ kind: 'crash-game', id }), ['crash-a', 'crash-b']),
      );
      // Both nodes own some of them, so each node forwards some requests.
      expect(new Set(designated)).toEqual(new Set(['crash-a', 'crash-b']));
      const before = await cashOf(h, playerId);
      for (const [index, id] of games.entries()) {
        for (const entry of nodes) {
          const response = await fetch(`${urls.get(entry)}${CASH_OUT.replace(':gameId', id)}`, {
            method: 'POST',
          });
          expect(response.status).toBe(200);
          const answer = (await response.json()) as { paid: string; node: string };
          expect(answer).toEqual({ paid: 'committed', node: designated[index] });
          expect(response.headers.get('x-spm-node')).toBe(designated[index]);
        }
        const game: ResourceKey = { kind: 'crash-game', id };
        const owners = nodes.filter((app) => app.cluster!.holds(game));
        expect(owners.map((app) => app.cluster!.nodeId)).toEqual([designated[index]]);
      }
      expect(await cashOf(h, playerId)).toBe(before + BigInt(games.length * nodes.length));
    });
  },
);

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type ClusterConfig } from '../config.ts';
import { executeRows } from '../db/database.ts';
import { toAppError } from '../http/error-handler.ts';
import { reloadMarket } from '../modules/exchange/index.ts';
import { startHarness, type Harness } from '../test/harness.ts';
import { clusterServicesAnswer } from './cluster-test-support.ts';
import { MarketOwnership, rendezvousOwner, type OwnedMarkets } from './market-ownership.ts';

/*
 * The fencing token on its own, two ownerships in one process over one real PostgreSQL
 * database and the real engine: neither ticks, so each step happens when the test says.
 */

const servicesAnswer = await clusterServicesAnswer();
const LEASE_MS = 600;

describe('rendezvous hashing', () => {
  it('gives each market one of the nodes, the same one whatever their order', () => {
    const nodes = ['a', 'b', 'c'];
    for (let market = 1; market <= 50; market += 1) {
      const owner = rendezvousOwner(String(market), nodes);
      expect(nodes).toContain(owner);
      expect(rendezvousOwner(String(market), [...nodes].reverse())).toBe(owner);
    }
  });

  it('moves only the markets of a node that leaves', () => {
    const before = new Map<string, string | undefined>();
    for (let market = 1; market <= 300; market += 1) {
      before.set(String(market), rendezvousOwner(String(market), ['a', 'b', 'c']));
    }
    const owners = new Set(before.values());
    expect(owners).toEqual(new Set(['a', 'b', 'c']));
    for (const [market, owner] of before) {
      const after = rendezvousOwner(market, ['a', 'b']);
      if (owner !== 'c') expect(after).toBe(owner);
    }
  });

  it('has no owner without live nodes', () => {
    expect(rendezvousOwner('1', [])).toBeUndefined();
  });
});

describe.skipIf(!servicesAnswer)(
  'market leases and the fence (skipped unless DATABASE_URL and REDIS_URL answer)',
  () => {
    let h: Harness;
    let marketId: string;
    const ownerships: MarketOwnership[] = [];

    function ownership(nodeId: string): MarketOwnership {
      const base = loadConfig({
        CLUSTER: 'on',
        DATABASE_URL: h.databaseUrl,
        REDIS_URL: process.env.REDIS_URL,
        NODE_ID: nodeId,
        PORT: '1',
        CLUSTER_LEASE_MS: String(LEASE_MS),
      }).cluster as ClusterConfig;
      const made = new MarketOwnership(base, h.databaseUrl!, { warn: () => undefined });
      ownerships.push(made);
      return made;
    }

    const markets = (): OwnedMarkets => ({
      serial: (id, work) => h.app.exchange.serial(id, work),
      reload: (id) => reloadMarket(h.app.exchange, id),
      known: (id) => h.app.exchange.markets.has(id),
      loadNew: () => h.app.exchange.load(),
    });

    /** A transaction on the app's own pool that changes the market after its fence. */
    function fencedWrite(owner: MarketOwnership, pauseMs = 0): Promise<void> {
      return h.db.transaction(async (tx) => {
        await owner.fence(tx, [marketId]);
        if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
        await tx.execute(sql`update markets set version = version + 1 where id = ${marketId}`);
      });
    }

    async function version(): Promise<number> {
      const [row] = await executeRows<{ version: number }>(
        h.db,
        sql`select version from markets where id = ${marketId}`,
      );
      return Number(row!.version);
    }

    async function lease() {
      const [row] = await executeRows<{ owner_node: string | null; token: string }>(
        h.db,
        sql`select owner_node, token::text from resource_leases
            where resource = 'exchange-market:' || ${marketId}::text`,
      );
      return row!;
    }

    beforeAll(async () => {
      h = await startHarness('postgres');
      const engine = h.app.exchange;
      const competitionId = await engine.createCompetition(4, 'Lease League');
      const event = await engine.createEvent({
        sportId: 4,
        competitionId,
        name: 'Lease v Token',
        homeTeam: 'Lease',
        awayTeam: 'Token',
        startTime: new Date(Date.now() + 3_600_000),
        markets: [
          { type: 'match_odds', name: 'Match Odds', runners: [{ name: 'A' }, { name: 'B' }] },
        ],
      });
      marketId = event.marketIds[0]!;
    });

    afterAll(async () => {
      await Promise.all(ownerships.map((o) => o.stop().catch(() => undefined)));
      await h?.close();
    });

    it('one owner at a time; the fence lets only the holder of the current token commit', async () => {
      const first = ownership('first');
      const second = ownership('second');
      await first.register(markets());
      await second.register(markets());

      expect(await first.acquire(marketId)).toBe(true);
      // Valid and held: nobody else takes it.
      expect(await second.acquire(marketId)).toBe(false);
      expect(first.owns(marketId)).toBe(true);
      const before = await version();
      await fencedWrite(first);
      expect(await version()).toBe(before + 1);
      // A node that does not hold the market cannot write it.
      await expect(fencedWrite(second)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });

      // `first` stalls: no renewal (it does not tick). Once the lease ran out, `second` takes
      // the market over with the next token...
      const taken = await lease();
      await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 100));
      expect(await second.acquire(marketId)).toBe(true);
      const after = await lease();
      expect(after.owner_node).toBe('second');
      expect(Number(after.token)).toBe(Number(taken.token) + 1);
      // ...and `first`, resumed, still believes it holds the market: its write is refused.
      expect(first.owns(marketId)).toBe(true);
      const settledVersion = await version();
      await expect(fencedWrite(first)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(await version()).toBe(settledVersion);
      await fencedWrite(second);
      expect(await version()).toBe(settledVersion + 1);
    });

    it('a takeover waits for the owner’s fenced transaction; a stalled one is cut off and commits nothing', async () => {
      const owner = ownership('owner');
      const taker = ownership('taker');
      await owner.register(markets());
      await taker.register(markets());
      // Free the market from the previous case's holder.
      await h.db.execute(
        sql`update resource_leases set owner_node = null, expires_at = clock_timestamp()
            where resource = 'exchange-market:' || ${marketId}::text`,
      );
      expect(await owner.acquire(marketId)).toBe(true);
      const before = await version();

      // The owner fences, then stalls inside its transaction past its lease (a paused node).
      const stalled = fencedWrite(owner, LEASE_MS * 3);
      const outcome = stalled.then(
        () => 'committed',
        // What the player would get: 503, try again (not a 500).
        (error: Error) => toAppError(error).code,
      );
      // The lease runs out while the transaction holds the row: the taker's attempts wait on
      // the lock (and give up at its lock timeout) until PostgreSQL ends the stalled session.
      let taken = false;
      while (!taken) {
        await new Promise((resolve) => setTimeout(resolve, LEASE_MS / 3));
        taken = await taker.acquire(marketId);
      }
      expect(await outcome).toBe('SERVICE_UNAVAILABLE');
      expect(await version()).toBe(before);
      expect((await lease()).owner_node).toBe('taker');
    });
  },
);

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { loadConfig, type ClusterConfig } from '../config.ts';
import { executeRows } from '../db/database.ts';
import { reloadMarket } from '../modules/exchange/index.ts';
import { getWallet } from '../modules/wallet/ledger/ledger-service.ts';
import { startHarness, startSiblingNode, type Harness } from '../test/harness.ts';
import { registerPlayer } from '../test/identity.ts';
import { adminToken } from '../test/staff.ts';
import { fund } from '../test/wallet.ts';
import { clusterServicesAnswer, freePort, waitFor } from './cluster-test-support.ts';
import { FORWARDED_HEADER, SERVED_BY_HEADER } from './forwarding.ts';
import { MarketOwnership, rendezvousOwner, type OwnedMarkets } from './market-ownership.ts';

/*
 * Two guards of the cluster the other tests did not reach (issue 39 item 11): the fencing
 * token, not the node id, decides whose write commits when one node id holds a market again;
 * and a request another node forwarded is never forwarded again nor served by a node that
 * does not own its market.
 */

const servicesAnswer = await clusterServicesAnswer();

describe.skipIf(!servicesAnswer)(
  'the fencing token when a node takes a market back (skipped unless DATABASE_URL and REDIS_URL answer)',
  () => {
    const LEASE_MS = 600;
    let h: Harness;
    const ownerships: MarketOwnership[] = [];

    /** A node's ownership, not ticking: each step happens when the test says. */
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

    const markets = (): OwnedMarkets => ({
      serial: (id, work) => h.app.exchange.serial(id, work),
      reload: (id) => reloadMarket(h.app.exchange, id),
      known: (id) => h.app.exchange.markets.has(id),
      loadNew: () => h.app.exchange.load(),
    });

    async function newMarket(): Promise<string> {
      const engine = h.app.exchange;
      const competitionId = await engine.createCompetition(4, `Fence ${randomUUID().slice(0, 6)}`);
      const event = await engine.createEvent({
        sportId: 4,
        competitionId,
        name: 'Old v New',
        homeTeam: 'Old',
        awayTeam: 'New',
        startTime: new Date(Date.now() + 3_600_000),
        markets: [
          { type: 'match_odds', name: 'Match Odds', runners: [{ name: 'A' }, { name: 'B' }] },
        ],
      });
      return event.marketIds[0]!;
    }

    /** A transaction on the app's pool that changes the market after the node's fence. */
    const fencedWrite = (owner: MarketOwnership, marketId: string) =>
      h.db.transaction(async (tx) => {
        await owner.fence(tx, [marketId]);
        await tx.execute(sql`update markets set version = version + 1 where id = ${marketId}`);
      });

    async function version(marketId: string): Promise<number> {
      const [row] = await executeRows<{ version: number }>(
        h.db,
        sql`select version from markets where id = ${marketId}`,
      );
      return Number(row!.version);
    }

    async function lease(marketId: string) {
      const [row] = await executeRows<{ owner_node: string | null; token: string }>(
        h.db,
        sql`select owner_node, token::text from resource_leases
            where resource = 'exchange-market:' || ${marketId}::text`,
      );
      return { owner: row!.owner_node, token: Number(row!.token) };
    }

    const leaseRunsOut = () => new Promise((resolve) => setTimeout(resolve, LEASE_MS + 100));

    beforeAll(async () => {
      h = await startHarness('postgres');
    });
    afterAll(async () => {
      await Promise.all(ownerships.map((o) => o.stop().catch(() => undefined)));
      await h?.close();
    });

    it('first, second, first again: the first run of the node, still holding its old token, cannot write', async () => {
      const marketId = await newMarket();
      const firstRun = ownership('first');
      const second = ownership('second');
      await firstRun.register(markets());
      await second.register(markets());
      expect(await firstRun.acquire(marketId)).toBe(true);
      const { token: oldToken } = await lease(marketId);

      // `first` stalls (no renewal); `second` takes the market over...
      await leaseRunsOut();
      expect(await second.acquire(marketId)).toBe(true);
      // ...stalls in turn, and `first` (restarted under its node id) takes it back.
      await leaseRunsOut();
      const restarted = ownership('first');
      await restarted.register(markets());
      expect(await restarted.acquire(marketId)).toBe(true);
      expect(await lease(marketId)).toEqual({ owner: 'first', token: oldToken + 2 });

      // The lease names `first` again, but the first run's token is two behind: refused.
      expect(firstRun.owns(marketId)).toBe(true);
      const before = await version(marketId);
      await expect(fencedWrite(firstRun, marketId)).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
      });
      await expect(fencedWrite(second, marketId)).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
      });
      expect(await version(marketId)).toBe(before);
      await fencedWrite(restarted, marketId);
      expect(await version(marketId)).toBe(before + 1);
    });

    it('a restart takes the market straight back: the paused old process cannot write', async () => {
      const marketId = await newMarket();
      const paused = ownership('node-r');
      await paused.register(markets());
      expect(await paused.acquire(marketId)).toBe(true);
      const { token: oldToken } = await lease(marketId);
      // A supervisor starts the node again while the old process is paused: registering
      // frees what the node id held, and the new process takes it at once (no expiry).
      const restarted = ownership('node-r');
      await restarted.register(markets());
      expect(await restarted.acquire(marketId)).toBe(true);
      expect(await lease(marketId)).toEqual({ owner: 'node-r', token: oldToken + 1 });

      const before = await version(marketId);
      await expect(fencedWrite(paused, marketId)).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
      });
      expect(await version(marketId)).toBe(before);
      await fencedWrite(restarted, marketId);
      expect(await version(marketId)).toBe(before + 1);
    });
  },
);

describe.skipIf(!servicesAnswer)(
  'a forwarded request at a node that does not own the market (skipped unless DATABASE_URL and REDIS_URL answer)',
  () => {
    const LEASE_MS = 900;
    let h: Harness;
    let second: App;
    const urls = new Map<App, string>();
    let admin: string;

    interface Answer {
      status: number;
      body: { data: unknown; errorCode?: string };
      servedBy: string | null;
    }

    async function api(
      app: App,
      method: string,
      path: string,
      options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
    ): Promise<Answer> {
      const headers: Record<string, string> = { authorization: options.token ?? admin };
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      Object.assign(headers, options.headers ?? {});
      const response = await fetch(`${urls.get(app)}${path}`, {
        method,
        headers,
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      });
      return {
        status: response.status,
        body: (await response.json()) as Answer['body'],
        servedBy: response.headers.get(SERVED_BY_HEADER),
      };
    }

    beforeAll(async () => {
      const [firstPort, secondPort] = [await freePort(), await freePort()];
      h = await startHarness('postgres', {
        clusterNode: { nodeId: 'node-a', port: firstPort, leaseMs: LEASE_MS },
      });
      urls.set(h.app, h.baseUrl!);
      const sibling = await startSiblingNode(h, 'node-b', secondPort);
      second = sibling.app;
      urls.set(second, sibling.baseUrl);
      admin = await adminToken(h);
    }, 60_000);

    afterAll(async () => {
      await second?.close();
      await h?.close();
    });

    const nodes = () => [h.app, second];

    it('answers 503 after its wait, served by neither node: no order, no money held, no page', async () => {
      const event = await api(h.app, 'POST', '/api/staff/events', {
        body: {
          sportId: 4,
          competitionName: 'Hop Cup',
          homeTeam: `Hops ${randomUUID().slice(0, 4)}`,
          awayTeam: 'Skips',
          startTime: new Date(Date.now() + 3_600_000).toISOString(),
        },
      });
      expect(event.status).toBe(200);
      const eventId = (event.body.data as { id: string }).id;
      const market = await api(h.app, 'POST', `/api/staff/events/${eventId}/markets`, {
        body: {
          type: 'match_odds',
          name: 'Match Odds',
          runners: ['Hops', 'Skips'],
          minStake: 1,
          maxStake: 10_000,
          maxProfit: 100_000,
          inPlayDelayMs: 0,
        },
      });
      expect(market.status).toBe(200);
      const marketId = (market.body.data as { id: string }).id;
      const wanted = rendezvousOwner(eventId, ['node-a', 'node-b']);
      const owner = await waitFor(
        'the market owned by its node and known to both',
        async () => {
          const owners = nodes().filter((node) => node.cluster?.owns(marketId));
          if (owners.length !== 1 || owners[0]!.cluster!.nodeId !== wanted) return undefined;
          if (!nodes().every((node) => node.exchange.markets.has(marketId))) return undefined;
          return owners[0]!;
        },
        15_000,
      );
      const entry = nodes().find((app) => app !== owner)!;
      const entryId = entry.cluster!.nodeId;
      const runnerId = owner.exchange.markets.get(marketId)!.runners[0]!.id;
      const player = await registerPlayer(h);
      const playerId = Number(player.user.id);
      expect((await fund(h.app.exchange.deps, playerId, 100_000n)).ok).toBe(true);
      // As the owner would get it from `entry`'s node: one hop already made.
      const hop = { [FORWARDED_HEADER]: owner.cluster!.nodeId };

      const placed = await api(entry, 'POST', '/api/bet/match/odds', {
        body: {
          marketId,
          runnerId,
          side: 'back',
          price: 2,
          stake: 10,
          idempotencyKey: randomUUID(),
        },
        token: player.token,
        headers: hop,
      });
      expect([placed.status, placed.body.errorCode, placed.servedBy]).toEqual([
        503,
        'SERVICE_UNAVAILABLE',
        entryId,
      ]);
      const page = await api(entry, 'GET', `/api/bet/matches/${eventId}`, { headers: hop });
      expect([page.status, page.body.errorCode, page.servedBy]).toEqual([
        503,
        'SERVICE_UNAVAILABLE',
        entryId,
      ]);

      // Nothing of the placement anywhere; the market stayed where it was.
      const [orders] = await executeRows<{ n: string }>(
        h.db,
        sql`select count(*) as n from orders where player_id = ${playerId}`,
      );
      expect(Number(orders!.n)).toBe(0);
      expect(await getWallet(h.db, playerId)).toMatchObject({ balance: 1_000, exposure: 0 });
      expect(owner.exchange.markets.get(marketId)!.runners[0]!.book.orders.size).toBe(0);
      expect(owner.cluster!.owns(marketId)).toBe(true);
      expect(entry.cluster!.owns(marketId)).toBe(false);

      // Without the header the same request reaches the owner and is served there.
      const direct = await api(entry, 'GET', `/api/bet/matches/${eventId}`);
      expect([direct.status, direct.servedBy]).toEqual([200, owner.cluster!.nodeId]);
    });
  },
);

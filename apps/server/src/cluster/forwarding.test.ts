import { randomUUID } from 'node:crypto';
import { MARKET_EVENTS, SERVER_EVENTS, type Market } from '@spm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { startHarness, startSiblingNode, type Harness } from '../test/harness.ts';
import { registerPlayer } from '../test/identity.ts';
import { connectPlayerSocket, type ClientSocket } from '../test/sockets.ts';
import { adminToken } from '../test/staff.ts';
import { fund } from '../test/wallet.ts';
import { clusterServicesAnswer, freePort, waitFor } from './cluster-test-support.ts';
import { rendezvousOwner } from './market-ownership.ts';

/*
 * Two nodes in one process (two apps on loopback ports, one PostgreSQL database, one Redis):
 * whatever reaches the node that does not own a market is answered by the owner as if local,
 * and catalogue changes made on one node show on the other.
 */

const servicesAnswer = await clusterServicesAnswer();
const LEASE_MS = 900;
const limits = { minStake: 1, maxStake: 10_000, maxProfit: 100_000, inPlayDelayMs: 0 };

interface Answer {
  status: number;
  body: { data: unknown; errorCode?: string };
  /** The node that served it (x-spm-node). */
  servedBy: string | null;
}

describe.skipIf(!servicesAnswer)(
  'forwarding between two nodes (skipped unless DATABASE_URL and REDIS_URL answer)',
  () => {
    let h: Harness;
    let second: App;
    const urls = new Map<App, string>();
    let admin: string;
    const sockets: ClientSocket[] = [];

    async function api(
      app: App,
      method: string,
      path: string,
      body?: unknown,
      token = admin,
    ): Promise<Answer> {
      const response = await fetch(`${urls.get(app)}${path}`, {
        method,
        headers: {
          authorization: token,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return {
        status: response.status,
        body: (await response.json()) as Answer['body'],
        servedBy: response.headers.get('x-spm-node'),
      };
    }

    beforeAll(async () => {
      const [firstPort, secondPort] = [await freePort(), await freePort()];
      h = await startHarness('postgres', {
        clusterNode: { nodeId: 'node-a', port: firstPort, leaseMs: LEASE_MS },
      });
      urls.set(h.app, h.baseUrl!);
      // Same database, Redis and prefix: the second node of the cluster.
      const sibling = await startSiblingNode(h, 'node-b', secondPort);
      second = sibling.app;
      urls.set(second, sibling.baseUrl);
      admin = await adminToken(h);
    }, 60_000);

    afterAll(async () => {
      for (const socket of sockets) socket.disconnect();
      await second?.close();
      await h?.close();
    });

    const nodes = () => [h.app, second];
    const ownerOf = (marketId: string) => nodes().find((app) => app.cluster?.owns(marketId));

    /** A staff event with match-odds markets, made on `app`; settled on both nodes' leases. */
    async function staffEvent(app: App, markets: number) {
      const event = await api(app, 'POST', '/api/staff/events', {
        sportId: 4,
        competitionName: 'Cluster Cup',
        homeTeam: `Lions ${randomUUID().slice(0, 4)}`,
        awayTeam: 'Tigers',
        startTime: new Date(Date.now() + 3_600_000).toISOString(),
      });
      expect(event.status).toBe(200);
      const eventId = (event.body.data as { id: string }).id;
      const marketIds: string[] = [];
      for (let i = 0; i < markets; i += 1) {
        const market = await api(app, 'POST', `/api/staff/events/${eventId}/markets`, {
          type: 'match_odds',
          name: `Match Odds ${i}`,
          runners: ['Lions', 'Tigers'],
          ...limits,
        });
        expect(market.status).toBe(200);
        marketIds.push((market.body.data as { id: string }).id);
      }
      // Every market owned by the node hashing gives it (a market made here is taken here
      // first, then handed on), and listed by both.
      await waitFor(
        'each market owned by its node and listed by both',
        async () => {
          for (const id of marketIds) {
            const owners = nodes().filter((node) => node.cluster?.owns(id));
            const wanted = rendezvousOwner(eventId, ['node-a', 'node-b']);
            if (owners.length !== 1 || owners[0]!.cluster!.nodeId !== wanted) return undefined;
            if (!nodes().every((node) => node.exchange.markets.has(id))) return undefined;
          }
          return true;
        },
        15_000,
      );
      return { eventId, marketIds };
    }

    async function fundedPlayer(): Promise<string> {
      const player = await registerPlayer(h);
      const funded = await fund(h.app.exchange.deps, Number(player.user.id), 1_000_000n);
      if (!funded.ok) throw new Error(funded.code);
      return player.token;
    }

    it('a new event made on one node is listed by the other', async () => {
      const { eventId, marketIds } = await staffEvent(second, 2);
      const listed = await api(h.app, 'GET', `/api/bet/matches/${eventId}`);
      expect(listed.status).toBe(200);
      expect((listed.body.data as { markets: { id: string }[] }).markets.map((m) => m.id)).toEqual(
        marketIds,
      );
    });

    it('the owner’s market stream and a player’s update_balance reach sockets on both nodes', async () => {
      const { marketIds } = await staffEvent(h.app, 1);
      const marketId = marketIds[0]!;
      const owner = ownerOf(marketId)!;
      const runnerId = owner.exchange.markets.get(marketId)!.runners[0]!.id;
      const token = await fundedPlayer();
      const watched = await Promise.all(
        nodes().map(async (app) => {
          const socket = await connectPlayerSocket(urls.get(app)!, token, sockets);
          await new Promise<void>((resolve) =>
            socket.emit(MARKET_EVENTS.subscribe, { marketIds: [marketId] }, () => resolve()),
          );
          return socket;
        }),
      );
      // Both sockets see the player's room from the owner's side (the adapter is up).
      await waitFor(
        'both sockets visible from the owner',
        async () => ((await owner.realtime.io.fetchSockets()).length >= 2 ? true : undefined),
        5_000,
      );
      const seen = watched.map(
        (socket) =>
          new Promise<{ version: number; balance: boolean }>((resolve) => {
            let version = -1;
            let balance = false;
            const check = () => {
              if (version >= 0 && balance) resolve({ version, balance });
            };
            socket.on(MARKET_EVENTS.update, (market: Market) => {
              if (market.id === marketId && market.runners[0]!.availableToLay.length > 0) {
                version = market.version;
                check();
              }
            });
            socket.on(SERVER_EVENTS.updateBalance, () => {
              balance = true;
              check();
            });
          }),
      );
      const placed = await api(
        owner,
        'POST',
        '/api/bet/match/odds',
        { marketId, runnerId, side: 'back', price: 2, stake: 10, idempotencyKey: randomUUID() },
        token,
      );
      expect(placed.status).toBe(200);
      const [first, secondSeen] = await Promise.all(seen);
      expect(first).toEqual(secondSeen);
      expect(first!.balance).toBe(true);
    });

    it('placements, errors, cancels, staff changes and settlement at the other node are answered by the owner', async () => {
      const { eventId, marketIds } = await staffEvent(h.app, 1);
      const marketId = marketIds[0]!;
      const owner = ownerOf(marketId)!;
      const entry = nodes().find((app) => app !== owner)!;
      const runnerId = owner.exchange.markets.get(marketId)!.runners[0]!.id;
      const token = await fundedPlayer();
      const place = (app: App, stake: number) =>
        api(
          app,
          'POST',
          '/api/bet/match/odds',
          { marketId, runnerId, side: 'back', price: 2, stake, idempotencyKey: randomUUID() },
          token,
        );

      const placed = await place(entry, 100);
      expect(placed.status).toBe(200);
      const orderId = (placed.body.data as { orderId: string }).orderId;
      // On the owner's book, never on the entry node's (it does not own the market).
      const ownerRunner = () => owner.exchange.markets.get(marketId)!.runners[0]!;
      expect(ownerRunner().book.orders.has(orderId)).toBe(true);
      expect(entry.cluster!.owns(marketId)).toBe(false);

      // The event page at the other node is the owner's, its book current at once.
      const page = await api(entry, 'GET', `/api/bet/matches/${eventId}`);
      expect(page.servedBy).toBe(owner.cluster!.nodeId);
      const shown = page.body.data as {
        markets: { id: string; runners: { availableToLay: { amount: number }[] }[] }[];
      };
      expect(shown.markets.find((m) => m.id === marketId)!.runners[0]!.availableToLay).toEqual([
        expect.objectContaining({ amount: 100 }),
      ]);

      // A refusal comes back as the owner gave it: same status, same code.
      const direct = await place(owner, 9_950);
      const forwarded = await place(entry, 9_950);
      expect(direct.status).toBeGreaterThanOrEqual(400);
      expect({ status: forwarded.status, code: forwarded.body.errorCode }).toEqual({
        status: direct.status,
        code: direct.body.errorCode,
      });

      const cancelBody = { orderId, idempotencyKey: `cancel-${orderId}-at-entry` };
      const cancelled = await api(entry, 'POST', '/api/bet/match/odds/cancel', cancelBody, token);
      expect(cancelled.status).toBe(200);
      expect(ownerRunner().book.orders.has(orderId)).toBe(false);
      // Its retry, forwarded again with the same key, answers the first cancel's answer.
      const retried = await api(entry, 'POST', '/api/bet/match/odds/cancel', cancelBody, token);
      expect({ status: retried.status, data: retried.body.data }).toEqual({
        status: 200,
        data: cancelled.body.data,
      });

      const suspended = await api(entry, 'PATCH', `/api/staff/markets/${marketId}`, {
        status: 'suspended',
      });
      expect(suspended.status).toBe(200);
      expect(owner.exchange.markets.get(marketId)!.status).toBe('suspended');
      // The entry node's copy follows through the catalogue announcement.
      await waitFor(
        'the copy on the other node to show the change',
        async () =>
          entry.exchange.markets.get(marketId)?.status === 'suspended' ? true : undefined,
        5_000,
      );

      const book = await api(entry, 'GET', `/api/staff/markets/${marketId}/book`);
      expect(book.status).toBe(200);

      const settled = await api(entry, 'POST', `/api/staff/markets/${marketId}/result`, {
        winnerRunnerId: runnerId,
      });
      expect(settled.status).toBe(200);
      expect(owner.exchange.markets.get(marketId)!.status).toBe('settled');
    });
  },
);

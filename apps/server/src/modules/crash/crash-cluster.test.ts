import {
  CRASH_CLIENT_EVENTS,
  CRASH_SERVER_EVENTS,
  type CrashJoinAck,
  type CrashRoundState,
} from '@spm/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../app.ts';
import { clusterServicesAnswer, freePort, waitFor } from '../../cluster/cluster-test-support.ts';
import { rendezvousOwner } from '../../cluster/market-ownership.ts';
import { startHarness, startSiblingNode, type Harness } from '../../test/harness.ts';
import { fundedExchangePlayer } from '../../test/identity.ts';
import { connectPlayerSocket, type ClientSocket } from '../../test/sockets.ts';
import { CRASH_TEST_ENV, saltGiving } from './crash-test-kit.ts';

/*
 * Two nodes in one process (one PostgreSQL database, one Redis, one manual clock): one of
 * them holds the game's lease and flies the rounds; bets and cash-outs sent to the other are
 * forwarded to it, and the room's events reach sockets on both.
 */

const servicesAnswer = await clusterServicesAnswer();
const LEASE_MS = 900;

describe.skipIf(!servicesAnswer)(
  'crash game on two nodes (skipped unless DATABASE_URL and REDIS_URL answer)',
  () => {
    let h: Harness;
    let second: App;
    const urls = new Map<App, string>();
    const sockets: ClientSocket[] = [];

    beforeAll(async () => {
      const [firstPort, secondPort] = [await freePort(), await freePort()];
      h = await startHarness('postgres', {
        env: CRASH_TEST_ENV,
        clusterNode: { nodeId: 'node-a', port: firstPort, leaseMs: LEASE_MS },
      });
      urls.set(h.app, h.baseUrl!);
      const sibling = await startSiblingNode(h, 'node-b', secondPort);
      second = sibling.app;
      urls.set(second, sibling.baseUrl);
      for (const app of [h.app, second]) {
        app.crash.saltFor = (hash, settings) =>
          saltGiving(hash, settings, (point) => point >= 200 && point <= 300);
      }
      await Promise.all([h.app.crash.start(), second.crash.start()]);
    }, 60_000);

    afterAll(async () => {
      for (const socket of sockets) socket.disconnect();
      await second?.close();
      await h?.close();
    });

    const nodes = () => [h.app, second];

    async function api(app: App, method: string, path: string, token: string, body?: unknown) {
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
        body: (await response.json()) as { data: Record<string, unknown>; errorCode?: string },
        servedBy: response.headers.get('x-spm-node'),
      };
    }

    it('one node flies the rounds; the other forwards bets and cash-outs to it, and both rooms hear the owner', async () => {
      // The first node up may take the lease alone; once both are alive, it moves to the node
      // rendezvous hashing names, and stays there.
      const wanted = rendezvousOwner('crash-game:main', ['node-a', 'node-b']);
      const owner = await waitFor(
        'the designated node alone flying the crash game',
        async () => {
          const flying = nodes().filter((app) => app.crash.flying);
          return flying.length === 1 && flying[0]!.cluster!.nodeId === wanted
            ? flying[0]
            : undefined;
        },
        15_000,
      );
      const other = nodes().find((app) => app !== owner)!;
      await waitFor(
        'a round in its betting window',
        async () => {
          await owner.crash.idle();
          if (owner.crash.currentRound?.phase === 'betting') return true;
          // A taken-over round ended (recovery); the next opens after the pause.
          h.clock.advance(500);
          await owner.crash.idle();
          return undefined;
        },
        10_000,
      );
      const round = owner.crash.currentRound!;

      const player = await fundedExchangePlayer(h, 1000);
      const socket = await connectPlayerSocket(urls.get(other)!, player.token, sockets);
      const rounds: CrashRoundState[] = [];
      socket.on(CRASH_SERVER_EVENTS.round, (state) => rounds.push(state));
      const ack = (await socket.emitWithAck(CRASH_CLIENT_EVENTS.join, {})) as CrashJoinAck;
      expect('round' in ack && ack.round).toMatchObject({
        roundId: String(round.id),
        phase: 'betting',
      });

      const placed = await api(other, 'POST', '/api/crash/bets', player.token, {
        roundId: String(round.id),
        panel: 0,
        stake: 100,
        autoCashOut: null,
        clientBetId: 'cluster-bet-1',
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      expect(placed.servedBy).toBe(owner.cluster!.nodeId);
      const betId = (placed.body.data.bet as { id: string }).id;
      const state = await api(other, 'GET', '/api/crash/state', player.token);
      expect(state.servedBy).toBe(owner.cluster!.nodeId);
      expect((state.body.data.mine as { id: string; mine: boolean }[])[0]).toMatchObject({
        id: betId,
        mine: true,
      });

      h.clock.advance(round.bettingEndsAt.getTime() - h.clock.now().getTime());
      await owner.crash.idle();
      await vi.waitFor(() => expect(rounds.map((r) => r.phase)).toContain('flying'));
      h.clock.advance(2_000);
      await owner.crash.idle();
      const cashed = await api(other, 'POST', `/api/crash/bets/${betId}/cashout`, player.token);
      expect(cashed.status, JSON.stringify(cashed.body)).toBe(200);
      expect(cashed.servedBy).toBe(owner.cluster!.nodeId);
      expect(cashed.body.data).toMatchObject({ multiplier: 1.12, payout: 112, balance: 1012 });
    }, 60_000);
  },
);

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { startHarness, startSiblingNode, type Harness } from '../test/harness.ts';
import { startPrivateRedis, type PrivateRedis } from '../test/private-redis.ts';
import { adminToken } from '../test/staff.ts';
import { clusterServicesAnswer, freePort, waitFor } from './cluster-test-support.ts';

/*
 * Two cluster nodes on one PostgreSQL database and a private Redis that goes away: a node
 * booted meanwhile serves, and catalogue changes announced while Redis was away reach the
 * other node once it is back (issue 39 item 1).
 */

const servicesAnswer = await clusterServicesAnswer();
const LEASE_MS = 900;

describe.skipIf(!servicesAnswer)(
  'a cluster through a Redis outage (skipped unless DATABASE_URL and REDIS_URL answer)',
  () => {
    let redis: PrivateRedis;
    let h: Harness;
    let second: App | undefined;
    let secondPort: number;
    let admin: string;

    beforeAll(async () => {
      redis = await startPrivateRedis();
      const firstPort = await freePort();
      secondPort = await freePort();
      h = await startHarness('postgres', {
        clusterNode: { nodeId: 'node-a', port: firstPort, leaseMs: LEASE_MS },
        env: { REDIS_URL: redis.url, REDIS_RECONNECT_MAX_DELAY_MS: '200' },
      });
      admin = await adminToken(h);
    }, 60_000);

    afterAll(async () => {
      await second?.close();
      await h?.close();
      await redis?.stop();
    });

    it('boots a node while Redis is away, and shows it what changed meanwhile once it is back', async () => {
      await redis.stop();
      const sibling = await startSiblingNode(h, 'node-b', secondPort);
      second = sibling.app;
      const secondUrl = sibling.baseUrl;
      const health = await fetch(`${secondUrl}/api/readyz`);
      expect(health.status).toBe(200);

      // A staff event without markets: only the catalogue announcement (lost now) tells
      // the other node, no lease does.
      const made = await h.app.inject({
        method: 'POST',
        url: '/api/staff/events',
        headers: { authorization: admin },
        payload: {
          sportId: 4,
          competitionName: 'Outage Cup',
          homeTeam: `Lions ${randomUUID().slice(0, 4)}`,
          awayTeam: 'Tigers',
          startTime: new Date(Date.now() + 3_600_000).toISOString(),
        },
      });
      expect(made.statusCode).toBe(200);
      const eventId = (made.json() as { data: { id: string } }).data.id;
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(second.exchange.events.has(eventId)).toBe(false);

      await redis.start();
      await waitFor(
        'the event listed on the node that missed its announcement',
        async () => (second!.exchange.events.has(eventId) ? true : undefined),
        15_000,
      );
    }, 60_000);
  },
);

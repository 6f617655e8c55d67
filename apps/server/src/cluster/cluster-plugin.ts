import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ClusterConfig } from '../config.ts';
import { REDIS_READY_TIMEOUT_MS, SUBSCRIBER_OPTIONS, createRedisClient } from '../redis.ts';
import { refreshEvent, reloadMarket } from '../modules/exchange/index.ts';
import { FORWARDED_HEADER, SERVED_BY_HEADER, forwardRequest } from './forwarding.ts';
import { MarketOwnership } from './market-ownership.ts';
import { resourceMovingError } from './resource-lease.ts';

function isConnectRefused(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ECONNREFUSED';
}

/** A kept-alive connection to a node that died under it. */
function isConnectionReset(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ECONNRESET';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on several nodes (CLUSTER=on): this node's market ownership. */
    cluster?: MarketOwnership;
  }
}

export interface ClusterOptions {
  cluster: ClusterConfig;
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  redisReconnectMaxDelayMs: number;
  apiPrefix: string;
}

/** Catalogue changes other nodes must read again (events, markets, rates, results). */
const STAFF_CATALOGUE = /^\/staff\/(events|markets)(\/|$)/;

/** A forward follows a moving lease this many times, then the player retries. */
const MAX_LEASE_MOVES = 3;

/** The change of a new event: read every live event not in memory yet. */
const RELOAD_ALL = '*';

/** A staff change shows on the other nodes' pages at once... */
const STAFF_CHANGE_DELAY_MS = 50;
/** ...an owner's stream of changes (placements, the feed) at most once a second per event. */
const OWNER_CHANGE_DELAY_MS = 1000;

/** A catalogue change announced to the other nodes. */
interface CatalogueChange {
  origin: string;
  eventId: string;
}

/**
 * Several nodes (docs/decisions.md "Several nodes", "One lease per resource"): resource
 * ownership with fencing, forwarding of every request of a route that declares its resource
 * (`config.owner`: a market's book, a crash game) to its owner, and the catalogue kept
 * alike on every node through Redis. Registered before the exchange module so its hook covers
 * the exchange routes; it reaches the engine through `app.exchange` once that exists.
 */
async function clusterPlugin(app: FastifyInstance, options: ClusterOptions): Promise<void> {
  const ownership = new MarketOwnership(options.cluster, options.databaseUrl, app.log);
  app.decorate('cluster', ownership);
  const nodeId = options.cluster.nodeId;
  const channel = `${options.redisPrefix}cluster:catalogue`;
  const redisSettings = { reconnectMaxDelayMs: options.redisReconnectMaxDelayMs, log: app.log };
  // An announcement while Redis is away is dropped at once (the other nodes read everything
  // again when it is back, below), never queued.
  const publisher = createRedisClient(options.redisUrl, 'cluster-pub', redisSettings, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  });
  const subscriber = createRedisClient(
    options.redisUrl,
    'cluster-sub',
    redisSettings,
    SUBSCRIBER_OPTIONS,
  );

  /**
   * May be sent again to another owner after a first try that may have reached the old one:
   * a read, or a placement or a cancel (its idempotency key answers the first result if it was
   * taken).
   */
  function resendable(request: FastifyRequest): boolean {
    if (request.method === 'GET') return true;
    const body = (request.body ?? {}) as Record<string, unknown>;
    return typeof body.idempotencyKey === 'string';
  }

  // Forwarding declared per route: a route names the resource it belongs to (`config.owner`,
  // resource-lease.ts), and the resource's owner node answers it.
  app.addHook('preHandler', async (request, reply) => {
    const resource = await request.routeOptions.config.owner?.(request);
    if (resource === undefined) return;
    const forwarded = request.headers[FORWARDED_HEADER] !== undefined;
    let deadline = performance.now() + options.cluster.leaseMs * 2;
    for (let moves = 0; ;) {
      const route = await ownership.routeResource(resource, forwarded);
      if (route.local) return;
      if (request.socket.destroyed) {
        // The player left while this node stalled (a paused node waking to a backlog): nobody
        // would read the answer, and a retry under the same key places it then.
        request.log.info({ owner: route.nodeId }, 'client gone before forwarding; not sent on');
        reply.hijack();
        return reply;
      }
      const lease = ownership.watchLease(resource, route.nodeId);
      try {
        return await forwardRequest(request, reply, route.address, nodeId, lease.signal);
      } catch (error) {
        if (lease.signal.aborted) {
          // The owner went silent and its lease moved on: to the new owner, when sending the
          // request twice cannot do it twice; else a prompt 503 the player may retry.
          moves += 1;
          if (!resendable(request) || moves > MAX_LEASE_MOVES) {
            request.log.warn({ owner: route.nodeId }, 'owner lost the resource during a forward');
            throw resourceMovingError(resource.kind);
          }
          deadline = performance.now() + options.cluster.leaseMs * 2;
          continue;
        }
        // Refused: the owner is gone and the request never reached it, so it is safe to send
        // again once its lease has moved; reset (the owner died under a kept-alive connection)
        // likewise for a request that may be sent twice. Anything else may have reached it:
        // the player retries (a placement with the same key answers its first result).
        const gone = isConnectRefused(error) || (isConnectionReset(error) && resendable(request));
        if (!gone || performance.now() > deadline) {
          request.log.warn({ err: error, owner: route.nodeId }, 'forwarding failed');
          throw resourceMovingError(resource.kind);
        }
        ownership.suspect(route.nodeId);
        await new Promise((resolve) => setTimeout(resolve, options.cluster.leaseMs / 6));
      } finally {
        lease.stop();
      }
    }
  });

  // A forwarded answer keeps the owner's: operators (and the fail-over test) see who served.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader(SERVED_BY_HEADER)) reply.header(SERVED_BY_HEADER, nodeId);
    return payload;
  });

  // ---------------------------------------------------------------- catalogue across nodes

  /** Events to announce, per delay: staff changes soon, an owner's own changes at most once a second. */
  const batches = new Map<number, { ids: Set<string>; timer: NodeJS.Timeout | undefined }>();
  /**
   * Coalesced: a busy market changes many times a second (every placement), and each
   * announcement makes every other node read the event again, books and all. Copies serve
   * only the catalogue pages (commands go to the owner, the live book goes out on the market
   * stream), so a second's lag is the price of keeping those reads off the database.
   */
  function announce(eventId: string, delayMs: number): void {
    let batch = batches.get(delayMs);
    if (!batch) {
      batch = { ids: new Set(), timer: undefined };
      batches.set(delayMs, batch);
    }
    const current = batch;
    current.ids.add(eventId);
    current.timer ??= setTimeout(() => {
      current.timer = undefined;
      for (const id of current.ids) {
        const change: CatalogueChange = { origin: nodeId, eventId: id };
        publisher.publish(channel, JSON.stringify(change)).catch(() => undefined);
      }
      current.ids.clear();
    }, delayMs);
  }

  const incoming = new Set<string>();
  let refreshing = false;
  async function refreshIncoming(): Promise<void> {
    if (refreshing) return;
    refreshing = true;
    try {
      while (incoming.size > 0) {
        const [eventId] = incoming;
        incoming.delete(eventId!);
        if (eventId === RELOAD_ALL) await app.exchange.load();
        else await refreshEvent(app.exchange, eventId!, (id) => ownership.owns(id));
      }
    } catch (error) {
      app.log.warn({ err: error }, 'catalogue refresh failed');
    } finally {
      refreshing = false;
    }
  }

  // Back after an outage: what the other nodes announced meanwhile never arrived, so the
  // catalogue is read again (a connection made before the boot's own load has nothing to
  // catch up on).
  let loaded = false;
  subscriber.on('ready', () => {
    if (!loaded) return;
    incoming.add(RELOAD_ALL);
    void refreshIncoming();
  });

  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    const change = JSON.parse(message) as CatalogueChange;
    if (change.origin === nodeId) return;
    incoming.add(change.eventId);
    void refreshIncoming();
  });

  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || reply.statusCode >= 400) return;
    if (request.headers[FORWARDED_HEADER] !== undefined) return;
    const route = request.routeOptions.url;
    if (route === undefined || !route.startsWith(options.apiPrefix)) return;
    if (!STAFF_CATALOGUE.test(route.slice(options.apiPrefix.length))) return;
    const params = request.params as { eventId?: string; marketId?: string };
    const eventId =
      params.eventId ??
      (params.marketId === undefined
        ? undefined
        : app.exchange.markets.get(params.marketId)?.eventId);
    // A new event has its id in the answer only: every node reads the live catalogue again.
    announce(eventId ?? RELOAD_ALL, STAFF_CHANGE_DELAY_MS);
  });

  app.addHook('onReady', async () => {
    const engine = app.exchange;
    engine.fence = ownership.fence;
    const changed = engine.onChange;
    engine.onChange = (marketId) => {
      changed(marketId);
      const eventId = engine.markets.get(marketId)?.eventId;
      if (eventId !== undefined) announce(eventId, OWNER_CHANGE_DELAY_MS);
    };
    // A market created here (the feed, a staff page) is taken at once, before its creator
    // places on it; the next tick hands it on if rendezvous hashing names another node.
    const createEvent = engine.createEvent.bind(engine);
    engine.createEvent = async (input, within) => {
      const event = await createEvent(input, within);
      await Promise.all(event.marketIds.map((id) => ownership.acquire(id)));
      return engine.events.get(event.id) ?? event;
    };
    const createMarket = engine.createMarket.bind(engine);
    engine.createMarket = async (eventId, input, within) => {
      const market = await createMarket(eventId, input, within);
      await ownership.acquire(market.id);
      return engine.markets.get(market.id) ?? market;
    };
    // Waited for as long as Redis may take at boot, then not: a node started while Redis is
    // away serves without the announcements, and the subscription is made once it is back.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      subscriber.subscribe(channel).catch(() => undefined),
      new Promise((resolve) => (timer = setTimeout(resolve, REDIS_READY_TIMEOUT_MS))),
    ]).finally(() => clearTimeout(timer));
    loaded = true;
    await ownership.start({
      serial: (marketId, work) => engine.serial(marketId, work),
      reload: (marketId) => reloadMarket(engine, marketId),
      known: (marketId) => engine.markets.has(marketId),
      loadNew: () => engine.load(),
    });
  });

  app.addHook('onClose', async () => {
    // After the server stopped taking requests and those under way finished.
    await ownership.stop();
    for (const batch of batches.values()) clearTimeout(batch.timer);
    publisher.disconnect();
    subscriber.disconnect();
  });
}

export const clusterModule = fp(clusterPlugin, { name: 'spm-cluster' });

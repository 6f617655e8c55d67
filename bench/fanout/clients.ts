// One client process of the fan-out bench: opens its share of the 10,000 socket.io clients
// (websocket only, one connection each), subscribes each to one market, and records what
// arrives: the snapshot first, then every broadcast with its delivery latency.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import {
  MARKET_EVENTS,
  REALTIME_PATH,
  type ClientToServerEvents,
  type MarketSubscribeAck,
  type MarketUpdate,
  type ServerToClientEvents,
} from '@spm/contract';
import { io as connectClient, type Socket } from 'socket.io-client';
import { ProtocolClient } from './protocol-client.ts';
import {
  BUCKET_MS,
  BUCKETS,
  sparse,
  type ClientPlan,
  type ClientReport,
  type ClientsReady,
  type FromClientProcess,
  type MarketSeen,
  type ToClientProcess,
} from './protocol.ts';

/** What the bench does with a client, either kind (protocol-client.ts or socket.io-client). */
interface BenchSocket {
  onUpdate(listener: (update: MarketUpdate) => void): void;
  onceConnect(listener: () => void): void;
  onceConnectError(listener: (error: Error) => void): void;
  onDisconnect(listener: () => void): void;
  subscribe(marketId: string): Promise<MarketSubscribeAck>;
  disconnect(): void;
}

function libraryClient(plan: ClientPlan, token: string): BenchSocket {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connectClient(plan.baseUrl, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    auth: { token },
    // One connection per client: the default would multiplex every client onto one.
    forceNew: true,
    // A dropped client must show as a loss, not quietly come back.
    reconnection: false,
    timeout: CONNECT_TIMEOUT_MS,
  });
  return {
    onUpdate: (listener) => void socket.on(MARKET_EVENTS.update, listener),
    onceConnect: (listener) => void socket.once('connect', listener),
    onceConnectError: (listener) => void socket.once('connect_error', listener),
    onDisconnect: (listener) => void socket.on('disconnect', listener),
    subscribe: (marketId) =>
      socket
        .timeout(CONNECT_TIMEOUT_MS)
        .emitWithAck(MARKET_EVENTS.subscribe, { marketIds: [marketId] }),
    disconnect: () => void socket.disconnect(),
  };
}

function protocolClient(plan: ClientPlan, token: string): BenchSocket {
  const socket = new ProtocolClient(plan.baseUrl, REALTIME_PATH, { token });
  return {
    onUpdate: (listener) => void socket.on(MARKET_EVENTS.update, listener as (u: unknown) => void),
    onceConnect: (listener) => void socket.once('connect', listener),
    onceConnectError: (listener) =>
      void socket.once('connect_error', listener as (e: unknown) => void),
    onDisconnect: (listener) => void socket.on('disconnect', listener),
    subscribe: (marketId) =>
      socket.emitWithAck(
        MARKET_EVENTS.subscribe,
        { marketIds: [marketId] },
        CONNECT_TIMEOUT_MS,
      ) as Promise<MarketSubscribeAck>,
    disconnect: () => socket.disconnect(),
  };
}

/**
 * Connects still waiting for their subscription ack, at most, so a slow server is not flooded:
 * each handshake reads the session from the database (twice), which on PGlite shares the
 * server's thread. The ramp then goes as fast as the server answers, up to the planned rate.
 */
const MAX_CONNECTING = 40;
/** socket.io-client's default (20 s) is shorter than a busy machine's connect storm. */
const CONNECT_TIMEOUT_MS = 60_000;
const RAMP_STEP_MS = 20;

const send = (message: FromClientProcess) =>
  new Promise<void>((resolve) => process.send!(message, () => resolve()));

const now = () => performance.timeOrigin + performance.now();

async function run(plan: ClientPlan): Promise<void> {
  const { markets, clients } = plan;
  const sockets: BenchSocket[] = [];
  const connect = plan.client === 'socket.io-client' ? libraryClient : protocolClient;
  const marketOf = new Uint16Array(clients);
  const lastVersion = new Float64Array(clients).fill(-1);
  const received = new Uint32Array(clients);
  const subscribed = new Uint8Array(clients);
  /** Per market: each broadcast version received here → its fastest delivery (ms). */
  const firstDelivery = markets.map(() => new Map<number, number>());
  const outOfOrder = new Uint32Array(markets.length);
  /** Per market: versions first received here before the measured window began. */
  const warmUpVersions = markets.map(() => new Set<number>());
  let measuring = false;
  const latency = new Uint32Array(BUCKETS);
  let negativeLatencies = 0;
  let disconnects = 0;
  let reporting = false;

  const ready = await new Promise<ClientsReady>((resolveReady) => {
    let started = 0;
    let settled = 0;
    let connected = 0;
    let failed = 0;
    let firstError: string | null = null;
    const settle = (ok: boolean, error?: string) => {
      settled += 1;
      if (ok) connected += 1;
      else {
        failed += 1;
        firstError ??= error ?? 'unknown';
      }
      if (settled === clients) resolveReady({ kind: 'ready', connected, failed, firstError });
    };
    const open = (i: number) => {
      const global = plan.firstClient + i;
      const marketIndex = global % markets.length;
      const marketId = markets[marketIndex]!.marketId;
      marketOf[i] = marketIndex;
      const socket = connect(plan, plan.tokens[global % plan.tokens.length]!);
      sockets.push(socket);
      socket.onUpdate((update) => {
        const at = now();
        if (subscribed[i] === 0) {
          // The snapshot every new subscriber gets before its ack: where it starts from.
          lastVersion[i] = update.version;
          return;
        }
        const ms = at - update.sentAt;
        if (ms < 0) negativeLatencies += 1;
        latency[Math.min(BUCKETS - 1, Math.max(0, Math.floor(ms / BUCKET_MS)))]! += 1;
        received[i]! += 1;
        const fastest = firstDelivery[marketIndex]!.get(update.version);
        if (fastest === undefined && !measuring) warmUpVersions[marketIndex]!.add(update.version);
        if (fastest === undefined || ms < fastest) {
          firstDelivery[marketIndex]!.set(update.version, ms);
        }
        if (update.version <= lastVersion[i]!) outOfOrder[marketIndex]! += 1;
        else lastVersion[i] = update.version;
      });
      socket.onceConnect(() => {
        // A lost ack must not hang the bench: it counts as a failed client after the timeout.
        // (The ack settles a microtask later; nothing is broadcast before every client is in.)
        socket.subscribe(marketId).then(
          (ack: MarketSubscribeAck) => {
            if (ack.status === 'success' && ack.marketIds.includes(marketId)) {
              subscribed[i] = 1;
              settle(true);
            } else settle(false, `subscribe answered ${JSON.stringify(ack)}`);
          },
          (error: unknown) => settle(false, `no subscribe ack: ${String(error)}`),
        );
      });
      socket.onceConnectError((error) => settle(false, `connect_error: ${error.message}`));
      socket.onDisconnect(() => {
        if (!reporting) disconnects += 1;
      });
    };
    const perStep = Math.max(1, Math.round((plan.connectsPerSecond * RAMP_STEP_MS) / 1000));
    const ramp = setInterval(() => {
      for (let n = 0; n < perStep && started < clients; n += 1) {
        if (started - settled >= MAX_CONNECTING) break;
        open(started);
        started += 1;
      }
      if (started === clients) clearInterval(ramp);
    }, RAMP_STEP_MS);
  });
  await send(ready);

  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  let cpuAtStart = process.cpuUsage();
  let measuredFrom = performance.now();
  await new Promise<void>((resolveReport) => {
    process.on('message', (message: ToClientProcess) => {
      if (message.kind === 'measure') {
        // The warm-up's deliveries are checked with the rest but not in the latency figures.
        measuring = true;
        latency.fill(0);
        negativeLatencies = 0;
        cpuAtStart = process.cpuUsage();
        measuredFrom = performance.now();
        loopDelay.enable();
      } else if (message.kind === 'report') resolveReport();
    });
  });
  reporting = true;
  loopDelay.disable();
  const cpu = process.cpuUsage(cpuAtStart);
  const elapsedMs = performance.now() - measuredFrom;

  const seen: MarketSeen[] = markets.map((market, index) => ({
    marketId: market.marketId,
    versions: [...firstDelivery[index]!.keys()],
    firstLatencies: [...firstDelivery[index]!.values()],
    subscribers: 0,
    received: 0,
    lastVersions: [],
    outOfOrder: outOfOrder[index]!,
    warmUpVersions: [...warmUpVersions[index]!],
  }));
  for (let i = 0; i < clients; i += 1) {
    if (subscribed[i] === 0) continue;
    const market = seen[marketOf[i]!]!;
    market.subscribers += 1;
    market.received += received[i]!;
    market.lastVersions.push(lastVersion[i]!);
  }
  const report: ClientReport = {
    kind: 'result',
    markets: seen,
    latencyBuckets: sparse(latency),
    negativeLatencies,
    disconnects,
    cpuPercent: ((cpu.user + cpu.system) / 1000 / elapsedMs) * 100,
    eventLoopDelayP99Ms: loopDelay.percentile(99) / 1e6,
  };
  await send(report);
  for (const socket of sockets) socket.disconnect();
  process.exit(0);
}

process.once('message', (message: ToClientProcess) => {
  if (message.kind !== 'plan') throw new Error(`expected a plan first, got ${message.kind}`);
  void run(message);
});

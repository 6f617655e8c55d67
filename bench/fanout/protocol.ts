// What the fan-out bench's processes tell each other over their IPC channels, and the latency
// histogram the client processes fill and the parent merges.

/** One market as the clients need it: where to subscribe. */
export interface BenchMarket {
  marketId: string;
  runnerIds: string[];
}

/** Parent → client process: whom to connect, and how fast. */
export interface ClientPlan {
  kind: 'plan';
  baseUrl: string;
  /** Player session tokens; client i uses tokens[i % length]. */
  tokens: string[];
  markets: BenchMarket[];
  /** Global index of this process's first client: client i follows markets[i % markets]. */
  firstClient: number;
  clients: number;
  connectsPerSecond: number;
  /** Which client each connection is (protocol-client.ts, or the socket.io-client library). */
  client: FanoutClient;
}

export const FANOUT_CLIENTS = ['protocol', 'socket.io-client'] as const;
export type FanoutClient = (typeof FANOUT_CLIENTS)[number];

/** Parent → client process: the run is over, report (and then exit). */
export interface ReportRequest {
  kind: 'report';
}

/** Parent → client process: start the CPU / event-loop measurement window now. */
export interface MeasureRequest {
  kind: 'measure';
}

export type ToClientProcess = ClientPlan | ReportRequest | MeasureRequest;

/** Client process → parent once every client is connected and subscribed (or gave up). */
export interface ClientsReady {
  kind: 'ready';
  connected: number;
  failed: number;
  firstError: string | null;
}

/** What one market's subscribers in one process saw. */
export interface MarketSeen {
  marketId: string;
  /** Every broadcast version any subscriber here received (each once). */
  versions: number[];
  /** For each of `versions`, the latency of its first delivery here (the fastest subscriber). */
  firstLatencies: number[];
  subscribers: number;
  /** Sum over the subscribers of the broadcasts each received. */
  received: number;
  /** The version each subscriber holds at the end (its snapshot's when no broadcast came). */
  lastVersions: number[];
  /** Broadcasts whose version was not above the previous one that subscriber held. */
  outOfOrder: number;
  /** Of `versions`, those first received here during the warm-up: not in the latency figures. */
  warmUpVersions: number[];
}

export interface ClientReport {
  kind: 'result';
  markets: MarketSeen[];
  /** Delivery latency histogram as `sparse` pairs; bucket i = [i, i+1) × BUCKET_MS. */
  latencyBuckets: number[];
  /** Deliveries whose receive time read before the send time (clock granularity), counted as 0. */
  negativeLatencies: number;
  disconnects: number;
  /** CPU this process used during the measurement window, in % of one core. */
  cpuPercent: number;
  /** This process's event-loop delay p99 during the window (ms): how late it read sockets. */
  eventLoopDelayP99Ms: number;
}

export type FromClientProcess = ClientsReady | ClientReport;

/** Parent → driver: the markets to move, for how long. */
export interface DriverPlan {
  kind: 'drive';
  baseUrl: string;
  staffToken: string;
  markets: BenchMarket[];
  changesPerSecond: number;
  /** Changes made first and not counted: the server's, clients' and database's warm-up. */
  warmUpMs: number;
  durationMs: number;
}

/** Driver → parent: the warm-up is over, the measured window starts now. */
export interface DriverWarmed {
  kind: 'warmed';
}

export interface DriverReport {
  kind: 'driven';
  changes: number;
  failures: number;
  firstFailure: string | null;
  /** Changes not sent because that market had MAX_IN_FLIGHT_PER_MARKET unanswered already. */
  skipped: number;
  /** Milliseconds each PUT took, fastest first. */
  latencies: number[];
  cpuPercent: number;
}

export const BUCKET_MS = 0.1;
/** Up to 60 s; anything slower lands in the last bucket. */
export const BUCKETS = 600_000;

/** Latency at quantile `q` (0..1) of merged histogram counts. */
export function quantileOf(buckets: ArrayLike<number>, q: number): number {
  let total = 0;
  for (let i = 0; i < buckets.length; i += 1) total += buckets[i]!;
  if (total === 0) return Number.NaN;
  const rank = Math.ceil(q * total);
  let seen = 0;
  for (let i = 0; i < buckets.length; i += 1) {
    seen += buckets[i]!;
    if (seen >= rank) return (i + 1) * BUCKET_MS;
  }
  return buckets.length * BUCKET_MS;
}

/** Histograms travel as [bucket, count] pairs: most of the 600,000 buckets are empty. */
export function sparse(buckets: Uint32Array): number[] {
  const pairs: number[] = [];
  for (let i = 0; i < buckets.length; i += 1) if (buckets[i]! > 0) pairs.push(i, buckets[i]!);
  return pairs;
}

export function addSparse(into: Uint32Array, pairs: readonly number[]): void {
  for (let i = 0; i < pairs.length; i += 2) {
    const bucket = pairs[i]!;
    into[bucket] = (into[bucket] ?? 0) + pairs[i + 1]!;
  }
}

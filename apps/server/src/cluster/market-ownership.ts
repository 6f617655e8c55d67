import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { ClusterConfig } from '../config.ts';
import { executeRows, sessionBoundsFor, type DbHandle } from '../db/database.ts';
import { AppError } from '../http/app-error.ts';

/** What the ownership asks of the exchange engine; nothing else of it is known here. */
export interface OwnedMarkets {
  /**
   * Runs `work` after every task already queued for the market (the engine's per-market queue),
   * so a takeover or a hand-over never interleaves with a placement of that market.
   */
  serial<T>(marketId: string, work: () => Promise<T>): Promise<T>;
  /** Replaces the in-memory market with what the database holds (book from the orders table). */
  reload(marketId: string): Promise<void>;
  /** Whether the market is in memory at all (as owner or as a copy). */
  known(marketId: string): boolean;
  /** Reads open events and markets not in memory yet (created on another node). */
  loadNew(): Promise<void>;
}

export interface LiveNode {
  nodeId: string;
  address: string;
  runsFeed: boolean;
}

/** Where a request for a market goes: handled here, or forwarded to the owner's address. */
export type MarketRoute = { local: true } | { local: false; nodeId: string; address: string };

/** The answer when a market is between owners: the player tries again a moment later. */
export function marketMovingError(): AppError {
  return new AppError(
    'SERVICE_UNAVAILABLE',
    'This market is moving to another server. Please try again in a moment.',
  );
}

/** Highest score wins: every node computes the same owner from the same live nodes. */
export function rendezvousOwner(marketId: string, nodeIds: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestScore = -1n;
  for (const nodeId of nodeIds) {
    const digest = createHash('sha1').update(`${nodeId}\u0000${marketId}`).digest();
    const score = digest.readBigUInt64BE(0);
    if (score > bestScore || (score === bestScore && best !== undefined && nodeId < best)) {
      best = nodeId;
      bestScore = score;
    }
  }
  return best;
}

interface LeaseRow {
  market_id: string;
  event_id: string;
  owner_node: string | null;
  valid: boolean;
  simulated: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Market ownership through a lease table with a fencing token (docs/decisions.md "Several
 * nodes"). Every `leaseMs / 3` the node writes its heartbeat, renews the leases it holds, takes
 * the expired or free leases of the markets rendezvous hashing gives it, and hands over those
 * it holds but no longer should. It keeps its own small connection pool so a busy request pool
 * never starves the renewal.
 */
export class MarketOwnership {
  private readonly pool: pg.Pool;
  /** The request pool's idle limit, set again here for pools opened without bounds (tests). */
  private readonly idleLimitMs: number;
  /** Markets this node owns and has rebuilt, with the fencing token it holds for each. */
  private readonly held = new Map<string, number>();
  /** Monotonic time each held market was taken: a renewal older than that cannot list it. */
  private readonly heldSince = new Map<string, number>();
  private readonly acquiring = new Map<string, Promise<boolean>>();
  private readonly handingOver = new Set<string>();
  /** Monotonic time until which every held lease is surely still valid (renewed in time). */
  private validUntil = 0;
  private live: LiveNode[] = [];
  /** Markets of simulated events, seen at the last tick. */
  private simulated = new Set<string>();
  /** The event of each market seen (an event's markets share one owner). */
  private eventOf = new Map<string, string>();
  /** Valid lease holders seen at the last tick: a forward needs no query for them. */
  private owners = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private stopped = false;
  private markets: OwnedMarkets | undefined;

  constructor(
    readonly config: ClusterConfig,
    databaseUrl: string,
    private readonly log: { warn: (object: unknown, message: string) => void },
  ) {
    this.pool = new pg.Pool({
      connectionString: databaseUrl,
      application_name: `spm-cluster-${config.nodeId}`,
      max: 3,
      // A lease row locked by a long transaction must not hold the tick past the lease; a
      // takeover of this node's own cut short by a pause holds the row no longer than the
      // request pool's transactions may (deploy/README.md "Bounds on every transaction").
      options: [
        `-c lock_timeout=${Math.floor(config.leaseMs / 3)}`,
        `-c statement_timeout=${sessionBoundsFor(config.leaseMs).statementTimeoutMs}`,
        `-c idle_in_transaction_session_timeout=${sessionBoundsFor(config.leaseMs).idleInTransactionMs}`,
      ].join(' '),
    });
    this.pool.on('error', (error) => this.log.warn({ err: error }, 'cluster pool client failed'));
    this.idleLimitMs = sessionBoundsFor(config.leaseMs).idleInTransactionMs;
  }

  get nodeId(): string {
    return this.config.nodeId;
  }

  /** Markets held now (tests and /health read it). */
  heldMarkets(): string[] {
    return [...this.held.keys()];
  }

  owns(marketId: string): boolean {
    return this.held.has(marketId);
  }

  /** A node that refused a connection: not forwarded to again until its heartbeat says so. */
  suspect(nodeId: string): void {
    this.live = this.live.filter((node) => node.nodeId !== nodeId);
    for (const [marketId, owner] of this.owners) {
      if (owner === nodeId) this.owners.delete(marketId);
    }
  }

  /**
   * Aborts its signal once `nodeId` stops being the market's owner as this node's ticks see it:
   * another node holds a valid lease, or `nodeId`'s heartbeat is no longer fresh (paused,
   * frozen, gone without a word). A forward to it then goes to the new owner instead of
   * waiting for a node that may never answer. `stop` when the forward is done.
   */
  watchLease(marketId: string, nodeId: string): { signal: AbortSignal; stop: () => void } {
    const controller = new AbortController();
    const timer = setInterval(() => {
      const owner = this.owners.get(marketId);
      const alive = this.live.some((node) => node.nodeId === nodeId);
      if (!alive || (owner !== undefined && owner !== nodeId)) {
        clearInterval(timer);
        controller.abort(new Error(`the lease of market ${marketId} moved from ${nodeId}`));
      }
    }, this.config.leaseMs / 6);
    return { signal: controller.signal, stop: () => clearInterval(timer) };
  }

  liveNodes(): LiveNode[] {
    return this.live;
  }

  /** Registers the node, frees leases a previous run under the same id left, starts ticking. */
  async start(markets: OwnedMarkets): Promise<void> {
    await this.register(markets);
    await Promise.allSettled(await this.tick());
    this.schedule();
    if (this.config.runsFeed) await this.feedMarketsHeld();
  }

  /**
   * The feed's node (re)starting: the simulator acts on its markets as soon as it runs, so
   * wait (two leases at most) until the nodes that held them meanwhile have handed them over.
   */
  private async feedMarketsHeld(): Promise<void> {
    const deadline = performance.now() + this.config.leaseMs * 2;
    while (performance.now() < deadline && !this.stopped) {
      if ([...this.simulated].every((marketId) => this.held.has(marketId))) return;
      await sleep(this.config.leaseMs / 6);
    }
    this.log.warn({}, 'some simulated markets are still held by other nodes');
  }

  /** Registers the node and frees what a previous run under its id held; no ticking yet. */
  async register(markets: OwnedMarkets): Promise<void> {
    this.markets = markets;
    await this.pool.query(
      `insert into cluster_nodes (node_id, address, runs_feed, started_at, heartbeat_at)
       values ($1, $2, $3, clock_timestamp(), clock_timestamp())
       on conflict (node_id) do update
         set address = excluded.address, runs_feed = excluded.runs_feed,
             started_at = excluded.started_at, heartbeat_at = excluded.heartbeat_at`,
      [this.nodeId, this.config.advertiseUrl, this.config.runsFeed],
    );
    await this.pool.query(
      `update market_leases set owner_node = null, expires_at = clock_timestamp()
       where owner_node = $1`,
      [this.nodeId],
    );
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.ticking = this.tick()
        .then(() => undefined)
        .catch((error: unknown) => this.log.warn({ err: error }, 'cluster tick failed'))
        .finally(() => this.schedule());
    }, this.config.leaseMs / 3);
  }

  /** Hands every market over at once (a clean stop needs no lease to expire) and deregisters. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.ticking;
    for (const marketId of [...this.held.keys()]) this.held.delete(marketId);
    try {
      await this.pool.query(
        `update market_leases set owner_node = null, expires_at = clock_timestamp()
         where owner_node = $1`,
        [this.nodeId],
      );
      await this.pool.query('delete from cluster_nodes where node_id = $1', [this.nodeId]);
    } finally {
      await this.pool.end();
    }
  }

  /**
   * The fence (ExchangeContext.fence): first statement of every transaction that changes a
   * market's orders or money. The KEY SHARE lock makes a takeover (FOR UPDATE) wait until this
   * transaction ends, while the owner's renewals (updates of non-key columns) go on beside it;
   * the idle-in-transaction limit ends the transaction if this process stalls (a paused node),
   * so the takeover is not held up forever: its commit then fails and nothing of it stays.
   */
  fence = async (tx: DbHandle, marketIds: readonly string[]): Promise<void> => {
    const tokens = marketIds.map((marketId) => this.held.get(marketId));
    if (tokens.some((token) => token === undefined)) throw marketMovingError();
    const rows = await executeRows<{ limit_set: string }>(
      tx,
      sql`select set_config('idle_in_transaction_session_timeout', ${String(this.idleLimitMs)}, true)
            as limit_set
          from market_leases
          where (market_id, token) in (
              select * from unnest(${`{${marketIds.join(',')}}`}::bigint[],
                                   ${`{${tokens.join(',')}}`}::bigint[]))
            and owner_node = ${this.nodeId} and expires_at > clock_timestamp()
          for key share`,
    );
    if (rows.length !== new Set(marketIds).size) throw marketMovingError();
  };

  /**
   * Where a request for this market is handled. `forwarded`: it came from another node, so it
   * is never sent on (one hop); this node takes a free lease for it instead.
   */
  async route(marketId: string, forwarded: boolean): Promise<MarketRoute> {
    const deadline = performance.now() + this.config.leaseMs * 2;
    while (performance.now() < deadline && !this.stopped) {
      if (
        this.held.has(marketId) &&
        !this.handingOver.has(marketId) &&
        performance.now() < this.validUntil
      ) {
        return { local: true };
      }
      const pending = this.acquiring.get(marketId);
      if (pending) {
        await pending;
        continue;
      }
      const owner = this.owners.get(marketId) ?? (await this.currentOwner(marketId));
      if (owner !== undefined && owner !== this.nodeId) {
        const address = this.live.find((node) => node.nodeId === owner)?.address;
        if (address !== undefined && !forwarded) return { local: false, nodeId: owner, address };
        // The owner is not seen alive, or this is the one hop: wait for its lease to run out.
        this.owners.delete(marketId);
        await sleep(this.config.leaseMs / 6);
        continue;
      }
      if (owner === this.nodeId) {
        // Held in the table but not (yet, or no longer surely) here: the next tick decides.
        await sleep(this.config.leaseMs / 6);
        continue;
      }
      if (!forwarded) await this.learnEvent(marketId);
      const chosen = forwarded ? this.nodeId : this.designated(marketId);
      if (chosen === undefined || chosen === this.nodeId) {
        await this.acquire(marketId);
        continue;
      }
      const address = this.live.find((node) => node.nodeId === chosen)?.address;
      if (address !== undefined) return { local: false, nodeId: chosen, address };
      await sleep(this.config.leaseMs / 6);
    }
    throw marketMovingError();
  }

  /** The market of an order (a cancel names only the order). */
  async marketOfOrder(orderId: string): Promise<string | undefined> {
    if (!/^\d{1,18}$/.test(orderId)) return undefined;
    const result = await this.pool.query<{ market_id: string }>(
      'select market_id::text from orders where id = $1',
      [orderId],
    );
    return result.rows[0]?.market_id;
  }

  /**
   * The feed's node for its own markets (it drives them), else rendezvous hashing of the
   * market's event: all markets of an event on one node, so an event page and an event's
   * changes (which reach its markets) are served by one owner.
   */
  private designated(marketId: string): string | undefined {
    if (this.simulated.has(marketId)) {
      const feed = this.live.find((node) => node.runsFeed);
      if (feed) return feed.nodeId;
    }
    return rendezvousOwner(
      this.eventOf.get(marketId) ?? `market:${marketId}`,
      this.live.map((node) => node.nodeId),
    );
  }

  /** Reads the market's event when no tick has seen the market yet (just created). */
  private async learnEvent(marketId: string): Promise<void> {
    if (this.eventOf.has(marketId)) return;
    const result = await this.pool.query<{ event_id: string; simulated: boolean }>(
      `select m.event_id::text, e.simulated from markets m join events e on e.id = m.event_id
       where m.id = $1`,
      [Number(marketId)],
    );
    const row = result.rows[0];
    if (!row) return;
    this.eventOf.set(marketId, row.event_id);
    if (row.simulated) this.simulated.add(marketId);
  }

  private async currentOwner(marketId: string): Promise<string | undefined> {
    const result = await this.pool.query<{ owner_node: string | null }>(
      `select owner_node from market_leases
       where market_id = $1 and owner_node is not null and expires_at > clock_timestamp()`,
      [Number(marketId)],
    );
    return result.rows[0]?.owner_node ?? undefined;
  }

  /** Takes the market's lease when it is free or expired, then rebuilds its book here. */
  acquire(marketId: string): Promise<boolean> {
    const pending = this.acquiring.get(marketId);
    if (pending) return pending;
    const attempt = this.takeLease(marketId).finally(() => this.acquiring.delete(marketId));
    this.acquiring.set(marketId, attempt);
    return attempt;
  }

  private async takeLease(marketId: string): Promise<boolean> {
    const markets = this.markets;
    if (!markets || this.stopped) return false;
    let token: number | undefined;
    try {
      token = await this.takeLeaseRow(marketId);
    } catch (error) {
      // Most often lock_timeout: the old owner's last transaction still holds the row.
      this.log.warn({ err: error, marketId }, 'market lease not taken this time');
      return false;
    }
    if (token === undefined) return false;
    const taken = token;
    // After everything queued here for the market (those fail their fence), rebuild the book
    // from the orders table, which now holds every commit of the old owner: the row lock
    // made this takeover wait for them.
    await markets.serial(marketId, async () => {
      await markets.reload(marketId);
      this.held.set(marketId, taken);
      this.heldSince.set(marketId, performance.now());
    });
    this.owners.set(marketId, this.nodeId);
    return true;
  }

  /**
   * The lease row taken when free or expired; answers the new token, or undefined. FOR UPDATE
   * first: it waits for every transaction holding the fence's KEY SHARE lock on the row (an
   * update of non-key columns alone would not), so the old owner's last commit is in the
   * orders table before this node reads them.
   */
  private async takeLeaseRow(marketId: string): Promise<number | undefined> {
    const client = await this.pool.connect();
    let broken = false;
    try {
      await client.query('begin');
      const inserted = await client.query<{ token: string }>(
        `insert into market_leases (market_id, owner_node, token, expires_at)
         values ($1, $2, 1, clock_timestamp() + make_interval(secs => $3::float8 / 1000))
         on conflict (market_id) do nothing
         returning token::text`,
        [Number(marketId), this.nodeId, this.config.leaseMs],
      );
      if (inserted.rows[0]) {
        await client.query('commit');
        return Number(inserted.rows[0].token);
      }
      await client.query('select 1 from market_leases where market_id = $1 for update', [
        Number(marketId),
      ]);
      const taken = await client.query<{ token: string }>(
        `update market_leases
         set owner_node = $2, token = token + 1,
             expires_at = clock_timestamp() + make_interval(secs => $3::float8 / 1000)
         where market_id = $1 and (owner_node is null or expires_at <= clock_timestamp())
         returning token::text`,
        [Number(marketId), this.nodeId, this.config.leaseMs],
      );
      await client.query('commit');
      return taken.rows[0] ? Number(taken.rows[0].token) : undefined;
    } catch (error) {
      await client.query('rollback').catch(() => {
        broken = true;
      });
      throw error;
    } finally {
      client.release(broken);
    }
  }

  /** Gives a held market up: after its queued work, so nothing of it is cut short. */
  private async handOver(marketId: string): Promise<void> {
    const markets = this.markets;
    const token = this.held.get(marketId);
    if (!markets || token === undefined || this.handingOver.has(marketId)) return;
    this.handingOver.add(marketId);
    await markets
      .serial(marketId, async () => {
        this.held.delete(marketId);
        await this.pool.query(
          `update market_leases set owner_node = null, expires_at = clock_timestamp()
         where market_id = $1 and owner_node = $2 and token = $3`,
          [Number(marketId), this.nodeId, token],
        );
        this.owners.delete(marketId);
        await markets.reload(marketId);
      })
      .finally(() => this.handingOver.delete(marketId));
  }

  /** A lease lost (taken over while this node stalled): drop the book, read it back as a copy. */
  private lose(marketId: string): void {
    this.held.delete(marketId);
    this.owners.delete(marketId);
    const markets = this.markets;
    if (!markets) return;
    void markets
      .serial(marketId, () => markets.reload(marketId))
      .catch((error: unknown) => this.log.warn({ err: error, marketId }, 'reload failed'));
  }

  /** One round; answers the lease changes it started (a takeover may wait for a queue). */
  private async tick(): Promise<Promise<unknown>[]> {
    if (this.stopped) return [];
    const startedAt = performance.now();
    const leaseSeconds = this.config.leaseMs / 1000;
    await this.pool.query(
      `insert into cluster_nodes (node_id, address, runs_feed, started_at, heartbeat_at)
       values ($1, $2, $3, clock_timestamp(), clock_timestamp())
       on conflict (node_id) do update set heartbeat_at = clock_timestamp()`,
      [this.nodeId, this.config.advertiseUrl, this.config.runsFeed],
    );
    // Nodes gone for a day are forgotten (a restarted node under the same id registers again).
    await this.pool.query(
      `delete from cluster_nodes where heartbeat_at < clock_timestamp() - interval '1 day'`,
    );
    const renewed = await this.pool.query<{ market_id: string; token: string }>(
      `update market_leases
       set expires_at = clock_timestamp() + make_interval(secs => $2::float8)
       where owner_node = $1
       returning market_id::text, token`,
      [this.nodeId, leaseSeconds],
    );
    const tokens = new Map(renewed.rows.map((row) => [row.market_id, Number(row.token)]));
    for (const [marketId, token] of this.held) {
      const takenDuringRenewal = (this.heldSince.get(marketId) ?? 0) >= startedAt;
      if (tokens.get(marketId) !== token && !takenDuringRenewal) this.lose(marketId);
    }
    // A lease renewed at `startedAt` at the latest is valid a lease later; a sixth of margin.
    this.validUntil = startedAt + (this.config.leaseMs * 5) / 6;

    const nodes = await this.pool.query<{ node_id: string; address: string; runs_feed: boolean }>(
      `select node_id, address, runs_feed from cluster_nodes
       where heartbeat_at > clock_timestamp() - make_interval(secs => $1::float8)
       order by node_id`,
      [leaseSeconds],
    );
    this.live = nodes.rows.map((row) => ({
      nodeId: row.node_id,
      address: row.address,
      runsFeed: row.runs_feed,
    }));

    const leases = await this.pool.query<LeaseRow>(
      `select m.id::text as market_id, m.event_id::text as event_id, l.owner_node, e.simulated,
              coalesce(l.owner_node is not null and l.expires_at > clock_timestamp(), false)
                as valid
       from markets m join events e on e.id = m.event_id
         left join market_leases l on l.market_id = m.id
       where m.status not in ('settled', 'voided')`,
    );
    const owners = new Map<string, string>();
    const open = new Set<string>();
    const markets = this.markets;
    if (markets && leases.rows.some((row) => !markets.known(row.market_id))) {
      // Created elsewhere (another node, a feed): every node lists it, not only its owner.
      await markets.loadNew();
    }
    this.simulated = new Set();
    this.eventOf = new Map();
    for (const row of leases.rows) {
      this.eventOf.set(row.market_id, row.event_id);
      if (row.simulated) this.simulated.add(row.market_id);
      open.add(row.market_id);
      if (row.valid && row.owner_node !== null) owners.set(row.market_id, row.owner_node);
    }
    this.owners = owners;
    for (const [marketId, token] of tokens) {
      // Owned in the table but neither held nor being taken: a leftover; free it.
      if (!this.held.has(marketId) && !this.acquiring.has(marketId)) {
        await this.pool.query(
          `update market_leases set owner_node = null, expires_at = clock_timestamp()
           where market_id = $1 and owner_node = $2 and token = $3`,
          [Number(marketId), this.nodeId, token],
        );
      }
    }
    const work: Promise<unknown>[] = [];
    for (const row of leases.rows) {
      const designated = this.designated(row.market_id);
      if (designated === this.nodeId && !row.valid && !this.acquiring.has(row.market_id)) {
        work.push(this.acquire(row.market_id));
      }
    }
    for (const marketId of this.held.keys()) {
      const designated = this.designated(marketId);
      // Settled markets go back to nobody; others to the node hashing now gives them.
      if (!open.has(marketId) || (designated !== undefined && designated !== this.nodeId)) {
        work.push(this.handOver(marketId));
      }
    }
    // Not awaited by the tick itself: a takeover that waits for a queue must not delay the
    // next renewal. Failures are logged.
    void Promise.allSettled(work).then((results) => {
      for (const result of results) {
        if (result.status === 'rejected') {
          this.log.warn({ err: result.reason }, 'market lease change failed');
        }
      }
    });
    return work;
  }
}

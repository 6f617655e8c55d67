import { createHash } from 'node:crypto';
import pg from 'pg';
import type { ClusterConfig } from '../config.ts';
import { sessionBoundsFor, type DbHandle } from '../db/database.ts';
import {
  holdFences,
  resourceKeyOf,
  resourceMovingError,
  resourceName,
  type ResourceFence,
  type ResourceKey,
  type ResourceKind,
} from './resource-lease.ts';

/**
 * What the ownership asks of a product for the resources of one kind it owns: their work
 * queue and their in-memory state. A kind registers none when it keeps nothing in memory.
 */
export interface OwnedResources {
  /**
   * Runs `work` after every task already queued for the resource (the exchange engine's
   * per-market queue), so a takeover or a hand-over never interleaves with its commands.
   */
  serial<T>(id: string, work: () => Promise<T>): Promise<T>;
  /** Replaces the in-memory resource with what the database holds (a book from its orders). */
  reload(id: string): Promise<void>;
}

/** Resources whose kind registered nothing: no queue of theirs, nothing in memory to read. */
const STATELESS: OwnedResources = {
  serial: (_id, work) => work(),
  reload: () => Promise.resolve(),
};

/** What the ownership asks of the exchange engine; nothing else of it is known here. */
export interface OwnedMarkets extends OwnedResources {
  /** Whether the market is in memory at all (as owner or as a copy). */
  known(marketId: string): boolean;
  /** Reads open events and markets not in memory yet (created on another node). */
  loadNew(): Promise<void>;
}

export interface LiveNode {
  nodeId: string;
  address: string;
  runsFeed: boolean;
  /** It runs the crash game (CRASH_GAME on): the game's lease is designated among these. */
  runsCrash: boolean;
}

/** Where a request for a resource goes: handled here, or forwarded to the owner's address. */
export type ResourceRoute = { local: true } | { local: false; nodeId: string; address: string };

const MARKET: ResourceKind = 'exchange-market';
const CRASH_GAME: ResourceKind = 'crash-game';

/** The lease name of an exchange market. */
const marketLease = (marketId: string): string => resourceName({ kind: MARKET, id: marketId });

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
 * Resource ownership through a lease table with a fencing token (docs/decisions.md "Several
 * nodes", "One lease per resource"). Every `leaseMs / 3` the node writes its heartbeat, renews
 * the leases it holds, takes the expired or free leases of the markets rendezvous hashing
 * gives it, and hands over those it holds but no longer should. Resources of other kinds (a
 * crash game, a sportsbook event) are taken when a request for them reaches the node
 * rendezvous hashing names (`routeResource`), and handed over like markets. It keeps its own
 * small connection pool so a busy request pool never starves the renewal.
 */
export class MarketOwnership {
  private readonly pool: pg.Pool;
  /** The request pool's idle limit, set again here for pools opened without bounds (tests). */
  private readonly idleLimitMs: number;
  /** Resources (lease names) this node owns and has rebuilt, with the fencing token of each. */
  private readonly held = new Map<string, number>();
  /** Monotonic time each held resource was taken: a renewal older than that cannot list it. */
  private readonly heldSince = new Map<string, number>();
  private readonly acquiring = new Map<string, Promise<boolean>>();
  private readonly handingOver = new Set<string>();
  /** Monotonic time until which every held lease is surely still valid (renewed in time). */
  private validUntil = 0;
  private live: LiveNode[] = [];
  /** Markets (ids) of simulated events, seen at the last tick. */
  private simulated = new Set<string>();
  /** The event of each market seen (an event's markets share one owner). */
  private eventOf = new Map<string, string>();
  /** Valid lease holders seen at the last tick: a forward needs no query for them. */
  private owners = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private stopped = false;
  private markets: OwnedMarkets | undefined;
  /** The products' queues and state per kind of resource (markets: the exchange engine). */
  private readonly kinds = new Map<ResourceKind, OwnedResources>();

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
    return [...this.held.keys()]
      .map(resourceKeyOf)
      .filter((key) => key.kind === MARKET)
      .map((key) => key.id);
  }

  owns(marketId: string): boolean {
    return this.held.has(marketLease(marketId));
  }

  /** This node holds the resource's lease (as far as it knows: a paused node may not). */
  holds(resource: ResourceKey): boolean {
    return this.held.has(resourceName(resource));
  }

  /**
   * A product's queue and in-memory state for its kind of resource: a takeover and a
   * hand-over run in its queue and read its state again, as the exchange's markets do.
   */
  registerKind(kind: ResourceKind, owned: OwnedResources): void {
    this.kinds.set(kind, owned);
  }

  /** A node that refused a connection: not forwarded to again until its heartbeat says so. */
  suspect(nodeId: string): void {
    this.live = this.live.filter((node) => node.nodeId !== nodeId);
    for (const [name, owner] of this.owners) {
      if (owner === nodeId) this.owners.delete(name);
    }
  }

  /**
   * Aborts its signal once `nodeId` stops being the resource's owner as this node's ticks see
   * it: another node holds a valid lease, or `nodeId`'s heartbeat is no longer fresh (paused,
   * frozen, gone without a word). A forward to it then goes to the new owner instead of
   * waiting for a node that may never answer. `stop` when the forward is done.
   */
  watchLease(resource: ResourceKey, nodeId: string): { signal: AbortSignal; stop: () => void } {
    const name = resourceName(resource);
    const controller = new AbortController();
    const timer = setInterval(() => {
      const owner = this.owners.get(name);
      const alive = this.live.some((node) => node.nodeId === nodeId);
      if (!alive || (owner !== undefined && owner !== nodeId)) {
        clearInterval(timer);
        controller.abort(new Error(`the lease of ${name} moved from ${nodeId}`));
      }
    }, this.config.leaseMs / 6);
    return { signal: controller.signal, stop: () => clearInterval(timer) };
  }

  liveNodes(): LiveNode[] {
    return this.live;
  }

  /** Registers the node, frees leases a previous run under the same id left, starts ticking. */
  async start(markets?: OwnedMarkets): Promise<void> {
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
      if ([...this.simulated].every((marketId) => this.held.has(marketLease(marketId)))) return;
      await sleep(this.config.leaseMs / 6);
    }
    this.log.warn({}, 'some simulated markets are still held by other nodes');
  }

  /**
   * Registers the node and frees what a previous run under its id held; no ticking yet.
   * Without the exchange's markets (a node, or a test, of other kinds only) no market is held.
   */
  async register(markets?: OwnedMarkets): Promise<void> {
    this.markets = markets;
    if (markets) this.kinds.set(MARKET, markets);
    await this.pool.query(
      `insert into cluster_nodes (node_id, address, runs_feed, runs_crash, started_at, heartbeat_at)
       values ($1, $2, $3, $4, clock_timestamp(), clock_timestamp())
       on conflict (node_id) do update
         set address = excluded.address, runs_feed = excluded.runs_feed,
             runs_crash = excluded.runs_crash,
             started_at = excluded.started_at, heartbeat_at = excluded.heartbeat_at`,
      [this.nodeId, this.config.advertiseUrl, this.config.runsFeed, this.config.runsCrash],
    );
    await this.pool.query(
      `update resource_leases set owner_node = null, expires_at = clock_timestamp()
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

  /** Hands every resource over at once (a clean stop needs no lease to expire), deregisters. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.ticking;
    for (const name of [...this.held.keys()]) this.held.delete(name);
    try {
      await this.pool.query(
        `update resource_leases set owner_node = null, expires_at = clock_timestamp()
         where owner_node = $1`,
        [this.nodeId],
      );
      await this.pool.query('delete from cluster_nodes where node_id = $1', [this.nodeId]);
    } finally {
      await this.pool.end();
    }
  }

  /**
   * The fence of the exchange (ExchangeContext.fence): first statement of every transaction
   * that changes a market's orders or money (resource-lease.ts `holdFences`, with this node
   * as the owner and the idle limit that cuts a paused node's transaction off).
   */
  fence = async (tx: DbHandle, marketIds: readonly string[]): Promise<void> => {
    await holdFences(
      tx,
      marketIds.map((id) => this.fenceOf({ kind: MARKET, id })),
    );
  };

  /**
   * What a transaction of this node passes to commit for the resource only while it owns it
   * (`walletTransaction`'s `fence` option): the token it took the lease with. Refused at once
   * when the node does not hold it; refused in the transaction when the token is no longer
   * the lease's (this node was paused and the resource moved on).
   */
  fenceOf(resource: ResourceKey): ResourceFence {
    const token = this.held.get(resourceName(resource));
    if (token === undefined) throw resourceMovingError(resource.kind);
    return { resource, token, ownerNode: this.nodeId, idleLimitMs: this.idleLimitMs };
  }

  /**
   * Where a request for this resource is handled. `forwarded`: it came from another node, so
   * it is never sent on (one hop); this node takes a free lease for it instead.
   */
  async routeResource(resource: ResourceKey, forwarded: boolean): Promise<ResourceRoute> {
    const name = resourceName(resource);
    const deadline = performance.now() + this.config.leaseMs * 2;
    while (performance.now() < deadline && !this.stopped) {
      if (
        this.held.has(name) &&
        !this.handingOver.has(name) &&
        performance.now() < this.validUntil
      ) {
        return { local: true };
      }
      const pending = this.acquiring.get(name);
      if (pending) {
        await pending;
        continue;
      }
      const owner = this.owners.get(name) ?? (await this.currentOwner(name));
      if (owner !== undefined && owner !== this.nodeId) {
        const address = this.live.find((node) => node.nodeId === owner)?.address;
        if (address !== undefined && !forwarded) return { local: false, nodeId: owner, address };
        // The owner is not seen alive, or this is the one hop: wait for its lease to run out.
        this.owners.delete(name);
        await sleep(this.config.leaseMs / 6);
        continue;
      }
      if (owner === this.nodeId) {
        // Held in the table but not (yet, or no longer surely) here: the next tick decides.
        await sleep(this.config.leaseMs / 6);
        continue;
      }
      if (!forwarded && resource.kind === MARKET) await this.learnEvent(resource.id);
      const chosen = forwarded ? this.nodeId : this.designated(name);
      if (chosen === undefined || chosen === this.nodeId) {
        await this.acquireResource(resource);
        continue;
      }
      const address = this.live.find((node) => node.nodeId === chosen)?.address;
      if (address !== undefined) return { local: false, nodeId: chosen, address };
      await sleep(this.config.leaseMs / 6);
    }
    throw resourceMovingError(resource.kind);
  }

  /**
   * For a market: the feed's node for its own markets (it drives them), else rendezvous
   * hashing of the market's event: all markets of an event on one node, so an event page and
   * an event's changes (which reach its markets) are served by one owner. The crash game:
   * rendezvous hashing among the nodes that run it (one with CRASH_GAME=off would hold the
   * lease and fly nothing), all nodes when none of them is alive. Any other resource:
   * rendezvous hashing of its name.
   */
  private designated(name: string): string | undefined {
    const nodeIds = this.live.map((node) => node.nodeId);
    const resource = resourceKeyOf(name);
    if (resource.kind === CRASH_GAME) {
      const runners = this.live.filter((node) => node.runsCrash).map((node) => node.nodeId);
      return rendezvousOwner(name, runners.length > 0 ? runners : nodeIds);
    }
    if (resource.kind !== MARKET) return rendezvousOwner(name, nodeIds);
    const marketId = resource.id;
    if (this.simulated.has(marketId)) {
      const feed = this.live.find((node) => node.runsFeed);
      if (feed) return feed.nodeId;
    }
    return rendezvousOwner(this.eventOf.get(marketId) ?? `market:${marketId}`, nodeIds);
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

  private async currentOwner(name: string): Promise<string | undefined> {
    const result = await this.pool.query<{ owner_node: string | null }>(
      `select owner_node from resource_leases
       where resource = $1 and owner_node is not null and expires_at > clock_timestamp()`,
      [name],
    );
    return result.rows[0]?.owner_node ?? undefined;
  }

  /** Takes the market's lease when it is free or expired, then rebuilds its book here. */
  acquire(marketId: string): Promise<boolean> {
    return this.acquireResource({ kind: MARKET, id: marketId });
  }

  /** Takes the resource's lease when it is free or expired, then reads its state here. */
  acquireResource(resource: ResourceKey): Promise<boolean> {
    const name = resourceName(resource);
    const pending = this.acquiring.get(name);
    if (pending) return pending;
    const attempt = this.takeLease(resource).finally(() => this.acquiring.delete(name));
    this.acquiring.set(name, attempt);
    return attempt;
  }

  /**
   * Gives the resource up (a crash game over, a sportsbook event settled): after its queued
   * work, so nothing of it is cut short. Markets are given up by the ticks themselves.
   */
  release(resource: ResourceKey): Promise<void> {
    return this.handOver(resourceName(resource));
  }

  /** The product's queue and state of a resource; none for a market without the exchange. */
  private ownedOf(kind: ResourceKind): OwnedResources | undefined {
    return this.kinds.get(kind) ?? (kind === MARKET ? undefined : STATELESS);
  }

  private async takeLease(resource: ResourceKey): Promise<boolean> {
    const owned = this.ownedOf(resource.kind);
    if (!owned || this.stopped) return false;
    const name = resourceName(resource);
    let token: number | undefined;
    try {
      token = await this.takeLeaseRow(name);
    } catch (error) {
      // Most often lock_timeout: the old owner's last transaction still holds the row.
      this.log.warn({ err: error, resource: name }, 'lease not taken this time');
      return false;
    }
    if (token === undefined) return false;
    const taken = token;
    // After everything queued here for the resource (those fail their fence), rebuild its
    // state (a market's book from the orders table), which now holds every commit of the old
    // owner: the row lock made this takeover wait for them.
    await owned.serial(resource.id, async () => {
      await owned.reload(resource.id);
      this.held.set(name, taken);
      this.heldSince.set(name, performance.now());
    });
    this.owners.set(name, this.nodeId);
    return true;
  }

  /**
   * The lease row taken when free or expired; answers the new token, or undefined. FOR UPDATE
   * first: it waits for every transaction holding the fence's KEY SHARE lock on the row (an
   * update of non-key columns alone would not), so the old owner's last commit is in the
   * database before this node reads it.
   */
  private async takeLeaseRow(name: string): Promise<number | undefined> {
    const client = await this.pool.connect();
    let broken = false;
    try {
      await client.query('begin');
      const inserted = await client.query<{ token: string }>(
        `insert into resource_leases (resource, owner_node, token, expires_at)
         values ($1, $2, 1, clock_timestamp() + make_interval(secs => $3::float8 / 1000))
         on conflict (resource) do nothing
         returning token::text`,
        [name, this.nodeId, this.config.leaseMs],
      );
      if (inserted.rows[0]) {
        await client.query('commit');
        return Number(inserted.rows[0].token);
      }
      await client.query('select 1 from resource_leases where resource = $1 for update', [name]);
      const taken = await client.query<{ token: string }>(
        `update resource_leases
         set owner_node = $2, token = token + 1,
             expires_at = clock_timestamp() + make_interval(secs => $3::float8 / 1000)
         where resource = $1 and (owner_node is null or expires_at <= clock_timestamp())
         returning token::text`,
        [name, this.nodeId, this.config.leaseMs],
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

  /** Gives a held resource up: after its queued work, so nothing of it is cut short. */
  private async handOver(name: string): Promise<void> {
    const resource = resourceKeyOf(name);
    const owned = this.ownedOf(resource.kind);
    const token = this.held.get(name);
    if (!owned || token === undefined || this.handingOver.has(name)) return;
    this.handingOver.add(name);
    await owned
      .serial(resource.id, async () => {
        this.held.delete(name);
        await this.pool.query(
          `update resource_leases set owner_node = null, expires_at = clock_timestamp()
         where resource = $1 and owner_node = $2 and token = $3`,
          [name, this.nodeId, token],
        );
        this.owners.delete(name);
        await owned.reload(resource.id);
      })
      .finally(() => this.handingOver.delete(name));
  }

  /** A lease lost (taken over while this node stalled): drop it, read the state back as a copy. */
  private lose(name: string): void {
    this.held.delete(name);
    this.owners.delete(name);
    const resource = resourceKeyOf(name);
    const owned = this.ownedOf(resource.kind);
    if (!owned) return;
    void owned
      .serial(resource.id, () => owned.reload(resource.id))
      .catch((error: unknown) => this.log.warn({ err: error, resource: name }, 'reload failed'));
  }

  /** One round; answers the lease changes it started (a takeover may wait for a queue). */
  private async tick(): Promise<Promise<unknown>[]> {
    if (this.stopped) return [];
    const startedAt = performance.now();
    const tokens = await this.heartbeatAndRenew();
    for (const [name, token] of this.held) {
      const takenDuringRenewal = (this.heldSince.get(name) ?? 0) >= startedAt;
      if (tokens.get(name) !== token && !takenDuringRenewal) this.lose(name);
    }
    // A lease renewed at `startedAt` at the latest is valid a lease later; a sixth of margin.
    this.validUntil = startedAt + (this.config.leaseMs * 5) / 6;
    await this.readLiveNodes();
    const open = await this.readLeases();
    for (const [name, token] of tokens) {
      // Owned in the table but neither held nor being taken: a leftover; free it.
      if (!this.held.has(name) && !this.acquiring.has(name)) {
        await this.pool.query(
          `update resource_leases set owner_node = null, expires_at = clock_timestamp()
           where resource = $1 and owner_node = $2 and token = $3`,
          [name, this.nodeId, token],
        );
      }
    }
    const work: Promise<unknown>[] = [];
    for (const [marketId, valid] of open) {
      const name = marketLease(marketId);
      if (this.designated(name) === this.nodeId && !valid && !this.acquiring.has(name)) {
        work.push(this.acquire(marketId));
      }
    }
    for (const name of this.held.keys()) {
      const designated = this.designated(name);
      const resource = resourceKeyOf(name);
      // Settled markets go back to nobody; others to the node hashing now gives them.
      const closed = resource.kind === MARKET && !open.has(resource.id);
      if (closed || (designated !== undefined && designated !== this.nodeId)) {
        work.push(this.handOver(name));
      }
    }
    // Not awaited by the tick itself: a takeover that waits for a queue must not delay the
    // next renewal. Failures are logged.
    void Promise.allSettled(work).then((results) => {
      for (const result of results) {
        if (result.status === 'rejected') {
          this.log.warn({ err: result.reason }, 'lease change failed');
        }
      }
    });
    return work;
  }

  /** The heartbeat, and every lease of this node renewed: answers their tokens by name. */
  private async heartbeatAndRenew(): Promise<Map<string, number>> {
    await this.pool.query(
      `insert into cluster_nodes (node_id, address, runs_feed, runs_crash, started_at, heartbeat_at)
       values ($1, $2, $3, $4, clock_timestamp(), clock_timestamp())
       on conflict (node_id) do update set heartbeat_at = clock_timestamp()`,
      [this.nodeId, this.config.advertiseUrl, this.config.runsFeed, this.config.runsCrash],
    );
    // Nodes gone for a day are forgotten (a restarted node under the same id registers again).
    await this.pool.query(
      `delete from cluster_nodes where heartbeat_at < clock_timestamp() - interval '1 day'`,
    );
    const renewed = await this.pool.query<{ resource: string; token: string }>(
      `update resource_leases
       set expires_at = clock_timestamp() + make_interval(secs => $2::float8)
       where owner_node = $1
       returning resource, token`,
      [this.nodeId, this.config.leaseMs / 1000],
    );
    return new Map(renewed.rows.map((row) => [row.resource, Number(row.token)]));
  }

  private async readLiveNodes(): Promise<void> {
    const nodes = await this.pool.query<{
      node_id: string;
      address: string;
      runs_feed: boolean;
      runs_crash: boolean;
    }>(
      `select node_id, address, runs_feed, runs_crash from cluster_nodes
       where heartbeat_at > clock_timestamp() - make_interval(secs => $1::float8)
       order by node_id`,
      [this.config.leaseMs / 1000],
    );
    this.live = nodes.rows.map((row) => ({
      nodeId: row.node_id,
      address: row.address,
      runsFeed: row.runs_feed,
      runsCrash: row.runs_crash,
    }));
  }

  /**
   * The open markets with their events and leases, and the valid leases of other resources:
   * the owners a forward needs. Answers each open market with whether its lease is valid.
   */
  private async readLeases(): Promise<Map<string, boolean>> {
    const leases = this.markets
      ? await this.pool.query<LeaseRow>(
          `select m.id::text as market_id, m.event_id::text as event_id, l.owner_node,
                  e.simulated,
                  coalesce(l.owner_node is not null and l.expires_at > clock_timestamp(), false)
                    as valid
           from markets m join events e on e.id = m.event_id
             left join resource_leases l on l.resource = 'exchange-market:' || m.id::text
           where m.status not in ('settled', 'voided')`,
        )
      : { rows: [] as LeaseRow[] };
    const others = await this.pool.query<{ resource: string; owner_node: string }>(
      `select resource, owner_node from resource_leases
       where resource not like 'exchange-market:%'
         and owner_node is not null and expires_at > clock_timestamp()`,
    );
    const markets = this.markets;
    if (markets && leases.rows.some((row) => !markets.known(row.market_id))) {
      // Created elsewhere (another node, a feed): every node lists it, not only its owner.
      await markets.loadNew();
    }
    const owners = new Map(others.rows.map((row) => [row.resource, row.owner_node]));
    const open = new Map<string, boolean>();
    this.simulated = new Set();
    this.eventOf = new Map();
    for (const row of leases.rows) {
      this.eventOf.set(row.market_id, row.event_id);
      if (row.simulated) this.simulated.add(row.market_id);
      open.set(row.market_id, row.valid);
      if (row.valid && row.owner_node !== null)
        owners.set(marketLease(row.market_id), row.owner_node);
    }
    this.owners = owners;
    return open;
  }
}

import { AppError } from '../../http/app-error.ts';

/**
 * Tasks of one market waiting or running at most. Under group commit a market's writer takes up
 * to MAX_BATCH_SIZE queued commands per transaction, so 500 waiting is two batches behind and
 * still answers in tens of milliseconds; past it a further bet would only wait, and answering
 * RATE_LIMITED at once keeps memory bounded under a flood of requests on one hot market. Far
 * above what a real market sees (the simulator and a busy in-play market stay under ten).
 */
export const MAX_MARKET_QUEUE_DEPTH = 500;

/** Commands one batch takes at most: one transaction's statements stay a few hundred rows. */
export const MAX_BATCH_SIZE = 256;

/** One command's result in a batch: its answer, or the error it is refused with. */
export type BatchOutcome<A> = { ok: true; value: A } | { ok: false; error: unknown };

/**
 * Commands that may run together (placements and cancels of a market): the queue hands the
 * lane every consecutive command of it queued for the market, in arrival order, and the lane
 * answers one outcome per command, in the same order.
 */
export interface BatchLane<C, A> {
  run(marketId: string, commands: C[]): Promise<BatchOutcome<A>[]>;
}

interface Waiter {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Entry =
  | (Waiter & { kind: 'alone'; work: () => Promise<unknown> })
  | (Waiter & { kind: 'batch'; lane: BatchLane<unknown, unknown>; command: unknown });

/**
 * The per-market writer queue (DESIGN 5): one writer per market, different markets side by side.
 * A task given to `run` runs alone (status changes, settlement, catalogue changes), strictly
 * after everything queued before it and before everything after it. Commands given to `submit`
 * run in batches: when the writer is free it takes every consecutive command of the same lane
 * at the head of the queue (at most `maxBatch`) and runs them as one group (group commit).
 * Entries exist only while a market has work, so the maps hold busy markets only.
 */
export class MarketQueue {
  private readonly queues = new Map<string, Entry[]>();
  private readonly depths = new Map<string, number>();
  private readonly running = new Set<string>();
  private readonly paused = new Map<string, number>();
  /** Called after every task that ran alone (the writer's in-memory state may be stale then). */
  afterAlone: (marketId: string) => void = () => undefined;
  /** Called with the size of every batch a lane runs (tests, metrics). */
  onBatch: (marketId: string, size: number) => void = () => undefined;

  constructor(
    private readonly maxDepth: number = MAX_MARKET_QUEUE_DEPTH,
    private readonly maxBatch: number = MAX_BATCH_SIZE,
  ) {}

  /** Tasks of this market queued or running now (0 when idle). */
  depth(marketId: string): number {
    return this.depths.get(marketId) ?? 0;
  }

  /** Tasks of this market queued and not started yet. */
  queued(marketId: string): number {
    return this.queues.get(marketId)?.length ?? 0;
  }

  /** Runs `work` alone after every earlier task of this market, or refuses it when full. */
  run<T>(marketId: string, work: () => Promise<T>): Promise<T> {
    return this.enqueue(marketId, (waiter) => ({ kind: 'alone', work, ...waiter }));
  }

  /** Queues a command for the market's next batch of `lane`, answered by that batch. */
  submit<C, A>(marketId: string, lane: BatchLane<C, A>, command: C): Promise<A> {
    return this.enqueue(marketId, (waiter) => ({
      kind: 'batch',
      lane: lane as BatchLane<unknown, unknown>,
      command,
      ...waiter,
    }));
  }

  /**
   * Holds the market's writer before its next batch or task (the one running finishes): what
   * is submitted meanwhile provably lands in one batch when `resume` is called. Tests use it.
   */
  pause(marketId: string): () => void {
    this.paused.set(marketId, (this.paused.get(marketId) ?? 0) + 1);
    let resumed = false;
    return () => {
      if (resumed) return;
      resumed = true;
      const left = (this.paused.get(marketId) ?? 1) - 1;
      if (left > 0) this.paused.set(marketId, left);
      else this.paused.delete(marketId);
      this.kick(marketId);
    };
  }

  private enqueue<T>(marketId: string, entry: (waiter: Waiter) => Entry): Promise<T> {
    const depth = this.depth(marketId);
    if (depth >= this.maxDepth) {
      return Promise.reject(
        new AppError('RATE_LIMITED', 'This market is busy. Please try again in a moment.'),
      );
    }
    this.depths.set(marketId, depth + 1);
    return new Promise<T>((resolve, reject) => {
      const done = (settle: () => void) => {
        const left = this.depth(marketId) - 1;
        if (left > 0) this.depths.set(marketId, left);
        else this.depths.delete(marketId);
        settle();
      };
      const waiter: Waiter = {
        resolve: (value) => done(() => resolve(value as T)),
        reject: (error) => done(() => reject(error)),
      };
      let queue = this.queues.get(marketId);
      if (!queue) this.queues.set(marketId, (queue = []));
      queue.push(entry(waiter));
      this.kick(marketId);
    });
  }

  private kick(marketId: string): void {
    if (this.running.has(marketId) || this.paused.has(marketId)) return;
    if (!this.queues.get(marketId)?.length) return;
    this.running.add(marketId);
    void this.drain(marketId);
  }

  /** The market's writer: runs what is queued, group by group, until nothing is left. */
  private async drain(marketId: string): Promise<void> {
    const queue = this.queues.get(marketId)!;
    while (queue.length > 0 && !this.paused.has(marketId)) {
      const head = queue[0]!;
      if (head.kind === 'alone') {
        queue.shift();
        await this.runAlone(marketId, head);
        continue;
      }
      let size = 1;
      while (
        size < queue.length &&
        size < this.maxBatch &&
        queue[size]!.kind === 'batch' &&
        (queue[size] as typeof head).lane === head.lane
      ) {
        size += 1;
      }
      const batch = queue.splice(0, size) as (typeof head)[];
      await this.runBatch(marketId, head.lane, batch);
    }
    this.running.delete(marketId);
    if (queue.length === 0 && this.queues.get(marketId) === queue) this.queues.delete(marketId);
  }

  private async runAlone(marketId: string, entry: Entry & { kind: 'alone' }): Promise<void> {
    try {
      entry.resolve(await entry.work());
    } catch (error) {
      entry.reject(error);
    } finally {
      this.afterAlone(marketId);
    }
  }

  private async runBatch(
    marketId: string,
    lane: BatchLane<unknown, unknown>,
    batch: (Entry & { kind: 'batch' })[],
  ): Promise<void> {
    this.onBatch(marketId, batch.length);
    try {
      const outcomes = await lane.run(
        marketId,
        batch.map((entry) => entry.command),
      );
      batch.forEach((entry, i) => {
        const outcome = outcomes[i];
        if (!outcome) entry.reject(new Error('the batch gave no answer for this command'));
        else if (outcome.ok) entry.resolve(outcome.value);
        else entry.reject(outcome.error);
      });
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }
}

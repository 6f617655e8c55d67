import { AppError } from '../../http/app-error.ts';

/**
 * Tasks of one market waiting or running at most. A placement holds its slot for one database
 * transaction (a few milliseconds), so 500 waiting means the market is seconds behind: a
 * further bet would only time out, and answering RATE_LIMITED at once keeps memory bounded
 * under a flood of requests on one hot market. Far above what a real market sees (the
 * simulator and a busy in-play market stay under ten).
 */
export const MAX_MARKET_QUEUE_DEPTH = 500;

/**
 * The per-market serial queue (DESIGN 5): every placement, cancel, status change and settlement
 * of one market runs one at a time, in arrival order; different markets run side by side.
 * Entries exist only while a market has work, so the map holds busy markets only.
 */
export class MarketQueue {
  private readonly tails = new Map<string, Promise<unknown>>();
  private readonly depths = new Map<string, number>();

  constructor(private readonly maxDepth: number = MAX_MARKET_QUEUE_DEPTH) {}

  /** Tasks of this market queued or running now (0 when idle). */
  depth(marketId: string): number {
    return this.depths.get(marketId) ?? 0;
  }

  /** Runs `work` after every earlier task of this market, or refuses it when the queue is full. */
  run<T>(marketId: string, work: () => Promise<T>): Promise<T> {
    const depth = this.depth(marketId);
    if (depth >= this.maxDepth) {
      return Promise.reject(
        new AppError('RATE_LIMITED', 'This market is busy. Please try again in a moment.'),
      );
    }
    this.depths.set(marketId, depth + 1);
    const previous = this.tails.get(marketId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(marketId, settled);
    void settled.then(() => {
      const left = this.depth(marketId) - 1;
      if (left > 0) this.depths.set(marketId, left);
      else this.depths.delete(marketId);
      if (this.tails.get(marketId) === settled) this.tails.delete(marketId);
    });
    return next;
  }
}

import { objectWith } from '@spm/core';
/*
 * Group commit (docs/decisions.md "Group commit in the wallet"): callers submit one request
 * each; the queue runs them in batches, each batch one database transaction, at most
 * `maxInFlight` batches at a time. While those are in flight new requests wait, and the next
 * free slot takes all that wait (up to `cap`) as one batch. Each caller gets its own answer.
 */

/** One request's outcome inside a batch: its answer, or the error only it met. */
export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

interface Waiting<I, R> {
  input: I;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

export class GroupCommitQueue<I, R> {
  private waiting: Waiting<I, R>[] = [];
  private inFlight = 0;
  private scheduled = false;
  /** Counters for the benchmark and the tests: batches run and requests they carried. */
  readonly stats = { batches: 0, requests: 0, largestBatch: 0 };

  constructor(
    private readonly runBatch: (inputs: I[]) => Promise<Settled<R>[]>,
    private options: { cap: number; maxInFlight: number },
  ) {}

  setMaxInFlight(maxInFlight: number): void {
    this.options = objectWith(this.options, { maxInFlight });
  }

  submit(input: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      if (!this.scheduled && this.inFlight < this.options.maxInFlight) {
        this.scheduled = true;
        // Start after the current tick, so requests submitted together share one batch.
        queueMicrotask(() => {
          this.scheduled = false;
          this.startBatches();
        });
      }
    });
  }

  private startBatches(): void {
    while (this.waiting.length > 0 && this.inFlight < this.options.maxInFlight) {
      // A free slot takes everything waiting: under load that is one large batch per commit
      // (measured: splitting the waiting among the free slots made more, smaller commits and
      // was slower), while a request arriving with a slot free starts at once.
      const batch = this.waiting.splice(0, this.options.cap);
      this.inFlight += 1;
      this.stats.batches += 1;
      this.stats.requests += batch.length;
      this.stats.largestBatch = Math.max(this.stats.largestBatch, batch.length);
      void this.run(batch).finally(() => {
        this.inFlight -= 1;
        this.startBatches();
      });
    }
  }

  private async run(batch: Waiting<I, R>[]): Promise<void> {
    let outcomes: Settled<R>[];
    try {
      outcomes = await this.runBatch(batch.map((waiting) => waiting.input));
    } catch (error) {
      outcomes = batch.map(() => ({ ok: false, error }));
    }
    batch.forEach((waiting, index) => {
      const outcome = outcomes[index];
      if (outcome === undefined) waiting.reject(new Error('batch answered too few results'));
      else if (outcome.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome.error);
    });
  }
}

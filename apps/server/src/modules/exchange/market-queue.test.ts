import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import {
  MAX_MARKET_QUEUE_DEPTH,
  MarketQueue,
  type BatchLane,
  type BatchOutcome,
} from './market-queue.ts';

const gate = () => {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
};

describe('MarketQueue', () => {
  it('runs the tasks of one market one at a time, in order, even after a failure', async () => {
    const queue = new MarketQueue();
    const log: string[] = [];
    const first = gate();
    const a = queue.run('1', async () => {
      log.push('a start');
      await first.opened;
      log.push('a end');
      throw new Error('a failed');
    });
    const b = queue.run('1', async () => {
      log.push('b');
      return 'b done';
    });
    await Promise.resolve();
    expect(log).toEqual(['a start']);
    first.open();
    await expect(a).rejects.toThrow('a failed');
    await expect(b).resolves.toBe('b done');
    expect(log).toEqual(['a start', 'a end', 'b']);
  });

  it('runs different markets side by side', async () => {
    const queue = new MarketQueue();
    const blocked = gate();
    const slow = queue.run('1', () => blocked.opened);
    await expect(queue.run('2', async () => 'other market')).resolves.toBe('other market');
    blocked.open();
    await slow;
  });

  it('refuses a task with RATE_LIMITED when the market already has its maximum queued', async () => {
    const queue = new MarketQueue(2);
    const blocked = gate();
    const running = [queue.run('1', () => blocked.opened), queue.run('1', async () => undefined)];
    expect(queue.depth('1')).toBe(2);
    const refused = queue.run('1', async () => 'never');
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await expect(queue.run('2', async () => 'free')).resolves.toBe('free');
    blocked.open();
    await Promise.all(running);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queue.depth('1')).toBe(0);
    await expect(queue.run('1', async () => 'again')).resolves.toBe('again');
  });

  it('defaults to a generous bound', () => {
    expect(MAX_MARKET_QUEUE_DEPTH).toBe(500);
  });

  /** A lane that records each batch and answers each command with its double (odd ones refused). */
  function doubling(log: number[][]): BatchLane<number, number> {
    return {
      run: async (_marketId, commands) => {
        log.push(commands);
        return commands.map((n): BatchOutcome<number> =>
          n % 2 === 0 ? { ok: true, value: n * 2 } : { ok: false, error: new Error(`odd ${n}`) },
        );
      },
    };
  }

  it('runs what queued while the writer was busy as one batch, answering each command alone', async () => {
    const queue = new MarketQueue();
    const batches: number[][] = [];
    const lane = doubling(batches);
    const blocked = gate();
    const busy = queue.run('1', () => blocked.opened);
    const answers = [2, 3, 4].map((n) => queue.submit('1', lane, n));
    expect(queue.queued('1')).toBe(3);
    blocked.open();
    await busy;
    expect(await answers[0]).toBe(4);
    await expect(answers[1]).rejects.toThrow('odd 3');
    expect(await answers[2]).toBe(8);
    expect(batches).toEqual([[2, 3, 4]]);
  });

  it('keeps a task that runs alone strictly between the batches before and after it', async () => {
    const queue = new MarketQueue();
    const log: string[] = [];
    const batches: number[][] = [];
    const lane: BatchLane<number, number> = {
      run: async (marketId, commands) => {
        log.push(`batch ${commands.join(',')}`);
        return doubling(batches).run(marketId, commands);
      },
    };
    const resume = queue.pause('1');
    const all = [
      queue.submit('1', lane, 2),
      queue.submit('1', lane, 4),
      queue.run('1', async () => log.push('alone')),
      queue.submit('1', lane, 6),
    ];
    expect(log).toEqual([]);
    resume();
    await Promise.all(all);
    expect(log).toEqual(['batch 2,4', 'alone', 'batch 6']);
  });

  it('caps a batch and rejects every command of a batch whose lane throws', async () => {
    const queue = new MarketQueue(500, 2);
    const sizes: number[] = [];
    queue.onBatch = (_marketId, size) => sizes.push(size);
    const failing: BatchLane<number, number> = {
      run: () => Promise.reject(new Error('database gone')),
    };
    const resume = queue.pause('1');
    const all = [1, 2, 3].map((n) => queue.submit('1', failing, n));
    resume();
    for (const answer of all) await expect(answer).rejects.toThrow('database gone');
    expect(sizes).toEqual([2, 1]);
    expect(queue.depth('1')).toBe(0);
  });
});

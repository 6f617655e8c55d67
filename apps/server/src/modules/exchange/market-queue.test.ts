import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { MAX_MARKET_QUEUE_DEPTH, MarketQueue } from './market-queue.ts';

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
});

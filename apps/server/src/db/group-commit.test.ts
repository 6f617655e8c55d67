import { describe, expect, it } from 'vitest';
import { GroupCommitQueue, type Settled } from './group-commit.ts';

/** A batch runner whose batches finish only when the test lets them. */
function controlledRunner() {
  const batches: { inputs: number[]; finish: (outcomes?: Settled<number>[]) => void }[] = [];
  let running = 0;
  let mostRunning = 0;
  const run = (inputs: number[]) =>
    new Promise<Settled<number>[]>((resolve) => {
      running += 1;
      mostRunning = Math.max(mostRunning, running);
      batches.push({
        inputs,
        finish: (outcomes) => {
          running -= 1;
          resolve(outcomes ?? inputs.map((value) => ({ ok: true, value: value * 10 })));
        },
      });
    });
  return { batches, run, mostRunning: () => mostRunning };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit queue', () => {
  it('requests of one tick share a batch; those arriving meanwhile wait for a free slot', async () => {
    const runner = controlledRunner();
    const queue = new GroupCommitQueue(runner.run, { cap: 500, maxInFlight: 1 });
    const first = [1, 2, 3].map((n) => queue.submit(n));
    await tick();
    const later = [4, 5].map((n) => queue.submit(n));
    await tick();
    expect(runner.batches.map((b) => b.inputs)).toEqual([[1, 2, 3]]);
    runner.batches[0]!.finish();
    expect(await Promise.all(first)).toEqual([10, 20, 30]);
    await tick();
    expect(runner.batches.map((b) => b.inputs)).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    runner.batches[1]!.finish();
    expect(await Promise.all(later)).toEqual([40, 50]);
    expect(queue.stats).toEqual({ batches: 2, requests: 5, largestBatch: 3 });
  });

  it('keeps at most maxInFlight batches running and at most cap requests in each', async () => {
    const runner = controlledRunner();
    const queue = new GroupCommitQueue(runner.run, { cap: 2, maxInFlight: 2 });
    const answers = [1, 2, 3, 4, 5].map((n) => queue.submit(n));
    await tick();
    expect(runner.batches.map((b) => b.inputs)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    runner.batches[0]!.finish();
    await tick();
    expect(runner.batches.map((b) => b.inputs).at(-1)).toEqual([5]);
    runner.batches[1]!.finish();
    runner.batches[2]!.finish();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50]);
    expect(runner.mostRunning()).toBe(2);
  });

  it("one request's error reaches only its caller; a failed batch reaches all of its own", async () => {
    const runner = controlledRunner();
    const queue = new GroupCommitQueue(runner.run, { cap: 500, maxInFlight: 1 });
    const answers = Promise.allSettled([queue.submit(1), queue.submit(2)]);
    await tick();
    runner.batches[0]!.finish([
      { ok: true, value: 10 },
      { ok: false, error: new Error('only mine') },
    ]);
    expect(await answers).toEqual([
      { status: 'fulfilled', value: 10 },
      { status: 'rejected', reason: new Error('only mine') },
    ]);

    const failing = new GroupCommitQueue<number, number>(
      () => Promise.reject(new Error('connection lost')),
      { cap: 500, maxInFlight: 1 },
    );
    const both = await Promise.allSettled([failing.submit(1), failing.submit(2)]);
    expect(both.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
  });
});

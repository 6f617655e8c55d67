// The fan-out bench's market mover, a process of its own: sets new bookmaker rates on every
// market `changesPerSecond` times a second through the staff API (PUT /staff/markets/:id/rates),
// so each change is a real market change that reaches the stream as any staff edit does.
import { performance } from 'node:perf_hooks';
import { bookmakerRatesFromFair } from '@spm/core';
import { RawHttpConnection } from '../support/raw-http.ts';
import type { DriverPlan, DriverReport, DriverWarmed, BenchMarket } from './protocol.ts';

/**
 * Changes of one market still unanswered, at most: the server applies them in order per
 * market, so one slow answer need not cost the next change; beyond that the server is not
 * keeping up and the change is skipped (and counted) rather than queued without end.
 */
const MAX_IN_FLIGHT_PER_MARKET = 2;

async function drive(plan: DriverPlan): Promise<DriverReport> {
  const latencies: number[] = [];
  let changes = 0;
  let failures = 0;
  let skipped = 0;
  let firstFailure: string | null = null;
  // Keep-alive connections written raw (bench/support/raw-http.ts), MAX_IN_FLIGHT_PER_MARKET per
  // market: fetch cost this process 0.6 ms of CPU a change on the cores the server shares.
  const url = new URL(plan.baseUrl);
  const connections = new Map(
    plan.markets.map((market) => [
      market.marketId,
      Array.from(
        { length: MAX_IN_FLIGHT_PER_MARKET },
        () => new RawHttpConnection(url.hostname, Number(url.port)),
      ),
    ]),
  );
  let cpuAtStart = process.cpuUsage();
  let startedAt = performance.now();
  // The warm-up's changes are made like the others and not counted.
  let measuring = false;
  let turn = 0;

  const change = async (market: BenchMarket) => {
    const counted = measuring;
    // A market's changes in flight are its busy connections: none free, the change is skipped.
    const connection = connections.get(market.marketId)!.find((c) => !c.busy);
    if (connection === undefined) {
      if (counted) skipped += 1;
      return;
    }
    turn += 1;
    // Rates that change every turn and offer no sure win (the server refuses those, issue 40).
    const fair = market.runnerIds.map((_, index) => 1 + ((turn * 7 + index * 13) % 60) / 30);
    const priced = bookmakerRatesFromFair(fair, 400);
    const rates = market.runnerIds.map((runnerId, index) => ({ runnerId, ...priced[index]! }));
    const begin = performance.now();
    try {
      const { status, body } = await connection.put(
        `/api/staff/markets/${market.marketId}/rates`,
        { authorization: plan.staffToken },
        JSON.stringify({ rates }),
      );
      if (status === 200) {
        if (counted) {
          changes += 1;
          latencies.push(performance.now() - begin);
        }
      } else {
        // A failure fails the run, warm-up or not.
        failures += 1;
        firstFailure ??= `${status} ${body.slice(0, 200)}`;
      }
    } catch (error) {
      failures += 1;
      firstFailure ??= String(error);
    }
  };

  // Each market on its own timer, the markets spread over one period: the changes arrive
  // evenly, as independent markets' do, instead of 50 at once.
  const periodMs = 1000 / plan.changesPerSecond;
  const timers: NodeJS.Timeout[] = [];
  const starts: NodeJS.Timeout[] = [];
  plan.markets.forEach((market, index) => {
    starts.push(
      setTimeout(
        () => {
          void change(market);
          timers.push(setInterval(() => void change(market), periodMs));
        },
        (index * periodMs) / plan.markets.length,
      ),
    );
  });
  await new Promise((resolve) => setTimeout(resolve, plan.warmUpMs));
  measuring = true;
  cpuAtStart = process.cpuUsage();
  startedAt = performance.now();
  process.send!({ kind: 'warmed' } satisfies DriverWarmed);
  await new Promise((resolve) => setTimeout(resolve, plan.durationMs));
  for (const timer of [...starts, ...timers]) clearTimeout(timer);
  // The changes already sent finish before the report.
  const all = [...connections.values()].flat();
  while (all.some((c) => c.busy)) await new Promise((resolve) => setTimeout(resolve, 10));
  for (const connection of all) connection.close();
  const cpu = process.cpuUsage(cpuAtStart);
  latencies.sort((a, b) => a - b);
  return {
    kind: 'driven',
    changes,
    failures,
    firstFailure,
    skipped,
    latencies,
    cpuPercent: ((cpu.user + cpu.system) / 1000 / (performance.now() - startedAt)) * 100,
  };
}

process.once('message', (plan: DriverPlan) => {
  void drive(plan).then((report) => process.send!(report, () => process.exit(0)));
});

/**
 * End-to-end exchange placements over HTTP against PostgreSQL: the real app listening on
 * 127.0.0.1, 100 funded players, backs and lays around 2.00 spread over 8 match-odds markets,
 * 32 requests in flight for about 10 s. Prints placements/s, latency percentiles, how many
 * matched, and that the ledger still sums to zero.
 * Run: npm run bench -- placement   (DATABASE_URL or postgres://postgres@127.0.0.1:5432/test)
 */
import { randomUUID } from 'node:crypto';
import { createSession } from '../../apps/server/src/modules/identity/session-service.ts';
import { ledgerTotals } from '../../apps/server/src/modules/wallet/ledger-repository.ts';
import { startHarness } from '../../apps/server/src/test/harness.ts';
import { fund, insertPlayer } from '../../apps/server/src/test/wallet.ts';
import { printLoad, runLoad } from '../support/load.ts';

process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/test';
// The bench measures placements, not Redis or the simulator.
delete process.env.REDIS_URL;

const PLAYERS = 100;
const MARKETS = 8;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const DURATION_MS = Number(process.env.BENCH_MS ?? 10_000);
const PRICES = [1.98, 1.99, 2, 2.02, 2.04];

const h = await startHarness('postgres', { listen: true });
try {
  const engine = h.app.exchange;
  const competitionId = await engine.createCompetition(4, 'Bench League');
  const markets: { marketId: string; runnerId: string }[] = [];
  for (let i = 0; i < MARKETS; i += 1) {
    const event = await engine.createEvent({
      sportId: 4,
      competitionId,
      name: `Bench ${i}`,
      homeTeam: `Home ${i}`,
      awayTeam: `Away ${i}`,
      startTime: new Date(Date.now() + 3_600_000),
      markets: [
        {
          type: 'match_odds',
          name: 'Match Odds',
          runners: [{ name: `Home ${i}` }, { name: `Away ${i}` }],
          commissionBps: 200,
          minStakePaise: 100n,
          maxStakePaise: 10_000_000n,
          maxProfitPaise: 100_000_000n,
        },
      ],
    });
    const marketId = event.marketIds[0]!;
    markets.push({ marketId, runnerId: engine.markets.get(marketId)!.runners[0]!.id });
  }

  const tokens: string[] = [];
  for (let i = 0; i < PLAYERS; i += 1) {
    const id = await insertPlayer(h.db);
    const funded = await fund(engine.deps, id, 100_000_000n);
    if (!funded.ok) throw new Error(`funding failed: ${funded.code}`);
    const session = await createSession(h.db, { clock: h.clock, config: h.config }, id, {
      ip: '127.0.0.1',
      userAgent: 'bench',
    });
    tokens.push(session.token);
  }

  const statuses = new Map<string, number>();
  const load = await runLoad(CONCURRENCY, DURATION_MS, async (n, timed) => {
    // Orders 2k and 2k+1: a back and a lay on the same market at the same price.
    const pair = n >> 1;
    const target = markets[pair % MARKETS]!;
    const body = {
      marketId: target.marketId,
      runnerId: target.runnerId,
      side: n % 2 === 0 ? 'back' : 'lay',
      price: PRICES[pair % PRICES.length],
      stake: 10,
      idempotencyKey: randomUUID(),
    };
    const { response, answer } = await timed(async () => {
      const response = await fetch(`${h.baseUrl}/api/bet/match/odds`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: tokens[n % PLAYERS]! },
        body: JSON.stringify(body),
      });
      return { response, answer: (await response.json()) as { data?: { status?: string } } };
    });
    const key = response.ok ? (answer.data?.status ?? 'ok') : `http ${response.status}`;
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  });
  const totals = await ledgerTotals(h.db);
  const balanced = totals.postingsSum === 0n && totals.unbalancedTransactions === 0;

  console.log(
    `players ${PLAYERS}, markets ${MARKETS}, concurrency ${CONCURRENCY}, ${load.elapsedSeconds.toFixed(1)} s`,
  );
  console.log(
    `placements      ${load.latencies.length}  ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  printLoad('placements', load);
  console.log(`ledger sums to zero: ${balanced ? 'yes' : 'NO'}`);
  if (!balanced) process.exitCode = 1;
} finally {
  await h.close();
}

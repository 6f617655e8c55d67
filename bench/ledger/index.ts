/**
 * Ledger throughput on PostgreSQL: 200 funded players, transfers between them and the one
 * house account (credit and debit alternating) through the ledger service, 32 at a time,
 * for about 10 s. Prints transfers/s, latency percentiles and the zero-sum check.
 * Run: npm run bench -- ledger   (DATABASE_URL or postgres://postgres@127.0.0.1:5432/test)
 */
import { playerAccount, systemAccount, transfer } from '@spm/core';
import pg from 'pg';
import { systemClock } from '../../apps/server/src/clock.ts';
import { migrate, openPostgresDatabase } from '../../apps/server/src/db/database.ts';
import { ledgerTotals } from '../../apps/server/src/modules/wallet/ledger-repository.ts';
import { insertUser } from '../../apps/server/src/modules/identity/user-repository.ts';
import { post, type LedgerDeps } from '../../apps/server/src/modules/wallet/ledger-service.ts';
import { printLoad, runLoad } from '../support/load.ts';

const PLAYERS = 200;
const CONCURRENCY = 32;
const POOL = 16;
const DURATION_MS = Number(process.env.BENCH_MS ?? 10_000);

const baseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const name = `bench_ledger_${Date.now()}`;
const url = new URL(baseUrl);
url.pathname = `/${name}`;

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

await admin(`create database "${name}"`);
const database = openPostgresDatabase(url.toString(), undefined, { maxConnections: POOL });
try {
  await migrate(database);
  const deps: LedgerDeps = {
    db: database.db,
    clock: systemClock,
    realtime: {
      emitToUser: () => undefined,
      disconnectSession: () => undefined,
      disconnectUser: () => undefined,
    },
  };
  const house = systemAccount('house');
  const players: number[] = [];
  for (let i = 0; i < PLAYERS; i += 1) {
    const username = `bench${i}`;
    const user = await insertUser(database.db, {
      username,
      usernameLower: username,
      name: username,
      passwordHash: 'x',
    });
    players.push(user.id);
    const funded = await post(deps, {
      kind: 'adjustment_credit',
      postings: transfer(house, playerAccount(String(user.id), 'cash'), 1_000_000n),
      description: 'bench funding',
      reference: 'BENCH',
      playerId: user.id,
    });
    if (!funded.ok) throw new Error(`funding failed: ${funded.code}`);
  }

  let failures = 0;
  const load = await runLoad(CONCURRENCY, DURATION_MS, async (n, timed) => {
    const playerId = players[n % PLAYERS]!;
    const cash = playerAccount(String(playerId), 'cash');
    const credit = Math.floor(n / PLAYERS) % 2 === 0;
    const result = await timed(() =>
      post(deps, {
        kind: credit ? 'adjustment_credit' : 'adjustment_debit',
        postings: credit ? transfer(house, cash, 100n) : transfer(cash, house, 100n),
        description: 'bench transfer',
        reference: `BENCH-${n}`,
        playerId,
      }),
    );
    if (!result.ok) failures += 1;
  });
  const totals = await ledgerTotals(database.db);
  const balanced =
    totals.postingsSum === 0n &&
    totals.playerRowsSum + totals.systemPostingsSum === 0n &&
    totals.playerRowsDisagreeing === 0 &&
    totals.unbalancedTransactions === 0;
  console.log(
    `players ${PLAYERS}, concurrency ${CONCURRENCY}, pool ${POOL}, ${load.elapsedSeconds.toFixed(1)} s`,
  );
  console.log(`transfers       ${load.latencies.length} (${failures} refused)`);
  printLoad('transfers', load);
  console.log(
    `ledger sums to zero: ${balanced ? 'yes' : 'NO'} ${JSON.stringify(totals, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`,
  );
  if (!balanced) process.exitCode = 1;
} finally {
  await database.close();
  await admin(`drop database if exists "${name}" with (force)`);
}

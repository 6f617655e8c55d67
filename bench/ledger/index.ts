/**
 * Ledger throughput on PostgreSQL (issue 13 item 2): 200 funded players, transfers between
 * them and the one hot house account (credit and debit alternating) through the ledger
 * service's post(), at 32 and then at 256 in flight, for BENCH_MS each (default 10 s).
 * Prints transfers/s, p50/p99/max, how post() grouped them into commits, and the zero-sum
 * check with the totals after the run.
 *
 * The load runs in this process and calls the ledger service directly: there is no HTTP
 * endpoint for a raw transfer, and what is measured is the ledger and the database (group
 * commit, round trips, locks), not a web server, so there is no server process to keep the
 * load out of. The pool is the server's (POOL below, printed).
 *
 * Run: npm run bench -- ledger   (DATABASE_URL or postgres://postgres@127.0.0.1:5432/test)
 */
import { playerAccount, systemAccount, transfer } from '@spm/core';
import pg from 'pg';
import { systemClock } from '../../apps/server/src/clock.ts';
import { migrate, openPostgresDatabase } from '../../apps/server/src/db/database.ts';
import { ledgerTotals } from '../../apps/server/src/modules/wallet/ledger/ledger-repository.ts';
import { insertUser } from '../../apps/server/src/modules/identity/user-repository.ts';
import {
  post,
  postBatchStats,
  type LedgerDeps,
} from '../../apps/server/src/modules/wallet/ledger/ledger-service.ts';
import { printLoad, runLoad } from '../support/load.ts';

const PLAYERS = 200;
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? '32,256').split(',').map(Number);
const POOL = Number(process.env.BENCH_POOL ?? 16);
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

const json = (value: unknown) =>
  JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

await admin(`create database "${name}"`);
const database = openPostgresDatabase(url.toString(), undefined, { maxConnections: POOL });
try {
  await migrate(database);
  const deps: LedgerDeps = {
    db: database.db,
    clock: systemClock,
    realtime: {
      emitToUser: () => undefined,
      emitToAll: () => undefined,
      disconnectSession: () => undefined,
      disconnectUser: () => undefined,
      onSessionsEnded: () => undefined,
      announceNamesChanged: () => undefined,
      onNamesChanged: () => undefined,
      announcementEpoch: () => 0,
      mayReach: () => false,
    },
  };
  const house = systemAccount('house');
  const players: number[] = [];
  for (let i = 0; i < PLAYERS; i += 1) {
    const username = `bench${i}`;
    const user = await insertUser(
      database.db,
      {
        username,
        usernameLower: username,
        name: username,
        passwordHash: 'x',
      },
      'real',
    );
    players.push(user.id);
  }
  // Funded together: the first use of the group commit (and of each account).
  const funded = await Promise.all(
    players.map((playerId) =>
      post(deps, {
        kind: 'adjustment_credit',
        postings: transfer(house, playerAccount(String(playerId), 'cash'), 1_000_000n),
        description: 'bench funding',
        reference: 'BENCH',
        playerId,
      }),
    ),
  );
  if (funded.some((result) => !result.ok)) throw new Error('funding failed');

  console.log(
    `players ${PLAYERS}, pool ${POOL}, ${DURATION_MS / 1000} s per run, one house account`,
  );
  let sequence = 0;
  for (const concurrency of CONCURRENCIES) {
    const before = postBatchStats(database.db);
    let failures = 0;
    const load = await runLoad(concurrency, DURATION_MS, async (_n, timed) => {
      const n = sequence++;
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
    const after = postBatchStats(database.db);
    const batches = after.batches - before.batches;
    console.log(`\n-- ${concurrency} in flight, ${load.elapsedSeconds.toFixed(1)} s`);
    console.log(`transfers       ${load.latencies.length} (${failures} refused)`);
    printLoad('transfers', load);
    console.log(
      `commits         ${batches} (${((after.requests - before.requests) / Math.max(1, batches)).toFixed(1)} transfers each, largest ${after.largestBatch}, fell back ${after.fallbacks - before.fallbacks})`,
    );
  }

  const totals = await ledgerTotals(database.db);
  const balanced =
    totals.postingsSum === 0n &&
    totals.playerRowsSum + totals.systemPostingsSum === 0n &&
    totals.playerRowsDisagreeing === 0 &&
    totals.unbalancedTransactions === 0;
  console.log(`\nledger sums to zero: ${balanced ? 'yes' : 'NO'} ${json(totals)}`);
  if (!balanced) process.exitCode = 1;
} finally {
  await database.close();
  await admin(`drop database if exists "${name}" with (force)`);
}

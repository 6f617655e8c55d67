import {
  accountKey,
  applyTransaction,
  playerAccount,
  systemAccount,
  transfer,
  walletView,
  type AccountRef,
  type Paise,
  type WalletView,
} from '@spm/core';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../clock.ts';
import { executeRows, openPostgresDatabase, type Database } from '../../../db/database.ts';
import {
  createMigratedTestDatabase,
  drivers,
  postgresAvailable,
  startHarness,
  type Harness,
  type TestDatabase,
} from '../../../test/harness.ts';
import { recordingEmitter } from '../../../test/sockets.ts';
import { fund, insertPlayer } from '../../../test/wallet.ts';
import { ledgerTotals, writeLedgerBatchAndEvents } from './ledger-repository.ts';
import {
  lastPostBatchFallback,
  post,
  postBatchStats,
  setPostBatchesInFlight,
  type LedgerDeps,
  type PostInput,
  type PostResult,
} from './ledger-service.ts';

const silentRealtime = recordingEmitter();

describe.each(drivers)('post() group commit on %s', (driver) => {
  let h: Harness;
  let deps: LedgerDeps;
  let run = 0;

  beforeAll(async () => {
    h = await startHarness(driver);
    deps = { db: h.db, clock: h.clock, realtime: silentRealtime };
  });
  afterAll(async () => {
    if (h) setPostBatchesInFlight(h.db, 4);
    await h?.close();
  });

  async function expectLedgerBalanced() {
    const totals = await ledgerTotals(h.db);
    expect(totals.postingsSum).toBe(0n);
    expect(totals.playerRowsSum + totals.systemPostingsSum).toBe(0n);
    expect(totals.playerRowsDisagreeing).toBe(0);
    expect(totals.unbalancedTransactions).toBe(0);
    const [lowest] = await executeRows<{ m: string | bigint | null }>(
      h.db,
      sql`select min(balance_after_paise) as m from ledger_postings`,
    );
    expect(BigInt(lowest?.m ?? 0)).toBeGreaterThanOrEqual(0n);
  }

  const request = (players: number[]) =>
    fc
      .record({
        // 0 is the house; 1..3 the players' cash.
        from: fc.integer({ min: 0, max: players.length }),
        to: fc.integer({ min: 0, max: players.length }),
        amountPaise: fc.bigInt({ min: 1n, max: 4_000n }),
        key: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
        body: fc.constantFrom('a' as const, 'b' as const),
      })
      .filter((r) => r.from !== r.to);

  it('a batch answers each post as if they had committed one after the other', async () => {
    setPostBatchesInFlight(h.db, 1);
    const players = [await insertPlayer(h.db), await insertPlayer(h.db), await insertPlayer(h.db)];
    const account = (n: number): AccountRef =>
      n === 0 ? systemAccount('house') : playerAccount(String(players[n - 1]), 'cash');
    let model = new Map<string, Paise>();
    for (const [index, player] of players.entries()) {
      const paise = BigInt(5_000 * (index + 1));
      expect((await fund(deps, player, paise)).ok).toBe(true);
      model = new Map(model).set(accountKey(account(index + 1)), paise);
      model.set('system:house', (model.get('system:house') ?? 0n) - paise);
    }
    const view = (player: number): WalletView =>
      walletView((kind) => model.get(`player:${player}:${kind}`) ?? 0n);

    await fc.assert(
      fc.asyncProperty(
        fc.array(request(players), { minLength: 1, maxLength: 40 }),
        async (requests) => {
          run += 1;
          const inputs: PostInput[] = requests.map((r) => ({
            kind: 'bonus',
            postings: transfer(account(r.from), account(r.to), r.amountPaise),
            description: `random "${r.body}" \\ transfer`,
            reference: 'BATCH',
            ...(r.key === null
              ? {}
              : {
                  idempotencyKey: `batch-${run}-${r.key}`,
                  // The body is the request: another body under one key is a mismatch.
                  requestHash: `${r.body}:${r.from}:${r.to}:${r.amountPaise}`,
                }),
          }));
          // Key 3 was used before the batch: a replay of a committed post.
          const committed = await post(deps, {
            kind: 'bonus',
            postings: transfer(systemAccount('house'), account(1), 1n),
            description: 'before the batch',
            reference: 'BATCH',
            idempotencyKey: `batch-${run}-3`,
            requestHash: 'committed',
          });
          expect(committed.ok).toBe(true);
          if (!committed.ok) return;
          model.set(accountKey(account(1)), (model.get(accountKey(account(1))) ?? 0n) + 1n);
          model.set('system:house', (model.get('system:house') ?? 0n) - 1n);
          const firstOfKey = new Map<string, { hash: string; players: number[]; index: number }>();
          firstOfKey.set(`batch-${run}-3`, {
            hash: 'committed',
            players: [players[0]!],
            index: -1,
          });

          const before = postBatchStats(h.db);
          const answers = await Promise.all(inputs.map((input) => post(deps, input)));
          const after = postBatchStats(h.db);
          expect(after.batches - before.batches).toBe(1);
          if (after.fallbacks !== before.fallbacks) throw lastPostBatchFallback(h.db);

          const expected: PostResult[] = [];
          inputs.forEach((input, index) => {
            const touched = input.postings.flatMap((p) =>
              p.account.owner === 'player' ? [Number(p.account.playerId)] : [],
            );
            const key = input.idempotencyKey;
            const first = key === undefined ? undefined : firstOfKey.get(key);
            if (first) {
              if (first.hash !== input.requestHash) {
                expected.push({ ok: false, code: 'IDEMPOTENCY_MISMATCH' });
                return;
              }
              const firstAnswer = first.index < 0 ? committed : answers[first.index];
              expected.push({
                ok: true,
                transactionId: firstAnswer?.ok ? firstAnswer.transactionId : 'none',
                replay: true,
                wallets: new Map(first.players.map((p) => [p, view(p)])),
              });
              return;
            }
            const applied = applyTransaction(model, input.postings);
            if (!applied.ok) {
              expected.push({ ok: false, code: 'INSUFFICIENT_FUNDS' });
              return;
            }
            model = new Map(applied.balances);
            if (key !== undefined) {
              firstOfKey.set(key, { hash: input.requestHash ?? '', players: touched, index });
            }
            const answer = answers[index];
            expected.push({
              ok: true,
              transactionId: answer?.ok ? answer.transactionId : 'none',
              replay: false,
              wallets: new Map(touched.map((p) => [p, view(p)])),
            });
          });
          expect(answers).toEqual(expected);
          const written = answers
            .filter((a) => a.ok && !a.replay)
            .map((a) => a.ok && a.transactionId);
          expect(new Set(written).size).toBe(written.length);

          for (const player of players) {
            const [row] = await executeRows<{ balance_paise: string | bigint }>(
              h.db,
              sql`select balance_paise from ledger_accounts where player_id = ${player} and kind = 'cash'`,
            );
            expect(BigInt(row?.balance_paise ?? 0)).toBe(model.get(`player:${player}:cash`) ?? 0n);
          }
        },
      ),
      { numRuns: driver === 'pglite' ? 15 : 25 },
    );

    // One wallet version per transaction that moved the player's money, as before batching.
    for (const player of players) {
      const [counted] = await executeRows<{ n: string | number; v: string | number | null }>(
        h.db,
        sql`select (select count(distinct p.transaction_id) from ledger_postings p
                    join ledger_accounts a on a.id = p.account_id where a.player_id = ${player}) as n,
                   (select version from wallet_versions where player_id = ${player}) as v`,
      );
      expect(Number(counted?.v)).toBe(Number(counted?.n));
    }
    await expectLedgerBalanced();
  });

  it("a batch's write checks itself against the plan and writes nothing when it is wrong", async () => {
    // The COMMIT goes out behind this statement, so nothing can roll it back once it has
    // answered: a balance or a version not where the batch planned it must fail it instead.
    const player = await insertPlayer(h.db);
    await fund(deps, player, 1_000n);
    const [account] = await executeRows<{ id: string | number; balance_paise: string | bigint }>(
      h.db,
      sql`select id, balance_paise from ledger_accounts where player_id = ${player} and kind = 'cash'`,
    );
    const [house] = await executeRows<{ id: string | number }>(
      h.db,
      sql`select id from ledger_accounts where owner = 'system' and kind = 'house'`,
    );
    const [stored] = await executeRows<{ version: string | number }>(
      h.db,
      sql`select version from wallet_versions where player_id = ${player}`,
    );
    const accountId = Number(account!.id);
    const version = Number(stored!.version);
    const write = (finalPaise: bigint, versionAfter: number) =>
      h.db.transaction((tx) =>
        writeLedgerBatchAndEvents(
          tx,
          {
            transactions: [
              {
                row: {
                  kind: 'bonus',
                  idempotencyKey: `self-check-${player}-${finalPaise}-${versionAfter}`,
                  requestHash: null,
                  description: 'self check',
                  reference: 'CHECK',
                  playerId: player,
                  actorStaffId: null,
                  createdAt: new Date(),
                },
                postings: [
                  { accountId, amountPaise: 100n, balanceAfterPaise: 1_100n },
                  { accountId: Number(house!.id), amountPaise: -100n, balanceAfterPaise: null },
                ].sort((a, b) => a.accountId - b.accountId),
              },
            ],
            balanceMoves: [{ accountId, deltaPaise: 100n, finalPaise }],
            versionBumps: new Map([[player, 1]]),
            versionsAfter: new Map([[player, versionAfter]]),
          },
          { events: [], createdAt: new Date() },
          { commitBehind: false },
        ),
      );
    await expect(write(1_200n, version + 1)).rejects.toThrow(/not where the plan put it/);
    await expect(write(1_100n, version + 2)).rejects.toThrow(/not where the plan put it/);
    const [untouched] = await executeRows<{ balance_paise: string | bigint; n: string | number }>(
      h.db,
      sql`select balance_paise, (select count(*) from ledger_transactions
                                 where idempotency_key like ${`self-check-${player}-%`}) as n
          from ledger_accounts where id = ${accountId}`,
    );
    expect(BigInt(untouched!.balance_paise)).toBe(1_000n);
    expect(Number(untouched!.n)).toBe(0);
    // The plan as it is: written.
    const ids = await write(1_100n, version + 1);
    expect(ids).toHaveLength(1);
    await expectLedgerBalanced();
  });

  it('batches in flight together never lose money, go below zero or answer twice', async () => {
    setPostBatchesInFlight(h.db, 4);
    const player = await insertPlayer(h.db);
    await fund(deps, player, 10_000n);
    const cash = playerAccount(String(player), 'cash');
    const before = postBatchStats(h.db);
    const debit = (n: number) =>
      post(deps, {
        kind: 'adjustment_debit',
        postings: transfer(cash, systemAccount('house'), 100n),
        description: 'race',
        reference: 'RACE',
        playerId: player,
        // Every fourth request repeats the one before it (a client's retry).
        idempotencyKey: `race-${player}-${n - (n % 4 === 3 ? 1 : 0)}`,
        requestHash: 'same',
      });
    // Four waves a tick apart: each finds a free slot and starts while the others run.
    const pending: Promise<PostResult>[] = [];
    for (let wave = 0; wave < 4; wave += 1) {
      for (let n = wave * 100; n < (wave + 1) * 100; n += 1) pending.push(debit(n));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const results = await Promise.all(pending);
    const after = postBatchStats(h.db);
    expect(after.batches - before.batches).toBeGreaterThan(1);
    const written = results.filter((r) => r.ok && !r.replay);
    const replays = results.filter((r) => r.ok && r.replay);
    expect(written).toHaveLength(100);
    // A retry answers its first post's transaction, or is refused with it.
    for (let n = 3; n < 400; n += 4) {
      const first = results[n - 1];
      const retry = results[n];
      if (first?.ok) expect(retry).toMatchObject({ ok: true, transactionId: first.transactionId });
      else expect(retry?.ok === false || retry?.replay === true).toBe(true);
    }
    expect(replays.length).toBeLessThanOrEqual(100);
    const [row] = await executeRows<{ balance_paise: string | bigint }>(
      h.db,
      sql`select balance_paise from ledger_accounts where player_id = ${player} and kind = 'cash'`,
    );
    expect(BigInt(row?.balance_paise ?? -1)).toBe(0n);
    await expectLedgerBalanced();
  });
});

describe.skipIf(!postgresAvailable)('post() group commit from two processes on postgres', () => {
  let testDatabase: TestDatabase;
  let other: Database;

  beforeAll(async () => {
    testDatabase = await createMigratedTestDatabase('postgres');
    // A second pool on the same database: another server process, with its own batcher.
    other = openPostgresDatabase(testDatabase.url!);
  });
  afterAll(async () => {
    await other?.close();
    await testDatabase?.dispose();
  });

  it('the same keys and one balance from two batchers: each key written once, never below zero', async () => {
    const clock = systemClock;
    const mine: LedgerDeps = { db: testDatabase.database.db, clock, realtime: silentRealtime };
    const theirs: LedgerDeps = { db: other.db, clock, realtime: silentRealtime };
    const player = await insertPlayer(testDatabase.database.db);
    expect((await fund(mine, player, 5_000n)).ok).toBe(true);
    const cash = playerAccount(String(player), 'cash');
    const debit = (n: number): PostInput => ({
      kind: 'adjustment_debit',
      postings: transfer(cash, systemAccount('house'), 100n),
      description: 'two processes',
      reference: 'TWO',
      playerId: player,
      idempotencyKey: `two-${player}-${n}`,
      requestHash: 'same',
    });
    // Both processes send the same 80 keyed debits (5,000 covers 50 of them).
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, n) => [post(mine, debit(n)), post(theirs, debit(n))]).flat(),
    );
    const written = new Map<string, string>();
    for (const answer of answers) {
      if (answer.ok && !answer.replay) {
        expect(written.has(answer.transactionId)).toBe(false);
        written.set(answer.transactionId, answer.transactionId);
      }
    }
    expect(written.size).toBe(50);
    for (let n = 0; n < 80; n += 1) {
      const [a, b] = [answers[2 * n], answers[2 * n + 1]];
      // The two copies of one key answer the same transaction, or both are refused.
      if (a?.ok && b?.ok) expect(a.transactionId).toBe(b.transactionId);
    }
    const totals = await ledgerTotals(testDatabase.database.db);
    expect(totals.postingsSum).toBe(0n);
    expect(totals.playerRowsDisagreeing).toBe(0);
    const [row] = await executeRows<{ balance_paise: string | bigint }>(
      testDatabase.database.db,
      sql`select balance_paise from ledger_accounts where player_id = ${player} and kind = 'cash'`,
    );
    expect(BigInt(row?.balance_paise ?? -1)).toBe(0n);
  });
});

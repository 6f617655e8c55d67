import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executePreparedRows, executeRows } from '../../../db/database.ts';
import { databaseRefusal, drivers, startHarness, type Harness } from '../../../test/harness.ts';
import { fund, insertPlayer } from '../../../test/wallet.ts';
import { ledgerTotals } from '../ledger/ledger-repository.ts';
import {
  getWallet,
  ledgerTransaction,
  toWallet,
  type LedgerContext,
  type LedgerDeps,
} from '../ledger/ledger-service.ts';
import {
  preparedReadStats,
  WalletApi,
  type BatchFinish,
  type BatchMoveInput,
  type MoveScope,
  type PlannedResult,
  type WalletResult,
} from './wallet-api.ts';
import { writeMoves } from '../ledger/wallet-operation-repository.ts';
import type { LimitPolicy } from '../policies/wallet-policies.ts';

/** A limit policy for the batches: a debit over 3,000 paise (2,000 for points) is refused. */
const stakeCap: LimitPolicy = (request, player) =>
  request.debitPaise > (player.playMoney ? 2_000n : 3_000n)
    ? { allow: false, code: 'TIME_OUT', limit: 'stake-cap', until: new Date('2030-01-01') }
    : { allow: true };

/**
 * How the batch side reads before its moves: by itself (none), or through prepareMoves with a
 * scope of exactly the moves, a wider one (another round's holds and an operation no move
 * makes), or one that misses the last move (applyMany must then read by itself).
 */
type Prepared = 'none' | 'exact' | 'wider' | 'partial';

function scopeOf(moves: readonly BatchMoveInput[], prepared: Prepared, prefix: string): MoveScope {
  const covered = prepared === 'partial' ? moves.slice(0, -1) : moves;
  const players = [...new Set(moves.map(({ input }) => input.playerId))];
  const extraRound = prepared === 'wider' ? ['round-9'] : [];
  return {
    operations: [
      ...covered.map(({ input }) => ({ product: input.product, externalId: input.externalId })),
      ...(prepared === 'wider'
        ? [{ product: 'exchange' as const, externalId: `${prefix}-none` }]
        : []),
    ],
    holds: players.flatMap((playerId) =>
      [...new Set([...covered.map(({ input }) => input.roundId), ...extraRound])].map(
        (roundId) => ({ playerId, product: 'exchange' as const, roundId }),
      ),
    ),
    playerIds: players,
  };
}

/**
 * One generated move: whose, which operation (a stake into a hold, a release of one, a stake
 * debited at once, a win), which round, and its id (reused: replays).
 */
interface MoveSpec {
  player: 0 | 1;
  operation: 'stake' | 'release' | 'debit' | 'win';
  round: 0 | 1 | 2;
  amountPaise: bigint;
  holdToPaise: bigint | undefined;
  externalId: number;
  /** Another body under the same id: a replay that does not match (DUPLICATE). */
  variant: 0 | 1;
  /**
   * The ledger key every such move of the run shares: one already in the ledger, or two in a
   * batch, send the batch one by one after its reads and locks.
   */
  sharedLedgerKey: boolean;
}

const moveSpec: fc.Arbitrary<MoveSpec> = fc.record({
  player: fc.constantFrom(0 as const, 1 as const),
  operation: fc.constantFrom(
    'stake' as const,
    'release' as const,
    'debit' as const,
    'win' as const,
  ),
  round: fc.constantFrom(0 as const, 1 as const, 2 as const),
  amountPaise: fc.bigInt({ min: -1n, max: 4_000n }),
  holdToPaise: fc.option(fc.bigInt({ min: -1n, max: 9_000n }), { nil: undefined }),
  externalId: fc.integer({ min: 0, max: 12 }),
  variant: fc.constantFrom(0 as const, 1 as const),
  sharedLedgerKey: fc.oneof(
    { arbitrary: fc.constant(false), weight: 12 },
    { arbitrary: fc.constant(true), weight: 1 },
  ),
});

/**
 * The two sides' rows with player ids as their position and the side's external id prefix
 * taken out, so the loop's and the batch's writes compare equal when they are the same.
 */
function withoutIds(value: unknown, players: number[], prefix: string): unknown {
  const json = JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? item.toString() : item,
  );
  return JSON.parse(json, (key, item: unknown) => {
    if (key === 'player_id' || key === 'playerId') return players.indexOf(Number(item));
    return typeof item === 'string' ? item.replaceAll(prefix, 'X-') : item;
  }) as unknown;
}

/** A funded player's exchange hold of 10 on `roundId`, under `{externalId}-{player}`. */
const holdOf = (player: number, roundId: string) => (externalId: string) => ({
  product: 'exchange' as const,
  externalId: `${externalId}-${player}`,
  playerId: player,
  roundId,
  amountPaise: 1_000n,
  mode: 'hold' as const,
});

describe.each(drivers)('wallet API applyMany in multi-row statements on %s', (driver) => {
  let h: Harness;
  let deps: LedgerDeps;
  let wallet: WalletApi;
  let run = 0;

  beforeAll(async () => {
    h = await startHarness(driver);
    deps = { db: h.db, clock: h.clock, realtime: h.app.realtime };
    wallet = new WalletApi(deps);
  });
  afterAll(async () => {
    await h?.close();
  });

  function toMoves(
    specs: readonly MoveSpec[],
    players: number[],
    prefix: string,
  ): BatchMoveInput[] {
    return specs.map((spec) => {
      const common = {
        product: 'exchange' as const,
        externalId: `${prefix}-${spec.externalId}`,
        playerId: players[spec.player]!,
        roundId: `round-${spec.round}`,
        ...(spec.holdToPaise === undefined ? {} : { holdToPaise: spec.holdToPaise }),
        ...(spec.variant === 1 ? { reference: 'other body' } : {}),
        ...(spec.sharedLedgerKey ? { ledgerKey: `${prefix}-shared-ledger-key` } : {}),
      };
      switch (spec.operation) {
        case 'stake':
          return {
            operation: 'stake',
            input: { ...common, amountPaise: spec.amountPaise, mode: 'hold' },
          };
        case 'debit':
          return {
            operation: 'stake',
            input: { ...common, amountPaise: spec.amountPaise, mode: 'debit' },
          };
        case 'win':
          return { operation: 'win', input: { ...common, amountPaise: spec.amountPaise } };
        case 'release':
          return { operation: 'release', input: common };
      }
    });
  }

  /** Runs one batch in its own ledger transaction; answers the results and what it queued. */
  async function runBatch(
    moves: BatchMoveInput[],
    oneByOne: boolean,
    prepared: Prepared = 'none',
    prefix = '',
  ) {
    let queued: unknown = null;
    const answer = await ledgerTransaction(deps, async (ctx) => {
      const ops = wallet.within(ctx);
      if (prepared !== 'none') {
        const scope = scopeOf(moves, prepared, prefix);
        const cash = await ops.prepareMoves(scope);
        // What lockAvailable answers, for every player of the scope.
        expect(cash).toEqual(await ops.lockAvailable(scope.playerIds));
      }
      const results = oneByOne
        ? await wallet.applyManyOneByOne(ctx, moves)
        : await ops.applyMany(moves);
      queued = {
        touched: [...ctx.touched].map(([playerId, view]) => ({ playerId, ...toWallet(view) })),
        versions: [...ctx.versions].map(([playerId, version]) => ({ playerId, version })),
        outbox: ctx.outbox,
      };
      return { ok: true as const, results };
    });
    return { answer, queued };
  }

  /** Everything the moves wrote for these players, with ids and their prefix taken out. */
  async function stateOf(players: number[], prefix: string) {
    const list = `{${players.join(',')}}`;
    const operations = await executeRows(
      h.db,
      sql`select external_id, operation, status, player_id, round_id, wallet, amount_paise,
                 hold_delta_paise, related_external_id, balance_after_paise, wallet_version,
                 ledger_transaction_id is null as no_ledger
          from wallet_operations where player_id = any(${list}::bigint[]) order by id`,
    );
    const transactions = await executeRows(
      h.db,
      sql`select kind, idempotency_key, description, reference, player_id, actor_staff_id,
                 (select json_agg(json_build_object('kind', a.kind, 'm', p.amount_paise::text,
                         'b', p.balance_after_paise::text) order by p.id)
                  from ledger_postings p join ledger_accounts a on a.id = p.account_id
                  where p.transaction_id = t.id) as postings
          from ledger_transactions t where player_id = any(${list}::bigint[])
          order by id`,
    );
    const accounts = await executeRows(
      h.db,
      sql`select player_id, kind, balance_paise from ledger_accounts
          where player_id = any(${list}::bigint[]) order by player_id, kind`,
    );
    const holds = await executeRows(
      h.db,
      sql`select player_id, product, round_id, held_paise from wallet_holds
          where player_id = any(${list}::bigint[]) order by player_id, round_id`,
    );
    const versions = await executeRows(
      h.db,
      sql`select player_id, version from wallet_versions
          where player_id = any(${list}::bigint[]) order by player_id`,
    );
    return withoutIds({ operations, transactions, accounts, holds, versions }, players, prefix);
  }

  /** Results with ids as the order they first appeared in (the two sides' ids differ). */
  function normalised(results: WalletResult[], seen: Map<string, number>) {
    const idOf = (id: string | null) => {
      if (id === null) return null;
      if (!seen.has(id)) seen.set(id, seen.size);
      return seen.get(id);
    };
    return results.map((result) =>
      result.ok
        ? {
            ...result,
            operationId: idOf(`op:${result.operationId}`),
            transactionId: idOf(result.transactionId && `tx:${result.transactionId}`),
          }
        : result,
    );
  }

  it('random batches answer and write exactly what the one-by-one loop does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(moveSpec, { minLength: 1, maxLength: 14 }), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.bigInt({ min: 0n, max: 12_000n }),
        // The second player a points-only (demo) one: its debits and wins meet play money.
        fc.boolean(),
        fc.constantFrom<Prepared>('none', 'exact', 'wider', 'partial'),
        // A limit policy registered (issue 41 item 1): judged in memory, the batch stays one.
        fc.boolean(),
        async (batches, fundsPaise, secondIsDemo, prepared, withPolicy) => {
          run += 1;
          const unregister = withPolicy ? wallet.addLimitPolicy(stakeCap) : () => undefined;
          const pair = async () => [
            await insertPlayer(h.db),
            await insertPlayer(h.db, secondIsDemo),
          ];
          const loopPlayers = await pair();
          const batchPlayers = await pair();
          for (const player of [...loopPlayers, ...batchPlayers]) {
            if (fundsPaise > 0n) expect((await fund(deps, player, fundsPaise)).ok).toBe(true);
          }
          const loopIds = new Map<string, number>();
          const batchIds = new Map<string, number>();
          for (const specs of batches) {
            const loop = await runBatch(toMoves(specs, loopPlayers, `L${run}`), true);
            const batch = await runBatch(
              toMoves(specs, batchPlayers, `B${run}`),
              false,
              prepared,
              `B${run}`,
            );
            if (!loop.answer.ok || !batch.answer.ok) {
              // Not enough money rolls the whole transaction back on both paths.
              expect(batch.answer).toEqual(loop.answer);
              continue;
            }
            expect(normalised(batch.answer.results, batchIds)).toEqual(
              normalised(loop.answer.results, loopIds),
            );
            expect(withoutIds(batch.queued, batchPlayers, `B${run}-`)).toEqual(
              withoutIds(loop.queued, loopPlayers, `L${run}-`),
            );
          }
          expect(await stateOf(batchPlayers, `B${run}-`)).toEqual(
            await stateOf(loopPlayers, `L${run}-`),
          );
          unregister();
        },
      ),
      { numRuns: driver === 'pglite' ? 25 : 40 },
    );
    const totals = await ledgerTotals(h.db);
    expect(totals.postingsSum).toBe(0n);
    expect(totals.playerRowsDisagreeing).toBe(0);
  });

  it('reads again when money moved after prepareMoves: the prepared balances are old by then', async () => {
    const player = await insertPlayer(h.db);
    await fund(deps, player, 10_000n);
    const stake = (externalId: string, roundId: string) => ({
      product: 'exchange' as const,
      externalId: `${externalId}-${player}`,
      playerId: player,
      roundId,
      amountPaise: 6_000n,
      mode: 'hold' as const,
    });
    const answer = await ledgerTransaction(deps, async (ctx) => {
      const ops = wallet.within(ctx);
      const first = stake('prepared', 'm1');
      const cash = await ops.prepareMoves({
        operations: [{ product: 'exchange', externalId: first.externalId }],
        holds: [{ playerId: player, product: 'exchange', roundId: 'm1' }],
        playerIds: [player],
      });
      expect(cash.get(player)).toBe(10_000n);
      expect((await ops.stake(stake('between', 'm2'))).ok).toBe(true);
      // 4,000 left: the prepared read's 10,000 would plan this stake as covered.
      return {
        ok: true as const,
        results: await ops.applyMany([{ operation: 'stake', input: first }]),
      };
    });
    expect(answer).toEqual({ ok: false, code: 'INSUFFICIENT_FUNDS' });
  });

  it('takes operations given as new without looking them up, and moves nothing when one exists after all', async () => {
    const player = await insertPlayer(h.db);
    await fund(deps, player, 10_000n);
    const stake = holdOf(player, 'm-new');
    const inOneTransaction = (externalIds: string[]) =>
      ledgerTransaction(deps, async (ctx) => {
        const ops = wallet.within(ctx);
        const moves = externalIds.map((id) => ({ operation: 'stake' as const, input: stake(id) }));
        await ops.prepareMoves({
          operations: [],
          newOperations: moves.map(({ input }) => input),
          holds: [{ playerId: player, product: 'exchange', roundId: 'm-new' }],
          playerIds: [player],
        });
        return { ok: true as const, results: await ops.applyMany(moves, { commit: true }) };
      });
    const before = preparedReadStats(h.db);
    const first = await inOneTransaction(['new-1']);
    expect(first.ok && first.results.map((result) => result.ok)).toEqual([true]);
    expect(preparedReadStats(h.db)).toEqual({ ...before, used: before.used + 1 });
    const walletBefore = await getWallet(h.db, player);
    // 'new-1' exists: taken for new, the write finds it taken, and 'new-2' goes with it.
    expect(await databaseRefusal(inOneTransaction(['new-2', 'new-1']))).toMatch(
      /an operation taken meanwhile/,
    );
    expect(await getWallet(h.db, player)).toEqual(walletBefore);
    const [row] = await executeRows<{ n: number }>(
      h.db,
      sql`select count(*)::int as n from wallet_operations where external_id = ${`new-2-${player}`}`,
    );
    expect(row?.n).toBe(0);
  });

  it('sums the totals of the debiting players named; a debit of one left out fails instead of judging zeros', async () => {
    const player = await insertPlayer(h.db);
    await fund(deps, player, 10_000n);
    // Reads the totals (the default): a 15-point stake limit over 24 hours.
    const unregister = wallet.addLimitPolicy((request, facts) =>
      facts.totals.last24h.stakedPaise + request.debitPaise > 1_500n
        ? { allow: false, code: 'LIMIT_REACHED', limit: 'stake-24h', until: null }
        : { allow: true },
    );
    try {
      const stake = holdOf(player, 'm-debiting');
      expect((await wallet.stake(stake('first'))).ok).toBe(true);
      const inOneTransaction = (externalId: string, debitingPlayerIds: number[]) =>
        ledgerTransaction(deps, async (ctx) => {
          const ops = wallet.within(ctx);
          const input = stake(externalId);
          await ops.prepareMoves({
            operations: [{ product: 'exchange', externalId: input.externalId }],
            holds: [{ playerId: player, product: 'exchange', roundId: 'm-debiting' }],
            playerIds: [player],
            debitingPlayerIds,
          });
          return {
            ok: true as const,
            results: await ops.applyMany([{ operation: 'stake', input }], { commit: true }),
          };
        });
      const named = await inOneTransaction('named', [player]);
      // The first stake's 1,000 counted: another 1,000 passes the 1,500.
      expect(named.ok && named.results[0]).toMatchObject({ ok: false, code: 'LIMIT_REACHED' });
      const before = await getWallet(h.db, player);
      await expect(inOneTransaction('left-out', [])).rejects.toThrow(/were not read/);
      expect(await getWallet(h.db, player)).toEqual(before);
    } finally {
      unregister();
    }
  });

  it.runIf(driver === 'postgres')(
    'reads again the totals of a player whose row a commit changed while its lock was awaited',
    async () => {
      const player = await insertPlayer(h.db);
      await fund(deps, player, 10_000n);
      const unregister = wallet.addLimitPolicy((request, facts) =>
        facts.totals.last24h.stakedPaise + request.debitPaise > 1_500n
          ? { allow: false, code: 'LIMIT_REACHED', limit: 'stake-24h', until: null }
          : { allow: true },
      );
      const stake = holdOf(player, 'm-contended');
      const stakeInBatch = (externalId: string, beforeCommit: () => Promise<void>) =>
        ledgerTransaction(deps, async (ctx) => {
          const ops = wallet.within(ctx);
          const input = stake(externalId);
          await ops.prepareMoves({
            operations: [{ product: 'exchange', externalId: input.externalId }],
            holds: [{ playerId: player, product: 'exchange', roundId: 'm-contended' }],
            playerIds: [player],
            debitingPlayerIds: [player],
          });
          const results = await ops.applyMany([{ operation: 'stake', input }]);
          await beforeCommit();
          return { ok: true as const, results };
        });
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let staked = () => {};
      const hasStaked = new Promise<void>((resolve) => (staked = resolve));
      try {
        // The first holds the player's row, its 1,000 staked but not committed.
        const first = stakeInBatch('holder', async () => {
          staked();
          await held;
        });
        await hasStaked;
        // The second's lock statement starts (its snapshot without the first's stake) and waits.
        const second = stakeInBatch('waiter', async () => {});
        await waitForLockWaiters(h, 1);
        release();
        const [holder, waiter] = await Promise.all([first, second]);
        expect(holder.ok && holder.results[0]?.ok).toBe(true);
        // Summed on the snapshot, 0 + 1,000 would pass; summed after the commit, it is refused.
        expect(waiter.ok && waiter.results[0]).toMatchObject({
          ok: false,
          code: 'LIMIT_REACHED',
        });
      } finally {
        release();
        unregister();
      }
    },
  );

  it("stores the transaction's events with the last moves' own write, as the end of the transaction would", async () => {
    const moves = (player: number, demoPlayer: number, side: string): BatchMoveInput[] => [
      {
        operation: 'stake',
        input: {
          product: 'casino',
          externalId: `last-${side}-bet`,
          playerId: player,
          roundId: 'r1',
          amountPaise: 1_500n,
          mode: 'debit',
        },
      },
      {
        operation: 'win',
        input: {
          product: 'casino',
          externalId: `last-${side}-win`,
          playerId: player,
          roundId: 'r1',
          amountPaise: 4_000n,
        },
      },
      {
        operation: 'stake',
        input: {
          product: 'exchange',
          externalId: `last-${side}-hold`,
          playerId: demoPlayer,
          roundId: 'm1',
          amountPaise: 700n,
          mode: 'hold',
        },
      },
    ];
    const eventsOf = async (players: number[], side: string) =>
      withoutIds(
        await executeRows(
          h.db,
          sql`select player_id, topic, event, payload from outbox_events
              where player_id = any(${`{${players.join(',')}}`}::bigint[]) order by id`,
        ),
        players,
        `last-${side}-`,
      );
    // The app's worker would publish and delete the rows before they are read.
    await h.app.outbox.stop();
    try {
      const sides: number[][] = [];
      for (const last of [false, true]) {
        const players = [await insertPlayer(h.db), await insertPlayer(h.db, true)];
        for (const player of players) await fund(deps, player, 10_000n);
        sides.push(players);
        const answer = await ledgerTransaction(deps, async (ctx) => ({
          ok: true as const,
          results: await wallet
            .within(ctx)
            .applyMany(moves(players[0]!, players[1]!, String(last)), { last }),
        }));
        expect(answer.ok).toBe(true);
      }
      const alone = await eventsOf(sides[0]!, 'false');
      const stored = await eventsOf(sides[1]!, 'true');
      expect((alone as unknown[]).length).toBeGreaterThan(2);
      expect(stored).toEqual(alone);
    } finally {
      await h.app.outbox.start();
    }
  });

  /**
   * Stakes with `options` in a transaction, then stakes again in it: what the transaction
   * threw, and the external ids of the player's operations written.
   */
  async function stakeAfterMoves(options: { last?: boolean; commit?: boolean }) {
    const player = await insertPlayer(h.db);
    await fund(deps, player, 10_000n);
    const stake = holdOf(player, 'm1');
    const failure: unknown = await ledgerTransaction(deps, async (ctx) => {
      const ops = wallet.within(ctx);
      await ops.applyMany([{ operation: 'stake', input: stake('first') }], options);
      await ops.stake(stake('after'));
      return { ok: true as const };
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    const written = await executeRows<{ external_id: string }>(
      h.db,
      sql`select external_id from wallet_operations where player_id = ${player}`,
    );
    return { player, failure, written: written.map((row) => row.external_id) };
  }

  it('refuses to commit when money moves after moves that stored the events', async () => {
    const { failure, written } = await stakeAfterMoves({ last: true });
    expect(String(failure)).toMatch(/after the write that stored the events/);
    expect(written).toEqual([]);
  });

  it('with commit the moves commit with their own write: nothing after them can join or undo it', async () => {
    const { player, failure, written } = await stakeAfterMoves({ commit: true });
    expect(failure).toBeInstanceOf(Error);
    // PostgreSQL committed the first moves before the second was tried (the connection refused
    // it, and the caller heard the rollback could not be made); PGlite commits at the end as
    // usual, so the guard rolls both back.
    expect(written).toEqual(driver === 'postgres' ? [`first-${player}`] : []);
    expect((await ledgerTotals(h.db)).postingsSum).toBe(0n);
  });

  it('the write checks itself against the plan and raises, writing nothing, when it differs', async () => {
    const player = await insertPlayer(h.db);
    await fund(deps, player, 10_000n);
    const [cash] = await executeRows<{ id: string | number }>(
      h.db,
      sql`select id from ledger_accounts where player_id = ${player} and kind = 'cash'`,
    );
    const accountId = Number(cash!.id);
    const write = (finalPaise: bigint, versionAfter: number) =>
      h.db.transaction((tx) =>
        writeMoves(
          tx,
          {
            transactions: [],
            balanceMoves: [{ accountId, deltaPaise: -100n, finalPaise }],
            versionBumps: new Map([[player, 1]]),
            versionsAfter: new Map([[player, versionAfter]]),
          },
          [],
          [],
        ),
      );
    const stateOf = async () => {
      const [row] = await executeRows<{ balance: string | bigint; version: string | number }>(
        h.db,
        sql`select a.balance_paise as balance,
                   coalesce((select version from wallet_versions where player_id = ${player}), 0) as version
            from ledger_accounts a where a.id = ${accountId}`,
      );
      return [BigInt(row!.balance), Number(row!.version)] as const;
    };
    const [, version] = await stateOf();
    await expect(write(9_000n, version + 1)).rejects.toThrow(/not where the plan put it/);
    await expect(write(9_900n, version + 2)).rejects.toThrow(/not where the plan put it/);
    expect(await stateOf()).toEqual([10_000n, version]);
    // As planned, it writes.
    await write(9_900n, version + 1);
    expect(await stateOf()).toEqual([9_900n, version + 1]);
    // Put back, so the ledger still sums with this player's postings.
    await h.db.transaction((tx) =>
      writeMoves(
        tx,
        {
          transactions: [],
          balanceMoves: [{ accountId, deltaPaise: 100n, finalPaise: 10_000n }],
          versionBumps: new Map(),
          versionsAfter: new Map(),
        },
        [],
        [],
      ),
    );
  });

  it('a replay inside one batch answers the first move; another body under its id is DUPLICATE', async () => {
    const player = await insertPlayer(h.db);
    await fund(deps, player, 10_000n);
    const stake = {
      product: 'exchange' as const,
      externalId: `replay-${player}`,
      playerId: player,
      roundId: 'm1',
      amountPaise: 2_000n,
      mode: 'hold' as const,
    };
    const answer = await ledgerTransaction(deps, async (ctx) => ({
      ok: true as const,
      results: await wallet.within(ctx).applyMany([
        { operation: 'stake', input: stake },
        { operation: 'stake', input: stake },
        { operation: 'stake', input: { ...stake, amountPaise: 3_000n } },
        {
          operation: 'release',
          input: { ...stake, externalId: `release-${player}`, holdToPaise: 500n },
        },
      ]),
    }));
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    const [first, replay, mismatch, release] = answer.results;
    expect(first).toMatchObject({
      ok: true,
      replay: false,
      balancePaise: 8_000n,
      walletVersion: 2,
    });
    expect(replay).toEqual({ ...first, replay: true });
    expect(mismatch).toEqual({ ok: false, code: 'DUPLICATE' });
    // The release sees the stake before it in the batch, and shares its wallet version.
    expect(release).toMatchObject({
      ok: true,
      replay: false,
      balancePaise: 9_500n,
      walletVersion: 2,
    });
    const [hold] = await executeRows<{ held_paise: string | bigint }>(
      h.db,
      sql`select held_paise from wallet_holds where player_id = ${player}`,
    );
    expect(BigInt(hold?.held_paise ?? 0)).toBe(500n);
    // The same request again in a later batch: a replay from the operation log.
    const again = await ledgerTransaction(deps, async (ctx) => ({
      ok: true as const,
      results: await wallet.within(ctx).applyMany([{ operation: 'stake', input: stake }]),
    }));
    expect(again.ok && again.results[0]).toEqual({ ...first, replay: true });
  });

  it('finish sees the planned answers before anything is written; its statement goes last, and either failing rolls the moves back', async () => {
    const player = await insertPlayer(h.db);
    await fund(deps, player, 10_000n);
    const stake = (id: string, amountPaise = 2_000n): BatchMoveInput => ({
      operation: 'stake',
      input: {
        product: 'exchange',
        externalId: `finish-${id}-${player}`,
        playerId: player,
        roundId: 'm1',
        amountPaise,
        mode: 'hold',
      },
    });
    const written = async () =>
      (
        await executeRows<{ external_id: string }>(
          h.db,
          sql`select external_id from wallet_operations where player_id = ${player} order by id`,
        )
      ).map((row) => row.external_id);
    let currentTx: LedgerContext['tx'] | undefined;
    /** A statement of the caller's: raises unless `holds` (it runs after the moves' write). */
    const check = (holds: SQL, message: string) => (commitBehind: boolean) =>
      executePreparedRows(currentTx!, sql`select spm_check(${holds}, ${message}) as ok`, {
        commitBehind,
      });
    const apply = (moves: BatchMoveInput[], finish: BatchFinish) =>
      ledgerTransaction(deps, async (ctx) => {
        currentTx = ctx.tx;
        return {
          ok: true as const,
          results: await wallet.within(ctx).applyMany(moves, { finish }),
        };
      });

    // A new move, its replay in the batch and another body under its id: planned as answered.
    let planned: readonly PlannedResult[] = [];
    const done = await apply([stake('a'), stake('a'), stake('a', 3_000n)], (answers) => {
      planned = answers;
      // The statement sees the moves' rows: it is sent behind their write.
      return check(
        sql`(select count(*) from wallet_operations where player_id = ${player}) = 1`,
        'the caller ran before the write',
      );
    });
    expect(done.ok && done.results.map((r) => r.ok && [r.replay, r.balancePaise])).toEqual([
      [false, 8_000n],
      [true, 8_000n],
      false,
    ]);
    expect(planned).toEqual([
      { ok: true, replay: false, balancePaise: 8_000n },
      { ok: true, replay: true, balancePaise: 8_000n },
      { ok: false, code: 'DUPLICATE' },
    ]);
    expect(await written()).toEqual([`finish-a-${player}`]);

    // finish refuses the plan: nothing is written.
    await expect(
      apply([stake('b')], () => {
        throw new Error('the plan does not hold');
      }),
    ).rejects.toThrow('the plan does not hold');
    // The caller's statement raises: the moves written before it roll back with it.
    await expect(
      apply([stake('c')], () => check(sql`false`, 'refused by the caller')),
    ).rejects.toThrow(/refused by the caller/);
    expect(await written()).toEqual([`finish-a-${player}`]);
    expect((await getWallet(h.db, player)).balance).toBe(80);
    expect((await ledgerTotals(h.db)).postingsSum).toBe(0n);
  });

  it('a batch that cannot be covered rolls back whole, as the loop does', async () => {
    const player = await insertPlayer(h.db);
    await fund(deps, player, 1_000n);
    const stake = (externalId: string, amountPaise: bigint): BatchMoveInput => ({
      operation: 'stake',
      input: {
        product: 'exchange',
        externalId,
        playerId: player,
        roundId: 'm',
        amountPaise,
        mode: 'hold',
      },
    });
    const answer = await ledgerTransaction(deps, async (ctx) => ({
      ok: true as const,
      results: await wallet
        .within(ctx)
        .applyMany([stake(`a-${player}`, 600n), stake(`b-${player}`, 600n)]),
    }));
    expect(answer).toEqual({ ok: false, code: 'INSUFFICIENT_FUNDS' });
    const [counted] = await executeRows<{ n: string | number }>(
      h.db,
      sql`select count(*) as n from wallet_operations where player_id = ${player}`,
    );
    expect(Number(counted?.n)).toBe(0);
  });

  it('with a limit policy registered every debit still meets it, judged in one batch', async () => {
    const checked: bigint[] = [];
    const limited = new WalletApi(deps, {
      limitPolicies: [
        (request) => {
          checked.push(request.debitPaise);
          return request.debitPaise > 1_000n
            ? { allow: false, code: 'LIMIT_REACHED', limit: 'stake-cap', until: null }
            : { allow: true };
        },
      ],
    });
    const player = await insertPlayer(h.db);
    await fund(deps, player, 10_000n);
    const missedBefore = preparedReadStats(h.db).missed;
    const usedBefore = preparedReadStats(h.db).used;
    const moves: BatchMoveInput[] = [
      {
        operation: 'stake',
        input: {
          product: 'exchange',
          externalId: `l1-${player}`,
          playerId: player,
          roundId: 'm',
          amountPaise: 800n,
          mode: 'hold',
        },
      },
      {
        operation: 'stake',
        input: {
          product: 'exchange',
          externalId: `l2-${player}`,
          playerId: player,
          roundId: 'm',
          amountPaise: 1_500n,
          mode: 'hold',
        },
      },
    ];
    const answer = await ledgerTransaction(deps, async (ctx) => {
      const ops = limited.within(ctx);
      await ops.prepareMoves(scopeOf(moves, 'exact', ''));
      // What the batch will answer, judged in memory before anything moves.
      const judged = ops.judgeDebit({
        product: 'exchange',
        playerId: player,
        roundId: 'm',
        externalId: `l2-${player}`,
        stakePaise: 1_500n,
        debitPaise: 1_500n,
      });
      return { ok: true as const, judged, results: await ops.applyMany(moves) };
    });
    expect(answer.ok && answer.results.map((r) => r.ok || r.code)).toEqual([true, 'LIMIT_REACHED']);
    expect(answer.ok && answer.judged).toEqual({
      ok: false,
      code: 'LIMIT_REACHED',
      limit: 'stake-cap',
      until: null,
    });
    expect(checked).toEqual([1_500n, 800n, 1_500n]);
    // The moves were planned at once from the prepared read, not one by one.
    expect(preparedReadStats(h.db).used).toBe(usedBefore + 1);
    expect(preparedReadStats(h.db).missed).toBe(missedBefore);
  });
});

/** Waits until `count` sessions of the database wait for a lock (one transaction on another's row). */
async function waitForLockWaiters(h: Harness, count: number): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    const [row] = await executeRows<{ n: number }>(
      h.db,
      sql`select count(*)::int as n from pg_stat_activity
          where wait_event_type = 'Lock' and datname = current_database()`,
    );
    if ((row?.n ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no session came to wait for the lock');
}

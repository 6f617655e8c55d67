import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../../db/database.ts';
import { drivers, startHarness, type Harness } from '../../../test/harness.ts';
import { fund, insertPlayer } from '../../../test/wallet.ts';
import { ledgerTotals } from './ledger-repository.ts';
import { getWalletView, ledgerTransaction, type LedgerDeps } from './ledger-service.ts';
import { WalletApi, type BatchMoveInput, type WalletResult } from '../api/wallet-api.ts';

/*
 * Rounds in the wallet (issue 41 item 9): an explicit close, reversal of wins and
 * settlements with the amounts read from the target, a refund after a reversed settlement,
 * partial settlements, and settle, rollback and reverse in applyMany.
 */
describe.each(drivers)('wallet rounds on %s', (driver) => {
  let h: Harness;
  let deps: LedgerDeps;
  let wallet: WalletApi;
  let seq = 0;

  beforeAll(async () => {
    h = await startHarness(driver);
    deps = { db: h.db, clock: h.clock, realtime: h.app.realtime };
    wallet = new WalletApi(deps);
  });
  afterAll(async () => {
    await h?.close();
  });

  const id = (prefix: string) => `${prefix}-${++seq}`;

  async function funded(paise: bigint): Promise<number> {
    const player = await insertPlayer(h.db);
    expect((await fund(deps, player, paise)).ok).toBe(true);
    return player;
  }

  const viewOf = (player: number) => getWalletView(h.db, player);

  async function expectLedgerBalanced() {
    const totals = await ledgerTotals(h.db);
    expect(totals.postingsSum).toBe(0n);
    expect(totals.playerRowsSum + totals.systemPostingsSum).toBe(0n);
    expect(totals.playerRowsDisagreeing).toBe(0);
    expect(totals.unbalancedTransactions).toBe(0);
  }

  /** A crash-like round: debit stakes, paid by wins. */
  function crashRound(player: number) {
    return { product: 'crash' as const, playerId: player, roundId: id('game') };
  }

  it('a win leaves its round open: two bets of one round do not block each other', async () => {
    const player = await funded(10_000n);
    const round = crashRound(player);
    const first = id('bet');
    const second = id('bet');
    await wallet.stake({ ...round, externalId: first, amountPaise: 1_000n, mode: 'debit' });
    await wallet.stake({ ...round, externalId: second, amountPaise: 2_000n, mode: 'debit' });
    // The first bet cashes out; the second is then voided by the game.
    expect(
      await wallet.win({ ...round, externalId: id('win'), amountPaise: 2_500n }),
    ).toMatchObject({ ok: true, balancePaise: 9_500n });
    expect(
      await wallet.rollback({ ...round, externalId: id('rb'), targetExternalId: second }),
    ).toMatchObject({ ok: true, balancePaise: 11_500n });
    await expectLedgerBalanced();
  });

  it('closeRound (or close on the win) makes the stakes stand: their rollback is ROUND_CLOSED', async () => {
    const player = await funded(10_000n);
    const round = crashRound(player);
    const bet = id('bet');
    await wallet.stake({ ...round, externalId: bet, amountPaise: 1_000n, mode: 'debit' });
    await wallet.closeRound(round);
    await wallet.closeRound(round);
    expect(
      await wallet.rollback({ ...round, externalId: id('rb'), targetExternalId: bet }),
    ).toEqual({ ok: false, code: 'ROUND_CLOSED' });
    // Another player's round of the same id is theirs: still open.
    const other = await funded(5_000n);
    const theirs = { ...round, playerId: other };
    const theirBet = id('bet');
    await wallet.stake({ ...theirs, externalId: theirBet, amountPaise: 500n, mode: 'debit' });
    expect(
      await wallet.rollback({ ...theirs, externalId: id('rb'), targetExternalId: theirBet }),
    ).toMatchObject({ ok: true, balancePaise: 5_000n });

    const closing = crashRound(player);
    const closingBet = id('bet');
    await wallet.stake({ ...closing, externalId: closingBet, amountPaise: 1_000n, mode: 'debit' });
    await wallet.win({ ...closing, externalId: id('win'), amountPaise: 0n, close: true });
    expect(
      await wallet.rollback({ ...closing, externalId: id('rb'), targetExternalId: closingBet }),
    ).toEqual({ ok: false, code: 'ROUND_CLOSED' });
    expect((await viewOf(player)).balancePaise).toBe(8_000n);
  });

  it('reverses a win with the amounts read from it, and then refunds the round', async () => {
    const player = await funded(10_000n);
    const round = crashRound(player);
    const bet = id('bet');
    const win = id('win');
    await wallet.stake({ ...round, externalId: bet, amountPaise: 1_000n, mode: 'debit' });
    await wallet.win({ ...round, externalId: win, amountPaise: 3_000n, close: true });
    const reverse = { ...round, externalId: id('unwin'), targetExternalId: win };
    expect(await wallet.reverse({ ...reverse, payoutPaise: 2_999n })).toEqual({
      ok: false,
      code: 'INVALID_AMOUNT',
    });
    expect(await wallet.reverse(reverse)).toMatchObject({ ok: true, balancePaise: 9_000n });
    expect(await wallet.reverse(reverse)).toMatchObject({ ok: true, replay: true });
    expect(await wallet.reverse({ ...reverse, externalId: id('unwin') })).toEqual({
      ok: false,
      code: 'ROLLED_BACK',
    });
    expect(
      await wallet.reverse({ ...reverse, externalId: id('unbet'), targetExternalId: bet }),
    ).toEqual({ ok: false, code: 'NOT_ROLLBACKABLE' });
    // The reversal opened the round again: the game voids it.
    expect(
      await wallet.rollback({ ...round, externalId: id('rb'), targetExternalId: bet }),
    ).toMatchObject({ ok: true, balancePaise: 10_000n });
    await expectLedgerBalanced();
  });

  it('refunds the stakes after a reversed settlement (a void)', async () => {
    const player = await funded(10_000n);
    const slip = { product: 'sportsbook' as const, playerId: player, roundId: id('slip') };
    const bet = id('bet');
    await wallet.stake({ ...slip, externalId: bet, amountPaise: 1_000n, mode: 'hold' });
    const settle = id('settle');
    await wallet.settle({
      ...slip,
      externalId: settle,
      payoutPaise: 2_500n,
      commissionPaise: 100n,
      close: true,
    });
    expect(await viewOf(player)).toMatchObject({ balancePaise: 11_500n, exposurePaise: 0n });
    expect(await wallet.rollback({ ...slip, externalId: id('rb'), targetExternalId: bet })).toEqual(
      {
        ok: false,
        code: 'ROUND_CLOSED',
      },
    );
    const reverse = { ...slip, externalId: id('unsettle'), targetExternalId: settle };
    expect(await wallet.reverse({ ...reverse, commissionPaise: 0n })).toEqual({
      ok: false,
      code: 'INVALID_AMOUNT',
    });
    expect(await wallet.reverse(reverse)).toMatchObject({ ok: true, balancePaise: 9_000n });
    expect(await viewOf(player)).toMatchObject({ balancePaise: 9_000n, exposurePaise: 1_000n });
    expect(
      await wallet.rollback({ ...slip, externalId: id('rb'), targetExternalId: bet }),
    ).toMatchObject({ ok: true, balancePaise: 10_000n });
    expect(await viewOf(player)).toMatchObject({ balancePaise: 10_000n, exposurePaise: 0n });
    await expectLedgerBalanced();
  });

  it('settles part of a hold (a partial cash-out), then the rest', async () => {
    const player = await funded(10_000n);
    const slip = { product: 'sportsbook' as const, playerId: player, roundId: id('slip') };
    await wallet.stake({ ...slip, externalId: id('bet'), amountPaise: 2_000n, mode: 'hold' });
    expect(
      await wallet.settle({
        ...slip,
        externalId: id('cashout'),
        payoutPaise: 100n,
        holdToPaise: 2_001n,
      }),
    ).toEqual({ ok: false, code: 'INVALID_AMOUNT' });
    const part = { ...slip, externalId: id('cashout'), payoutPaise: 1_500n, holdToPaise: 1_200n };
    // 800 of the hold cashed out for 1,500.
    expect(await wallet.settle(part)).toMatchObject({ ok: true, balancePaise: 9_500n });
    expect(await wallet.settle(part)).toMatchObject({ ok: true, replay: true });
    expect(await viewOf(player)).toMatchObject({ balancePaise: 9_500n, exposurePaise: 1_200n });
    // The rest loses: the round settles to nothing.
    const rest = id('settle');
    expect(await wallet.settle({ ...slip, externalId: rest, payoutPaise: 0n })).toMatchObject({
      ok: true,
      balancePaise: 9_500n,
    });
    expect(await viewOf(player)).toMatchObject({ balancePaise: 9_500n, exposurePaise: 0n });
    // Reversing the lost rest holds its share again (from the house): cash and the cashed-out
    // part stay.
    await wallet.reverse({ ...slip, externalId: id('unsettle'), targetExternalId: rest });
    expect(await viewOf(player)).toMatchObject({ balancePaise: 9_500n, exposurePaise: 1_200n });
    await expectLedgerBalanced();
  });

  /** The rows a run wrote for its player, with the run's ids taken out. */
  async function stateOf(player: number, prefix: string) {
    const operations = await executeRows(
      h.db,
      sql`select external_id, operation, status, round_id, amount_paise::text,
                 hold_delta_paise::text, related_external_id, balance_after_paise::text
          from wallet_operations where player_id = ${player} order by id`,
    );
    const rounds = await executeRows(
      h.db,
      sql`select product, round_id, state from wallet_rounds where player_id = ${player}
          order by round_id`,
    );
    const holds = await executeRows(
      h.db,
      sql`select product, round_id, held_paise::text from wallet_holds where player_id = ${player}
          order by round_id`,
    );
    return JSON.parse(
      JSON.stringify({ operations, rounds, holds }).replaceAll(prefix, 'X'),
    ) as unknown;
  }

  /** A crash round and a sportsbook slip, through stake, win, settle, rollback and reverse. */
  function movesOf(player: number, prefix: string): BatchMoveInput[][] {
    const game = { product: 'crash' as const, playerId: player, roundId: `${prefix}-game` };
    const slip = { product: 'sportsbook' as const, playerId: player, roundId: `${prefix}-slip` };
    const e = (name: string) => `${prefix}-${name}`;
    return [
      [
        {
          operation: 'stake',
          input: { ...game, externalId: e('b1'), amountPaise: 1_000n, mode: 'debit' },
        },
        {
          operation: 'stake',
          input: { ...game, externalId: e('b2'), amountPaise: 700n, mode: 'debit' },
        },
        {
          operation: 'stake',
          input: { ...slip, externalId: e('s1'), amountPaise: 2_000n, mode: 'hold' },
        },
        { operation: 'win', input: { ...game, externalId: e('w1'), amountPaise: 1_800n } },
      ],
      [
        {
          operation: 'rollback',
          input: { ...game, externalId: e('r2'), targetExternalId: e('b2') },
        },
        {
          operation: 'settle',
          input: { ...slip, externalId: e('c1'), payoutPaise: 900n, holdToPaise: 1_000n },
        },
        {
          operation: 'reverse',
          input: { ...game, externalId: e('u1'), targetExternalId: e('w1') },
        },
        {
          operation: 'win',
          input: { ...game, externalId: e('w2'), amountPaise: 1_500n, close: true },
        },
        {
          operation: 'settle',
          input: { ...slip, externalId: e('c1'), payoutPaise: 900n, holdToPaise: 1_000n },
        },
      ],
      [
        {
          operation: 'settle',
          input: { ...slip, externalId: e('c2'), payoutPaise: 4_000n, close: true },
        },
        {
          operation: 'rollback',
          input: { ...game, externalId: e('r1'), targetExternalId: e('b1') },
        },
        {
          operation: 'reverse',
          input: { ...slip, externalId: e('u2'), targetExternalId: e('c2') },
        },
        {
          operation: 'rollback',
          input: { ...slip, externalId: e('r3'), targetExternalId: e('s1') },
        },
        { operation: 'win', input: { ...game, externalId: e('w3'), amountPaise: 0n, close: true } },
      ],
    ];
  }

  async function runBatches(batches: BatchMoveInput[][], oneByOne: boolean) {
    const answers: WalletResult[][] = [];
    for (const moves of batches) {
      const answer = await ledgerTransaction(deps, async (ctx) =>
        oneByOne ? wallet.applyManyOneByOne(ctx, moves) : wallet.within(ctx).applyMany(moves),
      );
      if (!Array.isArray(answer)) throw new Error(`batch failed: ${answer.code}`);
      answers.push(answer);
    }
    // Ids differ between the runs: each result's shape and amounts are what must agree.
    return answers.map((results) =>
      results.map((result) =>
        result.ok
          ? { ...result, operationId: 'id', transactionId: result.transactionId && 'tx' }
          : result,
      ),
    );
  }

  it('applyMany settles, rolls back and reverses exactly as the single operations do', async () => {
    const loopPlayer = await funded(10_000n);
    const batchPlayer = await funded(10_000n);
    const loop = await runBatches(movesOf(loopPlayer, 'L'), true);
    const batch = await runBatches(movesOf(batchPlayer, 'B'), false);
    expect(batch).toEqual(loop);
    expect(batch[1]![4]).toMatchObject({ ok: true, replay: true });
    expect(batch[2]![1]).toEqual({ ok: false, code: 'ROUND_CLOSED' });
    expect(await stateOf(batchPlayer, 'B')).toEqual(await stateOf(loopPlayer, 'L'));
    expect((await viewOf(batchPlayer)).balancePaise).toBe((await viewOf(loopPlayer)).balancePaise);
    await expectLedgerBalanced();
  });

  it('a batch of closing wins closes their rounds in its one statement', async () => {
    const loopPlayer = await funded(10_000n);
    const batchPlayer = await funded(10_000n);
    const batches = (player: number, prefix: string): BatchMoveInput[][] => {
      const round = (n: number) => ({
        product: 'casino' as const,
        playerId: player,
        roundId: `${prefix}-r${n}`,
      });
      return [
        [
          {
            operation: 'stake',
            input: { ...round(1), externalId: `${prefix}-b1`, amountPaise: 500n, mode: 'debit' },
          },
          {
            operation: 'stake',
            input: { ...round(2), externalId: `${prefix}-b2`, amountPaise: 500n, mode: 'debit' },
          },
          {
            operation: 'win',
            input: { ...round(1), externalId: `${prefix}-w1`, amountPaise: 900n, close: true },
          },
          {
            operation: 'win',
            input: { ...round(2), externalId: `${prefix}-w2`, amountPaise: 100n },
          },
        ],
        [
          {
            operation: 'rollback',
            input: { ...round(1), externalId: `${prefix}-r1`, targetExternalId: `${prefix}-b1` },
          },
          {
            operation: 'rollback',
            input: { ...round(2), externalId: `${prefix}-r2`, targetExternalId: `${prefix}-b2` },
          },
        ],
      ];
    };
    const loop = await runBatches(batches(loopPlayer, 'L'), true);
    const batch = await runBatches(batches(batchPlayer, 'B'), false);
    expect(batch).toEqual(loop);
    expect(batch[1]).toEqual([
      { ok: false, code: 'ROUND_CLOSED' },
      expect.objectContaining({ ok: true }),
    ]);
    expect(await stateOf(batchPlayer, 'B')).toEqual(await stateOf(loopPlayer, 'L'));
  });

  it('a batch with a settlement is atomic: a stake the cash cannot cover undoes it all', async () => {
    const player = await funded(1_000n);
    const slip = { product: 'sportsbook' as const, playerId: player, roundId: id('slip') };
    await wallet.stake({ ...slip, externalId: id('bet'), amountPaise: 1_000n, mode: 'hold' });
    const answer = await ledgerTransaction(deps, (ctx) =>
      wallet.within(ctx).applyMany([
        { operation: 'settle', input: { ...slip, externalId: id('settle'), payoutPaise: 1_500n } },
        {
          operation: 'stake',
          input: {
            ...slip,
            roundId: id('slip'),
            externalId: id('bet'),
            amountPaise: 5_000n,
            mode: 'debit',
          },
        },
      ]),
    );
    expect(answer).toEqual({ ok: false, code: 'INSUFFICIENT_FUNDS' });
    expect(await viewOf(player)).toMatchObject({ balancePaise: 0n, exposurePaise: 1_000n });
    await expectLedgerBalanced();
  });
});

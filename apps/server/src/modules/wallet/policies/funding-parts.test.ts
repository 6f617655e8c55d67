import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  holdAdjustmentPostings,
  netPostings,
  playerAccount,
  settlementPostings,
  systemAccount,
  transfer,
  type FundingPolicy,
  type Posting,
} from '@spm/core';
import { executeRows } from '../../../db/database.ts';
import type { PublishedWalletEvent } from '../../../outbox/outbox-worker.ts';
import { drivers, startHarness, type Harness } from '../../../test/harness.ts';
import { fund, fundBonus, insertPlayer } from '../../../test/wallet.ts';
import { ledgerTotals } from '../ledger/ledger-repository.ts';
import { getWalletView, ledgerTransaction, type LedgerDeps } from '../ledger/ledger-service.ts';
import {
  WalletApi,
  type BatchMoveInput,
  type WalletEventPayload,
  type WalletResult,
} from '../api/wallet-api.ts';
import { postingsOf } from '../ledger/wallet-rounds.ts';

/*
 * Funding parts (issue 41 item 6): every operation, hold, result and event records which
 * wallets funded it. With the default policy everything is cash and the postings are
 * today's; with a policy drawing cash then coins, stakes take both and every payback goes
 * into the wallets the stake came from, in the single and the batch path alike.
 */

/** The bonus issue's shape of policy: cash first, then the coins wallet. */
const cashThenCoins: FundingPolicy = {
  name: 'test-cash-then-coins',
  wallets: ['cash', 'coins'],
  draws: () => [{ wallet: 'cash' }, { wallet: 'coins' }],
};

const cash = (amountPaise: bigint) => ({ wallet: 'cash', amountPaise });
const coins = (amountPaise: bigint) => ({ wallet: 'coins', amountPaise });

describe.each(drivers)('funding parts on %s', (driver) => {
  let h: Harness;
  let deps: LedgerDeps;
  let wallet: WalletApi;
  let bonusWallet: WalletApi;
  let seq = 0;
  const events: PublishedWalletEvent[] = [];

  beforeAll(async () => {
    h = await startHarness(driver);
    deps = { db: h.db, clock: h.clock, realtime: h.app.realtime };
    wallet = new WalletApi(deps);
    bonusWallet = new WalletApi(deps);
    bonusWallet.policies.setFundingPolicy(cashThenCoins);
    h.app.outbox.onWalletEvent((event) => events.push(event));
  });
  afterAll(async () => {
    await h?.close();
  });

  const id = (prefix: string) => `${prefix}-${++seq}`;

  async function player(cashPaise: bigint, coinsPaise = 0n): Promise<number> {
    const playerId = await insertPlayer(h.db);
    expect((await fund(deps, playerId, cashPaise)).ok).toBe(true);
    if (coinsPaise > 0n) {
      expect((await fundBonus(deps, playerId, 'coins', coinsPaise)).ok).toBe(true);
    }
    return playerId;
  }

  async function wallets(playerId: number) {
    const view = await getWalletView(h.db, playerId);
    return { cash: view.balancePaise, coins: view.coinsPaise, held: view.exposurePaise };
  }

  async function expectLedgerBalanced() {
    const totals = await ledgerTotals(h.db);
    expect(totals.postingsSum).toBe(0n);
    expect(totals.playerRowsSum + totals.systemPostingsSum).toBe(0n);
    expect(totals.playerRowsDisagreeing).toBe(0);
    expect(totals.unbalancedTransactions).toBe(0);
  }

  /** The player's operations and holds as stored, in order (ids and hashes left out). */
  async function storedOf(playerId: number, prefix = '') {
    const operations = await executeRows<{
      external_id: string;
      wallet: string;
      parts: unknown;
      hold_parts: unknown;
    }>(
      h.db,
      sql`select external_id, wallet, parts, hold_parts from wallet_operations
          where player_id = ${playerId} order by id`,
    );
    const holds = await executeRows<{ round_id: string; held_paise: string; parts: unknown }>(
      h.db,
      sql`select round_id, held_paise::text, parts from wallet_holds
          where player_id = ${playerId} order by round_id`,
    );
    const unprefixed = (text: string) => text.slice(prefix.length);
    return {
      operations: operations.map((o) => ({ ...o, external_id: unprefixed(o.external_id) })),
      holds: holds.map((hold) => ({ ...hold, round_id: unprefixed(hold.round_id) })),
    };
  }

  async function eventsOf(playerId: number, n: number): Promise<WalletEventPayload[]> {
    for (let tries = 0; tries < 100; tries += 1) {
      const mine = events.filter((event) => event.playerId === playerId);
      if (mine.length >= n) return mine.map((event) => event.payload as WalletEventPayload);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`player ${playerId} got fewer than ${n} wallet events`);
  }

  /** The postings a result's ledger transaction wrote, netted and in a stable order. */
  async function postingsOfResult(result: WalletResult): Promise<Posting[]> {
    if (!result.ok || result.transactionId === null) throw new Error('no transaction');
    return ordered(await postingsOf(h.db, result.transactionId));
  }
  const ordered = (postings: readonly Posting[]) =>
    netPostings(postings).sort((a, b) =>
      JSON.stringify(a.account).localeCompare(JSON.stringify(b.account)),
    );

  it('with the default policy every result, operation, hold and event is cash, and the postings are as before', async () => {
    const playerId = await player(10_000n);
    const p = String(playerId);
    const game = { product: 'casino' as const, playerId, roundId: id('game') };
    const slip = { product: 'sportsbook' as const, playerId, roundId: id('slip') };
    const open = { product: 'sportsbook' as const, playerId, roundId: id('open') };
    const house = systemAccount('house');

    const stakeInput = {
      ...game,
      externalId: id('bet'),
      amountPaise: 2_500n,
      mode: 'debit' as const,
    };
    const stake = await wallet.stake(stakeInput);
    expect(stake).toMatchObject({ ok: true, wallet: 'cash', parts: [cash(2_500n)] });
    expect(await postingsOfResult(stake)).toEqual(
      ordered(transfer(playerAccount(p, 'cash'), house, 2_500n)),
    );
    expect(await wallet.stake(stakeInput)).toMatchObject({ replay: true, parts: [cash(2_500n)] });
    const win = await wallet.win({ ...game, externalId: id('win'), amountPaise: 6_000n });
    expect(win).toMatchObject({ ok: true, wallet: 'cash', parts: [cash(6_000n)] });
    expect(await postingsOfResult(win)).toEqual(
      ordered(transfer(house, playerAccount(p, 'cash'), 6_000n)),
    );

    const held = await wallet.stake({
      ...slip,
      externalId: id('s'),
      amountPaise: 1_000n,
      mode: 'hold',
    });
    expect(held).toMatchObject({ ok: true, parts: [cash(1_000n)] });
    expect(await postingsOfResult(held)).toEqual(ordered(holdAdjustmentPostings(p, 0n, 1_000n)));
    const settleId = id('settle');
    const settled = await wallet.settle({ ...slip, externalId: settleId, payoutPaise: 2_500n });
    expect(settled).toMatchObject({ ok: true, wallet: 'cash', parts: [cash(2_500n)] });
    expect(await postingsOfResult(settled)).toEqual(
      ordered(
        settlementPostings({
          playerId: p,
          heldExposurePaise: 1_000n,
          grossPnlPaise: 1_500n,
          commissionPaise: 0n,
          counterparty: house,
        }),
      ),
    );
    const reversed = await wallet.reverse({
      ...slip,
      externalId: id('rev'),
      targetExternalId: settleId,
    });
    expect(reversed).toMatchObject({ ok: true, parts: [cash(2_500n)] });
    const lost = await wallet.settle({ ...slip, externalId: id('settle'), payoutPaise: 0n });
    expect(lost).toMatchObject({ ok: true, wallet: 'cash', parts: [] });

    const voided = id('bet');
    await wallet.stake({ ...game, externalId: voided, amountPaise: 400n, mode: 'debit' });
    const refund = await wallet.rollback({
      ...game,
      externalId: id('rb'),
      targetExternalId: voided,
    });
    expect(refund).toMatchObject({ ok: true, parts: [cash(400n)] });
    await wallet.stake({ ...open, externalId: id('s'), amountPaise: 700n, mode: 'hold' });
    const released = await wallet.release({ ...open, externalId: id('rel'), holdToPaise: 300n });
    expect(released).toMatchObject({ ok: true, parts: [cash(400n)] });

    const stored = await storedOf(playerId);
    expect(stored.operations.length).toBe(10);
    for (const operation of stored.operations) {
      expect(operation).toMatchObject({ wallet: 'cash', parts: null, hold_parts: null });
    }
    expect(stored.holds).toEqual([{ round_id: open.roundId, held_paise: '300', parts: null }]);
    const published = await eventsOf(playerId, 9);
    expect(published.length).toBe(9);
    for (const event of published) {
      expect(event.wallet).toBe('cash');
      for (const part of event.parts) expect(part.wallet).toBe('cash');
    }
    expect(published[0]).toMatchObject({
      operation: 'stake',
      parts: [{ wallet: 'cash', amountPaise: '2500' }],
    });
    expect(await wallets(playerId)).toEqual({ cash: 12_200n, coins: 0n, held: 300n });
    await expectLedgerBalanced();
  });

  it('a stake larger than cash takes cash then coins; a win, a refund and a reversal pay back by the parts', async () => {
    const playerId = await player(1_000n, 5_000n);
    const game = { product: 'casino' as const, playerId, roundId: id('game') };
    const stakeInput = {
      ...game,
      externalId: id('bet'),
      amountPaise: 3_000n,
      mode: 'debit' as const,
    };
    expect(await bonusWallet.stake(stakeInput)).toMatchObject({
      ok: true,
      wallet: 'cash',
      parts: [cash(1_000n), coins(2_000n)],
      balancePaise: 0n,
    });
    expect(await bonusWallet.stake(stakeInput)).toMatchObject({
      replay: true,
      parts: [cash(1_000n), coins(2_000n)],
    });
    expect(await wallets(playerId)).toEqual({ cash: 0n, coins: 3_000n, held: 0n });
    // The win goes back in the stake's proportion (1 : 2), the remainder paisa to cash.
    const winId = id('win');
    expect(await bonusWallet.win({ ...game, externalId: winId, amountPaise: 601n })).toMatchObject({
      ok: true,
      parts: [cash(201n), coins(400n)],
    });
    expect(await wallets(playerId)).toEqual({ cash: 201n, coins: 3_400n, held: 0n });

    // A refund returns exactly what the stake took.
    const other = { product: 'casino' as const, playerId, roundId: id('game') };
    const voided = id('bet');
    expect(
      await bonusWallet.stake({ ...other, externalId: voided, amountPaise: 1_000n, mode: 'debit' }),
    ).toMatchObject({ parts: [cash(201n), coins(799n)] });
    expect(
      await bonusWallet.rollback({ ...other, externalId: id('rb'), targetExternalId: voided }),
    ).toMatchObject({ ok: true, parts: [cash(201n), coins(799n)] });
    expect(await wallets(playerId)).toEqual({ cash: 201n, coins: 3_400n, held: 0n });

    // Reversing the win takes it back from the wallets it was paid into.
    expect(
      await bonusWallet.reverse({ ...game, externalId: id('rev'), targetExternalId: winId }),
    ).toMatchObject({ ok: true, parts: [cash(201n), coins(400n)] });
    expect(await wallets(playerId)).toEqual({ cash: 0n, coins: 3_000n, held: 0n });
    // Not enough anywhere: refused as a cash stake past the balance is, nothing moves.
    expect(
      await bonusWallet.stake({
        ...game,
        externalId: id('bet'),
        amountPaise: 3_001n,
        mode: 'debit',
      }),
    ).toEqual({ ok: false, code: 'INSUFFICIENT_FUNDS' });
    expect(await wallets(playerId)).toEqual({ cash: 0n, coins: 3_000n, held: 0n });

    const stored = await storedOf(playerId);
    expect(stored.operations[0]).toMatchObject({
      wallet: 'cash',
      parts: [
        { wallet: 'cash', amountPaise: '1000' },
        { wallet: 'coins', amountPaise: '2000' },
      ],
    });
    const published = await eventsOf(playerId, 5);
    expect(published[0]).toMatchObject({
      operation: 'stake',
      stakePaise: '3000',
      parts: [
        { wallet: 'cash', amountPaise: '1000' },
        { wallet: 'coins', amountPaise: '2000' },
      ],
    });
    expect(published[1]).toMatchObject({
      operation: 'win',
      parts: [
        { wallet: 'cash', amountPaise: '201' },
        { wallet: 'coins', amountPaise: '400' },
      ],
    });
    await expectLedgerBalanced();
  });

  it('holds keep their parts: a lost settle, a won settle, its reversal, a void and a partial release', async () => {
    const playerId = await player(1_000n, 5_000n);
    const slip = () => ({ product: 'sportsbook' as const, playerId, roundId: id('slip') });

    const first = slip();
    expect(
      await bonusWallet.stake({ ...first, externalId: id('s'), amountPaise: 1_500n, mode: 'hold' }),
    ).toMatchObject({ parts: [cash(1_000n), coins(500n)] });
    expect((await storedOf(playerId)).holds).toEqual([
      {
        round_id: first.roundId,
        held_paise: '1500',
        parts: [
          { wallet: 'cash', amountPaise: '1000' },
          { wallet: 'coins', amountPaise: '500' },
        ],
      },
    ]);
    const lostId = id('settle');
    expect(
      await bonusWallet.settle({ ...first, externalId: lostId, payoutPaise: 0n }),
    ).toMatchObject({ ok: true, parts: [] });
    expect(await wallets(playerId)).toEqual({ cash: 0n, coins: 4_500n, held: 0n });
    expect((await storedOf(playerId)).operations.at(-1)).toMatchObject({
      external_id: lostId,
      parts: null,
      hold_parts: [
        { wallet: 'cash', amountPaise: '1000' },
        { wallet: 'coins', amountPaise: '500' },
      ],
    });

    expect((await fund(deps, playerId, 1_000n)).ok).toBe(true);
    const second = slip();
    const stakeId = id('s');
    expect(
      await bonusWallet.stake({
        ...second,
        externalId: stakeId,
        amountPaise: 3_000n,
        mode: 'hold',
      }),
    ).toMatchObject({ parts: [cash(1_000n), coins(2_000n)] });
    const wonId = id('settle');
    expect(
      await bonusWallet.settle({ ...second, externalId: wonId, payoutPaise: 6_000n }),
    ).toMatchObject({ ok: true, parts: [cash(2_000n), coins(4_000n)] });
    expect(await wallets(playerId)).toEqual({ cash: 2_000n, coins: 6_500n, held: 0n });
    expect(
      await bonusWallet.reverse({ ...second, externalId: id('rev'), targetExternalId: wonId }),
    ).toMatchObject({ ok: true, parts: [cash(2_000n), coins(4_000n)] });
    expect(await wallets(playerId)).toEqual({ cash: 0n, coins: 2_500n, held: 3_000n });
    // The hold is back with the wallets it was settled from; the void refunds them exactly.
    expect(
      await bonusWallet.rollback({ ...second, externalId: id('rb'), targetExternalId: stakeId }),
    ).toMatchObject({ ok: true, parts: [cash(1_000n), coins(2_000n)] });
    expect(await wallets(playerId)).toEqual({ cash: 1_000n, coins: 4_500n, held: 0n });

    const third = slip();
    await bonusWallet.stake({ ...third, externalId: id('s'), amountPaise: 2_000n, mode: 'hold' });
    expect(
      await bonusWallet.release({ ...third, externalId: id('rel'), holdToPaise: 1_001n }),
    ).toMatchObject({ ok: true, parts: [cash(500n), coins(499n)] });
    expect(
      await bonusWallet.settle({ ...third, externalId: id('settle'), payoutPaise: 1_001n }),
    ).toMatchObject({ ok: true, parts: [cash(500n), coins(501n)] });
    expect(await wallets(playerId)).toEqual({ cash: 1_000n, coins: 4_500n, held: 0n });
    expect((await storedOf(playerId)).holds).toEqual([]);
    await expectLedgerBalanced();
  });

  /** A batch's moves for one player (prefix: the run), then a second batch with a replay. */
  function batchesOf(playerId: number, prefix: string): BatchMoveInput[][] {
    const game = { product: 'casino' as const, playerId, roundId: `${prefix}game` };
    const later = { product: 'casino' as const, playerId, roundId: `${prefix}later` };
    const slip = { product: 'sportsbook' as const, playerId, roundId: `${prefix}slip` };
    const e = (name: string) => `${prefix}${name}`;
    const bet = { ...game, externalId: e('b1'), amountPaise: 1_500n, mode: 'debit' as const };
    return [
      [
        { operation: 'stake', input: bet },
        {
          operation: 'stake',
          input: { ...slip, externalId: e('h1'), amountPaise: 1_500n, mode: 'hold' },
        },
        { operation: 'win', input: { ...game, externalId: e('w1'), amountPaise: 901n } },
        { operation: 'release', input: { ...slip, externalId: e('r1'), holdToPaise: 700n } },
        {
          operation: 'stake',
          input: { ...later, externalId: e('b2'), amountPaise: 2_000n, mode: 'debit' },
        },
      ],
      [
        { operation: 'stake', input: bet },
        {
          operation: 'win',
          input: { ...later, externalId: e('w2'), amountPaise: 1_000n, close: true },
        },
        {
          operation: 'stake',
          input: { ...slip, externalId: e('h2'), amountPaise: 300n, mode: 'hold' },
        },
      ],
    ];
  }

  async function runBatches(batches: BatchMoveInput[][], oneByOne: boolean) {
    const answers: unknown[] = [];
    for (const moves of batches) {
      const answer = await ledgerTransaction(deps, async (ctx) =>
        oneByOne
          ? bonusWallet.applyManyOneByOne(ctx, moves)
          : bonusWallet.within(ctx).applyMany(moves),
      );
      if (!Array.isArray(answer)) throw new Error(`batch failed: ${answer.code}`);
      answers.push(
        answer.map((result) =>
          result.ok
            ? { ...result, operationId: 'id', transactionId: result.transactionId && 'tx' }
            : result,
        ),
      );
    }
    return answers;
  }

  it('applyMany draws and pays back by the parts exactly as the single operations do', async () => {
    const loopPlayer = await player(1_000n, 5_000n);
    const batchPlayer = await player(1_000n, 5_000n);
    const loop = await runBatches(batchesOf(loopPlayer, 'L-'), true);
    const batch = await runBatches(batchesOf(batchPlayer, 'B-'), false);
    expect(batch).toEqual(loop);
    expect(batch[0]).toMatchObject([
      { parts: [cash(1_000n), coins(500n)] },
      { parts: [coins(1_500n)] },
      // 1,000 : 500 of the game's stake.
      { parts: [cash(601n), coins(300n)] },
      { parts: [coins(800n)] },
      { parts: [cash(601n), coins(1_399n)] },
    ]);
    expect(batch[1]).toMatchObject([
      { replay: true, parts: [cash(1_000n), coins(500n)] },
      // 601 : 1,399 of the later round's stake, the remainder paisa to cash.
      { parts: [cash(301n), coins(699n)] },
      { parts: [cash(300n)] },
    ]);
    expect(await storedOf(batchPlayer, 'B-')).toEqual(await storedOf(loopPlayer, 'L-'));
    expect(await wallets(batchPlayer)).toEqual(await wallets(loopPlayer));
    expect(await wallets(batchPlayer)).toEqual({ cash: 1n, coins: 3_400n, held: 1_000n });
    await expectLedgerBalanced();
  });
});

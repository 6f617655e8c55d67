import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../../db/database.ts';
import type { PublishedWalletEvent } from '../../../outbox/outbox-worker.ts';
import { drivers, startHarness, type Harness } from '../../../test/harness.ts';
import { fund, insertPlayer } from '../../../test/wallet.ts';
import { ledgerTotals, walletVersionOf } from '../ledger/ledger-repository.ts';
import { getWalletView, type LedgerDeps } from '../ledger/ledger-service.ts';
import { walletTransaction } from './money-operations.ts';
import { WALLET_EVENTS, WalletApi, type WalletEventPayload } from './wallet-api.ts';
import type { LimitPolicy } from '../policies/wallet-policies.ts';

describe.each(drivers)('wallet API on %s', (driver) => {
  let h: Harness;
  let deps: LedgerDeps;
  let wallet: WalletApi;
  let seq = 0;
  const events: PublishedWalletEvent[] = [];

  beforeAll(async () => {
    h = await startHarness(driver);
    deps = { db: h.db, clock: h.clock, realtime: h.app.realtime };
    wallet = new WalletApi(deps);
    h.app.outbox.onWalletEvent((event) => events.push(event));
  });
  afterAll(async () => {
    await h?.close();
  });

  const id = (prefix: string) => `${prefix}-${++seq}`;

  async function funded(paise: bigint, isDemo = false): Promise<number> {
    const player = await insertPlayer(h.db, isDemo);
    const result = await fund(deps, player, paise);
    expect(result.ok).toBe(true);
    return player;
  }

  const balanceOf = async (player: number) => (await getWalletView(h.db, player)).balancePaise;

  async function expectLedgerBalanced() {
    const totals = await ledgerTotals(h.db);
    expect(totals.postingsSum).toBe(0n);
    expect(totals.playerRowsSum + totals.systemPostingsSum).toBe(0n);
    expect(totals.playerRowsDisagreeing).toBe(0);
    expect(totals.unbalancedTransactions).toBe(0);
  }

  async function countRows(table: 'wallet_operations' | 'ledger_transactions', player: number) {
    const [row] = await executeRows<{ n: string | number }>(
      h.db,
      sql`select count(*) as n from ${sql.raw(table)} where player_id = ${player}`,
    );
    return Number(row?.n ?? 0);
  }

  /** Waits until the outbox worker published the player's wallet events (at least `n`). */
  async function walletEventsOf(player: number, n: number): Promise<WalletEventPayload[]> {
    for (let tries = 0; tries < 100; tries += 1) {
      const mine = events.filter((e) => e.playerId === player);
      if (mine.length >= n) return mine.map((e) => ({ ...(e.payload as WalletEventPayload) }));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`player ${player} got fewer than ${n} wallet events`);
  }

  it('a debit stake and its win move cash through the house, once per external id', async () => {
    const player = await funded(10_000n);
    const round = id('round');
    const stake = {
      product: 'casino' as const,
      externalId: id('bet'),
      playerId: player,
      roundId: round,
      amountPaise: 2_500n,
      mode: 'debit' as const,
    };
    const first = await wallet.stake(stake);
    expect(first).toMatchObject({ ok: true, replay: false, wallet: 'cash', balancePaise: 7_500n });
    const again = await wallet.stake(stake);
    expect(again).toEqual({ ...first, replay: true });
    expect(await wallet.stake({ ...stake, amountPaise: 2_600n })).toEqual({
      ok: false,
      code: 'DUPLICATE',
    });
    // The same external id under another operation is another request too.
    expect(await wallet.win({ ...stake, amountPaise: 1n, externalId: stake.externalId })).toEqual({
      ok: false,
      code: 'DUPLICATE',
    });
    const win = await wallet.win({
      product: 'casino',
      externalId: id('win'),
      playerId: player,
      roundId: round,
      amountPaise: 6_000n,
    });
    expect(win).toMatchObject({ ok: true, balancePaise: 13_500n });
    if (!first.ok || !win.ok) return;
    expect(win.walletVersion).toBe(first.walletVersion + 1);
    expect(await balanceOf(player)).toBe(13_500n);
    const published = await walletEventsOf(player, 2);
    expect(published.map((e) => [e.operation, e.stakePaise, e.payoutPaise])).toEqual([
      ['stake', '2500', '0'],
      // The win settles the round: it carries the round's stake (issue 41), not 0.
      ['win', '2500', '6000'],
    ]);
    expect(published[0]).toMatchObject({ product: 'casino', roundId: round, wallet: 'cash' });
    await expectLedgerBalanced();
  });

  it('a hold stake is exposure until settle pays, collects or refunds it', async () => {
    const player = await funded(10_000n);
    const base = { product: 'sportsbook' as const, playerId: player };
    const won = id('slip');
    const lost = id('slip');
    const voided = id('slip');
    for (const roundId of [won, lost, voided]) {
      const held = await wallet.stake({
        ...base,
        roundId,
        externalId: `${roundId}:stake`,
        amountPaise: 1_000n,
        mode: 'hold',
      });
      expect(held.ok).toBe(true);
    }
    expect(await getWalletView(h.db, player)).toMatchObject({
      balancePaise: 7_000n,
      exposurePaise: 3_000n,
      cashPaise: 10_000n,
    });
    await wallet.settle({
      ...base,
      roundId: won,
      externalId: `${won}:settle`,
      payoutPaise: 2_500n,
    });
    await wallet.settle({ ...base, roundId: lost, externalId: `${lost}:settle`, payoutPaise: 0n });
    const voidResult = await wallet.settle({
      ...base,
      roundId: voided,
      externalId: `${voided}:settle`,
      payoutPaise: 1_000n,
    });
    expect(voidResult).toMatchObject({ ok: true, balancePaise: 10_500n });
    expect(await getWalletView(h.db, player)).toMatchObject({
      balancePaise: 10_500n,
      exposurePaise: 0n,
    });
    const published = await walletEventsOf(player, 6);
    expect(published.filter((e) => e.operation === 'settle').map((e) => e.payoutPaise)).toEqual([
      '2500',
      '0',
      '1000',
    ]);
    await expectLedgerBalanced();
  });

  it('holds move to a new required amount per round, as the exchange needs', async () => {
    const player = await funded(10_000n);
    const market = { product: 'exchange' as const, playerId: player, roundId: id('market') };
    // Back 10 at 3.0: exposure 10. A lay that hedges lowers it; a cancel releases it.
    const back = await wallet.stake({
      ...market,
      externalId: id('order'),
      amountPaise: 1_000n,
      mode: 'hold',
      holdToPaise: 1_000n,
    });
    expect(back).toMatchObject({ ok: true, balancePaise: 9_000n });
    const hedge = await wallet.stake({
      ...market,
      externalId: id('order'),
      amountPaise: 500n,
      mode: 'hold',
      holdToPaise: 400n,
    });
    expect(hedge).toMatchObject({ ok: true, balancePaise: 9_600n });
    // A maker whose exposure a fill raised: the hold moves with no new stake.
    const filled = await wallet.stake({
      ...market,
      externalId: id('fill'),
      amountPaise: 0n,
      mode: 'hold',
      holdToPaise: 700n,
    });
    expect(filled).toMatchObject({ ok: true, balancePaise: 9_300n });
    expect(
      await wallet.release({ ...market, externalId: id('cancel'), holdToPaise: 900n }),
    ).toEqual({ ok: false, code: 'INVALID_AMOUNT' });
    const settled = await wallet.settle({
      ...market,
      externalId: `settle:${market.roundId}:v1:p${player}`,
      ledgerKey: `settle:${market.roundId}:v1:p${player}`,
      payoutPaise: 1_300n,
      commissionPaise: 100n,
    });
    expect(settled).toMatchObject({ ok: true, balancePaise: 10_600n });
    const [key] = await executeRows<{ idempotency_key: string }>(
      h.db,
      sql`select idempotency_key from ledger_transactions where player_id = ${player}
          and kind = 'bet_settlement'`,
    );
    expect(key?.idempotency_key).toBe(`settle:${market.roundId}:v1:p${player}`);
    expect((await getWalletView(h.db, player)).exposurePaise).toBe(0n);
    await expectLedgerBalanced();
  });

  it('reverses a settlement: payout back from cash, hold and commission restored, once', async () => {
    const player = await funded(10_000n);
    const round = { product: 'exchange' as const, playerId: player, roundId: id('market') };
    await wallet.stake({
      ...round,
      externalId: id('order'),
      amountPaise: 1_000n,
      mode: 'hold',
      holdToPaise: 1_000n,
    });
    const settleId = `settle:${round.roundId}:v1:p${player}`;
    await wallet.settle({
      ...round,
      externalId: settleId,
      payoutPaise: 2_800n,
      commissionPaise: 200n,
    });
    expect(await balanceOf(player)).toBe(11_800n);
    const reverse = {
      ...round,
      externalId: `unsettle:${round.roundId}:v1:p${player}`,
      targetExternalId: settleId,
      payoutPaise: 2_800n,
      commissionPaise: 200n,
      holdToPaise: 1_000n,
    };
    expect(await wallet.reverse({ ...reverse, payoutPaise: 2_700n })).toEqual({
      ok: false,
      code: 'INVALID_AMOUNT',
    });
    expect(await wallet.reverse(reverse)).toMatchObject({ ok: true, balancePaise: 9_000n });
    expect(await getWalletView(h.db, player)).toMatchObject({
      balancePaise: 9_000n,
      exposurePaise: 1_000n,
      cashPaise: 10_000n,
    });
    expect(await wallet.reverse(reverse)).toMatchObject({ ok: true, replay: true });
    expect(await wallet.reverse({ ...reverse, externalId: id('again') })).toEqual({
      ok: false,
      code: 'ROLLED_BACK',
    });
    // Settled again (version 2, the other result): the restored hold is released once more.
    const again = await wallet.settle({
      ...round,
      externalId: `settle:${round.roundId}:v2:p${player}`,
      payoutPaise: 0n,
    });
    expect(again).toMatchObject({ ok: true, balancePaise: 9_000n });
    expect((await getWalletView(h.db, player)).exposurePaise).toBe(0n);
    await expectLedgerBalanced();
  });

  it('refuses a reversal the cash no longer covers, and a target that is not a settlement', async () => {
    const player = await funded(1_000n);
    const round = { product: 'exchange' as const, playerId: player, roundId: id('market') };
    const stakeId = id('order');
    await wallet.stake({ ...round, externalId: stakeId, amountPaise: 1_000n, mode: 'hold' });
    const settleId = id('settle');
    await wallet.settle({ ...round, externalId: settleId, payoutPaise: 3_000n });
    const payout = await wallet.stake({
      product: 'casino',
      externalId: id('bet'),
      playerId: player,
      roundId: id('round'),
      amountPaise: 2_500n,
      mode: 'debit',
    });
    expect(payout).toMatchObject({ ok: true, balancePaise: 500n });
    const reverse = {
      ...round,
      externalId: id('unsettle'),
      targetExternalId: settleId,
      payoutPaise: 3_000n,
      holdToPaise: 1_000n,
    };
    expect(await wallet.reverse(reverse)).toEqual({ ok: false, code: 'INSUFFICIENT_FUNDS' });
    expect(await balanceOf(player)).toBe(500n);
    expect(await wallet.reverse({ ...reverse, targetExternalId: stakeId })).toEqual({
      ok: false,
      code: 'NOT_ROLLBACKABLE',
    });
    await expectLedgerBalanced();
  });

  it('refuses a stake the player cannot cover, writing nothing', async () => {
    const player = await funded(1_000n);
    const opsBefore = await countRows('wallet_operations', player);
    const result = await wallet.stake({
      product: 'crash',
      externalId: id('bet'),
      playerId: player,
      roundId: id('game'),
      amountPaise: 1_001n,
      mode: 'debit',
    });
    expect(result).toEqual({ ok: false, code: 'INSUFFICIENT_FUNDS' });
    expect(await countRows('wallet_operations', player)).toBe(opsBefore);
    expect(await balanceOf(player)).toBe(1_000n);
  });

  it('a registered limit policy refuses a stake before any debit, and nothing is written', async () => {
    const player = await funded(10_000n);
    const asked: bigint[] = [];
    const lifts = new Date('2030-01-02T00:00:00.000Z');
    const maxStake: LimitPolicy = (request) => {
      asked.push(request.debitPaise);
      return request.stakePaise > 500n
        ? { allow: false, code: 'LIMIT_REACHED', limit: 'max-stake', until: lifts }
        : { allow: true };
    };
    const limited = new WalletApi(deps, { limitPolicies: [maxStake] });
    const opsBefore = await countRows('wallet_operations', player);
    const txBefore = await countRows('ledger_transactions', player);
    const versionBefore = await walletVersionOf(h.db, player);
    const refused = await limited.stake({
      product: 'casino',
      externalId: id('bet'),
      playerId: player,
      roundId: id('round'),
      amountPaise: 600n,
      mode: 'debit',
    });
    expect(refused).toEqual({ ok: false, code: 'LIMIT_REACHED', limit: 'max-stake', until: lifts });
    expect(await countRows('wallet_operations', player)).toBe(opsBefore);
    expect(await countRows('ledger_transactions', player)).toBe(txBefore);
    // No money change, so no update_balance or wallet event was queued either.
    expect(await walletVersionOf(h.db, player)).toBe(versionBefore);
    expect(await balanceOf(player)).toBe(10_000n);
    // Under the limit it passes; a win is no debit and is never asked about.
    const allowed = await limited.stake({
      product: 'casino',
      externalId: id('bet'),
      playerId: player,
      roundId: id('round'),
      amountPaise: 500n,
      mode: 'debit',
    });
    expect(allowed).toMatchObject({ ok: true, balancePaise: 9_500n });
    await limited.win({
      product: 'casino',
      externalId: id('win'),
      playerId: player,
      roundId: id('round'),
      amountPaise: 700n,
    });
    expect(asked).toEqual([600n, 500n]);
  });

  it('rolls back a stake once; an unknown one leaves a marker that refuses it later', async () => {
    const player = await funded(5_000n);
    const round = id('round');
    const stakeId = id('bet');
    await wallet.stake({
      product: 'casino',
      externalId: stakeId,
      playerId: player,
      roundId: round,
      amountPaise: 2_000n,
      mode: 'debit',
    });
    const rollback = {
      product: 'casino' as const,
      externalId: id('rb'),
      playerId: player,
      roundId: round,
      targetExternalId: stakeId,
    };
    const undone = await wallet.rollback(rollback);
    expect(undone).toMatchObject({ ok: true, balancePaise: 5_000n });
    expect(await wallet.rollback(rollback)).toEqual({ ...undone, replay: true });
    expect(await wallet.rollback({ ...rollback, externalId: id('rb') })).toEqual({
      ok: false,
      code: 'ROLLED_BACK',
    });

    const early = id('bet');
    expect(
      await wallet.rollback({ ...rollback, externalId: id('rb'), targetExternalId: early }),
    ).toEqual({ ok: false, code: 'NOT_FOUND' });
    expect(
      await wallet.stake({
        product: 'casino',
        externalId: early,
        playerId: player,
        roundId: round,
        amountPaise: 100n,
        mode: 'debit',
      }),
    ).toEqual({ ok: false, code: 'ROLLED_BACK' });
    expect(await balanceOf(player)).toBe(5_000n);
    await expectLedgerBalanced();
  });

  it('refuses to roll back a stake whose round paid out and closed, and a win', async () => {
    const player = await funded(5_000n);
    const round = id('round');
    const stakeId = id('bet');
    const winId = id('win');
    const base = { product: 'casino' as const, playerId: player, roundId: round };
    await wallet.stake({ ...base, externalId: stakeId, amountPaise: 1_000n, mode: 'debit' });
    // A win closes its round only when it says so (wallet-rounds.test.ts: one that does not).
    await wallet.win({ ...base, externalId: winId, amountPaise: 3_000n, close: true });
    expect(
      await wallet.rollback({ ...base, externalId: id('rb'), targetExternalId: stakeId }),
    ).toEqual({ ok: false, code: 'ROUND_CLOSED' });
    expect(
      await wallet.rollback({ ...base, externalId: id('rb'), targetExternalId: winId }),
    ).toEqual({ ok: false, code: 'NOT_ROLLBACKABLE' });
    expect(await balanceOf(player)).toBe(7_000n);
  });

  it('rolls back a held stake by giving its share of the hold back', async () => {
    const player = await funded(5_000n);
    const base = { product: 'sportsbook' as const, playerId: player, roundId: id('slip') };
    const stakeId = id('bet');
    await wallet.stake({ ...base, externalId: stakeId, amountPaise: 1_500n, mode: 'hold' });
    const undone = await wallet.rollback({
      ...base,
      externalId: id('rb'),
      targetExternalId: stakeId,
    });
    expect(undone).toMatchObject({ ok: true, balancePaise: 5_000n });
    expect((await getWalletView(h.db, player)).exposurePaise).toBe(0n);
    await expectLedgerBalanced();
  });

  it('demo players win from and lose to play money, never the house', async () => {
    const player = await insertPlayer(h.db, true);
    const house = async () =>
      (
        await executeRows<{ s: string | bigint | null }>(
          h.db,
          sql`select coalesce(sum(p.amount_paise), 0) as s from ledger_postings p
              join ledger_accounts a on a.id = p.account_id
              where a.owner = 'system' and a.kind = 'house'`,
        )
      )[0]?.s;
    const houseBefore = await house();
    await walletTransaction(deps, async (ctx) => {
      const ops = wallet.within(ctx);
      // Funding through the API's own counterparty: a void settlement pays from play money.
      const base = { product: 'casino' as const, playerId: player, roundId: id('round') };
      return ops.win({ ...base, externalId: id('win'), amountPaise: 900n });
    });
    await wallet.stake({
      product: 'casino',
      externalId: id('bet'),
      playerId: player,
      roundId: id('round'),
      amountPaise: 400n,
      mode: 'debit',
    });
    expect(await balanceOf(player)).toBe(500n);
    expect(await house()).toEqual(houseBefore);
    const published = await walletEventsOf(player, 2);
    expect(published.every((e) => e.playMoney)).toBe(true);
  });

  it('runs inside a transaction the caller opened, which can still roll it all back', async () => {
    const player = await funded(3_000n);
    const externalId = id('order');
    const outcome = await walletTransaction(deps, async (ctx) => {
      const held = await wallet.within(ctx).stake({
        product: 'exchange',
        externalId,
        playerId: player,
        roundId: id('market'),
        amountPaise: 1_000n,
        mode: 'hold',
      });
      expect(held).toMatchObject({ ok: true, balancePaise: 2_000n });
      // A later step of the caller's own work fails: the stake must go with it.
      await wallet.within(ctx).stake({
        product: 'exchange',
        externalId: id('order'),
        playerId: player,
        roundId: id('market'),
        amountPaise: 5_000n,
        mode: 'hold',
      });
      return { ok: true as const };
    });
    expect(outcome).toEqual({ ok: false, code: 'INSUFFICIENT_FUNDS' });
    expect(await balanceOf(player)).toBe(3_000n);
    expect(await countRows('wallet_operations', player)).toBe(0);
  });

  it('100 parallel copies of one stake debit once and all answer the same', async () => {
    const player = await funded(10_000n);
    const stake = {
      product: 'crash' as const,
      externalId: id('bet'),
      playerId: player,
      roundId: id('game'),
      amountPaise: 100n,
      mode: 'debit' as const,
    };
    const results = await Promise.all(Array.from({ length: 100 }, () => wallet.stake(stake)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(results.filter((r) => r.ok && !r.replay)).toHaveLength(1);
    expect(new Set(results.map((r) => (r.ok ? r.operationId : '')))).toHaveProperty('size', 1);
    expect(await balanceOf(player)).toBe(9_900n);
    const stakes = await walletEventsOf(player, 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stakes.filter((e) => e.operation === 'stake')).toHaveLength(1);
    expect(
      events.filter((e) => e.playerId === player && e.event === WALLET_EVENTS.stake),
    ).toHaveLength(1);
    await expectLedgerBalanced();
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { executeRows } from '../../../db/database.ts';
import { drivers, startHarness, type Harness } from '../../../test/harness.ts';
import { fund, insertPlayer } from '../../../test/wallet.ts';
import { getWalletView, type LedgerDeps } from './ledger-service.ts';
import { creditDeposit, walletTransaction } from '../api/money-operations.ts';
import { WalletApi, type StakeInput, type WalletResult } from '../api/wallet-api.ts';
import { setMoneyMode, setPlayerRestrictions } from './wallet-player-repository.ts';
import type { DepositPolicy, LimitPolicy } from '../policies/wallet-policies.ts';

/*
 * Issue 41 items 2 to 4: the wallet's own player row, locked first, decides play money and
 * carries the exclusion and time-out ends; the hourly totals are written with the money
 * move and read by the policies; deposits pass the same door.
 */

/** A daily stake limit of 10 points (1,000 paise), from the totals of the last 24 hours. */
const DAILY_STAKE_LIMIT_PAISE = 1_000n;
const dailyStakeLimit: LimitPolicy = (request, player) =>
  player.totals.last24h.stakedPaise + request.debitPaise > DAILY_STAKE_LIMIT_PAISE
    ? { allow: false, code: 'LIMIT_REACHED', limit: 'daily-stake', until: null }
    : { allow: true };

/** Refuses any debit while the row says the player is excluded or timed out. */
const restrictions: LimitPolicy = (request, player) => {
  if (player.excludedUntil && player.excludedUntil > request.now) {
    return {
      allow: false,
      code: 'SELF_EXCLUDED',
      limit: 'self-exclusion',
      until: player.excludedUntil,
    };
  }
  return { allow: true };
};

/** A deposit limit of 50 points over 24 hours. */
const dailyDepositLimit: DepositPolicy = (request, player) =>
  player.totals.last24h.depositedPaise + request.amountPaise > 5_000n
    ? { allow: false, code: 'LIMIT_REACHED', limit: 'daily-deposit', until: null }
    : { allow: true };

describe.each(drivers)("the wallet's player row on %s", (driver) => {
  let h: Harness;
  let deps: LedgerDeps;
  let seq = 0;
  let depositId = 900_000;

  beforeAll(async () => {
    h = await startHarness(driver);
    deps = { db: h.db, clock: h.clock, realtime: h.app.realtime };
  });
  afterAll(async () => {
    await h?.close();
  });

  const id = (prefix: string) => `${prefix}-${++seq}`;

  async function funded(paise: bigint, isDemo = false): Promise<number> {
    const player = await insertPlayer(h.db, isDemo);
    expect((await fund(deps, player, paise)).ok).toBe(true);
    return player;
  }

  const debitStake = (player: number, amountPaise: bigint): StakeInput => ({
    product: 'casino',
    externalId: id('bet'),
    playerId: player,
    roundId: id('round'),
    amountPaise,
    mode: 'debit',
  });

  async function hoursOf(player: number) {
    const [row] = await executeRows<Record<string, string | bigint | null>>(
      h.db,
      sql`select coalesce(sum(deposited_paise), 0) as deposited, coalesce(sum(staked_paise), 0) as staked,
                 coalesce(sum(won_paise), 0) as won, count(*) as rows
          from wallet_player_hours where player_id = ${player}`,
    );
    const big = (key: string) => BigInt(row?.[key] ?? 0);
    return {
      depositedPaise: big('deposited'),
      stakedPaise: big('staked'),
      wonPaise: big('won'),
      lostPaise: big('staked') - big('won'),
      netPaise: big('deposited') + big('won') - big('staked'),
      rows: Number(row?.rows ?? 0),
    };
  }

  it('two parallel stakes of one player in different rounds: exactly one passes a limit allowing one', async () => {
    const wallet = new WalletApi(deps, { limitPolicies: [dailyStakeLimit] });
    // The single path: each stake in a transaction of its own.
    const single = await funded(10_000n);
    const singles = await Promise.all([
      wallet.stake(debitStake(single, 1_000n)),
      wallet.stake(debitStake(single, 1_000n)),
    ]);
    expect(singles.filter((r) => r.ok)).toHaveLength(1);
    expect(singles.find((r) => !r.ok)).toMatchObject({
      code: 'LIMIT_REACHED',
      limit: 'daily-stake',
    });
    expect((await getWalletView(h.db, single)).cashPaise).toBe(9_000n);

    // The batch path: each stake in its own transaction's applyMany.
    const batched = await funded(10_000n);
    const inBatch = (input: StakeInput) =>
      walletTransaction(deps, (ctx) =>
        wallet.within(ctx).applyMany([{ operation: 'stake', input }]),
      );
    const answers = (await Promise.all([
      inBatch(debitStake(batched, 1_000n)),
      inBatch(debitStake(batched, 1_000n)),
    ])) as WalletResult[][];
    const flat = answers.flat();
    expect(flat.filter((r) => r.ok)).toHaveLength(1);
    expect(flat.find((r) => !r.ok)).toMatchObject({ code: 'LIMIT_REACHED' });
    expect((await getWalletView(h.db, batched)).cashPaise).toBe(9_000n);
    expect((await hoursOf(batched)).stakedPaise).toBe(1_000n);
  });

  it('stake, win, settle and deposit write the hourly totals in their transaction', async () => {
    const wallet = new WalletApi(deps);
    const player = await funded(10_000n);
    const stake = debitStake(player, 2_500n);
    expect((await wallet.stake(stake)).ok).toBe(true);
    expect((await wallet.win({ ...stake, externalId: id('win'), amountPaise: 4_000n })).ok).toBe(
      true,
    );
    const round = id('market');
    const hold = { product: 'exchange' as const, playerId: player, roundId: round };
    expect(
      (await wallet.stake({ ...hold, externalId: id('order'), amountPaise: 1_000n, mode: 'hold' }))
        .ok,
    ).toBe(true);
    expect((await wallet.settle({ ...hold, externalId: id('settle'), payoutPaise: 0n })).ok).toBe(
      true,
    );
    const deposited = await walletTransaction(deps, (ctx) =>
      creditDeposit(ctx, wallet.policies, {
        depositId: ++depositId,
        playerId: player,
        amountPaise: 3_000n,
        description: 'test deposit',
      }),
    );
    expect(deposited).toMatchObject({ replay: false });

    const hours = await hoursOf(player);
    // Staked: the debit stake and the hold; won: the win (the settle paid nothing back).
    expect(hours).toMatchObject({
      depositedPaise: 3_000n,
      stakedPaise: 3_500n,
      wonPaise: 4_000n,
      lostPaise: -500n,
      netPaise: 3_500n,
      rows: 1,
    });
    // A play-mode player's moves are points, not money: no totals.
    const demo = await funded(10_000n, true);
    expect((await wallet.stake(debitStake(demo, 1_000n))).ok).toBe(true);
    expect((await hoursOf(demo)).rows).toBe(0);
  });

  it('a deposit refused by a deposit policy credits nothing', async () => {
    const wallet = new WalletApi(deps);
    const unregister = wallet.policies.addDeposit(dailyDepositLimit);
    const player = await insertPlayer(h.db);
    const deposit = (amountPaise: bigint) =>
      walletTransaction(deps, (ctx) =>
        creditDeposit(ctx, wallet.policies, {
          depositId: ++depositId,
          playerId: player,
          amountPaise,
          description: 'test deposit',
        }),
      );
    expect(await deposit(4_000n)).toMatchObject({ replay: false });
    expect(await deposit(2_000n)).toEqual({
      ok: false,
      code: 'LIMIT_REACHED',
      limit: 'daily-deposit',
      until: null,
    });
    expect((await getWalletView(h.db, player)).cashPaise).toBe(4_000n);
    expect((await hoursOf(player)).depositedPaise).toBe(4_000n);
    unregister();
    expect(await deposit(2_000n)).toMatchObject({ replay: false });
  });

  it("the row's money mode decides play money and its exclusion end reaches the policies", async () => {
    const wallet = new WalletApi(deps, { limitPolicies: [restrictions] });
    const counterpartyOf = async (result: WalletResult) => {
      if (!result.ok) throw new Error(result.code);
      const [row] = await executeRows<{ kind: string }>(
        h.db,
        sql`select a.kind from ledger_postings p join ledger_accounts a on a.id = p.account_id
            where p.transaction_id = ${result.transactionId}::bigint and a.owner = 'system'`,
      );
      return row?.kind;
    };
    // A real player whose row says play: points. A demo player whose row says real: the house.
    const realUser = await funded(10_000n);
    await setMoneyMode(h.db, realUser, 'play');
    expect(await counterpartyOf(await wallet.stake(debitStake(realUser, 1_000n)))).toBe(
      'play_money',
    );
    const demoUser = await funded(10_000n, true);
    await setMoneyMode(h.db, demoUser, 'real');
    expect(await counterpartyOf(await wallet.stake(debitStake(demoUser, 1_000n)))).toBe('house');

    const excludedUntil = new Date(h.clock.now().getTime() + 86_400_000);
    await setPlayerRestrictions(h.db, realUser, { excludedUntil, timeOutUntil: null });
    expect(await wallet.stake(debitStake(realUser, 1_000n))).toEqual({
      ok: false,
      code: 'SELF_EXCLUDED',
      limit: 'self-exclusion',
      until: excludedUntil,
    });
    // A player identity never told the wallet of has no wallet.
    expect(await wallet.stake(debitStake(2_000_000_000, 1_000n))).toMatchObject({
      ok: false,
      code: 'PLAYER_NOT_FOUND',
    });
  });

  it('the batch path with a policy stays one batch and judges each move on the totals before it', async () => {
    const wallet = new WalletApi(deps, { limitPolicies: [dailyStakeLimit] });
    const oneByOne = vi.spyOn(wallet, 'applyManyOneByOne');
    const [a, b] = [await funded(10_000n), await funded(10_000n)];
    const moves = [a, a, b, a].map((player) => ({
      operation: 'stake' as const,
      input: debitStake(player, 400n),
    }));
    const results = (await walletTransaction(deps, (ctx) =>
      wallet.within(ctx).applyMany(moves),
    )) as WalletResult[];
    expect(oneByOne).not.toHaveBeenCalled();
    // a: 400, 800, then 1,200 is over the 1,000 limit; b: 400.
    expect(results.map((r) => r.ok)).toEqual([true, true, true, false]);
    expect(results[3]).toMatchObject({ code: 'LIMIT_REACHED', limit: 'daily-stake' });
    expect(await hoursOf(a)).toMatchObject({ stakedPaise: 800n, rows: 1 });
    expect(await hoursOf(b)).toMatchObject({ stakedPaise: 400n, rows: 1 });
  });

  it('totals are read only when a registered policy reads them; one that does not sees zeros', async () => {
    const seen = { blind: [] as bigint[], reading: [] as bigint[] };
    const judgeBlind: LimitPolicy = (_request, player) => {
      seen.blind.push(player.totals.last24h.stakedPaise);
      return { allow: true };
    };
    const blind = Object.assign(judgeBlind, { readsTotals: false });
    const reading: LimitPolicy = (_request, player) => {
      seen.reading.push(player.totals.last24h.stakedPaise);
      return { allow: true };
    };
    const player = await funded(10_000n);
    const blindOnly = new WalletApi(deps, { limitPolicies: [blind] });
    expect((await blindOnly.stake(debitStake(player, 300n))).ok).toBe(true);
    expect((await blindOnly.stake(debitStake(player, 200n))).ok).toBe(true);
    await walletTransaction(deps, (ctx) =>
      blindOnly.within(ctx).applyMany([{ operation: 'stake', input: debitStake(player, 100n) }]),
    );
    // Nothing read: neither the single path nor the batch summed the 500 already staked.
    expect(seen.blind).toEqual([0n, 0n, 0n]);
    expect(await hoursOf(player)).toMatchObject({ stakedPaise: 600n });

    const both = new WalletApi(deps, { limitPolicies: [blind, reading] });
    expect((await both.stake(debitStake(player, 50n))).ok).toBe(true);
    await walletTransaction(deps, (ctx) =>
      both.within(ctx).applyMany([{ operation: 'stake', input: debitStake(player, 10n) }]),
    );
    expect(seen.reading).toEqual([600n, 650n]);
    expect(seen.blind.slice(3)).toEqual([600n, 650n]);
  });
});

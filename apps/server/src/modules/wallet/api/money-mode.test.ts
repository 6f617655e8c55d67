import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeRows } from '../../../db/database.ts';
import { aVersusBMatchOdds } from '../../../test/exchange.ts';
import { fundedExchangePlayer, post, registerPlayer } from '../../../test/identity.ts';
import { drivers, useHarness } from '../../../test/use-harness.ts';
import type { Harness } from '../../../test/harness.ts';
import { fund, insertPlayer } from '../../../test/wallet.ts';
import { ensureDemoCredit, DEMO_CREDIT_PAISE } from './demo-money-service.ts';
import { getWalletView } from '../ledger/ledger-service.ts';
import {
  adjustCash,
  creditDeposit,
  creditDepositBonus,
  holdWithdrawal,
  walletTransaction,
} from './money-operations.ts';
import { moneyModesOf, setMoneyMode } from '../ledger/wallet-player-repository.ts';

/*
 * Issue 41 item 8: a `real | play` money mode on the wallet row, defaulted from MONEY_MODE.
 * A play-mode player's points never meet a real account: every posting of every one of the
 * player's transactions names the play_money account or the player's own; the cashier's
 * doors refuse PLAY_MONEY; the exchange's book keeps to the site's mode.
 */

const key = () => `k-${randomBytes(8).toString('hex')}`;
const deps = (h: Harness) => ({ db: h.db, clock: h.clock, realtime: h.app.realtime });

/** Every system account's balance (a sum of its postings: system rows hold no balance). */
async function systemBalances(h: Harness): Promise<Map<string, bigint>> {
  const rows = await executeRows<{ kind: string; paise: string }>(
    h.db,
    sql`select a.kind, coalesce(sum(p.amount_paise), 0)::text as paise
        from ledger_accounts a left join ledger_postings p on p.account_id = a.id
        where a.owner = 'system' group by a.kind`,
  );
  return new Map(rows.map((row) => [row.kind, BigInt(row.paise)]));
}

/** The real system accounts' balances: every system account but play money. */
async function realBalances(h: Harness): Promise<Map<string, bigint>> {
  const all = await systemBalances(h);
  all.delete('play_money');
  return all;
}

/** The system accounts named by any posting of any transaction that touched the player. */
async function systemKindsMet(h: Harness, playerId: number): Promise<string[]> {
  const rows = await executeRows<{ kind: string }>(
    h.db,
    sql`select distinct a.kind from ledger_postings p
        join ledger_accounts a on a.id = p.account_id and a.owner = 'system'
        where p.transaction_id in (
          select q.transaction_id from ledger_postings q
          join ledger_accounts pa on pa.id = q.account_id and pa.player_id = ${playerId})
        order by a.kind`,
  );
  return rows.map((row) => row.kind);
}

/** The sum of the player's accounts (cash, holds, coins). */
async function playerTotal(h: Harness, playerId: number): Promise<bigint> {
  const [row] = await executeRows<{ paise: string }>(
    h.db,
    sql`select coalesce(sum(balance_paise), 0)::text as paise from ledger_accounts
        where player_id = ${playerId}`,
  );
  return BigInt(row?.paise ?? 0);
}

async function countRows(h: Harness, table: string, playerId: number): Promise<number> {
  const [row] = await executeRows<{ n: string }>(
    h.db,
    sql`select count(*)::text as n from ${sql.identifier(table)} where player_id = ${playerId}`,
  );
  return Number(row?.n ?? 0);
}

async function transactionsOf(h: Harness, playerId: number): Promise<number> {
  const [row] = await executeRows<{ n: string }>(
    h.db,
    sql`select count(distinct q.transaction_id)::text as n from ledger_postings q
        join ledger_accounts a on a.id = q.account_id and a.player_id = ${playerId}`,
  );
  return Number(row?.n ?? 0);
}

/** A match-odds market of a fresh competition: its id and its two runners. */
async function matchOdds(h: Harness): Promise<{ odds: string; runners: string[] }> {
  const competitionId = await h.app.exchange.createCompetition(4, `Money mode ${key()}`);
  return aVersusBMatchOdds(h.app.exchange, competitionId);
}

const order = (market: { odds: string; runners: string[] }, side: 'back' | 'lay') => ({
  idempotencyKey: key(),
  marketId: market.odds,
  runnerId: market.runners[0],
  side,
  price: 2,
  stake: 100,
});

async function fillsOf(h: Harness, marketId: string): Promise<number> {
  const [row] = await executeRows<{ n: string }>(
    h.db,
    sql`select count(*)::text as n from fills where market_id = ${Number(marketId)}`,
  );
  return Number(row?.n ?? 0);
}

describe.each(drivers)('money mode on a real-money site on %s', (driver) => {
  const h = useHarness(driver);

  it("a play-mode player's whole life never moves a real account", async () => {
    const wallet = h.app.exchange.deps.wallet;
    const player = await insertPlayer(h.db, false, 'play');
    expect((await moneyModesOf(h.db, [player])).get(player)).toBe('play');
    const realBefore = await realBalances(h);
    const playMoneyBefore = (await systemBalances(h)).get('play_money') ?? 0n;

    // Opening credit: points from play money.
    await ensureDemoCredit(deps(h), player);
    // A casino round: stake, win; another stake rolled back.
    const round = key();
    expect((await wallet.stake(casinoStake(player, round, 'bet-1', 1_000n))).ok).toBe(true);
    const win = { product: 'casino' as const, playerId: player, roundId: round };
    expect((await wallet.win({ ...win, externalId: 'win-1', amountPaise: 2_500n })).ok).toBe(true);
    const refunded = key();
    expect((await wallet.stake(casinoStake(player, refunded, 'bet-2', 500n))).ok).toBe(true);
    const rollback = { product: 'casino' as const, playerId: player, roundId: refunded };
    expect(
      (await wallet.rollback({ ...rollback, externalId: 'rb-2', targetExternalId: 'bet-2' })).ok,
    ).toBe(true);
    // An exchange hold, settled with commission, then the settlement reversed.
    const market = { product: 'exchange' as const, playerId: player, roundId: `market-${key()}` };
    const held = await wallet.stake({
      ...market,
      externalId: 'hold-1',
      amountPaise: 1_000n,
      mode: 'hold',
    });
    expect(held.ok).toBe(true);
    const settled = await wallet.settle({
      ...market,
      externalId: 'settle-1',
      payoutPaise: 1_950n,
      commissionPaise: 50n,
    });
    expect(settled.ok).toBe(true);
    const reversed = await wallet.reverse({
      ...market,
      externalId: 'reverse-1',
      targetExternalId: 'settle-1',
    });
    expect(reversed.ok).toBe(true);
    // A staff adjustment: the wallet decides the counterparty from its row.
    const adjusted = await walletTransaction(deps(h), (ctx) =>
      adjustCash(ctx, {
        staffId: 1,
        staffUsername: 'admin',
        idempotencyKey: key(),
        playerId: player,
        direction: 'credit',
        amountPaise: 300n,
        reason: 'goodwill',
      }),
    );
    expect('transactionId' in adjusted).toBe(true);

    // Every transaction of the player met play money and nothing else of the system's.
    expect(await transactionsOf(h, player)).toBeGreaterThanOrEqual(8);
    expect(await systemKindsMet(h, player)).toEqual(['play_money']);
    expect(await realBalances(h)).toEqual(realBefore);
    // What the player holds in all its accounts came from play money, to the paisa.
    const playMoneyNow = (await systemBalances(h)).get('play_money') ?? 0n;
    expect(await playerTotal(h, player)).toBe(playMoneyBefore - playMoneyNow);
    expect(await playerTotal(h, player)).toBeGreaterThan(DEMO_CREDIT_PAISE);
  });

  it("a play-mode player's deposit, deposit bonus and withdrawal are refused and change nothing", async () => {
    const player = await insertPlayer(h.db, false, 'play');
    await ensureDemoCredit(deps(h), player);
    const before = await getWalletView(h.db, player);
    const realBefore = await realBalances(h);
    const transactions = await transactionsOf(h, player);
    const policies = h.app.exchange.deps.wallet.policies;
    const refusals = [
      () =>
        walletTransaction(deps(h), (ctx) =>
          creditDeposit(ctx, policies, {
            depositId: 990_001,
            playerId: player,
            amountPaise: 5_000n,
            description: 'Deposit',
          }),
        ),
      () =>
        walletTransaction(deps(h), (ctx) =>
          creditDepositBonus(ctx, {
            depositId: 990_001,
            playerId: player,
            bonusPaise: 500n,
            description: 'Bonus',
          }),
        ),
      () =>
        walletTransaction(deps(h), (ctx) =>
          holdWithdrawal(ctx, { requestId: 990_002, playerId: player, amountPaise: 1_000n }),
        ),
    ];
    // One after the other: a refusal made before its turn would reject with no one waiting.
    for (const refusal of refusals) {
      await expect(refusal()).rejects.toMatchObject({ code: 'PLAY_MONEY', statusCode: 403 });
    }
    expect(await getWalletView(h.db, player)).toEqual(before);
    expect(await transactionsOf(h, player)).toBe(transactions);
    expect(await realBalances(h)).toEqual(realBefore);

    // The same doors still open for a real-money player.
    const real = await insertPlayer(h.db, false, 'real');
    const credited = await walletTransaction(deps(h), (ctx) =>
      creditDeposit(ctx, policies, {
        depositId: 990_003,
        playerId: real,
        amountPaise: 5_000n,
        description: 'Deposit',
      }),
    );
    expect(credited).toMatchObject({ replay: false });
    expect((await getWalletView(h.db, real)).cashPaise).toBe(5_000n);
  });

  it("the cashier's deposit and withdrawal routes answer PLAY_MONEY to a play-mode player", async () => {
    const registered = await registerPlayer(h);
    const playerId = Number(registered.user.id);
    await setMoneyMode(h.db, playerId, 'play');
    const depositsBefore = await countRows(h, 'deposit_requests', playerId);
    for (const url of [
      '/api/deposit/fastpayme',
      '/api/withdraw/request/otp',
      '/api/withdrawRequest/create',
    ]) {
      const res = await post(h, url, {}, { token: registered.token });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({ errorCode: 'PLAY_MONEY' });
    }
    expect(await countRows(h, 'deposit_requests', playerId)).toBe(depositsBefore);
    // A real-money player passes the guard (and meets the body's validation instead).
    await setMoneyMode(h.db, playerId, 'real');
    const real = await post(h, '/api/deposit/fastpayme', {}, { token: registered.token });
    expect(real.statusCode, real.body).toBe(400);
  });

  it('a real-money site offers no daily points, even to a points wallet, and says it is real', async () => {
    const registered = await registerPlayer(h);
    const playerId = Number(registered.user.id);
    await setMoneyMode(h.db, playerId, 'play');
    const details = await h.app.inject({ method: 'GET', url: '/api/getAppDetails' });
    expect(details.json().data.moneyMode).toBe('real');
    const offered = await h.app.inject({
      method: 'GET',
      url: '/api/play/allowance',
      headers: { authorization: registered.token },
    });
    expect(offered.json().data).toMatchObject({ available: false, claimedToday: false });
    const claimed = await post(h, '/api/play/allowance/claim', undefined, {
      token: registered.token,
    });
    expect(claimed.statusCode, claimed.body).toBe(403);
    expect(claimed.json()).toMatchObject({ errorCode: 'ALLOWANCE_UNAVAILABLE' });
    expect(await transactionsOf(h, playerId)).toBe(0);
  });

  it('demo credit never reaches a real-money wallet', async () => {
    const real = await insertPlayer(h.db, false, 'real');
    await expect(ensureDemoCredit(deps(h), real)).rejects.toThrow(/demo credit to a real wallet/);
    expect(await transactionsOf(h, real)).toBe(0);
  });

  it('a new player opens in real mode; a demo player in play mode; the lobby asks the wallet', async () => {
    const registered = await registerPlayer(h);
    const demo = await insertPlayer(h.db, true, 'real');
    const modes = await moneyModesOf(h.db, [Number(registered.user.id), demo]);
    expect(modes.get(Number(registered.user.id))).toBe('real');
    expect(modes.get(demo)).toBe('play');
    // A non-demo player the wallet says plays for points launches a game in points.
    await setMoneyMode(h.db, Number(registered.user.id), 'play');
    const launched = await post(
      h,
      '/api/casino/launch',
      { gameId: 'spm-lucky-7' },
      { token: registered.token },
    );
    expect(launched.statusCode, launched.body).toBe(200);
    expect(launched.json().data.playMoney).toBe(true);
  });

  it("a play-mode player's exchange order is refused and never matches a real one", async () => {
    const market = await matchOdds(h);
    const real = await fundedExchangePlayer(h, 1_000);
    const resting = await post(h, '/api/bet/match/odds', order(market, 'back'), {
      token: real.token,
    });
    expect(resting.statusCode, resting.body).toBe(200);
    const points = await registerPlayer(h);
    const pointsId = Number(points.user.id);
    await setMoneyMode(h.db, pointsId, 'play');
    await ensureDemoCredit(deps(h), pointsId);
    const before = await getWalletView(h.db, pointsId);
    const lay = await post(h, '/api/bet/match/odds', order(market, 'lay'), {
      token: points.token,
    });
    expect(lay.statusCode, lay.body).toBe(403);
    expect(lay.json()).toMatchObject({ errorCode: 'PLAY_MONEY' });
    expect(await fillsOf(h, market.odds)).toBe(0);
    expect(await getWalletView(h.db, pointsId)).toEqual(before);
    // The real back still rests whole: a real lay matches it.
    const realLayer = await fundedExchangePlayer(h, 1_000);
    const matched = await post(h, '/api/bet/match/odds', order(market, 'lay'), {
      token: realLayer.token,
    });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(await fillsOf(h, market.odds)).toBe(1);
  });
});

describe.each(drivers)('a MONEY_MODE=play site on %s', (driver) => {
  const h = useHarness(driver, { env: { MONEY_MODE: 'play' } });

  it('opens a newly registered player in play mode', async () => {
    const registered = await registerPlayer(h);
    const modes = await moneyModesOf(h.db, [Number(registered.user.id)]);
    expect(modes.get(Number(registered.user.id))).toBe('play');
  });

  it('a wallet left in real money launches no casino game (FORBIDDEN); a points wallet plays', async () => {
    const registered = await registerPlayer(h);
    await setMoneyMode(h.db, Number(registered.user.id), 'real');
    const launch = (token: string) =>
      post(h, '/api/casino/launch', { gameId: 'spm-lucky-7' }, { token });
    const refused = await launch(registered.token);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'FORBIDDEN' });
    const [sessions] = await executeRows<{ n: string }>(
      h.db,
      sql`select count(*)::text as n from casino_sessions
          where player_id = ${Number(registered.user.id)}`,
    );
    expect(sessions?.n).toBe('0');
    const points = await pointsPlayer(h);
    const launched = await launch(points.token);
    expect(launched.statusCode, launched.body).toBe(200);
    expect(launched.json().data.playMoney).toBe(true);
  });

  it("play orders match each other; a real-mode player's order never meets them", async () => {
    const market = await matchOdds(h);
    const backer = await pointsPlayer(h);
    const resting = await post(h, '/api/bet/match/odds', order(market, 'back'), {
      token: backer.token,
    });
    expect(resting.statusCode, resting.body).toBe(200);
    // A wallet left in real mode (registered before the site became a points site).
    const registered = await registerPlayer(h);
    const real = { id: Number(registered.user.id), token: registered.token };
    await setMoneyMode(h.db, real.id, 'real');
    expect((await fund(deps(h), real.id, 100_000n)).ok).toBe(true);
    const refused = await post(h, '/api/bet/match/odds', order(market, 'lay'), {
      token: real.token,
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'FORBIDDEN' });
    expect(await fillsOf(h, market.odds)).toBe(0);
    // Another points player's lay matches the points back.
    const layer = await pointsPlayer(h);
    const matched = await post(h, '/api/bet/match/odds', order(market, 'lay'), {
      token: layer.token,
    });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(await fillsOf(h, market.odds)).toBe(1);
    expect(await systemKindsMet(h, backer.id)).toEqual(['play_money']);
    expect(await systemKindsMet(h, layer.id)).toEqual(['play_money']);
  });
});

/** A registered player of a points site with the opening points. */
async function pointsPlayer(h: Harness): Promise<{ id: number; token: string }> {
  const registered = await registerPlayer(h);
  const id = Number(registered.user.id);
  await ensureDemoCredit(deps(h), id);
  return { id, token: registered.token };
}

function casinoStake(playerId: number, roundId: string, externalId: string, amountPaise: bigint) {
  return {
    product: 'casino' as const,
    playerId,
    roundId,
    externalId,
    amountPaise,
    mode: 'debit' as const,
  };
}

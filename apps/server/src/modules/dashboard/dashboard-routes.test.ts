import { playerDashboardSchema, type PlayerDashboard } from '@spm/contract';
import { indiaDay } from '@spm/core';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerWalletKit } from '../../test/casino-wallet.ts';
import { aVersusBMatchOdds } from '../../test/exchange.ts';
import { call, fundedExchangePlayer, post, type ExchangePlayer } from '../../test/identity.ts';
import { drivers, useHarness } from '../../test/use-harness.ts';
import { fund } from '../../test/wallet.ts';
import { insertLaunch, insertTestProvider } from '../casino/provider-wallet-fixtures.ts';
import { CRASH_TEST_ENV, crashKit } from '../crash/crash-test-kit.ts';
import { betbyKit } from '../../test/betby.ts';

describe.each(drivers)('player dashboard on %s', (driver) => {
  const h = useHarness(driver, { env: CRASH_TEST_ENV, listen: true });
  const kit = crashKit(h);
  const casino = providerWalletKit(h);

  beforeAll(async () => {
    kit.wantCrashPoint((point) => point >= 150 && point <= 300);
    await h.app.crash.start();
    await h.app.crash.idle();
  });
  afterAll(() => h.app.crash.stop());

  async function dashboardOf(who: ExchangePlayer): Promise<PlayerDashboard> {
    const res = await call(h, 'GET', '/api/dashboard', undefined, { token: who.token });
    expect(res.statusCode, res.body).toBe(200);
    return playerDashboardSchema.parse((res.json() as { data: unknown }).data);
  }

  /** An exchange back order resting unmatched on a new match-odds market. */
  async function openExchangeBet(who: ExchangePlayer) {
    const competitionId = await h.app.exchange.createCompetition(4, 'Dashboard League');
    const { odds, runners } = await aVersusBMatchOdds(h.app.exchange, competitionId);
    const res = await post(
      h,
      '/api/bet/match/odds',
      {
        idempotencyKey: `k-${randomBytes(8).toString('hex')}`,
        marketId: odds,
        runnerId: runners[0],
        side: 'back',
        price: 2,
        stake: 100,
      },
      { token: who.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    return odds;
  }

  /** A provider round the player staked in and the provider has not closed. */
  async function openCasinoRound(who: ExchangePlayer) {
    const provider = await insertTestProvider(h.db);
    const { launchToken } = await insertLaunch(h.db, {
      ...provider,
      playerId: who.id,
      now: h.clock.now(),
    });
    const auth = await casino.call(provider, 'authenticate', { requestId: 'a', launchToken });
    expect(auth.status).toBe('RS_OK');
    const bet = await casino.call(provider, 'bet', {
      requestId: 'b',
      token: auth.token,
      user: String(who.id),
      gameId: provider.gameId,
      currency: auth.currency,
      roundId: 'dash-round',
      transactionId: 'dash-bet',
      amount: 20_000,
    });
    expect(bet.status).toBe('RS_OK');
    return provider;
  }

  it('answers 401 without a session', async () => {
    expect((await call(h, 'GET', '/api/dashboard')).statusCode).toBe(401);
  });

  it("shows the player's open bets of every product, limits, session and last ten movements, and nobody else's", async () => {
    const alice = await fundedExchangePlayer(h, 10_000);
    const bob = await fundedExchangePlayer(h, 1_000);
    // Twelve more movements: the dashboard shows the last ten of them all.
    for (let i = 1; i <= 12; i += 1) await fund(h.app.exchange.deps, alice.id, BigInt(i * 100));
    const limitSet = await call(
      h,
      'PUT',
      '/api/rg/limits',
      { changes: [{ name: 'stake-24h', amount: 5_000 }] },
      { token: alice.token },
    );
    expect(limitSet.statusCode, limitSet.body).toBe(200);
    const marketId = await openExchangeBet(alice);
    const provider = await openCasinoRound(alice);
    const round = await kit.freshRound();
    const crashBet = await kit.placed(alice, { stake: 50 });
    const sportsbookBet = betbyKit(h).make(alice.id, 10_000);
    expect((await betbyKit(h).call('bet_make', sportsbookBet.payload)).status).toBe(200);

    const seen = await dashboardOf(alice);
    expect(seen.openBets.sports.map((bet) => [bet.marketId, bet.side, bet.status])).toEqual([
      [marketId, 'back', 'unmatched'],
    ]);
    expect(seen.openBets.casino.map((r) => [r.gameId, r.status, r.staked])).toEqual([
      [provider.gameId, 'open', 200],
    ]);
    expect(seen.openBets.crash.map((bet) => [bet.id, bet.roundId, bet.status])).toEqual([
      [crashBet.bet.id, String(round.id), 'active'],
    ]);
    expect(seen.openBets.sportsbook.map((bet) => [bet.betId, bet.status, bet.stakePoints])).toEqual(
      [[sportsbookBet.transactionId, 'open', 100]],
    );
    expect(seen.openBets.more).toEqual({
      sports: false,
      casino: false,
      crash: false,
      sportsbook: false,
    });
    expect(seen.playMoney).toBe(false);
    expect(seen.wallet.exposure).toBeGreaterThan(0);

    const limits = (
      await call(h, 'GET', '/api/rg/limits', undefined, { token: alice.token })
    ).json().data.limits;
    expect(seen.limits).toEqual(limits);
    expect(seen.limits.find((limit) => limit.name === 'stake-24h')).toMatchObject({
      amount: 5_000,
    });
    expect(seen.session.sessionEndsAt > seen.session.sessionStartedAt).toBe(true);

    // The same lines, in the same order, as the statement's first page of today.
    const today = indiaDay(h.clock.now());
    const statement = await call(
      h,
      'GET',
      `/api/getAccountstatement/${today}/${today}?page=1&pageSize=10`,
      undefined,
      { token: alice.token },
    );
    expect(seen.movements).toHaveLength(10);
    expect(seen.movements).toEqual(statement.json().data.items);
    const times = seen.movements.map((line) => line.time);
    expect(times).toEqual([...times].sort().reverse());

    const other = await dashboardOf(bob);
    expect(other.openBets.sports).toEqual([]);
    expect(other.openBets.casino).toEqual([]);
    expect(other.openBets.crash).toEqual([]);
    expect(other.openBets.sportsbook).toEqual([]);
    expect(other.limits.every((limit) => limit.amount === null)).toBe(true);
    expect(other.movements.map((line) => line.credit)).toEqual([1_000]);
    await kit.untilCrashed();
  });
});

import { SPM_SESSION_HEADER } from '@spm/contract';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { executeRows } from '../../../db/database.ts';
import { providerWalletKit } from '../../../test/casino-wallet.ts';
import { aVersusBMatchOdds } from '../../../test/exchange.ts';
import { fundedExchangePlayer, post, registerPlayer } from '../../../test/identity.ts';
import { drivers, useHarness } from '../../../test/use-harness.ts';
import { fund } from '../../../test/wallet.ts';
import { insertTestProvider } from '../../casino/provider-wallet-fixtures.ts';
import { stepTable, stepUntil } from '../../casino/spm/spm-fixtures.ts';
import { preparedReadStats } from './wallet-api.ts';
import type { LimitPolicy, PolicyVerdict } from '../policies/wallet-policies.ts';

/*
 * Issue 41 items 1 and 5: the app builds one wallet and every module moves money through it,
 * so a limit policy registered once on it refuses an exchange placement, a built-in table bet
 * and an external provider's callback, each answered in the product's own terms.
 */

const TABLE = 'spm-lucky-7';
const key = () => `k-${randomBytes(8).toString('hex')}`;
const LIFTS = '2030-01-02T00:00:00.000Z';

describe.each(drivers)('one wallet for every module on %s', (driver) => {
  const h = useHarness(driver);
  const kit = providerWalletKit(h);
  /** What the policy answers, per player; a player not in it is allowed. */
  const verdicts = new Map<number, PolicyVerdict>();
  const asked: { product: string; playerId: number }[] = [];
  const policy: LimitPolicy = (request) => {
    asked.push({ product: request.product, playerId: request.playerId });
    return verdicts.get(request.playerId) ?? { allow: true };
  };
  let unregister: () => void = () => undefined;

  beforeAll(async () => {
    await h.app.spmGames.start({ tableIds: [TABLE] });
    // Registered once, on the app's wallet (the exchange engine's deps hold the same one).
    unregister = h.app.exchange.deps.wallet.addLimitPolicy(policy);
    return () => unregister();
  });
  afterEach(() => {
    verdicts.clear();
    h.app.exchange.onGroup = () => undefined;
  });

  const refuse = (
    code: 'LIMIT_REACHED' | 'SELF_EXCLUDED' | 'TIME_OUT',
    limit: string,
  ): PolicyVerdict => ({ allow: false, code, limit, until: new Date(LIFTS) });

  async function matchOddsMarket(): Promise<{ odds: string; runners: string[] }> {
    const competitionId = await h.app.exchange.createCompetition(4, `One wallet ${key()}`);
    return aVersusBMatchOdds(h.app.exchange, competitionId);
  }

  /** A signed-up, funded player seated at the built-in table (lobby launch, table session). */
  async function seated(paise: bigint) {
    const player = await registerPlayer(h);
    const playerId = Number(player.user.id);
    expect((await fund(kit.deps(), playerId, paise)).ok).toBe(true);
    const launched = await post(
      h,
      '/api/casino/launch',
      { gameId: TABLE },
      { token: player.token },
    );
    expect(launched.statusCode, launched.body).toBe(200);
    const launchToken = new URL(launched.json().data.url, 'http://site').searchParams.get(
      'launch',
    )!;
    const res = await post(h, '/api/casino/spm/session', { launchToken });
    expect(res.statusCode, res.body).toBe(200);
    return { playerId, token: res.json().data.sessionToken as string };
  }

  /** The table's round in betting (a new one if the last settled). */
  async function bettingRoundId(): Promise<string> {
    const runner = await h.app.spmGames.table(TABLE);
    if (runner.current?.phase !== 'betting') {
      await stepUntil(h, h.app.spmGames, runner, 'settled');
      await stepTable(h, runner);
    }
    await runner.ready();
    return runner.current!.id;
  }

  const tableBet = (token: string, body: Record<string, unknown>) =>
    h.app.inject({
      method: 'POST',
      url: `/api/casino/spm/tables/${TABLE}/bets`,
      headers: { [SPM_SESSION_HEADER]: token },
      payload: { idempotencyKey: key(), ...body },
    });

  it('a policy registered once refuses an exchange placement, a built-in table bet and a provider callback', async () => {
    // The exchange: a 4xx with the code, the limit and when it lifts; never a 500.
    const { odds, runners } = await matchOddsMarket();
    const punter = await fundedExchangePlayer(h, 10_000);
    verdicts.set(punter.id, refuse('LIMIT_REACHED', 'daily-loss'));
    const placed = await post(
      h,
      '/api/bet/match/odds',
      {
        idempotencyKey: key(),
        marketId: odds,
        runnerId: runners[0],
        side: 'back',
        price: 2,
        stake: 100,
      },
      { token: punter.token },
    );
    expect(placed.statusCode, placed.body).toBe(409);
    expect(placed.json()).toMatchObject({
      errorCode: 'LIMIT_REACHED',
      data: { refusal: { limit: 'daily-loss', until: LIFTS } },
    });
    expect(await kit.cash(punter.id)).toBe(1_000_000n);

    // The built-in table: the player's message, not "You are not allowed to do this".
    const seat = await seated(100_000n);
    verdicts.set(seat.playerId, refuse('SELF_EXCLUDED', 'self-exclusion'));
    const roundId = await bettingRoundId();
    const refusedBet = await tableBet(seat.token, { roundId, spot: 'low', stake: 100 });
    expect(refusedBet.statusCode, refusedBet.body).toBe(403);
    expect(refusedBet.json()).toMatchObject({
      errorCode: 'SELF_EXCLUDED',
      data: { refusal: { limit: 'self-exclusion', until: LIFTS } },
    });
    expect(await kit.cash(seat.playerId)).toBe(100_000n);

    // An external provider: the protocol's code, and the limit named in `refusal`.
    const provider = await insertTestProvider(h.db);
    const who = await kit.session(provider, 100_000n);
    verdicts.set(who.playerId, refuse('TIME_OUT', 'time-out'));
    const answer = await kit.call(provider, 'bet', {
      requestId: key(),
      ...who.base,
      transactionId: key(),
      roundId: key(),
      amount: 1_000,
    });
    expect(answer).toMatchObject({
      status: 'RS_ERROR_USER_DISABLED',
      balance: 100_000,
      refusal: { code: 'TIME_OUT', limit: 'time-out', until: LIFTS },
    });
    verdicts.set(who.playerId, refuse('LIMIT_REACHED', 'stake-limit'));
    const limited = await kit.call(provider, 'bet', {
      requestId: key(),
      ...who.base,
      transactionId: key(),
      roundId: key(),
      amount: 1_000,
    });
    expect(limited).toMatchObject({
      status: 'RS_ERROR_LIMIT_REACHED',
      refusal: { code: 'LIMIT_REACHED', limit: 'stake-limit', until: LIFTS },
    });
    expect(await kit.cash(who.playerId)).toBe(100_000n);

    // The one policy saw all three products' debits.
    const products = new Set(asked.map((a) => a.product));
    expect(products).toEqual(new Set(['exchange', 'casino']));
    expect(asked.some((a) => a.playerId === punter.id)).toBe(true);
    expect(asked.some((a) => a.playerId === seat.playerId)).toBe(true);
    expect(asked.some((a) => a.playerId === who.playerId)).toBe(true);
    await kit.expectLedgerBalanced();
  });

  it('a refused placement in a group fails alone with its code; the others of the group commit', async () => {
    const { odds, runners } = await matchOddsMarket();
    const maker = await fundedExchangePlayer(h, 10_000);
    const limitedLay = await fundedExchangePlayer(h, 10_000);
    const taker = await fundedExchangePlayer(h, 10_000);
    const other = await fundedExchangePlayer(h, 10_000);
    const placeBody = (runnerId: string, side: 'back' | 'lay', price: number, stake: number) => ({
      idempotencyKey: key(),
      marketId: odds,
      runnerId,
      side,
      price,
      stake,
    });
    const first = await post(h, '/api/bet/match/odds', placeBody(runners[0]!, 'back', 5, 100), {
      token: maker.token,
    });
    expect(first.statusCode, first.body).toBe(200);
    verdicts.set(limitedLay.id, refuse('LIMIT_REACHED', 'daily-loss'));

    const groups: number[] = [];
    h.app.exchange.onGroup = (markets) => groups.push(markets);
    const preparedBefore = preparedReadStats(h.db);
    const resume = h.app.exchange.pauseWriter(odds);
    const sent = [
      // Would take the maker's back: refused by the policy, so the next lay takes it.
      () =>
        post(h, '/api/bet/match/odds', placeBody(runners[0]!, 'lay', 5, 100), {
          token: limitedLay.token,
        }),
      () =>
        post(h, '/api/bet/match/odds', placeBody(runners[0]!, 'lay', 5, 100), {
          token: taker.token,
        }),
      () =>
        post(h, '/api/bet/match/odds', placeBody(runners[1]!, 'back', 3, 20), {
          token: other.token,
        }),
    ];
    const answers: Promise<Awaited<ReturnType<typeof post>>>[] = [];
    for (const send of sent) {
      answers.push(send());
      await vi.waitFor(() => expect(h.app.exchange.queuedAt(odds)).toBe(answers.length), {
        timeout: 10_000,
      });
    }
    resume();
    const [refused, matched, resting] = await Promise.all(answers);
    expect(refused!.statusCode, refused!.body).toBe(409);
    expect(refused!.json()).toMatchObject({
      errorCode: 'LIMIT_REACHED',
      data: { refusal: { limit: 'daily-loss', until: LIFTS } },
    });
    expect(matched!.json().data).toMatchObject({ status: 'matched', matchedStake: 100 });
    expect(resting!.json().data).toMatchObject({ status: 'unmatched', unmatchedStake: 20 });
    // One group, one transaction: its moves planned once from the prepared read, nothing
    // retried or replayed command by command (each would plan again).
    expect(groups).toEqual([1]);
    const preparedAfter = preparedReadStats(h.db);
    expect(preparedAfter.used - preparedBefore.used).toBe(1);
    expect(preparedAfter.missed - preparedBefore.missed).toBe(0);
    const [orders] = await executeRows<{ n: string | number }>(
      h.db,
      sql`select count(*) as n from orders where player_id = ${limitedLay.id}`,
    );
    expect(Number(orders!.n)).toBe(0);
    expect(await kit.cash(limitedLay.id)).toBe(1_000_000n);
    expect(await kit.cash(taker.id)).toBe(1_000_000n - 40_000n);
    expect(await h.app.exchange.audit(odds)).toEqual([]);
    await kit.expectLedgerBalanced();
  });

  it("a player's second stake in one group is judged after the first: refused alone, the first commits", async () => {
    const { odds, runners } = await matchOddsMarket();
    const limited = await fundedExchangePlayer(h, 10_000);
    // A 150-point stake limit over 24 hours, read from the wallet's totals.
    const stakeLimit: LimitPolicy = (request, player) =>
      request.playerId === limited.id &&
      player.totals.last24h.stakedPaise + request.debitPaise > 15_000n
        ? refuse('LIMIT_REACHED', 'daily-stake')
        : { allow: true };
    const unregisterLimit = h.app.exchange.deps.wallet.addLimitPolicy(stakeLimit);
    try {
      const groups: number[] = [];
      h.app.exchange.onGroup = (markets) => groups.push(markets);
      const preparedBefore = preparedReadStats(h.db);
      const resume = h.app.exchange.pauseWriter(odds);
      const answers: Promise<Awaited<ReturnType<typeof post>>>[] = [];
      // Two backs of one runner: the second raises the hold by its own stake.
      for (const runnerId of [runners[0]!, runners[0]!]) {
        answers.push(
          post(
            h,
            '/api/bet/match/odds',
            { idempotencyKey: key(), marketId: odds, runnerId, side: 'back', price: 4, stake: 100 },
            { token: limited.token },
          ),
        );
        await vi.waitFor(() => expect(h.app.exchange.queuedAt(odds)).toBe(answers.length), {
          timeout: 10_000,
        });
      }
      resume();
      const [first, second] = await Promise.all(answers);
      expect(first!.statusCode, first!.body).toBe(200);
      expect(first!.json().data).toMatchObject({ status: 'unmatched', unmatchedStake: 100 });
      expect(second!.statusCode, second!.body).toBe(409);
      expect(second!.json()).toMatchObject({
        errorCode: 'LIMIT_REACHED',
        data: { refusal: { limit: 'daily-stake', until: LIFTS } },
      });
      // One group, planned once: the wallet's batch did not meet a refusal the writer missed.
      expect(groups).toEqual([1]);
      const preparedAfter = preparedReadStats(h.db);
      expect(preparedAfter.used - preparedBefore.used).toBe(1);
      expect(preparedAfter.missed - preparedBefore.missed).toBe(0);
      expect(await kit.cash(limited.id)).toBe(1_000_000n - 10_000n);
      expect(await h.app.exchange.audit(odds)).toEqual([]);
      await kit.expectLedgerBalanced();
    } finally {
      unregisterLimit();
    }
  });

  it("the built-in table answers the round's cap as ROUND_LIMIT_REACHED", async () => {
    const seat = await seated(2_000_000n);
    const roundId = await bettingRoundId();
    const firstBet = await tableBet(seat.token, { roundId, spot: 'low', stake: 5_000 });
    expect(firstBet.statusCode, firstBet.body).toBe(200);
    const past = await tableBet(seat.token, { roundId, spot: 'high', stake: 2_501 });
    expect(past.statusCode, past.body).toBe(409);
    expect(past.json()).toMatchObject({
      errorCode: 'ROUND_LIMIT_REACHED',
      message: 'Maximum bet is 7500 points per round.',
    });
    const upTo = await tableBet(seat.token, { roundId, spot: 'high', stake: 2_500 });
    expect(upTo.statusCode, upTo.body).toBe(200);
    expect(await kit.cash(seat.playerId)).toBe(2_000_000n - 750_000n);
  });
});

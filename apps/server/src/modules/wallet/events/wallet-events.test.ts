import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishedWalletEvent } from '../../../outbox/outbox-worker.ts';
import { aVersusBMatchOdds } from '../../../test/exchange.ts';
import { drivers, startHarness, type Harness } from '../../../test/harness.ts';
import { fundedExchangePlayer, post, type ExchangePlayer } from '../../../test/identity.ts';
import { fund, insertPlayer } from '../../../test/wallet.ts';
import { walletTransaction } from '../api/money-operations.ts';
import {
  preparedReadStats,
  WALLET_EVENTS,
  WalletApi,
  type WalletEventPayload,
} from '../api/wallet-api.ts';

/*
 * The wallet's events as wagering and limits read them (docs/decisions.md "Wallet events:
 * money at risk"): a stake only for money really at risk, a settlement per round with the
 * round's stakes, returns and funding parts.
 */
describe.each(drivers)('wallet events on %s', (driver) => {
  let h: Harness;
  let wallet: WalletApi;
  let competitionId: string;
  const events: PublishedWalletEvent[] = [];
  let seq = 0;
  const id = (prefix: string) => `${prefix}-${++seq}`;
  const key = () => `k-${randomBytes(8).toString('hex')}`;

  beforeAll(async () => {
    h = await startHarness(driver);
    wallet = new WalletApi({ db: h.db, clock: h.clock, realtime: h.app.realtime });
    competitionId = await h.app.exchange.createCompetition(4, 'Events League');
    h.app.outbox.onWalletEvent((event) => events.push(event));
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  type Seen = Pick<WalletEventPayload, 'operation' | 'stakePaise' | 'payoutPaise'> & {
    event: string;
  };

  /** The player's wallet events once the last one is `until` (the outbox publishes in order). */
  async function eventsOf(playerId: number, until: string, count = 1): Promise<Seen[]> {
    for (let tries = 0; tries < 250; tries += 1) {
      const mine = events.filter((e) => e.playerId === playerId);
      if (mine.filter((e) => e.event === until).length >= count) {
        return mine.map((e) => {
          const payload = e.payload as WalletEventPayload;
          // Only cash funds stakes today: every part the event names is cash.
          for (const part of payload.parts) expect(part.wallet).toBe('cash');
          return {
            event: e.event,
            operation: payload.operation,
            stakePaise: payload.stakePaise,
            payoutPaise: payload.payoutPaise,
          };
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`player ${playerId} got no ${until}`);
  }

  const place = (p: ExchangePlayer, body: Record<string, unknown>) =>
    post(h, '/api/bet/match/odds', { idempotencyKey: key(), ...body }, { token: p.token });

  it('an exchange order counts when and as much as it matches (a lay at its liability); a cancel of its unmatched rest withdraws nothing; settle carries the stakes, returns and parts', async () => {
    const { odds, runners } = await aVersusBMatchOdds(h.app.exchange, competitionId);
    const backer = await fundedExchangePlayer(h, 1_000);
    const layer = await fundedExchangePlayer(h, 1_000);
    const placed = await place(backer, {
      marketId: odds,
      runnerId: runners[0],
      side: 'back',
      price: 3,
      stake: 100,
    });
    expect(placed.statusCode).toBe(200);
    const backOrder = placed.json<{ data: { orderId: string } }>().data.orderId;
    // Takes 40 of the resting back: the layer risks 40 x (3 - 1) = 80, the backer 40.
    const lay = await place(layer, {
      marketId: odds,
      runnerId: runners[0],
      side: 'lay',
      price: 3,
      stake: 40,
    });
    expect(lay.statusCode).toBe(200);
    const cancelled = await post(
      h,
      '/api/bet/match/odds/cancel',
      { orderId: backOrder, idempotencyKey: key() },
      { token: backer.token },
    );
    expect(cancelled.statusCode).toBe(200);
    await h.app.exchange.settle(odds, { winnerRunnerId: runners[0]! }, { staffId: null, ip: null });

    const backerEvents = await eventsOf(backer.id, WALLET_EVENTS.settlement);
    // The resting 100 counted nothing, the match 40, the cancel of the other 60 nothing.
    expect(backerEvents.slice(0, -1)).toEqual([
      { event: WALLET_EVENTS.stake, operation: 'stake', stakePaise: '4000', payoutPaise: '0' },
    ]);
    const backerSettled = backerEvents.at(-1)!;
    expect(backerSettled).toMatchObject({ operation: 'settle', stakePaise: '4000' });
    // Won 80 on 40 (less commission): the hold of 40 back and the winnings.
    expect(BigInt(backerSettled.payoutPaise)).toBeGreaterThan(4_000n + 7_000n);

    expect(await eventsOf(layer.id, WALLET_EVENTS.settlement)).toEqual([
      { event: WALLET_EVENTS.stake, operation: 'stake', stakePaise: '8000', payoutPaise: '0' },
      {
        event: WALLET_EVENTS.settlement,
        operation: 'settle',
        stakePaise: '8000',
        payoutPaise: '0',
      },
    ]);
  });

  it('an order cancelled whole while unmatched emits no event at all', async () => {
    const { odds, runners } = await aVersusBMatchOdds(h.app.exchange, competitionId);
    const p = await fundedExchangePlayer(h, 1_000);
    const placed = await place(p, {
      marketId: odds,
      runnerId: runners[1],
      side: 'back',
      price: 2,
      stake: 50,
    });
    const orderId = placed.json<{ data: { orderId: string } }>().data.orderId;
    const cancelled = await post(
      h,
      '/api/bet/match/odds/cancel',
      { orderId, idempotencyKey: key() },
      { token: p.token },
    );
    expect(cancelled.statusCode).toBe(200);
    // A casino stake after them: once it is out, anything the order emitted is out too.
    const staked = await wallet.stake({
      product: 'casino',
      externalId: id('bet'),
      playerId: p.id,
      roundId: id('round'),
      amountPaise: 100n,
      mode: 'debit',
    });
    expect(staked.ok).toBe(true);
    expect(await eventsOf(p.id, WALLET_EVENTS.stake)).toEqual([
      { event: WALLET_EVENTS.stake, operation: 'stake', stakePaise: '100', payoutPaise: '0' },
    ]);
  });

  it("a casino win settles the round's stakes once; a rollback withdraws a counted stake", async () => {
    const playerId = await insertPlayer(h.db);
    expect((await fund(h.app.exchange.deps, playerId, 10_000n)).ok).toBe(true);
    const round = { product: 'casino' as const, playerId, roundId: id('round') };
    await wallet.stake({ ...round, externalId: id('bet'), amountPaise: 2_500n, mode: 'debit' });
    await wallet.stake({ ...round, externalId: id('bet'), amountPaise: 500n, mode: 'debit' });
    await wallet.win({ ...round, externalId: id('win'), amountPaise: 6_000n });
    // A second win of the round (a bonus feature): its stakes were settled by the first.
    await wallet.win({ ...round, externalId: id('win'), amountPaise: 1_000n });
    const other = { ...round, roundId: id('round') };
    const refunded = id('bet');
    await wallet.stake({ ...other, externalId: refunded, amountPaise: 700n, mode: 'debit' });
    await wallet.rollback({ ...other, externalId: id('rb'), targetExternalId: refunded });
    expect(await eventsOf(playerId, WALLET_EVENTS.rollback)).toEqual([
      { event: WALLET_EVENTS.stake, operation: 'stake', stakePaise: '2500', payoutPaise: '0' },
      { event: WALLET_EVENTS.stake, operation: 'stake', stakePaise: '500', payoutPaise: '0' },
      {
        event: WALLET_EVENTS.settlement,
        operation: 'win',
        stakePaise: '3000',
        payoutPaise: '6000',
      },
      { event: WALLET_EVENTS.settlement, operation: 'win', stakePaise: '0', payoutPaise: '1000' },
      { event: WALLET_EVENTS.stake, operation: 'stake', stakePaise: '700', payoutPaise: '0' },
      { event: WALLET_EVENTS.rollback, operation: 'rollback', stakePaise: '700', payoutPaise: '0' },
    ]);
  });

  it("a batch's win carries its round's stakes, those of the same batch and earlier ones", async () => {
    const playerId = await insertPlayer(h.db);
    expect((await fund(h.app.exchange.deps, playerId, 10_000n)).ok).toBe(true);
    const round = { product: 'casino' as const, playerId, roundId: id('round') };
    const earlier = { ...round, roundId: id('round') };
    await wallet.stake({ ...earlier, externalId: id('bet'), amountPaise: 400n, mode: 'debit' });
    const deps = { db: h.db, clock: h.clock, realtime: h.app.realtime };
    const answer = await walletTransaction(deps, async (ctx) => {
      const results = await wallet.within(ctx).applyMany([
        { operation: 'win', input: { ...earlier, externalId: id('win'), amountPaise: 900n } },
        {
          operation: 'stake',
          input: { ...round, externalId: id('bet'), amountPaise: 300n, mode: 'debit' },
        },
        { operation: 'win', input: { ...round, externalId: id('win'), amountPaise: 0n } },
        { operation: 'win', input: { ...round, externalId: id('win'), amountPaise: 50n } },
      ]);
      expect(results.every((r) => r.ok)).toBe(true);
      return { ok: true as const };
    });
    expect(answer.ok).toBe(true);
    const seen = await eventsOf(playerId, WALLET_EVENTS.settlement, 3);
    expect(seen.map((e) => [e.operation, e.stakePaise, e.payoutPaise])).toEqual([
      ['stake', '400', '0'],
      ['win', '400', '900'],
      ['stake', '300', '0'],
      ['win', '300', '0'],
      ['win', '0', '50'],
    ]);
  });

  it("a prepared batch reads its wins' rounds' stakes with its locks and reports them", async () => {
    const playerId = await insertPlayer(h.db);
    expect((await fund(h.app.exchange.deps, playerId, 10_000n)).ok).toBe(true);
    const round = { product: 'casino' as const, playerId, roundId: id('round') };
    const quiet = { ...round, roundId: id('round') };
    await wallet.stake({ ...round, externalId: id('bet'), amountPaise: 400n, mode: 'debit' });
    await wallet.stake({ ...round, externalId: id('bet'), amountPaise: 250n, mode: 'debit' });
    const wins = [
      { operation: 'win' as const, input: { ...round, externalId: id('win'), amountPaise: 900n } },
      { operation: 'win' as const, input: { ...quiet, externalId: id('win'), amountPaise: 0n } },
    ];
    const deps = { db: h.db, clock: h.clock, realtime: h.app.realtime };
    const before = { ...preparedReadStats(h.db) };
    await walletTransaction(deps, async (ctx) => {
      const ops = wallet.within(ctx);
      await ops.prepareMoves({
        operations: wins.map(({ input }) => input),
        holds: [],
        playerIds: [playerId],
        settlingRounds: [round, quiet],
      });
      expect((await ops.applyMany(wins)).every((r) => r.ok)).toBe(true);
      return { ok: true as const };
    });
    // The prepared read covered the batch: its stakes came with it, none read after.
    expect(preparedReadStats(h.db).used - before.used).toBe(1);
    const seen = await eventsOf(playerId, WALLET_EVENTS.settlement, 2);
    expect(seen.filter((e) => e.event === WALLET_EVENTS.settlement)).toEqual([
      { event: WALLET_EVENTS.settlement, operation: 'win', stakePaise: '650', payoutPaise: '900' },
      { event: WALLET_EVENTS.settlement, operation: 'win', stakePaise: '0', payoutPaise: '0' },
    ]);
  });
});

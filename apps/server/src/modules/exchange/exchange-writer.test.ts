import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { databaseRefusal, drivers, startHarness, type Harness } from '../../test/harness.ts';
import { fundedExchangePlayer, post, type ExchangePlayer } from '../../test/identity.ts';
import { aVersusBMatchOdds } from '../../test/exchange.ts';

import { ledgerTotals } from '../wallet/ledger/ledger-repository.ts';
import { preparedReadStats } from '../wallet/api/wallet-api.ts';
import { ORDER_IDS_AHEAD, ORDER_IDS_FRESH_MS, OrderIdsAhead } from './exchange-writer.ts';

const key = () => `k-${randomBytes(8).toString('hex')}`;

/**
 * The market writer's group commit: commands queued while the writer is paused provably run
 * as one batch (the engine reports every batch's size), so these tests need no timing.
 */
describe('order ids drawn ahead', () => {
  const drawing = () => {
    let next = 100;
    const draws: number[] = [];
    const draw = (count: number) => {
      draws.push(count);
      const ids = Array.from({ length: count }, (_, i) => next + i);
      next += count;
      return Promise.resolve(ids.reverse());
    };
    return { draws, draw };
  };

  it('hands out ascending ids from one draw until they run out', async () => {
    const { draws, draw } = drawing();
    const ids = new OrderIdsAhead(() => 0);
    expect(await ids.take(3, 0, draw)).toEqual([100, 101, 102]);
    expect(await ids.take(2, 0, draw)).toEqual([103, 104]);
    expect(draws).toEqual([ORDER_IDS_AHEAD]);
    expect(await ids.take(ORDER_IDS_AHEAD, 0, draw)).toEqual(
      Array.from({ length: ORDER_IDS_AHEAD }, (_, i) => 100 + ORDER_IDS_AHEAD + i),
    );
    expect(draws).toEqual([ORDER_IDS_AHEAD, ORDER_IDS_AHEAD]);
  });

  it('draws again when its ids are not above the book, or are old', async () => {
    const { draws, draw } = drawing();
    let now = 0;
    const ids = new OrderIdsAhead(() => now);
    expect(await ids.take(1, 0, draw)).toEqual([100]);
    // A book that has seen id 150 (a market taken over): ids up to it are drawn again.
    expect(await ids.take(1, 150, draw)).toEqual([100 + ORDER_IDS_AHEAD]);
    now += ORDER_IDS_FRESH_MS;
    expect(await ids.take(1, 0, draw)).toEqual([100 + 2 * ORDER_IDS_AHEAD]);
    expect(draws).toHaveLength(3);
    await expect(ids.take(1, 10_000, draw)).rejects.toThrow(/at or below/);
  });
});

describe.each(drivers)('market writer batches on %s', (driver) => {
  let h: Harness;
  let competitionId: string;
  const batches: { marketId: string; size: number }[] = [];

  beforeAll(async () => {
    h = await startHarness(driver);
    competitionId = await h.app.exchange.createCompetition(4, 'Batch League');
    h.app.exchange.onBatch = (marketId, size) => batches.push({ marketId, size });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });
  // A test that listened for groups (groupsStarted) stops listening when it ends, pass or fail.
  afterEach(() => {
    if (h) h.app.exchange.onGroup = () => undefined;
  });

  type Player = ExchangePlayer;
  const player = (points = 10_000): Promise<Player> => fundedExchangePlayer(h, points);

  const newMarket = () => aVersusBMatchOdds(h.app.exchange, competitionId);

  const place = (p: Player, body: Record<string, unknown>) =>
    post(h, '/api/bet/match/odds', { idempotencyKey: key(), ...body }, { token: p.token });
  const cancel = (p: Player, orderId: string, fields: Record<string, unknown> = {}) =>
    post(
      h,
      '/api/bet/match/odds/cancel',
      { orderId, idempotencyKey: key(), ...fields },
      { token: p.token },
    );

  /**
   * Sends the requests while the writer is paused, each once the one before is queued (so they
   * queue in this order), and lets the writer go once all are queued.
   */
  async function inOneBatch<T>(marketId: string, sends: (() => Promise<T>)[]): Promise<T[]> {
    const resume = h.app.exchange.pauseWriter(marketId);
    const seen = batches.length;
    const sent: Promise<T>[] = [];
    for (const send of sends) {
      sent.push(send());
      await vi.waitFor(() => expect(h.app.exchange.queuedAt(marketId)).toBe(sent.length), {
        timeout: 10_000,
      });
    }
    resume();
    const answers = await Promise.all(sent);
    expect(batches.slice(seen).filter((b) => b.marketId === marketId)).toEqual([
      { marketId, size: sent.length },
    ]);
    return answers;
  }

  async function exposureOf(p: Player, marketId: string): Promise<bigint> {
    const rows = await executeRows<{ e: string }>(
      h.db,
      sql`select exposure_paise as e from market_exposures
          where player_id = ${p.id} and market_id = ${Number(marketId)}`,
    );
    return BigInt(rows[0]?.e ?? 0);
  }

  /** Books equal the orders table, holds what the bets require, wallet holds agree, ledger zero. */
  async function expectConsistent(marketId: string): Promise<void> {
    expect(await h.app.exchange.audit(marketId)).toEqual([]);
    const disagreeing = await executeRows<{ player_id: string }>(
      h.db,
      sql`select e.player_id from market_exposures e
          left join wallet_holds w on w.player_id = e.player_id and w.product = 'exchange'
            and w.round_id = 'market:' || e.market_id
          where e.market_id = ${Number(marketId)}
            and e.exposure_paise <> coalesce(w.held_paise, 0)`,
    );
    expect(disagreeing).toEqual([]);
    const totals = await ledgerTotals(h.db);
    expect(totals.postingsSum).toBe(0n);
    expect(totals.unbalancedTransactions).toBe(0);
    expect(totals.playerRowsDisagreeing).toBe(0);
  }

  it('refuses the one order that fails its funds check; the others commit as if it never came', async () => {
    const { odds, runners } = await newMarket();
    const maker = await player();
    const poor = await player(50);
    const rich = await player();
    const other = await player();
    await place(maker, {
      marketId: odds,
      runnerId: runners[0],
      side: 'back',
      price: 5,
      stake: 100,
    });

    const [poorLay, richLay, otherBack] = await inOneBatch(odds, [
      // Would take the maker's whole back and risk 400, with 50 in cash.
      () =>
        place(poor, { marketId: odds, runnerId: runners[0], side: 'lay', price: 5, stake: 100 }),
      // Takes the back the refused lay would have taken.
      () =>
        place(rich, { marketId: odds, runnerId: runners[0], side: 'lay', price: 5, stake: 100 }),
      () =>
        place(other, { marketId: odds, runnerId: runners[1], side: 'back', price: 3, stake: 20 }),
    ]);
    expect(poorLay!.json().errorCode).toBe('INSUFFICIENT_FUNDS');
    expect(richLay!.json().data).toMatchObject({ status: 'matched', matchedStake: 100 });
    expect(otherBack!.json().data).toMatchObject({ status: 'unmatched', unmatchedStake: 20 });

    const [orderCount] = await executeRows<{ n: string }>(
      h.db,
      sql`select count(*) as n from orders where player_id = ${poor.id}`,
    );
    expect(Number(orderCount!.n)).toBe(0);
    expect(await exposureOf(poor, odds)).toBe(0n);
    expect(await exposureOf(rich, odds)).toBe(40_000n);
    expect(await exposureOf(maker, odds)).toBe(10_000n);
    const book = h.app.exchange.snapshot(h.app.exchange.markets.get(odds)!).runners;
    expect(book[0]!.availableToBack).toEqual([]);
    expect(book[0]!.availableToLay).toEqual([]);
    expect(book[1]!.availableToLay).toEqual([{ price: 3, amount: 20 }]);
    await expectConsistent(odds);
  });

  it('never deletes a market, runner, order or ledger transaction other rows name (they carry no foreign key to them)', async () => {
    const { odds, runners } = await newMarket();
    const [backer] = [await player()];
    const placed = await place(backer!, {
      marketId: odds,
      runnerId: runners[0],
      side: 'back',
      price: 2,
      stake: 100,
    });
    expect(placed.statusCode).toBe(200);
    await expect(
      h.db.execute(sql`delete from runners where id = ${Number(runners[0])}`),
    ).rejects.toThrow();
    await expect(
      h.db.execute(sql`delete from markets where id = ${Number(odds)}`),
    ).rejects.toThrow();
    const [row] = await executeRows<{ n: number }>(
      h.db,
      sql`select count(*)::int as n from runners where market_id = ${Number(odds)}`,
    );
    expect(row?.n).toBe(2);
    const orderId = Number(placed.json().data.orderId);
    expect(await databaseRefusal(h.db.execute(sql`delete from orders where id = ${orderId}`))).toBe(
      'rows of orders are never deleted: other rows name them',
    );
    expect(
      await databaseRefusal(
        h.db.execute(sql`delete from ledger_transactions where player_id = ${backer!.id}`),
      ),
    ).toMatch(/^rows of ledger_transactions are never deleted/);
    const [left] = await executeRows<{ orders: number; transactions: number }>(
      h.db,
      sql`select (select count(*)::int from orders where id = ${orderId}) as orders,
                 (select count(*)::int from ledger_transactions
                  where player_id = ${backer!.id}) as transactions`,
    );
    expect(left?.orders).toBe(1);
    expect(left?.transactions).toBeGreaterThan(0);
  });

  it("moves a batch's holds with the wallet read it prepared with the funds check (no second read, no lookup of its new orders' moves)", async () => {
    const { odds, runners } = await newMarket();
    const [a, b, c] = [await player(), await player(), await player()];
    await place(a, { marketId: odds, runnerId: runners[0], side: 'back', price: 3, stake: 30 });
    const before = preparedReadStats(h.db);
    const answers = await inOneBatch(odds, [
      // Fills a's back: the dry run foresees a as the maker moved under b's order.
      () => place(b, { marketId: odds, runnerId: runners[0], side: 'lay', price: 3, stake: 20 }),
      () => place(c, { marketId: odds, runnerId: runners[1], side: 'back', price: 2, stake: 10 }),
      // Would cross a's own back: refused by self-match prevention, no money moves for it.
      () => place(a, { marketId: odds, runnerId: runners[0], side: 'lay', price: 3, stake: 5 }),
    ]);
    expect(answers.map((answer) => answer.json().data?.status)).toEqual([
      'matched',
      'unmatched',
      'cancelled',
    ]);
    // The hold moves are keyed by the new orders' ids: none can exist, none is looked up.
    expect(preparedReadStats(h.db)).toEqual({ ...before, used: before.used + 1 });
    await expectConsistent(odds);
  });

  /** A bet on the market's first runner. */
  const onFirstRunner = (
    p: Player,
    market: { odds: string; runners: string[] },
    side: 'back' | 'lay',
    price: number,
    stake: number,
  ) => place(p, { marketId: market.odds, runnerId: market.runners[0], side, price, stake });

  /** Releases the hold, then answers both bets. */
  async function answersOnceReleased<T>(
    release: () => Promise<void>,
    first: Promise<T>,
    second: Promise<T>,
  ): Promise<[T, T]> {
    await release();
    return Promise.all([first, second]);
  }

  /** The markets of each group transaction the writer starts from now on (until the test ends). */
  function groupsStarted(): number[] {
    const groups: number[] = [];
    h.app.exchange.onGroup = (markets) => groups.push(markets);
    return groups;
  }

  it('writes the batches of two markets ready together in one transaction, checking a player on both against one purse', async () => {
    const first = await newMarket();
    const second = await newMarket();
    // 60 points: a back of 40 fits, and then a back of 40 on the other market does not.
    const p = await player(60);
    const groups = groupsStarted();
    const resumeFirst = h.app.exchange.pauseWriter(first.odds);
    const resumeSecond = h.app.exchange.pauseWriter(second.odds);
    const onFirst = onFirstRunner(p, first, 'back', 2, 40);
    await vi.waitFor(() => expect(h.app.exchange.queuedAt(first.odds)).toBe(1));
    const onSecond = onFirstRunner(p, second, 'back', 2, 40);
    await vi.waitFor(() => expect(h.app.exchange.queuedAt(second.odds)).toBe(1));
    resumeFirst();
    resumeSecond();
    const [a, b] = await Promise.all([onFirst, onSecond]);
    expect(groups).toEqual([2]);
    expect(a.json().data).toMatchObject({ status: 'unmatched', unmatchedStake: 40 });
    expect(b.json().errorCode).toBe('INSUFFICIENT_FUNDS');
    expect(await exposureOf(p, first.odds)).toBe(4_000n);
    expect(await exposureOf(p, second.odds)).toBe(0n);
    for (const market of [first, second]) await expectConsistent(market.odds);
  });

  /**
   * Takes `lock` in a transaction of its own and keeps it until the returned function is
   * called: a group that needs what it locks waits there.
   */
  async function holding(lock: ReturnType<typeof sql>): Promise<() => Promise<void>> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = h.db.transaction(async (tx) => {
      await executeRows(tx, lock);
      locked();
      await released;
    });
    await isLocked;
    return async () => {
      release();
      await holder;
    };
  }
  /** Holds back every insert into the orders table: a group that sent its writes waits. */
  const holdOrderInserts = () => holding(sql`lock table orders in share mode`);

  // Two transactions at once need two connections: PGlite has one.
  it.skipIf(driver !== 'postgres')(
    'starts the next group while the group before it commits, and answers both',
    async () => {
      const first = await newMarket();
      const second = await newMarket();
      const [a, b] = [await player(), await player()];
      const groups = groupsStarted();
      const release = await holdOrderInserts();
      let answered = 0;
      const onFirst = onFirstRunner(a, first, 'back', 2, 10).finally(() => (answered += 1));
      await vi.waitFor(() => expect(groups).toEqual([1]), { timeout: 10_000 });
      const onSecond = onFirstRunner(b, second, 'lay', 3, 10).finally(() => (answered += 1));
      // The first group waits in its commit; the second starts behind it all the same.
      await vi.waitFor(() => expect(groups).toEqual([1, 1]), { timeout: 10_000 });
      expect(answered).toBe(0);
      const [one, two] = await answersOnceReleased(release, onFirst, onSecond);
      expect(one.json().data).toMatchObject({ status: 'unmatched', unmatchedStake: 10 });
      expect(two.json().data).toMatchObject({ status: 'unmatched', unmatchedStake: 10 });
      expect(await exposureOf(a, first.odds)).toBe(1_000n);
      expect(await exposureOf(b, second.odds)).toBe(2_000n);
      for (const market of [first, second]) await expectConsistent(market.odds);
    },
    30_000,
  );

  it.skipIf(driver !== 'postgres')(
    'checks a player in two groups at once against what the first committed',
    async () => {
      const first = await newMarket();
      const second = await newMarket();
      // 60 points: a back of 40 fits, and then a back of 40 on the other market does not.
      const p = await player(60);
      const groups = groupsStarted();
      const release = await holdOrderInserts();
      const onFirst = onFirstRunner(p, first, 'back', 2, 40);
      await vi.waitFor(() => expect(groups).toEqual([1]), { timeout: 10_000 });
      const onSecond = onFirstRunner(p, second, 'back', 2, 40);
      // The second group waits for the player's cash, locked by the first until it commits.
      await vi.waitFor(() => expect(groups).toEqual([1, 1]), { timeout: 10_000 });
      const [a, b] = await answersOnceReleased(release, onFirst, onSecond);
      expect(a.json().data).toMatchObject({ status: 'unmatched', unmatchedStake: 40 });
      expect(b.json().errorCode).toBe('INSUFFICIENT_FUNDS');
      expect(await exposureOf(p, first.odds)).toBe(4_000n);
      expect(await exposureOf(p, second.odds)).toBe(0n);
      for (const market of [first, second]) await expectConsistent(market.odds);
    },
    30_000,
  );

  it.skipIf(driver !== 'postgres')(
    'starts no group while the group before it has not sent its writes (the markets waiting go together)',
    async () => {
      const first = await newMarket();
      const second = await newMarket();
      const [a, b] = [await player(), await player()];
      const groups = groupsStarted();
      // The first group waits for a's cash, before its writes.
      const release = await holding(
        sql`select id from ledger_accounts where player_id = ${a.id} for update`,
      );
      const onFirst = onFirstRunner(a, first, 'back', 2, 10);
      await vi.waitFor(() => expect(groups).toEqual([1]), { timeout: 10_000 });
      const seen = batches.length;
      const onSecond = onFirstRunner(b, second, 'back', 2, 10);
      // Handed to the writer, which starts groups a turn of the event loop later.
      await vi.waitFor(
        () => expect(batches.slice(seen)).toEqual([{ marketId: second.odds, size: 1 }]),
        { timeout: 10_000 },
      );
      for (let turn = 0; turn < 3; turn += 1) await new Promise((r) => setImmediate(r));
      expect(groups).toEqual([1]);
      const [one, two] = await answersOnceReleased(release, onFirst, onSecond);
      expect(groups).toEqual([1, 1]);
      expect(one.json().data).toMatchObject({ status: 'unmatched', unmatchedStake: 10 });
      expect(two.json().data).toMatchObject({ status: 'unmatched', unmatchedStake: 10 });
      for (const market of [first, second]) await expectConsistent(market.odds);
    },
    30_000,
  );

  it('answers a replay of a key placed earlier in the same batch with the first answer', async () => {
    const { odds, runners } = await newMarket();
    const p = await player();
    const body = {
      marketId: odds,
      runnerId: runners[0],
      side: 'back',
      price: 2,
      stake: 10,
      idempotencyKey: key(),
    };
    const [first, again, changed] = await inOneBatch(odds, [
      () => place(p, body),
      () => place(p, body),
      () => place(p, { ...body, stake: 11 }),
    ]);
    expect(first!.json().data).toMatchObject({ status: 'unmatched', unmatchedStake: 10 });
    expect(again!.json().data).toEqual(first!.json().data);
    expect(changed!.json().errorCode).toBe('IDEMPOTENCY_MISMATCH');
    const [orderCount] = await executeRows<{ n: string }>(
      h.db,
      sql`select count(*) as n from orders where player_id = ${p.id}`,
    );
    expect(Number(orderCount!.n)).toBe(1);
    expect(await exposureOf(p, odds)).toBe(1_000n);
    // And once committed, the same key answers from the table.
    expect((await place(p, body)).json().data).toEqual(first!.json().data);
    await expectConsistent(odds);
  });

  it('answers a replay of a committed order that comes in a batch of new ones (the write finds its key taken; the group goes again with the lookup)', async () => {
    const { odds, runners } = await newMarket();
    const [p, q] = [await player(), await player()];
    const body = {
      marketId: odds,
      runnerId: runners[0],
      side: 'back',
      price: 4,
      stake: 10,
      idempotencyKey: key(),
    };
    const first = await place(p, body);
    const [again, other] = await inOneBatch(odds, [
      () => place(p, body),
      () => place(q, { marketId: odds, runnerId: runners[0], side: 'lay', price: 4, stake: 6 }),
    ]);
    expect(again!.json().data).toEqual(first.json().data);
    expect(other!.json().data).toMatchObject({ status: 'matched', matchedStake: 6 });
    const [orderCount] = await executeRows<{ n: string }>(
      h.db,
      sql`select count(*) as n from orders where player_id = ${p.id}`,
    );
    expect(Number(orderCount!.n)).toBe(1);
    await expectConsistent(odds);
  });

  it("draws new order ids above the book's last one, as after taking a market over from another node", async () => {
    const { odds, runners } = await newMarket();
    const p = await player();
    const bet = (price: number) =>
      place(p, { marketId: odds, runnerId: runners[0], side: 'back', price, stake: 10 });
    expect((await bet(2)).json().data.status).toBe('unmatched');
    // Another node used ids far above those this one drew ahead, on this market's book.
    await executeRows(
      h.db,
      sql`select setval(pg_get_serial_sequence('orders', 'id'),
                        nextval(pg_get_serial_sequence('orders', 'id')) + 10000)`,
    );
    const book = h.app.exchange.markets.get(odds)!.runners[0]!.book;
    const taken = book.lastSeq;
    book.lastSeq = taken + 5_000;
    const answer = await bet(2.02);
    expect(answer.json().data?.status).toBe('unmatched');
    expect(Number(answer.json().data.orderId)).toBeGreaterThan(taken + 5_000);
    await expectConsistent(odds);
  });

  it('answers a replay with its first answer even after the market was suspended', async () => {
    const { odds, runners } = await newMarket();
    const p = await player();
    const body = {
      marketId: odds,
      runnerId: runners[0],
      side: 'lay',
      price: 3,
      stake: 10,
      idempotencyKey: key(),
    };
    const first = await place(p, body);
    await h.app.exchange.updateMarket(odds, { status: 'suspended' });
    expect((await place(p, body)).json().data).toEqual(first.json().data);
    expect((await place(p, { ...body, stake: 12 })).json().errorCode).toBe('IDEMPOTENCY_MISMATCH');
    expect((await place(p, { ...body, idempotencyKey: key() })).json().errorCode).toBe(
      'MARKET_SUSPENDED',
    );
    await h.app.exchange.updateMarket(odds, { status: 'open' });
    await expectConsistent(odds);
  });

  it('places one order when one key comes on two markets at once; the other is a mismatch', async () => {
    const first = await newMarket();
    const second = await newMarket();
    const p = await player();
    const idempotencyKey = key();
    const resumeFirst = h.app.exchange.pauseWriter(first.odds);
    const resumeSecond = h.app.exchange.pauseWriter(second.odds);
    const answers = [first, second].map((m) =>
      place(p, {
        marketId: m.odds,
        runnerId: m.runners[0],
        side: 'back',
        price: 2,
        stake: 10,
        idempotencyKey,
      }),
    );
    await vi.waitFor(
      () => {
        expect(h.app.exchange.queuedAt(first.odds)).toBe(1);
        expect(h.app.exchange.queuedAt(second.odds)).toBe(1);
      },
      { timeout: 10_000 },
    );
    // Both writers run at once: on PostgreSQL the second insert of the key waits for the
    // first commit, fails on the unique key and its batch is retried, answering the key.
    resumeFirst();
    resumeSecond();
    const bodies = (await Promise.all(answers)).map((a) => a.json());
    expect(bodies.filter((b) => b.data?.status === 'unmatched')).toHaveLength(1);
    expect(bodies.filter((b) => b.errorCode === 'IDEMPOTENCY_MISMATCH')).toHaveLength(1);
    const [orderCount] = await executeRows<{ n: string }>(
      h.db,
      sql`select count(*) as n from orders where player_id = ${p.id}`,
    );
    expect(Number(orderCount!.n)).toBe(1);
    await expectConsistent(first.odds);
    await expectConsistent(second.odds);
  });

  it('fills and cancels the same order in one batch, each seeing the other', async () => {
    const { odds, runners } = await newMarket();
    const maker = await player();
    const taker = await player();
    const resting = await place(maker, {
      marketId: odds,
      runnerId: runners[0],
      side: 'back',
      price: 2,
      stake: 100,
    });
    const orderId = resting.json().data.orderId as string;
    expect(await exposureOf(maker, odds)).toBe(10_000n);

    const [fill, cancelled] = await inOneBatch(odds, [
      () =>
        place(taker, { marketId: odds, runnerId: runners[0], side: 'lay', price: 2, stake: 40 }),
      () => cancel(maker, orderId),
    ]);
    expect(fill!.json().data).toMatchObject({ status: 'matched', matchedStake: 40 });
    expect(cancelled!.json().data).toMatchObject({
      orderId,
      status: 'matched',
      matchedStake: 40,
      unmatchedStake: 0,
      averagePrice: 2,
    });
    const [row] = await executeRows<{
      matched_paise: string;
      cancelled_paise: string;
      status: string;
    }>(
      h.db,
      sql`select matched_paise::text, cancelled_paise::text, status from orders where id = ${Number(orderId)}`,
    );
    expect(row).toMatchObject({
      matched_paise: '4000',
      cancelled_paise: '6000',
      status: 'matched',
    });
    expect(await exposureOf(maker, odds)).toBe(4_000n);
    expect(await exposureOf(taker, odds)).toBe(4_000n);
    // The cancel's hold move is keyed by the order's cancelled total, as a cancel alone is.
    const [operation] = await executeRows<{ n: string }>(
      h.db,
      sql`select count(*) as n from wallet_operations
          where external_id = ${`cancel:${orderId}:6000:p${maker.id}`}`,
    );
    expect(Number(operation!.n)).toBe(1);
    await expectConsistent(odds);
  });

  it('two tries of one keyed cancel in one batch cancel once; another body under the key is refused', async () => {
    const { odds, runners } = await newMarket();
    const maker = await player();
    const resting = await place(maker, {
      marketId: odds,
      runnerId: runners[0],
      side: 'back',
      price: 2,
      stake: 100,
    });
    const orderId = resting.json().data.orderId as string;
    const partKey = key();
    const [first, retry, otherBody] = await inOneBatch(odds, [
      () => cancel(maker, orderId, { stake: 40, idempotencyKey: partKey }),
      () => cancel(maker, orderId, { stake: 40, idempotencyKey: partKey }),
      () => cancel(maker, orderId, { stake: 10, idempotencyKey: partKey }),
    ]);
    expect(first!.json().data).toMatchObject({ status: 'unmatched', unmatchedStake: 60 });
    expect(retry!.json().data).toEqual(first!.json().data);
    expect(otherBody!.json().errorCode).toBe('IDEMPOTENCY_MISMATCH');
    const [row] = await executeRows<{ cancelled_paise: string }>(
      h.db,
      sql`select cancelled_paise::text from orders where id = ${Number(orderId)}`,
    );
    expect(row).toEqual({ cancelled_paise: '4000' });
    expect(await exposureOf(maker, odds)).toBe(6_000n);
    await expectConsistent(odds);
  });

  it('keeps books, holds and the ledger in agreement under many concurrent placements', async () => {
    const { odds, runners } = await newMarket();
    const players = await Promise.all(Array.from({ length: 8 }, () => player(2_000)));
    const prices = [1.9, 1.95, 2, 2.04, 2.1];
    const bodies = Array.from({ length: 80 }, (_, n) => ({
      who: players[(n * 5) % players.length]!,
      body: {
        marketId: odds,
        runnerId: runners[n % 3 === 0 ? 1 : 0],
        side: n % 2 === 0 ? 'back' : 'lay',
        price: prices[(n * 7) % prices.length],
        stake: 50 + ((n * 37) % 400),
      },
    }));
    const seen = batches.length;
    const resume = h.app.exchange.pauseWriter(odds);
    const first = bodies.slice(0, 40).map(({ who, body }) => place(who, body));
    await vi.waitFor(() => expect(h.app.exchange.queuedAt(odds)).toBe(40), { timeout: 10_000 });
    resume();
    // The rest arrive while batches run: they queue behind and batch as they come.
    const rest = bodies.slice(40).map(({ who, body }) => place(who, body));
    const answers = await Promise.all([...first, ...rest]);
    const statuses = answers.map((a) => a.json().data?.status ?? a.json().errorCode);
    expect(
      statuses.filter((s) => s === 'matched' || s === 'partially_matched').length,
    ).toBeGreaterThan(0);
    expect(batches.slice(seen).some((b) => b.marketId === odds && b.size === 40)).toBe(true);
    expect(statuses.every((s) => typeof s === 'string')).toBe(true);
    expect(new Set(statuses.filter((s) => !s.includes('matched')))).toEqual(
      new Set(statuses.filter((s) => s === 'INSUFFICIENT_FUNDS')),
    );
    await expectConsistent(odds);
    // Cancelling everything left releases every hold that no matched bet keeps.
    for (const p of players) await h.app.exchange.cancelAllOf(p.id, odds);
    await expectConsistent(odds);
    const book = h.app.exchange.snapshot(h.app.exchange.markets.get(odds)!).runners;
    expect(book.every((r) => r.availableToBack.length === 0 && r.availableToLay.length === 0)).toBe(
      true,
    );
  });
});

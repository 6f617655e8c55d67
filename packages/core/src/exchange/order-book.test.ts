import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { OddsType } from '@spm/contract';
import {
  bestPriceToBack,
  cancelOrder,
  cloneOrderBook,
  createOrderBook,
  getOrder,
  listRestingOrders,
  markOrderBook,
  placeOrder,
  releaseOrderBookMark,
  restingOrdersOf,
  rollbackOrderBook,
  topOfBook,
  type Fill,
  type OrderBook,
  type OrderRequest,
  type RestingOrderView,
} from './order-book.ts';
import { LADDER_PRICES } from './price-ladder.ts';

/** A small driver: auto-increments seq and ids, fails loudly on a rejection. */
/** Order number `seq` of the random steps and the mark tests (id `o{seq}`). */
const orderAt = (
  side: OddsType,
  priceHundredths: number,
  stakePaise: bigint,
  ownerId: string,
  seq: number,
): OrderRequest => ({ id: `o${seq}`, side, priceHundredths, stakePaise, ownerId, seq });

function driver() {
  const book = createOrderBook();
  let seq = 0;
  const place = (
    side: OddsType,
    priceHundredths: number,
    stakePaise: bigint,
    ownerId = `owner${seq + 1}`,
    id = `o${seq + 1}`,
  ) => {
    seq++;
    const result = placeOrder(book, { id, side, priceHundredths, stakePaise, ownerId, seq });
    if (!result.ok) throw new Error(result.code);
    return result;
  };
  return { book, place };
}

/**
 * What a level's counters must say about its queue: entries before `head` are gone, `dead`
 * counts the emptied ones after it, `totalPaise` sums the rest, and the side's bit mask marks
 * exactly the levels holding stake. Matching and compaction both lean on these counters.
 */
function expectLevelBookkeeping(book: OrderBook): void {
  for (const side of [book.backs, book.lays]) {
    side.levels.forEach((level, index) => {
      const marked = ((side.mask[index >>> 5]! >>> (index & 31)) & 1) === 1;
      // A price no order rested at has no level, and no bit.
      if (!level) return void expect(marked).toBe(false);
      const after = level.queue.slice(level.head);
      expect(level.queue.slice(0, level.head).every((e) => e.unmatchedPaise === 0n)).toBe(true);
      expect(level.dead).toBe(after.filter((e) => e.unmatchedPaise === 0n).length);
      expect(level.totalPaise).toBe(after.reduce((sum, e) => sum + e.unmatchedPaise, 0n));
      expect(marked).toBe(level.totalPaise > 0n);
    });
  }
}

const fillSummary = (fills: Fill[]) =>
  fills.map((f) => [f.makerOrderId, f.priceHundredths, f.stakePaise] as const);

describe('matching rules', () => {
  it('rests an order that finds nothing, shown on the other face of the ladder', () => {
    const { book, place } = driver();
    expect(place('back', 200, 10_000n)).toEqual({
      ok: true,
      fills: [],
      matchedPaise: 0n,
      restingPaise: 10_000n,
      selfCrossCancelledPaise: 0n,
    });
    place('lay', 190, 5_000n);
    // Resting backs are what a layer can take; resting lays are what a backer can take.
    expect(topOfBook(book)).toEqual({
      availableToBack: [{ priceHundredths: 190, amountPaise: 5_000n }],
      availableToLay: [{ priceHundredths: 200, amountPaise: 10_000n }],
    });
  });

  it('gives an incoming back the highest lay price first and fills at the resting price', () => {
    const { place } = driver();
    place('lay', 200, 100n);
    place('lay', 220, 100n);
    place('lay', 210, 100n);
    place('lay', 198, 100n); // below the back's limit: never touched
    const result = place('back', 200, 250n);
    expect(fillSummary(result.fills)).toEqual([
      ['o2', 220, 100n],
      ['o3', 210, 100n],
      ['o1', 200, 50n],
    ]);
    expect(result.matchedPaise).toBe(250n);
    expect(result.restingPaise).toBe(0n);
  });

  it('gives an incoming lay the lowest back price first', () => {
    const { book, place } = driver();
    place('back', 210, 100n);
    place('back', 200, 100n);
    place('back', 230, 100n); // above the lay's limit
    const result = place('lay', 220, 300n);
    expect(fillSummary(result.fills)).toEqual([
      ['o2', 200, 100n],
      ['o1', 210, 100n],
    ]);
    expect(result.restingPaise).toBe(100n);
    expect(topOfBook(book)).toEqual({
      availableToBack: [{ priceHundredths: 220, amountPaise: 100n }],
      availableToLay: [{ priceHundredths: 230, amountPaise: 100n }],
    });
  });

  it('takes the oldest order first at one price', () => {
    const { place } = driver();
    place('lay', 300, 100n, 'x');
    place('lay', 300, 100n, 'y');
    place('lay', 300, 100n, 'z');
    expect(fillSummary(place('back', 300, 150n, 'b').fills)).toEqual([
      ['o1', 300, 100n],
      ['o2', 300, 50n],
    ]);
  });

  // A taker that fills completely must leave nothing behind: a zero-stake "resting" entry
  // would show a 0.00 level on the ladder, block its id and count as a live order.
  it.each<[OddsType, OddsType]>([
    ['back', 'lay'],
    ['lay', 'back'],
  ])('takes a fully filled %s taker out of the book entirely', (takerSide, makerSide) => {
    const { book, place } = driver();
    place(makerSide, 300, 100n, 'maker', 'M');
    const result = place(takerSide, 300, 100n, 'taker', 'T');
    expect(result).toMatchObject({ matchedPaise: 100n, restingPaise: 0n });
    expect(getOrder(book, 'T')).toBeUndefined();
    expect(getOrder(book, 'M')).toBeUndefined();
    expect(book.orders.size).toBe(0);
    expect(listRestingOrders(book)).toEqual([]);
    expect(topOfBook(book)).toEqual({ availableToBack: [], availableToLay: [] });
    // The id is free again, and the next order at that price finds nothing to match.
    expect(place(takerSide, 300, 50n, 'other', 'T')).toMatchObject({
      fills: [],
      restingPaise: 50n,
    });
  });

  it('leaves a partial fill resting and cancellable', () => {
    const { book, place } = driver();
    place('lay', 250, 40n);
    const result = place('back', 250, 100n, 'backer', 'B');
    expect(result).toMatchObject({ matchedPaise: 40n, restingPaise: 60n });
    expect(getOrder(book, 'B')).toMatchObject({ unmatchedPaise: 60n, priceHundredths: 250 });
    expect(cancelOrder(book, 'B')).toEqual({ ok: true, cancelledPaise: 60n, remainingPaise: 0n });
    expect(getOrder(book, 'B')).toBeUndefined();
    expect(topOfBook(book)).toEqual({ availableToBack: [], availableToLay: [] });
  });

  it('never matches an owner against himself and never rests across his own orders', () => {
    const { book, place } = driver();
    place('lay', 210, 100n, 'alice', 'aliceLay');
    place('lay', 210, 100n, 'bob', 'bobLay');
    // Alice's back skips her own older lay and takes Bob's.
    const first = place('back', 210, 60n, 'alice');
    expect(fillSummary(first.fills)).toEqual([['bobLay', 210, 60n]]);
    // Next: Bob's remaining 40 fills, the rest cannot rest below Alice's own lay at 2.10.
    const second = place('back', 200, 100n, 'alice');
    expect(fillSummary(second.fills)).toEqual([['bobLay', 210, 40n]]);
    expect(second).toMatchObject({ restingPaise: 0n, selfCrossCancelledPaise: 60n });
    // Her own lay kept its place and amount; a back that does not cross it rests.
    expect(getOrder(book, 'aliceLay')).toMatchObject({ unmatchedPaise: 100n });
    expect(place('back', 220, 100n, 'alice')).toMatchObject({ restingPaise: 100n });
    expect(topOfBook(book)).toEqual({
      availableToBack: [{ priceHundredths: 210, amountPaise: 100n }],
      availableToLay: [{ priceHundredths: 220, amountPaise: 100n }],
    });
  });

  it('keeps queue position through a partial cancel', () => {
    const { book, place } = driver();
    place('lay', 200, 100n, 'x', 'X');
    place('lay', 200, 100n, 'y', 'Y');
    expect(cancelOrder(book, 'X', 30n)).toEqual({
      ok: true,
      cancelledPaise: 30n,
      remainingPaise: 70n,
    });
    expect(fillSummary(place('back', 200, 80n).fills)).toEqual([
      ['X', 200, 70n],
      ['Y', 200, 10n],
    ]);
  });

  it('cancels what is left when asked for more, and refuses unknown orders and bad amounts', () => {
    const { book, place } = driver();
    place('back', 500, 100n, 'x', 'X');
    expect(cancelOrder(book, 'X', 0n)).toEqual({ ok: false, code: 'INVALID_AMOUNT' });
    expect(cancelOrder(book, 'X', 1000n)).toEqual({
      ok: true,
      cancelledPaise: 100n,
      remainingPaise: 0n,
    });
    expect(cancelOrder(book, 'X')).toEqual({ ok: false, code: 'ORDER_NOT_FOUND' });
  });

  it('refuses off-ladder prices, non-positive stakes, reused live ids and old sequence numbers', () => {
    const book = createOrderBook();
    const order: OrderRequest = {
      id: 'a',
      side: 'back',
      priceHundredths: 200,
      stakePaise: 100n,
      ownerId: 'p',
      seq: 5,
    };
    const code = (o: OrderRequest) => {
      const result = placeOrder(book, o);
      return result.ok ? 'ok' : result.code;
    };
    expect(code({ ...order, priceHundredths: 201 })).toBe('INVALID_PRICE');
    expect(code({ ...order, priceHundredths: 100 })).toBe('INVALID_PRICE');
    expect(code({ ...order, stakePaise: 0n })).toBe('INVALID_STAKE');
    expect(code({ ...order, id: '' })).toBe('INVALID_ORDER_ID');
    expect(code(order)).toBe('ok');
    expect(code({ ...order, seq: 6 })).toBe('DUPLICATE_ORDER_ID');
    expect(code({ ...order, id: 'b', seq: 5 })).toBe('SEQ_NOT_INCREASING');
  });

  it('survives deep levels with many cancels in the middle (lazy removal and compaction)', () => {
    const { book, place } = driver();
    for (let i = 0; i < 200; i++) place('lay', 300, 10n, `p${i}`, `L${i}`);
    for (let i = 0; i < 200; i++) if (i % 5 !== 0) cancelOrder(book, `L${i}`);
    const result = place('back', 300, 395n, 'taker');
    expect(result.fills.map((f) => f.makerOrderId)).toEqual(
      Array.from({ length: 40 }, (_, i) => `L${i * 5}`),
    );
    expect(result.restingPaise).toBe(0n);
    expect(topOfBook(book).availableToBack).toEqual([{ priceHundredths: 300, amountPaise: 5n }]);
  });

  // The ends of the ladder: after the last level the walk must stop, even when the taker's
  // own orders are still in the book to be skipped again.
  it('walks to the top and bottom tick and stops there, skipping own orders once', () => {
    const { book, place } = driver();
    place('back', 200, 100n, 'x', 'ownBack');
    place('back', 100_000, 30n, 'y', 'top');
    const lay = place('lay', 100_000, 100n, 'x', 'layTaker');
    expect(fillSummary(lay.fills)).toEqual([['top', 100_000, 30n]]);
    expect(lay).toMatchObject({ restingPaise: 0n, selfCrossCancelledPaise: 70n });

    place('lay', 102, 100n, 'x', 'ownLay');
    place('lay', 101, 30n, 'y', 'bottom');
    const back = place('back', 101, 100n, 'x', 'backTaker');
    expect(fillSummary(back.fills)).toEqual([['bottom', 101, 30n]]);
    expect(back).toMatchObject({ restingPaise: 0n, selfCrossCancelledPaise: 70n });
    expect(listRestingOrders(book).map((o) => o.id)).toEqual(['ownLay', 'ownBack']);
  });

  it('cancels a remainder that would cross an own order at the lowest tick itself', () => {
    const { place } = driver();
    place('lay', 101, 10n, 'z', 'zLay');
    expect(place('back', 101, 10n, 'z', 'zBack')).toMatchObject({
      fills: [],
      restingPaise: 0n,
      selfCrossCancelledPaise: 10n,
    });
  });

  it('shows the lowest tick and exactly the asked depth', () => {
    const { book, place } = driver();
    place('back', 101, 10n);
    place('back', 102, 20n);
    place('back', 103, 30n);
    expect(topOfBook(book, 2)).toEqual({
      availableToBack: [],
      availableToLay: [
        { priceHundredths: 101, amountPaise: 10n },
        { priceHundredths: 102, amountPaise: 20n },
      ],
    });
    expect(topOfBook(book, 1).availableToLay).toEqual([{ priceHundredths: 101, amountPaise: 10n }]);
  });

  // The server hands the book values parsed at the edge; a number where a bigint belongs must
  // be refused, not mixed into bigint arithmetic.
  it('refuses a stake or a cancel amount that is not a bigint', () => {
    const { book, place } = driver();
    place('lay', 200, 100n, 'x', 'X');
    const notBigint = 50 as unknown as bigint;
    expect(
      placeOrder(book, {
        id: 'n',
        side: 'back',
        priceHundredths: 200,
        stakePaise: notBigint,
        ownerId: 'y',
        seq: 99,
      }),
    ).toEqual({ ok: false, code: 'INVALID_STAKE' });
    expect(cancelOrder(book, 'X', notBigint)).toEqual({ ok: false, code: 'INVALID_AMOUNT' });
    expect(getOrder(book, 'X')).toMatchObject({ unmatchedPaise: 100n });
  });
});

/**
 * The book runs for the life of a market (hours, thousands of orders): a level must not keep
 * the orders that left it. These look at the level's queue itself, the only place such a leak
 * shows; the matching results are covered above and by the model.
 */
describe('bestPriceToBack', () => {
  it('is the highest resting lay price, the most a back can be filled at', () => {
    const { book, place } = driver();
    expect(bestPriceToBack(book)).toBeNull();
    place('lay', 250, 100n);
    place('lay', 1000, 100n);
    // A resting back is not a price to back at.
    place('back', 1100, 100n);
    expect(bestPriceToBack(book)).toBe(1000);
    const taken = place('back', 101, 150n);
    expect(fillSummary(taken.fills)).toEqual([
      ['o2', 1000, 100n],
      ['o1', 250, 50n],
    ]);
    expect(bestPriceToBack(book)).toBe(250);
  });
});

describe('memory of a price level', () => {
  const queueLength = (book: OrderBook, side: 'backs' | 'lays', priceHundredths: number) =>
    book[side].levels[LADDER_PRICES.indexOf(priceHundredths)]!.queue.length;

  it('makes a price level only when an order first rests there, and keeps it', () => {
    const made = (book: OrderBook) =>
      (['backs', 'lays'] as const).flatMap((side) =>
        book[side].levels.flatMap((level, index) =>
          level ? [`${side} ${LADDER_PRICES[index]}`] : [],
        ),
      );
    const { book, place } = driver();
    expect(made(book)).toEqual([]);
    place('back', 300, 10n, 'x', 'A');
    place('lay', 250, 10n, 'y', 'B');
    expect(made(book)).toEqual(['backs 300', 'lays 250']);
    // A back at 2.50 takes the lay there: matched, it rests nowhere and makes no level.
    place('back', 250, 10n, 'z', 'C');
    cancelOrder(book, 'A');
    expect(made(book)).toEqual(['backs 300', 'lays 250']);
    expect(queueLength(book, 'backs', 300)).toBe(0);
    expectLevelBookkeeping(book);
  });

  it('empties a level whose orders were all cancelled', () => {
    const { book, place } = driver();
    place('back', 300, 10n, 'x', 'A');
    place('back', 300, 10n, 'y', 'B');
    cancelOrder(book, 'B');
    cancelOrder(book, 'A');
    expect(queueLength(book, 'backs', 300)).toBe(0);
    expectLevelBookkeeping(book);
  });

  it('compacts after matching too, once the consumed entries are most of the level', () => {
    const { book, place } = driver();
    for (let i = 0; i < 100; i++) place('lay', 300, 10n);
    place('back', 300, 700n, 'taker');
    expect(queueLength(book, 'lays', 300)).toBe(30);
    expectLevelBookkeeping(book);
  });

  // Copying a queue costs its length: it waits for more than 32 dead entries, and for the dead
  // to outnumber the live, so a level is copied at most once per doubling of its dead part.
  it('compacts only past 32 dead entries that outnumber the live ones', () => {
    const { book, place } = driver();
    for (let i = 0; i < 34; i++) place('lay', 300, 10n, `p${i}`, `L${i}`);
    for (let i = 1; i <= 32; i++) cancelOrder(book, `L${i}`);
    expect(queueLength(book, 'lays', 300)).toBe(34);
    expectLevelBookkeeping(book);
    cancelOrder(book, 'L33');
    expect(queueLength(book, 'lays', 300)).toBe(1);
    expectLevelBookkeeping(book);

    for (let i = 0; i < 66; i++) place('back', 500, 10n, `q${i}`, `B${i}`);
    for (let i = 1; i <= 33; i++) cancelOrder(book, `B${i}`);
    // 33 dead, 33 live: not yet.
    expect(queueLength(book, 'backs', 500)).toBe(66);
    expectLevelBookkeeping(book);
  });

  // An own order at the front is skipped, not consumed: the front must stay on it.
  it('keeps a skipped own order at the front while matching behind it', () => {
    const { book, place } = driver();
    place('lay', 300, 10n, 'x', 'own');
    place('lay', 300, 10n, 'y', 'gone');
    place('lay', 300, 10n, 'z', 'other');
    place('lay', 300, 10n, 'w', 'last');
    cancelOrder(book, 'gone');
    expect(fillSummary(place('back', 300, 10n, 'x').fills)).toEqual([['other', 300, 10n]]);
    expectLevelBookkeeping(book);
    expect(listRestingOrders(book).map((o) => o.id)).toEqual(['own', 'last']);
    const level = book.lays.levels[LADDER_PRICES.indexOf(300)]!;
    expect(level.queue[level.head]!.id).toBe('own');
  });

  it('keeps its bookkeeping when matching walks through entries cancelled behind the head', () => {
    const { book, place } = driver();
    for (let i = 0; i < 6; i++) place('lay', 300, 10n, `p${i}`, `L${i}`);
    cancelOrder(book, 'L1');
    cancelOrder(book, 'L3');
    expectLevelBookkeeping(book);
    expect(fillSummary(place('back', 300, 25n, 'taker').fills)).toEqual([
      ['L0', 300, 10n],
      ['L2', 300, 10n],
      ['L4', 300, 5n],
    ]);
    expectLevelBookkeeping(book);
    // Everything the walk passed at the front is gone: the level starts at the live L4.
    const level = book.lays.levels[LADDER_PRICES.indexOf(300)]!;
    expect(level.queue[level.head]!.id).toBe('L4');
    expect(fillSummary(place('back', 300, 15n, 'taker').fills)).toEqual([
      ['L4', 300, 5n],
      ['L5', 300, 10n],
    ]);
    expect(queueLength(book, 'lays', 300)).toBe(0);
    expectLevelBookkeeping(book);
  });

  it('empties a level that matching used up', () => {
    const { book, place } = driver();
    for (let i = 0; i < 5; i++) place('lay', 300, 10n);
    place('back', 300, 50n, 'taker');
    expect(queueLength(book, 'lays', 300)).toBe(0);
  });

  it('drops cancelled orders from a level once they are most of it', () => {
    const { book, place } = driver();
    for (let i = 0; i < 100; i++) place('lay', 300, 10n, `p${i}`, `L${i}`);
    // The oldest stays, so the dead entries sit behind a live head.
    for (let i = 1; i < 100; i++) cancelOrder(book, `L${i}`);
    expect(queueLength(book, 'lays', 300)).toBeLessThanOrEqual(34);
    expect(listRestingOrders(book).map((o) => o.id)).toEqual(['L0']);
    // Matched at the head, cancelled behind it: the same bound.
    for (let i = 0; i < 100; i++) place('back', 500, 10n, `q${i}`, `B${i}`);
    place('lay', 500, 500n, 'taker');
    for (let i = 51; i < 100; i++) cancelOrder(book, `B${i}`);
    expect(queueLength(book, 'backs', 500)).toBeLessThanOrEqual(34);
    expect(listRestingOrders(book).map((o) => o.id)).toEqual(['L0', 'B50']);
  });

  it('keeps a level that is mostly alive as it is', () => {
    const { book, place } = driver();
    for (let i = 0; i < 100; i++) place('lay', 300, 10n, `p${i}`, `L${i}`);
    for (let i = 0; i < 40; i++) cancelOrder(book, `L${i * 2 + 1}`);
    // 40 dead of 100: compacting now would copy the queue for little gain.
    expect(queueLength(book, 'lays', 300)).toBe(100);
    expect(listRestingOrders(book)).toHaveLength(60);
  });
});

// ---------------------------------------------------------------- model-based properties

interface ModelOrder extends RestingOrderView {
  index: number;
}

/**
 * The rules written as plainly as possible, O(n) per order: sort the crossing opposite orders
 * by price priority then seq, skip the taker's owner, take in turn; cancel the rest if an
 * own order still crosses, else rest it.
 */
class ModelBook {
  resting: ModelOrder[] = [];

  place(order: OrderRequest): { fills: Fill[]; resting: bigint; selfCross: bigint } {
    const index = LADDER_PRICES.indexOf(order.priceHundredths);
    const isBack = order.side === 'back';
    const crosses = (o: ModelOrder) =>
      o.side !== order.side && (isBack ? o.index >= index : o.index <= index);
    const candidates = this.resting
      .filter((o) => crosses(o) && o.ownerId !== order.ownerId)
      .sort((a, b) => (isBack ? b.index - a.index : a.index - b.index) || a.seq - b.seq);
    let remaining = order.stakePaise;
    const fills: Fill[] = [];
    for (const maker of candidates) {
      if (remaining === 0n) break;
      const amount = maker.unmatchedPaise < remaining ? maker.unmatchedPaise : remaining;
      maker.unmatchedPaise -= amount;
      remaining -= amount;
      fills.push({
        takerOrderId: order.id,
        takerOwnerId: order.ownerId,
        takerSide: order.side,
        makerOrderId: maker.id,
        makerOwnerId: maker.ownerId,
        priceHundredths: maker.priceHundredths,
        stakePaise: amount,
      });
    }
    this.resting = this.resting.filter((o) => o.unmatchedPaise > 0n);
    if (remaining > 0n && this.resting.some(crosses)) {
      return { fills, resting: 0n, selfCross: remaining };
    }
    if (remaining > 0n) {
      this.resting.push({
        id: order.id,
        ownerId: order.ownerId,
        side: order.side,
        priceHundredths: order.priceHundredths,
        seq: order.seq,
        unmatchedPaise: remaining,
        index,
      });
    }
    return { fills, resting: remaining, selfCross: 0n };
  }

  cancel(id: string, amount?: bigint): bigint {
    const order = this.resting.find((o) => o.id === id);
    if (!order) return -1n;
    const cancelled =
      amount === undefined || amount > order.unmatchedPaise ? order.unmatchedPaise : amount;
    order.unmatchedPaise -= cancelled;
    this.resting = this.resting.filter((o) => o.unmatchedPaise > 0n);
    return cancelled;
  }

  /** In listRestingOrders' order: lays high to low, then backs low to high, oldest first. */
  list(): RestingOrderView[] {
    const sorted = [...this.resting].sort((a, b) => {
      if (a.side !== b.side) return a.side === 'lay' ? -1 : 1;
      const byPrice = a.side === 'lay' ? b.index - a.index : a.index - b.index;
      return byPrice || a.seq - b.seq;
    });
    return sorted.map(({ index: _index, ...view }) => view);
  }
}

type Step =
  | { op: 'place'; side: OddsType; tick: number; stake: bigint; owner: string }
  | { op: 'cancel'; target: number; amount: bigint | undefined };

// Eight ticks around 2.00 so orders cross often; three owners so self-matches happen.
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('place' as const),
      side: fc.constantFrom<OddsType>('back', 'lay'),
      tick: fc.integer({ min: 95, max: 103 }),
      stake: fc.bigInt({ min: 1n, max: 500n }),
      owner: fc.constantFrom('a', 'b', 'c'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('cancel' as const),
      target: fc.nat(),
      amount: fc.option(fc.bigInt({ min: 1n, max: 300n }), { nil: undefined }),
    }),
  },
);

function bestPrices(book: OrderBook) {
  const top = topOfBook(book, 1);
  return {
    bestLay: top.availableToBack[0]?.priceHundredths,
    bestBack: top.availableToLay[0]?.priceHundredths,
  };
}

describe('order book against a model', () => {
  it('fills, rests and cancels exactly as the plain rules say, and keeps every invariant', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 120 }), (steps) => {
        const book = createOrderBook();
        const model = new ModelBook();
        const placed = new Map<string, { side: OddsType; price: number; stake: bigint }>();
        const matched = new Map<string, bigint>();
        const cancelled = new Map<string, bigint>();
        const matchedAtPrice = { back: new Map<number, bigint>(), lay: new Map<number, bigint>() };
        const add = (map: Map<string, bigint>, id: string, amount: bigint) =>
          map.set(id, (map.get(id) ?? 0n) + amount);
        let seq = 0;

        for (const s of steps) {
          if (s.op === 'place') {
            seq++;
            const order = orderAt(s.side, LADDER_PRICES[s.tick]!, s.stake, s.owner, seq);
            const result = placeOrder(book, order);
            const expected = model.place(order);
            expect(result.ok).toBe(true);
            if (!result.ok) return;
            expect(result.fills).toEqual(expected.fills);
            expect(result.restingPaise).toBe(expected.resting);
            expect(result.selfCrossCancelledPaise).toBe(expected.selfCross);
            placed.set(order.id, { side: s.side, price: order.priceHundredths, stake: s.stake });
            add(cancelled, order.id, result.selfCrossCancelledPaise);
            for (const fill of result.fills) {
              const maker = placed.get(fill.makerOrderId)!;
              // No self-match; the maker's price; never worse than either order's limit.
              expect(fill.makerOwnerId).not.toBe(fill.takerOwnerId);
              expect(fill.priceHundredths).toBe(maker.price);
              if (s.side === 'back')
                expect(fill.priceHundredths).toBeGreaterThanOrEqual(order.priceHundredths);
              else expect(fill.priceHundredths).toBeLessThanOrEqual(order.priceHundredths);
              add(matched, fill.takerOrderId, fill.stakePaise);
              add(matched, fill.makerOrderId, fill.stakePaise);
              for (const [id, side] of [
                [fill.takerOrderId, s.side],
                [fill.makerOrderId, maker.side],
              ] as const) {
                const atPrice = matchedAtPrice[side];
                expect(placed.get(id)!.side).toBe(side);
                atPrice.set(
                  fill.priceHundredths,
                  (atPrice.get(fill.priceHundredths) ?? 0n) + fill.stakePaise,
                );
              }
            }
          } else {
            const ids = [...placed.keys()];
            const id = ids.length ? ids[s.target % ids.length]! : 'none';
            const result = cancelOrder(book, id, s.amount);
            const expected = model.cancel(id, s.amount);
            if (expected < 0n) {
              expect(result).toEqual({ ok: false, code: 'ORDER_NOT_FOUND' });
            } else {
              expect(result).toMatchObject({ ok: true, cancelledPaise: expected });
              add(cancelled, id, expected);
            }
          }

          // Same resting orders, in the same priority.
          const resting = listRestingOrders(book);
          expect(resting).toEqual(model.list());
          // Each owner's orders (read through the owner index) are exactly theirs among them.
          for (const owner of ['a', 'b', 'c']) {
            const byId = (x: RestingOrderView, y: RestingOrderView) => x.seq - y.seq;
            expect(restingOrdersOf(book, owner).sort(byId)).toEqual(
              resting.filter((o) => o.ownerId === owner).sort(byId),
            );
          }
          expect([...book.byOwner.keys()].sort()).toEqual(
            [...new Set(resting.map((o) => o.ownerId))].sort(),
          );
          // Never crossed: every resting lay is priced below every resting back.
          const { bestLay, bestBack } = bestPrices(book);
          if (bestLay !== undefined && bestBack !== undefined)
            expect(bestLay).toBeLessThan(bestBack);
          // Top of book is the resting orders summed per price.
          const top = topOfBook(book, 100);
          const sum = (side: OddsType) => {
            const byPrice = new Map<number, bigint>();
            for (const o of resting.filter((r) => r.side === side)) {
              byPrice.set(
                o.priceHundredths,
                (byPrice.get(o.priceHundredths) ?? 0n) + o.unmatchedPaise,
              );
            }
            return [...byPrice].map(([priceHundredths, amountPaise]) => ({
              priceHundredths,
              amountPaise,
            }));
          };
          expect(top.availableToBack).toEqual(sum('lay'));
          expect(top.availableToLay).toEqual(sum('back'));
          // The highest price a back can get is the best price available to back.
          expect(bestPriceToBack(book)).toBe(top.availableToBack[0]?.priceHundredths ?? null);
        }

        // Matched back stake equals matched lay (backer's) stake at every price.
        expect(matchedAtPrice.back).toEqual(matchedAtPrice.lay);
        // Conservation per order: placed = matched + resting + cancelled.
        const restingById = new Map(listRestingOrders(book).map((o) => [o.id, o.unmatchedPaise]));
        for (const [id, order] of placed) {
          expect(
            (matched.get(id) ?? 0n) + (restingById.get(id) ?? 0n) + (cancelled.get(id) ?? 0n),
          ).toBe(order.stake);
        }
      }),
      { numRuns: 400 },
    );
    // About 2 s alone; a loaded machine (CI, Stryker's runners) needs more than the default 5 s.
  }, 30_000);
});

/** Everything a book shows: its orders in priority, its ladder, each owner's, its last seq. */
function bookState(book: OrderBook) {
  const owners = [...book.byOwner.keys()].sort();
  return {
    resting: listRestingOrders(book),
    // The steps use nine ticks: twenty levels a side is all of the ladder they reach.
    ladder: topOfBook(book, 20),
    byOwner: owners.map((owner) => [
      owner,
      restingOrdersOf(book, owner)
        .map((o) => o.id)
        .sort(),
    ]),
    orderIds: [...book.orders.keys()].sort(),
    lastSeq: book.lastSeq,
  };
}

type MarkStep = Step | { op: 'mark' } | { op: 'rollback' } | { op: 'release' };

const markStep: fc.Arbitrary<MarkStep> = fc.oneof(
  { weight: 6, arbitrary: step },
  { weight: 1, arbitrary: fc.constant({ op: 'mark' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'rollback' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'release' as const }) },
);

describe('book marks', () => {
  it('a rollback puts the book back exactly as at its mark, nested or not; a release keeps it', () => {
    fc.assert(
      fc.property(fc.array(markStep, { minLength: 1, maxLength: 120 }), (steps) => {
        const book = createOrderBook();
        // A copy taken beside each mark; after a rollback the book must act as that copy.
        const marks: { mark: ReturnType<typeof markOrderBook>; copy: OrderBook }[] = [];
        let shadow: OrderBook | null = null;
        let seq = 0;
        const ids: string[] = [];
        for (const s of steps) {
          if (s.op === 'mark') {
            marks.push({ mark: markOrderBook(book), copy: cloneOrderBook(book) });
          } else if (s.op === 'rollback' || s.op === 'release') {
            const top = marks.pop();
            if (!top) continue;
            if (s.op === 'release') {
              const before = bookState(book);
              releaseOrderBookMark(top.mark);
              expect(bookState(book)).toEqual(before);
              continue;
            }
            rollbackOrderBook(top.mark);
            expect(bookState(book)).toEqual(bookState(top.copy));
            expectLevelBookkeeping(book);
            shadow = top.copy;
          } else if (s.op === 'place') {
            seq++;
            const order = orderAt(s.side, LADDER_PRICES[s.tick]!, s.stake, s.owner, seq);
            ids.push(order.id);
            const result = placeOrder(book, order);
            if (shadow) expect(result).toEqual(placeOrder(shadow, order));
          } else {
            const id = ids.length ? ids[s.target % ids.length]! : 'none';
            const result = cancelOrder(book, id, s.amount);
            if (shadow) expect(result).toEqual(cancelOrder(shadow, id, s.amount));
          }
          if (shadow) expect(bookState(book)).toEqual(bookState(shadow));
        }
        expectLevelBookkeeping(book);
        // Nothing stays recorded once every mark is gone.
        while (marks.length > 0) releaseOrderBookMark(marks.pop()!.mark);
        expect(book.marks).toEqual([]);
      }),
      { numRuns: 100 },
    );
  }, 30_000);

  it('undoes each kind of change on its own: a part cancel, a cancel, a fill, a new resting order', () => {
    const changes: ((book: OrderBook) => void)[] = [
      (book) => cancelOrder(book, 'o2', 100n),
      (book) => cancelOrder(book, 'o2'),
      (book) => placeOrder(book, orderAt('lay', 200, 250n, 'z', 10)),
      (book) => placeOrder(book, orderAt('back', 300, 250n, 'z', 10)),
      (book) => placeOrder(book, orderAt('lay', 210, 5_000n, 'z', 10)),
    ];
    for (const change of changes) {
      const { book, place } = driver();
      place('back', 200, 1_000n, 'a');
      place('back', 210, 500n, 'b');
      place('lay', 150, 700n, 'c');
      const before = bookState(book);
      const mark = markOrderBook(book);
      change(book);
      expect(bookState(book)).not.toEqual(before);
      rollbackOrderBook(mark);
      expect(bookState(book)).toEqual(before);
      expectLevelBookkeeping(book);
    }
  });

  it('rolling back a mark ends the marks taken after it; a mark is used once', () => {
    const { book, place } = driver();
    place('back', 200, 1_000n, 'a');
    const outer = markOrderBook(book);
    place('lay', 200, 400n, 'b');
    const inner = markOrderBook(book);
    place('lay', 200, 600n, 'c');
    expect(listRestingOrders(book)).toEqual([]);
    rollbackOrderBook(outer);
    expect(listRestingOrders(book).map((o) => [o.id, o.unmatchedPaise])).toEqual([['o1', 1_000n]]);
    expect(() => rollbackOrderBook(inner)).toThrow(/already rolled back or released/);
    expect(() => releaseOrderBookMark(outer)).toThrow(/already rolled back or released/);
    expect(book.marks).toEqual([]);
  });
});

describe('cloneOrderBook', () => {
  it('copies the state: the copy matches as the original would, and neither sees the other', () => {
    const { book, place } = driver();
    place('back', 200, 1_000n, 'a');
    place('back', 200, 500n, 'b');
    place('lay', 190, 700n, 'c');
    place('lay', 200, 300n, 'd'); // takes 300 of a's back: a level with a partly used head
    const before = listRestingOrders(book);
    const copy = cloneOrderBook(book);
    expect(listRestingOrders(copy)).toEqual(before);
    expectLevelBookkeeping(copy);

    const onCopy = placeOrder(copy, {
      id: 'x',
      side: 'lay',
      priceHundredths: 200,
      stakePaise: 900n,
      ownerId: 'e',
      seq: 99,
    });
    expect(onCopy.ok && fillSummary(onCopy.fills)).toEqual([
      ['o1', 200, 700n],
      ['o2', 200, 200n],
    ]);
    expect(cancelOrder(copy, 'o3').ok).toBe(true);
    expect(listRestingOrders(book)).toEqual(before);
    expectLevelBookkeeping(book);
    expectLevelBookkeeping(copy);

    const onOriginal = placeOrder(book, {
      id: 'x',
      side: 'lay',
      priceHundredths: 200,
      stakePaise: 900n,
      ownerId: 'e',
      seq: 99,
    });
    expect(onOriginal.ok && fillSummary(onOriginal.fills)).toEqual(
      onCopy.ok && fillSummary(onCopy.fills),
    );
    expect(getOrder(book, 'o3')?.unmatchedPaise).toBe(700n);
  });

  it("a copy's owner index is its own: matching on the copy leaves the original's as it was", () => {
    const { book, place } = driver();
    place('back', 200, 1_000n, 'a');
    place('back', 210, 300n, 'a');
    const copy = cloneOrderBook(book);
    const taken = placeOrder(copy, {
      id: 'x',
      side: 'lay',
      priceHundredths: 210,
      stakePaise: 1_300n,
      ownerId: 'b',
      seq: 99,
    });
    expect(taken.ok && taken.matchedPaise).toBe(1_300n);
    expect(restingOrdersOf(copy, 'a')).toEqual([]);
    expect(restingOrdersOf(book, 'a').map((o) => o.id)).toEqual(['o1', 'o2']);
    cancelOrder(book, 'o1');
    expect(restingOrdersOf(book, 'a').map((o) => o.id)).toEqual(['o2']);
  });

  it("lists one owner's resting orders", () => {
    const { book, place } = driver();
    place('back', 200, 1_000n, 'a');
    place('lay', 190, 700n, 'b');
    place('back', 210, 300n, 'a');
    place('lay', 200, 1_000n, 'c'); // a's first back is gone
    expect(restingOrdersOf(book, 'a').map((o) => [o.id, o.unmatchedPaise])).toEqual([['o3', 300n]]);
    expect(restingOrdersOf(book, 'b').map((o) => o.id)).toEqual(['o2']);
    expect(restingOrdersOf(book, 'z')).toEqual([]);
  });
});

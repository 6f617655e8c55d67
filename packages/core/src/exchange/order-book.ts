/**
 * Limit order book of one runner of one exchange market (DESIGN 5), pure: no I/O, no clock.
 * The server owns one book per market runner, feeds it orders in sequence order (after any
 * in-play delay) and persists what it returns.
 *
 * Rules:
 * - A back at p matches resting lays priced >= p; a lay at p matches resting backs priced <= p.
 * - Best price first for the incoming order (an incoming back takes the HIGHEST lay price
 *   first, an incoming lay takes the LOWEST back price first), then the oldest order (`seq`).
 * - Fills happen at the resting order's price. What does not fill rests, unmatched and
 *   cancellable, with its time priority kept through partial fills and partial cancels.
 * - Stakes are backer's stakes on both sides: a lay order's stake is the backer's stake it
 *   accepts; the layer's liability is stake * (price - 1). So a fill is one amount for both.
 *
 * Self-matching policy: an order never matches its own owner's resting orders. The matcher
 * skips them (they keep their place in the queue) and keeps looking for other owners' orders at
 * the same and worse prices. If something is still left afterwards and resting it would cross
 * the owner's own opposite order (the only orders that can still cross it), that remainder is
 * cancelled and reported as `selfCrossCancelledPaise`, so the book is never crossed and a player
 * never trades with himself (a guaranteed commission-free wash, or a way to paint the ladder).
 *
 * Price levels are indexed directly by ladder index (350 ticks); each side keeps a bitmask of
 * non-empty levels so the best level is a couple of count-leading-zeros away. Each level is a
 * FIFO array with a head index; fully matched or cancelled entries are dropped lazily.
 *
 * The book is mutated in place (it is a hot path); everything it returns is fresh data.
 */
import type { OddsType } from '@spm/contract';
import type { Paise } from '../money.ts';
import { LADDER_PRICES, LADDER_SIZE, ladderIndex } from './price-ladder.ts';

export interface OrderRequest {
  /** Unique per market: the book only refuses ids of orders it still holds. */
  id: string;
  side: OddsType;
  priceHundredths: number;
  /** Backer's stake, for a lay too (the layer's liability is stake * (price - 1)). */
  stakePaise: Paise;
  ownerId: string;
  /** Arrival sequence, strictly increasing per book: it is the time priority. */
  seq: number;
}

export interface Fill {
  takerOrderId: string;
  takerOwnerId: string;
  takerSide: OddsType;
  makerOrderId: string;
  makerOwnerId: string;
  /** Always the resting (maker) order's price. */
  priceHundredths: number;
  /** Backer's stake matched, the same amount for the back and the lay side. */
  stakePaise: Paise;
}

export type PlaceOrderRejection = {
  ok: false;
  code:
    | 'INVALID_PRICE'
    | 'INVALID_STAKE'
    | 'INVALID_ORDER_ID'
    | 'DUPLICATE_ORDER_ID'
    | 'SEQ_NOT_INCREASING';
};

export type PlaceOrderResult =
  | {
      ok: true;
      fills: Fill[];
      matchedPaise: Paise;
      /** Left resting in the book, unmatched. */
      restingPaise: Paise;
      /** Cancelled because resting it would have crossed the owner's own orders. */
      selfCrossCancelledPaise: Paise;
    }
  | PlaceOrderRejection;

export type CancelOrderResult =
  | { ok: true; cancelledPaise: Paise; remainingPaise: Paise }
  | { ok: false; code: 'ORDER_NOT_FOUND' | 'INVALID_AMOUNT' };

/** A resting order as the book holds it (unmatched part only). */
export interface RestingOrderView {
  id: string;
  ownerId: string;
  side: OddsType;
  priceHundredths: number;
  seq: number;
  unmatchedPaise: Paise;
}

export interface PriceSize {
  priceHundredths: number;
  amountPaise: Paise;
}

/**
 * Top of book in Betfair's naming, from the point of view of the next player:
 * `availableToBack` are the resting LAYS (what a backer can take now), best = highest price
 * first; `availableToLay` are the resting BACKS, best = lowest price first. Amounts are
 * backer's stakes. In an uncrossed book every availableToBack price is below every
 * availableToLay price.
 */
export interface TopOfBook {
  availableToBack: PriceSize[];
  availableToLay: PriceSize[];
}

interface RestingOrder {
  id: string;
  ownerId: string;
  side: OddsType;
  index: number;
  seq: number;
  unmatchedPaise: Paise;
}

interface Level {
  queue: RestingOrder[];
  /** Entries before head are gone; entries after it with unmatchedPaise 0 are counted in dead. */
  head: number;
  dead: number;
  totalPaise: Paise;
}

const MASK_WORDS = Math.ceil(LADDER_SIZE / 32);
/** The highest ladder index: where a walk from the top starts. */
// Stryker disable next-line ArithmeticOperator: bits past the ladder are never set, so a start above it finds the same level
const TOP_INDEX = LADDER_SIZE - 1;

interface BookSide {
  /**
   * A price's level is made when an order first rests there, and kept: a book touches a few
   * prices of its 350, and 700 empty levels a runner made a fresh book 68 KB, 1,400 objects
   * every major collection marked (1,872 books: 128 MB, a full collection 105 ms against 8).
   * Never dropped once made: a mark saves and puts back the level objects themselves.
   */
  levels: (Level | undefined)[];
  /** Bit i set when levels[i] holds unmatched stake. */
  mask: Uint32Array;
}

export interface OrderBook {
  /** Resting backs: matched by incoming lays, lowest price first. */
  readonly backs: BookSide;
  /** Resting lays: matched by incoming backs, highest price first. */
  readonly lays: BookSide;
  readonly orders: Map<string, RestingOrder>;
  /**
   * Each owner's resting order ids (the keys of `orders`, grouped): an owner's orders are read
   * for every exposure check, and a deep book must not be walked whole for each.
   */
  readonly byOwner: Map<string, Set<string>>;
  lastSeq: number;
  /** The marks taken on this book and not yet released, oldest first (`markOrderBook`). */
  readonly marks: BookMark[];
}

/** A level as it was when a mark first saw it change: its queue and each entry's amount. */
interface SavedLevel {
  queue: RestingOrder[];
  amounts: Paise[];
  head: number;
  dead: number;
  totalPaise: Paise;
}

/**
 * A point a book can be put back to (`rollbackOrderBook`) or let go of (`releaseOrderBookMark`).
 * It records what changes after it, the first time each level or order changes, so taking one
 * costs nothing and putting the book back costs the levels the changes touched, not the book:
 * a deep book is not copied for every batch the way `cloneOrderBook` copies it.
 */
export interface BookMark {
  readonly book: OrderBook;
  readonly levels: Map<Level, SavedLevel>;
  /** Each order id's entry in `orders` before its first change (undefined: it was not there). */
  readonly orders: Map<string, RestingOrder | undefined>;
  readonly backsMask: Uint32Array;
  readonly laysMask: Uint32Array;
  readonly lastSeq: number;
}

const newLevel = (): Level => ({ queue: [], head: 0, dead: 0, totalPaise: 0n });

const newSide = (): BookSide => ({
  levels: new Array<Level | undefined>(LADDER_SIZE).fill(undefined),
  mask: new Uint32Array(MASK_WORDS),
});

export function createOrderBook(): OrderBook {
  return {
    backs: newSide(),
    lays: newSide(),
    orders: new Map(),
    byOwner: new Map(),
    lastSeq: -Infinity,
    marks: [],
  };
}

/** Before a level changes: every mark that has not seen it change yet saves it as it is. */
function touchLevel(book: OrderBook, level: Level): void {
  for (const mark of book.marks) {
    if (mark.levels.has(level)) continue;
    mark.levels.set(level, {
      queue: level.queue.slice(),
      amounts: level.queue.map((entry) => entry.unmatchedPaise),
      head: level.head,
      dead: level.dead,
      totalPaise: level.totalPaise,
    });
  }
}

/** Before an order enters or leaves `orders`: every mark that has not seen it yet saves it. */
function touchOrder(book: OrderBook, orderId: string): void {
  for (const mark of book.marks) {
    if (!mark.orders.has(orderId)) mark.orders.set(orderId, book.orders.get(orderId));
  }
}

function addResting(book: OrderBook, order: RestingOrder): void {
  touchOrder(book, order.id);
  indexResting(book, order);
}

function indexResting(book: OrderBook, order: RestingOrder): void {
  book.orders.set(order.id, order);
  const owned = book.byOwner.get(order.ownerId);
  if (owned) owned.add(order.id);
  else book.byOwner.set(order.ownerId, new Set([order.id]));
}

/** Once an order has nothing left unmatched it leaves `orders` and its owner's ids. */
function removeResting(book: OrderBook, order: RestingOrder): void {
  touchOrder(book, order.id);
  unindexResting(book, order);
}

function unindexResting(book: OrderBook, order: RestingOrder): void {
  book.orders.delete(order.id);
  const owned = book.byOwner.get(order.ownerId);
  owned?.delete(order.id);
  if (owned?.size === 0) book.byOwner.delete(order.ownerId);
}

/** Lowest non-empty level index >= from, or -1. */
function lowestAtOrAbove(mask: Uint32Array, from: number): number {
  // Stryker disable next-line ConditionalExpression,EqualityOperator,UnaryOperator: from is at most LADDER_SIZE, reached only after the top level was taken; the scan finds nothing there and any lower answer revisits levels holding only the taker's own orders
  if (from >= LADDER_SIZE) return -1;
  let word = from >>> 5;
  let bits = mask[word]! & (-1 << (from & 31));
  for (;;) {
    if (bits !== 0) return (word << 5) + 31 - Math.clz32(bits & -bits);
    if (++word >= MASK_WORDS) return -1;
    bits = mask[word]!;
  }
}

/** Highest non-empty level index <= from, or -1. */
function highestAtOrBelow(mask: Uint32Array, from: number): number {
  // Stryker disable next-line UnaryOperator,ConditionalExpression: after index 0 only levels holding the taker's own orders are left, so revisiting them finds nothing; without the guard the scan of absent words below 0 also ends at -1
  if (from < 0) return -1;
  let word = from >>> 5;
  let bits = mask[word]! & (0xffffffff >>> (31 - (from & 31)));
  for (;;) {
    if (bits !== 0) return (word << 5) + 31 - Math.clz32(bits);
    if (--word < 0) return -1;
    bits = mask[word]!;
  }
}

const setBit = (mask: Uint32Array, index: number) => {
  mask[index >>> 5]! |= 1 << (index & 31);
};
const clearBit = (mask: Uint32Array, index: number) => {
  mask[index >>> 5]! &= ~(1 << (index & 31));
};

function resetLevel(level: Level): void {
  level.queue.length = 0;
  level.head = 0;
  level.dead = 0;
}

/** Drops consumed entries once they are most of the queue, so a level never grows unbounded. */
function maybeCompact(level: Level): void {
  const live = level.queue.length - level.head - level.dead;
  if (level.head + level.dead > 32 && level.head + level.dead > live) {
    const kept: RestingOrder[] = [];
    for (let k = level.head; k < level.queue.length; k++) {
      const entry = level.queue[k]!;
      if (entry.unmatchedPaise !== 0n) kept.push(entry);
    }
    level.queue = kept;
    level.head = 0;
    level.dead = 0;
  }
}

/** Matches against one level in time order, skipping the taker's own orders. */
function matchLevel(
  book: OrderBook,
  level: Level,
  index: number,
  taker: OrderRequest,
  remainingPaise: Paise,
  fills: Fill[],
): Paise {
  touchLevel(book, level);
  const queue = level.queue;
  let remaining = remainingPaise;
  for (let k = level.head; k < queue.length && remaining > 0n; k++) {
    const maker = queue[k]!;
    if (maker.unmatchedPaise === 0n) {
      // Died away from the head earlier; now it is the head, drop it.
      if (k === level.head) {
        level.head++;
        level.dead--;
      }
      continue;
    }
    if (maker.ownerId === taker.ownerId) continue;
    // Stryker disable next-line EqualityOperator: when equal both branches are the same amount
    const amount = maker.unmatchedPaise < remaining ? maker.unmatchedPaise : remaining;
    maker.unmatchedPaise -= amount;
    remaining -= amount;
    level.totalPaise -= amount;
    fills.push({
      takerOrderId: taker.id,
      takerOwnerId: taker.ownerId,
      takerSide: taker.side,
      makerOrderId: maker.id,
      makerOwnerId: maker.ownerId,
      priceHundredths: LADDER_PRICES[index]!,
      stakePaise: amount,
    });
    if (maker.unmatchedPaise === 0n) {
      removeResting(book, maker);
      if (k === level.head) level.head++;
      else level.dead++;
    }
  }
  return remaining;
}

export function placeOrder(book: OrderBook, order: OrderRequest): PlaceOrderResult {
  const index = ladderIndex(order.priceHundredths);
  if (index < 0) return { ok: false, code: 'INVALID_PRICE' };
  if (typeof order.stakePaise !== 'bigint' || order.stakePaise <= 0n) {
    return { ok: false, code: 'INVALID_STAKE' };
  }
  if (order.id === '') return { ok: false, code: 'INVALID_ORDER_ID' };
  if (book.orders.has(order.id)) return { ok: false, code: 'DUPLICATE_ORDER_ID' };
  if (!Number.isSafeInteger(order.seq) || order.seq <= book.lastSeq) {
    return { ok: false, code: 'SEQ_NOT_INCREASING' };
  }
  book.lastSeq = order.seq;

  const isBack = order.side === 'back';
  const opposite = isBack ? book.lays : book.backs;
  const fills: Fill[] = [];
  let remaining = order.stakePaise;

  // Walk opposite levels from the best price towards the order's limit.
  let level = isBack
    ? highestAtOrBelow(opposite.mask, TOP_INDEX)
    : lowestAtOrAbove(opposite.mask, 0);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: with nothing left, matchLevel takes nothing, so walking on only costs time
  while (remaining > 0n && level >= 0 && (isBack ? level >= index : level <= index)) {
    const priceLevel = opposite.levels[level]!;
    remaining = matchLevel(book, priceLevel, level, order, remaining, fills);
    if (priceLevel.totalPaise === 0n) {
      resetLevel(priceLevel);
      clearBit(opposite.mask, level);
    } else {
      maybeCompact(priceLevel);
    }
    level = isBack
      ? highestAtOrBelow(opposite.mask, level - 1)
      : lowestAtOrAbove(opposite.mask, level + 1);
  }

  const matchedPaise = order.stakePaise - remaining;
  if (remaining === 0n) {
    return { ok: true, fills, matchedPaise, restingPaise: 0n, selfCrossCancelledPaise: 0n };
  }

  // Anything still crossing the limit now is the owner's own order (all others were taken).
  const bestOpposite = isBack
    ? highestAtOrBelow(opposite.mask, TOP_INDEX)
    : lowestAtOrAbove(opposite.mask, 0);
  const crossesOwn = bestOpposite >= 0 && (isBack ? bestOpposite >= index : bestOpposite <= index);
  if (crossesOwn) {
    return { ok: true, fills, matchedPaise, restingPaise: 0n, selfCrossCancelledPaise: remaining };
  }

  const own = isBack ? book.backs : book.lays;
  const resting: RestingOrder = {
    id: order.id,
    ownerId: order.ownerId,
    side: order.side,
    index,
    seq: order.seq,
    unmatchedPaise: remaining,
  };
  const ownLevel = (own.levels[index] ??= newLevel());
  touchLevel(book, ownLevel);
  ownLevel.queue.push(resting);
  ownLevel.totalPaise += remaining;
  setBit(own.mask, index);
  addResting(book, resting);
  return { ok: true, fills, matchedPaise, restingPaise: remaining, selfCrossCancelledPaise: 0n };
}

/**
 * Cancels the whole unmatched remainder, or only `amountPaise` of it (a partial cancel keeps
 * the order's place in the queue). Asking for more than is left cancels what is left: the rest
 * may have matched a moment earlier, and the player wanted it gone either way.
 */
export function cancelOrder(
  book: OrderBook,
  orderId: string,
  amountPaise?: Paise,
): CancelOrderResult {
  const order = book.orders.get(orderId);
  if (!order) return { ok: false, code: 'ORDER_NOT_FOUND' };
  if (amountPaise !== undefined && (typeof amountPaise !== 'bigint' || amountPaise <= 0n)) {
    return { ok: false, code: 'INVALID_AMOUNT' };
  }
  const cancelled =
    // Stryker disable next-line EqualityOperator: asking for exactly what is left cancels it either way
    amountPaise === undefined || amountPaise > order.unmatchedPaise
      ? order.unmatchedPaise
      : amountPaise;
  const side = order.side === 'back' ? book.backs : book.lays;
  const level = side.levels[order.index]!;
  touchLevel(book, level);
  order.unmatchedPaise -= cancelled;
  level.totalPaise -= cancelled;
  if (order.unmatchedPaise === 0n) {
    removeResting(book, order);
    level.dead++;
    if (level.totalPaise === 0n) {
      resetLevel(level);
      clearBit(side.mask, order.index);
    } else {
      maybeCompact(level);
    }
  }
  return { ok: true, cancelledPaise: cancelled, remainingPaise: order.unmatchedPaise };
}

const view = (order: RestingOrder): RestingOrderView => ({
  id: order.id,
  ownerId: order.ownerId,
  side: order.side,
  priceHundredths: LADDER_PRICES[order.index]!,
  seq: order.seq,
  unmatchedPaise: order.unmatchedPaise,
});

/** A resting order's unmatched part, or undefined once it is fully matched or cancelled. */
export function getOrder(book: OrderBook, orderId: string): RestingOrderView | undefined {
  const order = book.orders.get(orderId);
  return order && view(order);
}

function levelsInPriority(side: BookSide, bestIsHighest: boolean, depth: number): number[] {
  const indexes: number[] = [];
  let index = bestIsHighest
    ? highestAtOrBelow(side.mask, TOP_INDEX)
    : lowestAtOrAbove(side.mask, 0);
  while (index >= 0 && indexes.length < depth) {
    indexes.push(index);
    index = bestIsHighest
      ? highestAtOrBelow(side.mask, index - 1)
      : lowestAtOrAbove(side.mask, index + 1);
  }
  return indexes;
}

/** The highest price a back can be matched at now (the highest resting lay's), or null. */
export function bestPriceToBack(book: OrderBook): number | null {
  const index = highestAtOrBelow(book.lays.mask, TOP_INDEX);
  return index < 0 ? null : LADDER_PRICES[index]!;
}

/** Best `depth` prices each way with the backer's stake available at each (see TopOfBook). */
export function topOfBook(book: OrderBook, depth = 3): TopOfBook {
  const priceSize =
    (side: BookSide) =>
    (index: number): PriceSize => ({
      priceHundredths: LADDER_PRICES[index]!,
      amountPaise: side.levels[index]!.totalPaise,
    });
  return {
    availableToBack: levelsInPriority(book.lays, true, depth).map(priceSize(book.lays)),
    availableToLay: levelsInPriority(book.backs, false, depth).map(priceSize(book.backs)),
  };
}

/**
 * Every resting order in matching priority: lays best (highest) price first, then backs best
 * (lowest) price first, oldest first within a price. For snapshots and rebuilding a book.
 */
export function listRestingOrders(book: OrderBook): RestingOrderView[] {
  const result: RestingOrderView[] = [];
  const collect = (side: BookSide, bestIsHighest: boolean) => {
    for (const index of levelsInPriority(side, bestIsHighest, LADDER_SIZE)) {
      const level = side.levels[index]!;
      for (let k = level.head; k < level.queue.length; k++) {
        const entry = level.queue[k]!;
        if (entry.unmatchedPaise !== 0n) result.push(view(entry));
      }
    }
  };
  collect(book.lays, true);
  collect(book.backs, false);
  return result;
}

/**
 * An independent copy of a book in the same state (same queues, same priorities). Linear in
 * the book's levels and orders: to put a book back after trying something on it, a mark
 * (`markOrderBook`) costs only what the try touched.
 */
export function cloneOrderBook(book: OrderBook): OrderBook {
  const orders = new Map<string, RestingOrder>();
  const cloneSide = (side: BookSide): BookSide => ({
    levels: side.levels.map((level) => {
      if (!level || level.queue.length === 0) return undefined;
      const queue = level.queue.map((entry) => {
        const copy = { ...entry };
        if (orders.get(entry.id) === undefined && book.orders.get(entry.id) === entry) {
          orders.set(entry.id, copy);
        }
        return copy;
      });
      return { queue, head: level.head, dead: level.dead, totalPaise: level.totalPaise };
    }),
    mask: side.mask.slice(),
  });
  return {
    backs: cloneSide(book.backs),
    lays: cloneSide(book.lays),
    orders,
    byOwner: new Map([...book.byOwner].map(([ownerId, ids]) => [ownerId, new Set(ids)])),
    lastSeq: book.lastSeq,
    marks: [],
  };
}

/**
 * Marks the book as it is now: `rollbackOrderBook` puts it back here, whatever was placed,
 * matched or cancelled since; `releaseOrderBookMark` keeps what happened. Marks nest: a mark
 * taken after another is rolled back or released first (or with it).
 */
export function markOrderBook(book: OrderBook): BookMark {
  const mark: BookMark = {
    book,
    levels: new Map(),
    orders: new Map(),
    backsMask: book.backs.mask.slice(),
    laysMask: book.lays.mask.slice(),
    lastSeq: book.lastSeq,
  };
  book.marks.push(mark);
  return mark;
}

/** Stops recording for this mark and every mark taken after it. */
function dropMarks(mark: BookMark): void {
  const at = mark.book.marks.indexOf(mark);
  if (at < 0) throw new Error('this book mark was already rolled back or released');
  mark.book.marks.length = at;
}

/** Puts the book back as it was when `mark` was taken (marks taken after it go with it). */
export function rollbackOrderBook(mark: BookMark): void {
  dropMarks(mark);
  const { book } = mark;
  for (const [level, saved] of mark.levels) {
    saved.queue.forEach((entry, k) => (entry.unmatchedPaise = saved.amounts[k]!));
    level.queue = saved.queue;
    level.head = saved.head;
    level.dead = saved.dead;
    level.totalPaise = saved.totalPaise;
  }
  book.backs.mask.set(mark.backsMask);
  book.lays.mask.set(mark.laysMask);
  for (const [orderId, before] of mark.orders) {
    const now = book.orders.get(orderId);
    if (now) unindexResting(book, now);
    if (before) indexResting(book, before);
  }
  book.lastSeq = mark.lastSeq;
}

/** Keeps everything since `mark` (and stops recording for it and marks taken after it). */
export function releaseOrderBookMark(mark: BookMark): void {
  dropMarks(mark);
}

/** One owner's resting orders, in no particular order (their exposure needs no priority). */
export function restingOrdersOf(book: OrderBook, ownerId: string): RestingOrderView[] {
  const result: RestingOrderView[] = [];
  for (const id of book.byOwner.get(ownerId) ?? []) result.push(view(book.orders.get(id)!));
  return result;
}

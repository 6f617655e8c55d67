// Matching engine benchmark: our exchange order book (packages/core/src/exchange) against
// nodejs-order-book on the SAME seeded stream of limit orders and cancels, in one process,
// alternating runs so neither gets a warmer JIT or a quieter machine.
//
// Mapping: a lay at p takes resting backs priced <= p, as a buy takes asks priced <= p, so
// lay = buy and back = sell. Prices are integer hundredths of decimal odds on the ladder,
// sizes integer paise (bigint for us, number for them: both exact at these magnitudes).
// Every order has its own owner, so our self-match rule never fires and the two books must
// end identical level by level (checked at the end).
//
// Where the gap comes from: nodejs-order-book keeps each price level in a red-black tree
// keyed by price and removes an order from a level by re-indexing every order behind it
// (O(level depth) per fill or cancel); ours indexes the 350 ladder ticks directly, finds the
// best level with a bitmask and drops filled or cancelled orders lazily (O(1)).
//
// Run: npx tsx bench/matching/index.ts   or   npm run bench -- matching
// Knobs: BENCH_ORDERS (limit orders, default 200000), BENCH_CANCEL_SHARE (default 0.2).
import { OrderBook, Side } from 'nodejs-order-book';
import {
  LADDER_PRICES,
  LADDER_SIZE,
  cancelOrder,
  createOrderBook,
  cloneOrderBook,
  listRestingOrders,
  markOrderBook,
  placeOrder,
  restingOrdersOf,
  rollbackOrderBook,
  topOfBook,
  type OrderRequest,
} from '../../packages/core/src/exchange/index.ts';

const LIMIT_ORDERS = Number(process.env.BENCH_ORDERS ?? 200_000);
const CANCEL_SHARE = Number(process.env.BENCH_CANCEL_SHARE ?? 0.2);
const ROUNDS = 3;
const SEED = 20_240_501;

/** mulberry32: small, fast, good enough to make a reproducible stream. */
function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Op =
  | {
      kind: 'limit';
      ours: OrderRequest;
      theirs: { id: string; side: Side; size: number; price: number };
    }
  | { kind: 'cancel'; id: string };

/**
 * Limit orders around a mid that random-walks along the ladder (starting at 2.00): most rest
 * a few ticks on their own side, about a quarter cross the mid and match. A fifth of all
 * operations cancel one of the last 2,000 orders (some already filled: a miss for both).
 */
function makeStream(): Op[] {
  const random = rng(SEED);
  const ops: Op[] = [];
  const ladderOf2 = LADDER_PRICES.indexOf(200);
  let mid = ladderOf2;
  let placed = 0;
  while (placed < LIMIT_ORDERS) {
    if (placed > 0 && random() < CANCEL_SHARE) {
      const target = placed - 1 - Math.floor(random() * Math.min(placed, 2000));
      ops.push({ kind: 'cancel', id: `o${target}` });
      continue;
    }
    if (random() < 0.1)
      mid = Math.min(LADDER_SIZE - 40, Math.max(40, mid + (random() < 0.5 ? -1 : 1)));
    const back = random() < 0.5;
    // Offsets -3..+8 ticks away from the mid on the order's own side; negative ones cross.
    const offset = Math.floor(random() * 12) - 3;
    const index = back ? mid + offset : mid - offset;
    const priceHundredths = LADDER_PRICES[index]!;
    const stakePaise = (1 + Math.floor(random() * 5000)) * 100;
    const id = `o${placed}`;
    ops.push({
      kind: 'limit',
      ours: {
        id,
        side: back ? 'back' : 'lay',
        priceHundredths,
        stakePaise: BigInt(stakePaise),
        ownerId: `p${placed}`,
        seq: placed,
      },
      theirs: { id, side: back ? Side.SELL : Side.BUY, size: stakePaise, price: priceHundredths },
    });
    placed++;
  }
  return ops;
}

interface Engine {
  name: string;
  /** Runs the stream on a fresh book; returns per-op latencies in ns when asked. */
  run(ops: Op[], latencies?: Float64Array): unknown;
}

const ours: Engine = {
  name: '@spm/core exchange',
  run(ops, latencies) {
    const book = createOrderBook();
    for (let i = 0; i < ops.length; i++) {
      const op = ops[i]!;
      const start = latencies ? performance.now() : 0;
      if (op.kind === 'limit') placeOrder(book, op.ours);
      else cancelOrder(book, op.id);
      if (latencies) latencies[i] = (performance.now() - start) * 1e6;
    }
    return book;
  },
};

const theirs: Engine = {
  name: 'nodejs-order-book@10',
  run(ops, latencies) {
    const book = new OrderBook();
    for (let i = 0; i < ops.length; i++) {
      const op = ops[i]!;
      const start = latencies ? performance.now() : 0;
      if (op.kind === 'limit') book.limit(op.theirs);
      else book.cancel(op.id);
      if (latencies) latencies[i] = (performance.now() - start) * 1e6;
    }
    return book;
  },
};

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

const ops = makeStream();
const cancels = ops.filter((op) => op.kind === 'cancel').length;
console.log(
  `stream: ${ops.length.toLocaleString('en')} ops (${LIMIT_ORDERS.toLocaleString('en')} limit orders, ${cancels.toLocaleString('en')} cancels), seed ${SEED}`,
);

const engines = [ours, theirs];
// Warm-up: two alternating passes each so both JITs have compiled their hot paths.
for (let i = 0; i < 2; i++) for (const engine of engines) engine.run(ops);

const opsPerSecond = new Map<string, number[]>(engines.map((e) => [e.name, []]));
const p50 = new Map<string, number[]>(engines.map((e) => [e.name, []]));
const p99 = new Map<string, number[]>(engines.map((e) => [e.name, []]));
const latencies = new Float64Array(ops.length);
for (let round = 0; round < ROUNDS; round++) {
  // Alternate who goes first so drift on the machine hits both alike.
  const order = round % 2 === 0 ? engines : [...engines].reverse();
  for (const engine of order) {
    const start = performance.now();
    engine.run(ops);
    const elapsedMs = performance.now() - start;
    opsPerSecond.get(engine.name)!.push(ops.length / (elapsedMs / 1000));
    // A separate timed pass for latency, so the clock reads do not slow the throughput pass.
    engine.run(ops, latencies);
    const sorted = Float64Array.from(latencies).sort();
    p50.get(engine.name)!.push(percentile(sorted, 0.5));
    p99.get(engine.name)!.push(percentile(sorted, 0.99));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
console.log(`median of ${ROUNDS} alternating rounds:`);
for (const engine of engines) {
  const rate = Math.round(median(opsPerSecond.get(engine.name)!)).toLocaleString('en');
  const p50ns = median(p50.get(engine.name)!).toFixed(0);
  const p99ns = median(p99.get(engine.name)!).toFixed(0);
  console.log(
    `  ${engine.name.padEnd(22)} ${rate.padStart(10)} ops/s   p50 ${p50ns.padStart(5)} ns   p99 ${p99ns.padStart(6)} ns per op`,
  );
}
const speedup = median(opsPerSecond.get(ours.name)!) / median(opsPerSecond.get(theirs.name)!);
console.log(`  ratio: ours is ${speedup.toFixed(2)}x nodejs-order-book's throughput`);

// Same final book? Our resting backs are their asks (sell), our resting lays their bids (buy).
// Equal volume at every price, plus every one of our resting orders present in theirs with
// the same remaining size, means both hold exactly the same orders.
const ourBook = ours.run(ops) as ReturnType<typeof createOrderBook>;
const theirBook = theirs.run(ops) as OrderBook;
const top = topOfBook(ourBook, LADDER_SIZE);
const [asks, bids] = theirBook.depth();
const ourLevels = (levels: { priceHundredths: number; amountPaise: bigint }[]) =>
  levels.map((l) => `${l.priceHundredths}:${l.amountPaise}`).sort();
const theirLevels = (levels: [number, number][]) =>
  levels.map(([price, volume]) => `${price}:${volume}`).sort();
const resting = listRestingOrders(ourBook);
const sameLevels =
  ourLevels(top.availableToLay).join() === theirLevels(asks).join() &&
  ourLevels(top.availableToBack).join() === theirLevels(bids).join();
const sameOrders = resting.every((o) => theirBook.order(o.id)?.size === Number(o.unmatchedPaise));
const depthOf = new Map<string, number>();
for (const o of resting) {
  const level = `${o.side}@${o.priceHundredths}`;
  depthOf.set(level, (depthOf.get(level) ?? 0) + 1);
}
console.log(
  `final book: ${resting.length.toLocaleString('en')} resting orders on ${depthOf.size} price levels, deepest level ${Math.max(0, ...depthOf.values())} orders`,
);
if (sameLevels && sameOrders) {
  console.log('check: both engines end with the same resting orders and volume at every price: OK');
} else {
  console.log('check: FAILED, the two books differ');
  process.exitCode = 1;
}

// The exchange's exposure check reads one player's resting orders on every runner of the
// market, several times a placement: in this deep book it must not walk all of them.
const owners = resting.map((o) => o.ownerId);
const OWNER_READS = 20_000;
const readsStart = performance.now();
let found = 0;
for (let i = 0; i < OWNER_READS; i += 1) {
  found += restingOrdersOf(ourBook, owners[(i * 7919) % owners.length]!).length;
}
const perReadNs = ((performance.now() - readsStart) * 1e6) / OWNER_READS;
console.log(
  `one owner's resting orders (the exposure check's read) in that book: ${perReadNs.toFixed(0)} ns per read (${OWNER_READS.toLocaleString('en')} reads)`,
);
if (found !== OWNER_READS) {
  console.log(`check: FAILED, ${found} orders found for ${OWNER_READS} owners with one each`);
  process.exitCode = 1;
}

// A market's writer tries each batch on the live book and must be able to put it back (a
// failed transaction, a dry run, an order short of funds): once with a copy of the whole book,
// now with a mark that records only what the batch touches. Both ways on this deep book, a
// batch of 16 orders around the best prices, the book checked unchanged after each.
const BATCH_ORDERS = 16;
const BATCHES = 200;
const before = listRestingOrders(ourBook);
const { availableToBack, availableToLay } = topOfBook(ourBook, 1);
const bestLay = availableToBack[0]?.priceHundredths ?? LADDER_PRICES[0]!;
const bestBack = availableToLay[0]?.priceHundredths ?? LADDER_PRICES.at(-1)!;
let nextSeq = ourBook.lastSeq;
const tryBatch = (book: ReturnType<typeof createOrderBook>) => {
  for (let k = 0; k < BATCH_ORDERS; k += 1) {
    nextSeq += 1;
    const back = k % 2 === 0;
    placeOrder(book, {
      id: `try${nextSeq}`,
      side: back ? 'back' : 'lay',
      priceHundredths: back ? bestLay : bestBack,
      stakePaise: 5_000n,
      ownerId: `try-owner${k}`,
      seq: nextSeq,
    });
  }
};
const timeBatches = (run: () => void) => {
  const start = performance.now();
  for (let b = 0; b < BATCHES; b += 1) run();
  return ((performance.now() - start) * 1000) / BATCHES;
};
const copyMicros = timeBatches(() => tryBatch(cloneOrderBook(ourBook)));
const markMicros = timeBatches(() => {
  const mark = markOrderBook(ourBook);
  tryBatch(ourBook);
  rollbackOrderBook(mark);
});
console.log(
  `a batch of ${BATCH_ORDERS} tried on that book and put back: ${copyMicros.toFixed(0)} us with a copy of the book, ${markMicros.toFixed(0)} us with a mark (${BATCHES} batches each)`,
);
const ordersText = (orders: ReturnType<typeof listRestingOrders>) =>
  JSON.stringify(orders, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
if (ordersText(listRestingOrders(ourBook)) !== ordersText(before)) {
  console.log('check: FAILED, the book changed after its batches were put back');
  process.exitCode = 1;
}

import { objectWith } from '@spm/core';
import type { OrderAnswer } from '@spm/contract';
import {
  addExchangeBetPnl,
  exchangeBetAtRiskPaise,
  bestPriceToBack,
  betsFromFill,
  cancelOrder,
  exchangeExposureOfPnl,
  exchangeMatchedProfitPaise,
  exchangeProfitPaise,
  getOrder,
  markOrderBook,
  placeOrder,
  releaseOrderBookMark,
  restingOrdersOf,
  rollbackOrderBook,
  type BookMark,
  type ExchangeBet,
  type Fill,
  type Paise,
} from '@spm/core';
import { AppError } from '../../http/app-error.ts';
import {
  assertNotSuspendedSince,
  ledgerError,
  orderAnswer,
  orderStatus,
} from './placement-support.ts';
import type { DbHandle } from '../../db/database.ts';
import type { ServiceDeps } from '../../deps.ts';
import * as repo from './exchange-repository.ts';
import type { CancelCommand, ExchangeCommand, PlaceCommand } from './exchange-context.ts';
import {
  judgeHoldRaise,
  moneyTransaction,
  moveHolds,
  orderMoveKey,
  prepareHoldMoves,
  type HoldChange,
  type HoldMove,
  type LedgerContext,
} from './exchange-money.ts';
import type { MarketState, RunnerState } from './exchange-types.ts';
import { walletRefusalError, type WalletFailure } from '../wallet/index.ts';
import { betsOfFill } from './market-kinds/match-odds.ts';
import type { BatchLane, BatchOutcome } from './market-queue.ts';

/** What the writer needs of the engine. */
export interface WriterEnv {
  readonly deps: ServiceDeps;
  readonly markets: Map<string, MarketState>;
  checkOpen(market: MarketState): void;
  fence(tx: DbHandle, marketIds: readonly string[]): Promise<void>;
  changed(marketId: string): void;
}

/**
 * A market's matched bets, as each player's P&L per winning runner (their sum: checking an
 * order costs the runners, not the player's history), and held exposure per player, in
 * memory: built from the fills and market_exposures tables the first time the writer runs a
 * batch of the market, added to by every committed batch, dropped after any task that ran
 * alone (settlement, status changes: they may change both tables) and rebuilt on the next
 * batch.
 */
interface MarketExposures {
  matched: Map<number, Map<string, Paise>>;
  held: Map<number, Paise>;
}

/** The player's P&L per winning runner in `pnls`, created (empty: no P&L) when absent. */
function pnlOf(pnls: Map<number, Map<string, Paise>>, playerId: number): Map<string, Paise> {
  let pnl = pnls.get(playerId);
  if (!pnl) pnls.set(playerId, (pnl = new Map()));
  return pnl;
}

/** A batch's transaction failed for a reason a new attempt can get past. */
const RETRYABLE_CODES = new Set([
  '40P01', // deadlock: a maker the dry run did not foresee was locked in another order
  '40001', // serialization failure
  '23505', // a key taken by a concurrent batch of another market: the retry answers it as a replay
]);
const MAX_ATTEMPTS = 5;

/**
 * A first attempt took every placement for new (its keys are not looked up) and one was
 * refused before matching: it may be a replay of a committed order, which answers its first
 * answer whatever the market's state. The group goes again with the lookup.
 */
class ReplayLookupNeeded extends Error {}

function isRetryable(error: unknown): boolean {
  if (error instanceof ReplayLookupNeeded) return true;
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE_CODES.has(code)) return true;
  }
  return false;
}

const refuse = (error: unknown): BatchOutcome<OrderAnswer> => ({ ok: false, error });
const answer = (value: OrderAnswer): BatchOutcome<OrderAnswer> => ({ ok: true, value });

/** How many order ids are drawn ahead at once, and how long they may wait to be used. */
export const ORDER_IDS_AHEAD = 256;
export const ORDER_IDS_FRESH_MS = 1_000;

/**
 * Order ids drawn ahead from the orders' sequence, so a group's first attempt reads nothing
 * before it locks. An order's id is its time priority (`seq`) in the book, so the ids a batch
 * takes must be above every id its books have seen (`above`): ids drawn before this node took
 * a market over from another may not be, and are then drawn again (a fresh draw is above every
 * id ever drawn). Ids older than ORDER_IDS_FRESH_MS are drawn again too, so ids of several
 * nodes stay close to the order the bets came in. Unused ids are gaps, as a failed attempt's
 * always were.
 */
export class OrderIdsAhead {
  private ids: number[] = [];
  private drawnAtMs = 0;

  constructor(private readonly nowMs: () => number = Date.now) {}

  /** `draw` draws new ids (in the caller's transaction, so it needs no connection of its own). */
  async take(
    count: number,
    above: number,
    draw: (count: number) => Promise<number[]>,
  ): Promise<number[]> {
    if (count === 0) return [];
    if (
      this.ids.length < count ||
      this.ids[0]! <= above ||
      this.nowMs() - this.drawnAtMs >= ORDER_IDS_FRESH_MS
    ) {
      this.ids = (await draw(Math.max(count, ORDER_IDS_AHEAD))).sort((a, b) => a - b);
      this.drawnAtMs = this.nowMs();
      if (this.ids[0]! <= above) throw new Error(`order ids drawn at or below ${above}`);
    }
    return this.ids.splice(0, count);
  }
}

/** A market's batch handed to the writer, answered when its group has committed. */
interface GroupEntry {
  market: MarketState;
  commands: ExchangeCommand[];
  resolve: (outcomes: BatchOutcome<OrderAnswer>[]) => void;
}

/**
 * Group transactions in flight at once. Markets in different groups are always different (a
 * market has one batch at a time), so two groups never touch one book; a player in both waits
 * on the row lock `prepareHoldMoves` takes, so the later group's funds check reads what the
 * earlier one committed. A group starts only once the group before it has sent its writes:
 * the next one's matching then overlaps the commit PostgreSQL is working on, rather than
 * splitting the markets waiting into small groups (docs/decisions.md "A second group while
 * the first commits").
 */
export const MAX_GROUPS_IN_FLIGHT = 2;
/** Commands one group takes at most (a market's batch is never split). */
export const MAX_GROUP_COMMANDS = 512;

/**
 * The market writers' batches (group commit, DESIGN 5): every placement and cancel queued
 * for one match-odds market while its previous batch committed is matched in memory in
 * arrival order, and the batches of every market ready at the same moment are written
 * together in ONE transaction of multi-row statements. See docs/decisions.md, "Group commit
 * per market".
 */
export class ExchangeWriter implements BatchLane<ExchangeCommand, OrderAnswer> {
  private readonly exposures = new Map<string, MarketExposures>();
  private readonly waiting: GroupEntry[] = [];
  private groupsInFlight = 0;
  /** A group has not yet sent its writes: the next one waits until it has. */
  private groupPreparing = false;
  private groupsScheduled = false;
  private readonly orderIdsAhead = new OrderIdsAhead();
  /** Called with the number of markets of every group transaction (tests, metrics). */
  onGroup: (markets: number) => void = () => undefined;

  constructor(private readonly env: WriterEnv) {}

  /** Drops a market's in-memory exposures: rebuilt from the tables on its next batch. */
  forget(marketId: string): void {
    this.exposures.delete(marketId);
  }

  run(marketId: string, commands: ExchangeCommand[]): Promise<BatchOutcome<OrderAnswer>[]> {
    const market = this.env.markets.get(marketId);
    if (!market) {
      return Promise.resolve(commands.map(() => refuse(new AppError('MARKET_NOT_FOUND'))));
    }
    return new Promise((resolve) => {
      this.waiting.push({ market, commands, resolve });
      this.scheduleGroups();
    });
  }

  /**
   * Starts groups once the current turn of the event loop is over: when a group commits,
   * every market it carried hands its next batch over in the same turn, and they should all
   * go into the next group rather than the first of them alone.
   */
  private scheduleGroups(): void {
    if (this.groupsScheduled) return;
    this.groupsScheduled = true;
    setImmediate(() => {
      this.groupsScheduled = false;
      this.startGroups();
    });
  }

  /** Starts a group with what waits when a slot is free and no group is preparing. */
  private startGroups(): void {
    while (
      !this.groupPreparing &&
      this.groupsInFlight < MAX_GROUPS_IN_FLIGHT &&
      this.waiting.length > 0
    ) {
      const group: GroupEntry[] = [];
      let size = 0;
      while (this.waiting.length > 0) {
        const next = this.waiting[0]!;
        if (group.length > 0 && size + next.commands.length > MAX_GROUP_COMMANDS) break;
        group.push(this.waiting.shift()!);
        size += next.commands.length;
      }
      this.groupsInFlight += 1;
      this.groupPreparing = true;
      let prepared = false;
      const writesSent = () => {
        if (prepared) return;
        prepared = true;
        this.groupPreparing = false;
        this.scheduleGroups();
      };
      void this.runGroup(group, writesSent).finally(() => {
        this.groupsInFlight -= 1;
        writesSent();
        this.scheduleGroups();
      });
    }
  }

  /** `writesSent` is called once the group's first attempt has sent its writes (or ended). */
  private async runGroup(group: GroupEntry[], writesSent: () => void): Promise<void> {
    this.onGroup(group.length);
    let outcomes: BatchOutcome<OrderAnswer>[][];
    try {
      outcomes = await this.withRetries(group, writesSent);
    } catch (error) {
      // Something no check foresaw sank the group: each market's batch goes again alone, and
      // within a failing batch each command alone, so one command's failure is its own.
      outcomes = [];
      for (const entry of group) {
        outcomes.push(
          group.length === 1
            ? entry.commands.length === 1
              ? [refuse(error)]
              : await this.commandByCommand(entry)
            : await this.withRetries([entry]).then(
                ([one]) => one!,
                () => this.commandByCommand(entry),
              ),
        );
      }
    }
    group.forEach((entry, i) => entry.resolve(outcomes[i]!));
  }

  private async commandByCommand(entry: GroupEntry): Promise<BatchOutcome<OrderAnswer>[]> {
    const outcomes: BatchOutcome<OrderAnswer>[] = [];
    for (const command of entry.commands) {
      const one = objectWith(entry, { commands: [command] });
      outcomes.push(
        await this.withRetries([one]).then(
          ([result]) => result![0]!,
          (error: unknown) => refuse(error),
        ),
      );
    }
    return outcomes;
  }

  private async withRetries(
    group: Pick<GroupEntry, 'market' | 'commands'>[],
    writesSent: () => void = () => undefined,
  ): Promise<BatchOutcome<OrderAnswer>[][]> {
    for (let attempt = 1; ; attempt += 1) {
      const optimistic = attempt === 1;
      try {
        // The first attempt takes placements for new; a retry looks their keys up first.
        return await this.attempt(group, optimistic, writesSent);
      } catch (error) {
        // Whatever sank the first attempt, one with every lookup goes before giving up: what
        // the first took for granted (a key new, a hold move not made) is then checked.
        if (attempt >= MAX_ATTEMPTS || (!optimistic && !isRetryable(error))) throw error;
      }
    }
  }

  private async exposuresOf(market: MarketState): Promise<MarketExposures> {
    const known = this.exposures.get(market.id);
    if (known) return known;
    const db = this.env.deps.db;
    const matched = new Map<number, Map<string, Paise>>();
    const runnerIds = market.runners.map((runner) => runner.id);
    for (const fill of await repo.fillsOfMarket(db, Number(market.id))) {
      for (const bet of betsOfFill(fill)) {
        addExchangeBetPnl(pnlOf(matched, Number(bet.playerId)), runnerIds, bet);
      }
    }
    const held = new Map<number, Paise>();
    for (const row of await repo.exposuresOfMarket(db, Number(market.id))) {
      held.set(row.playerId, row.exposurePaise);
    }
    const loaded = { matched, held };
    this.exposures.set(market.id, loaded);
    return loaded;
  }

  /**
   * One attempt at a group: the books are changed in memory as the commands run, and put
   * back as they were (from marks taken before) when the transaction fails; the in-memory
   * exposures change only after the commit. The batches share one map of available cash, so
   * a player betting on two markets of the group is checked against what the first left.
   */
  private async attempt(
    group: Pick<GroupEntry, 'market' | 'commands'>[],
    optimistic: boolean,
    writesSent: () => void,
  ): Promise<BatchOutcome<OrderAnswer>[][]> {
    const available = new Map<number, Paise>();
    const batches: Batch[] = [];
    for (const { market, commands } of group) {
      const batch = new Batch(market, await this.exposuresOf(market), commands, available);
      batch.checkRunners();
      batches.push(batch);
    }
    const live = batches.filter((batch) => batch.hasPending());
    if (live.length === 0) return batches.map((batch) => batch.outcomes());
    // Marks, not copies: putting a book back costs the levels the batch touched, not the book.
    const marks: BookMark[] = [];
    for (const batch of live) {
      for (const runner of batch.runners) marks.push(markOrderBook(runner.book));
    }
    let result: Awaited<ReturnType<typeof moneyTransaction<{ ok: true }>>>;
    try {
      result = await moneyTransaction(this.env.deps, async (ctx) => {
        await this.env.fence(
          ctx.tx,
          live.map((batch) => batch.market.id),
        );
        await this.write(ctx, live, available, optimistic, writesSent);
        return { ok: true as const };
      });
      if (!result.ok) throw ledgerError(result.code);
    } catch (error) {
      for (const mark of marks) rollbackOrderBook(mark);
      throw error;
    }
    for (const mark of marks) releaseOrderBookMark(mark);
    for (const batch of live) {
      batch.committed();
      if (batch.changedBooks) this.env.changed(batch.market.id);
    }
    return batches.map((batch) => batch.outcomes());
  }

  /**
   * Inside the group's transaction: replays and ids, locks, the matching, then the writes.
   * `optimistic`: the placements' keys are taken for new without a lookup and their ids come
   * from those drawn ahead, so nothing is read before the locks; a key already placed then
   * fails the orders' insert (23505) and the group goes again with the lookup.
   */
  private async write(
    ctx: LedgerContext,
    batches: Batch[],
    available: Map<number, Paise>,
    optimistic: boolean,
    writesSent: () => void,
  ): Promise<void> {
    const tx = ctx.tx;
    const keysOf = batches.map((batch) => batch.placementKeys());
    const keys = keysOf.flat();
    const { replays, orderIds } = optimistic
      ? {
          replays: [],
          orderIds: await this.orderIdsAhead.take(keys.length, highestSeq(batches), (count) =>
            repo.drawOrderIds(tx, count),
          ),
        }
      : await repo.replaysAndOrderIds(tx, keys, keys.length);
    // Cancels made before under the keys these bring: looked up on every attempt (a keyed
    // cancel is rare next to a placement), so a retry racing its first try cancels once.
    const cancelKeys = batches.flatMap((batch) => batch.cancelKeys());
    const cancelsBefore = await repo.cancelsByKeys(tx, cancelKeys);
    let taken = 0;
    for (const [n, batch] of batches.entries()) {
      batch.answerCancelReplays(cancelsBefore);
      batch.answerReplays(replays, (market) => this.env.checkOpen(market));
      if (optimistic && batch.refusedAtOpenCheck) throw new ReplayLookupNeeded();
      batch.setOrderIds(orderIds.slice(taken, taken + keysOf[n]!.length));
      taken += keysOf[n]!.length;
      const cancelled = batch.cancelledOrderIds();
      if (cancelled.length > 0) {
        batch.setCancelled(
          await repo.ordersByIds(tx, cancelled),
          await repo.fillsOfOrders(tx, Number(batch.market.id), cancelled),
        );
      }
    }
    // One statement locks the players' cash and what the wallet will need for the holds the
    // batches are foreseen to move (prepareHoldMoves), instead of a lock and a later read.
    // An optimistic attempt's order ids were drawn for it alone (never handed out again), so
    // no hold move exists under their keys: the wallet need not look them up. A retry does,
    // in case anything about that ever stops being true.
    const locked = await prepareHoldMoves(
      this.env.deps,
      ctx,
      batches.map((batch) => ({ marketId: batch.market.id, ...batch.dryRun() })),
      { keysAreNew: optimistic },
    );
    for (const [playerId, cash] of locked) available.set(playerId, cash);
    // The wallet's limit policies are pure: each raise of a taker's hold is judged in memory
    // from what prepareHoldMoves read, so a refused placement fails alone and the group goes
    // on (the wallet's applyMany below would answer the same refusal).
    const judge: RaiseJudge | undefined = this.env.deps.wallet.policies.hasLimits
      ? (raise) => judgeHoldRaise(this.env.deps, ctx, raise)
      : undefined;
    const outOfBook = bookModeCheck(this.env.deps, ctx);
    for (const batch of batches) batch.match(judge, outOfBook);
    // A key refused for its mode may be a replay of an order placed before the player's mode
    // changed: it answers its first answer, so the group goes again with the lookup (rare: a
    // demo player never gets here, the route refuses it).
    if (optimistic && batches.some((batch) => batch.refusedForMode)) throw new ReplayLookupNeeded();
    const changed = batches.filter((batch) => batch.changedBooks);
    if (changed.length === 0) return;
    // Awaited before the pipelined writes below: those end with the COMMIT, which nothing of
    // this transaction may follow. A key another market's batch took meanwhile fails it
    // (23505) and the group goes again, finding that cancel.
    await repo.insertCancels(
      tx,
      changed.flatMap((batch) => batch.cancelRows(ctx.now)),
    );
    // The two writes go out together, the wallet's last with the transaction's events and
    // its COMMIT right behind it (on PostgreSQL, whose connection pipelines them; PGlite runs
    // them one after the other). If the first fails, the COMMIT rolls back, and its error is
    // the one that counts (a key already placed goes again as a replay).
    const writes = [
      repo.writeBatches(
        tx,
        changed.map((batch) => ({
          marketId: Number(batch.market.id),
          now: ctx.now,
          orders: batch.newOrderRows(ctx.now),
          fills: batch.fillRows(ctx.now),
          deltas: batch.orderDeltas(),
          exposures: batch.exposureRows(),
          version: batch.market.version + 1,
        })),
      ),
      moveHolds(
        this.env.deps,
        ctx,
        changed.flatMap((batch) => batch.holdChanges),
        { commit: true },
      ),
    ];
    writesSent();
    for (const settled of await Promise.allSettled(writes)) {
      if (settled.status === 'rejected') throw settled.reason;
    }
  }
}

/** Adds what one matched bet puts at risk to its player's count (`HoldMove.atRiskPaise`). */
function addAtRisk(atRisk: Map<number, Paise>, playerId: number, bet: ExchangeBet): void {
  const paise = exchangeBetAtRiskPaise(bet.side, bet.stakePaise, bet.priceHundredths);
  atRisk.set(playerId, (atRisk.get(playerId) ?? 0n) + paise);
}

/** The highest order id the batches' books have seen: new ids must be above it. */
function highestSeq(batches: readonly Batch[]): number {
  let highest = 0;
  for (const batch of batches) {
    for (const runner of batch.market.runners) highest = Math.max(highest, runner.book.lastSeq);
  }
  return highest;
}

/** Why a player may not place on the exchange's book, or null when the player may. */
type BookModeCheck = (playerId: number) => AppError | null;

/**
 * The exchange's book is one money mode's, the site's (MONEY_MODE): a player who plays for
 * the other is refused before the book moves, so points never match cash (docs/decisions.md
 * "Money mode"). The mode is the wallet's row as `prepareHoldMoves` read it under its lock:
 * no statement more. A player the wallet has no row of is left to the wallet's own refusal.
 */
function bookModeCheck(deps: ServiceDeps, ctx: LedgerContext): BookModeCheck {
  const wallet = deps.wallet.within(ctx);
  const bookMode = deps.config.moneyMode;
  return (playerId) => {
    const mode = wallet.preparedMoneyMode(playerId);
    if (mode === undefined || mode === bookMode) return null;
    return new AppError(mode === 'play' ? 'PLAY_MONEY' : 'FORBIDDEN');
  };
}

/** The wallet's limit policies on a placement's raise of its hold (`judgeHoldRaise`). */
type RaiseJudge = (raise: Parameters<typeof judgeHoldRaise>[2]) => WalletFailure | null;

interface NewOrderState {
  command: PlaceCommand;
  id: number;
  stakePaise: Paise;
  matchedPaise: Paise;
  cancelledPaise: Paise;
  answer: OrderAnswer;
}

interface FillRecord {
  runnerId: string;
  takerOrderId: number;
  takerPlayerId: number;
  fill: Fill;
}

/** One attempt's working state: what each command did, in memory, until the commit. */
class Batch {
  private readonly results: (BatchOutcome<OrderAnswer> | undefined)[];
  /** Later commands with the same (player, key) as an earlier one of the batch: index → first. */
  private readonly sameAs = new Map<number, number>();
  /** Indexes of the placements that are new (not replays): they get order ids, in order. */
  private readonly fresh: number[] = [];
  private readonly orderIds = new Map<number, number>();
  private readonly runnerOf = new Map<number, RunnerState>();
  readonly runners = new Set<RunnerState>();
  private cancelledBefore = new Map<number, repo.OrderRow>();
  private cancelledFills: repo.FillRow[] = [];
  /** The keyed cancels that went through, to store with their answers. */
  private readonly cancelsMade: { command: CancelCommand; answered: OrderAnswer }[] = [];

  readonly newOrders = new Map<string, NewOrderState>();
  readonly fills: FillRecord[] = [];
  private readonly deltas = new Map<number, repo.OrderDelta>();
  readonly holdChanges: HoldChange[] = [];
  private readonly heldNow = new Map<number, Paise>();
  /** The P&L per winning runner of what this batch matched, per player. */
  private readonly matchedNow = new Map<number, Map<string, Paise>>();
  changedBooks = false;
  /** Whether a placement was refused by the market's state before matching. */
  refusedAtOpenCheck = false;
  /** The wallet's limit policies, when any is registered (set by `match`). */
  private judge: RaiseJudge | undefined;
  /** Whether a placement was refused because its player plays for the other money mode. */
  refusedForMode = false;
  /** Keeps the book to the site's money mode (set by `match`). */
  private outOfBook: BookModeCheck = () => null;
  /** The market's runners, each P&L's winners: fixed while the batch runs. */
  private readonly runnerIds: readonly string[];

  constructor(
    readonly market: MarketState,
    private readonly exposures: MarketExposures,
    private readonly commands: ExchangeCommand[],
    /** Each player's cash left as the group's batches run (shared by the group's batches). */
    private readonly available: Map<number, Paise>,
  ) {
    this.results = commands.map(() => undefined);
    this.runnerIds = market.runners.map((runner) => runner.id);
  }

  /** What needs no database: the runner of each command exists. */
  checkRunners(): void {
    this.commands.forEach((command, i) => {
      const runner = this.market.runners.find((r) => r.id === command.runnerId);
      if (!runner) {
        const code = command.kind === 'place' ? 'RUNNER_NOT_FOUND' : 'ORDER_NOT_FOUND';
        this.results[i] = refuse(new AppError(code));
        return;
      }
      this.runnerOf.set(i, runner);
      this.runners.add(runner);
    });
  }

  /** Whether any command is left for the transaction (else the batch answers at once). */
  hasPending(): boolean {
    return this.results.some((result) => result === undefined);
  }

  private pending(kind: ExchangeCommand['kind']): number[] {
    const indexes: number[] = [];
    this.commands.forEach((c, i) => {
      if (c.kind === kind && this.results[i] === undefined) indexes.push(i);
    });
    return indexes;
  }

  private placement(i: number): PlaceCommand {
    return this.commands[i] as PlaceCommand;
  }

  placementKeys(): { playerId: number; idempotencyKey: string }[] {
    return this.pending('place').map((i) => this.placement(i));
  }

  /**
   * A key already in the orders table answers its first answer (IDEMPOTENCY_MISMATCH for
   * another body), whatever the market's state now; a key seen earlier in this batch answers
   * what that command answers. A new placement is then refused unless the market is open.
   */
  answerReplays(found: repo.KeyedOrder[], checkOpen: (market: MarketState) => void): void {
    const keyOf = (playerId: number, key: string) => `${playerId}\u0000${key}`;
    const stored = new Map(found.map((row) => [keyOf(row.playerId, row.idempotencyKey), row]));
    const firstOf = new Map<string, number>();
    for (const i of this.pending('place')) {
      const command = this.placement(i);
      const key = keyOf(command.playerId, command.idempotencyKey);
      const row = stored.get(key);
      if (row) {
        this.results[i] =
          row.requestHash === command.hash
            ? answer(row.answer as OrderAnswer)
            : refuse(new AppError('IDEMPOTENCY_MISMATCH'));
        continue;
      }
      const first = firstOf.get(key);
      if (first === undefined) {
        firstOf.set(key, i);
        try {
          checkOpen(this.market);
          assertNotSuspendedSince(this.market, command.suspensionsSeen);
          this.fresh.push(i);
        } catch (error) {
          this.refusedAtOpenCheck = true;
          this.results[i] = refuse(error);
        }
      } else if (this.placement(first).hash === command.hash) {
        this.sameAs.set(i, first);
        this.results[i] = refuse(new Error('answered with the first command of its key'));
      } else {
        this.results[i] = refuse(new AppError('IDEMPOTENCY_MISMATCH'));
      }
    }
  }

  /** The (player, key) of every keyed cancel still to run. */
  cancelKeys(): { playerId: number; idempotencyKey: string }[] {
    return this.pending('cancel').flatMap((i) => {
      const command = this.commands[i] as CancelCommand;
      return command.keyed
        ? [{ playerId: command.playerId, idempotencyKey: command.keyed.idempotencyKey }]
        : [];
    });
  }

  /**
   * A keyed cancel made before answers its first answer (IDEMPOTENCY_MISMATCH for another
   * body); one whose key came earlier in this batch answers what that one answers.
   */
  answerCancelReplays(found: repo.KeyedOrder[]): void {
    const keyOf = (playerId: number, key: string) => `${playerId}\u0000${key}`;
    const stored = new Map(found.map((row) => [keyOf(row.playerId, row.idempotencyKey), row]));
    const firstOf = new Map<string, number>();
    for (const i of this.pending('cancel')) {
      const command = this.commands[i] as CancelCommand;
      if (!command.keyed) continue;
      const key = keyOf(command.playerId, command.keyed.idempotencyKey);
      const row = stored.get(key);
      const first = firstOf.get(key);
      if (row) {
        this.results[i] =
          row.requestHash === command.keyed.hash
            ? answer(row.answer as OrderAnswer)
            : refuse(new AppError('IDEMPOTENCY_MISMATCH'));
      } else if (first === undefined) {
        firstOf.set(key, i);
      } else if ((this.commands[first] as CancelCommand).keyed?.hash === command.keyed.hash) {
        this.sameAs.set(i, first);
        this.results[i] = refuse(new Error('answered with the first command of its key'));
      } else {
        this.results[i] = refuse(new AppError('IDEMPOTENCY_MISMATCH'));
      }
    }
  }

  /** The keyed cancels this batch made, with their answers, for the order_cancels table. */
  cancelRows(now: Date): repo.NewOrderCancel[] {
    return this.cancelsMade.map(({ command, answered }) => ({
      playerId: command.playerId,
      idempotencyKey: command.keyed!.idempotencyKey,
      requestHash: command.keyed!.hash,
      orderId: Number(command.orderId),
      answer: answered,
      createdAt: now,
    }));
  }

  cancelledOrderIds(): number[] {
    return [
      ...new Set(
        this.pending('cancel').map((i) => Number((this.commands[i] as CancelCommand).orderId)),
      ),
    ];
  }

  setCancelled(rows: repo.OrderRow[], fills: repo.FillRow[]): void {
    this.cancelledBefore = new Map(rows.map((row) => [row.id, row]));
    this.cancelledFills = fills;
  }

  setOrderIds(ids: number[]): void {
    this.fresh.forEach((i, n) => this.orderIds.set(i, ids[n]!));
  }

  /**
   * Who the batch will move money for, and under which wallet keys: every placer and
   * canceller, and every maker a dry run of the batch on copies of the books fills (all
   * orders accepted), each under the key of the order that fills it. A refusal can only make a
   * later order reach a maker the dry run did not: then the wallet locks it late, a deadlock
   * is possible and the batch is retried from the start. A cancel's key depends on what the
   * batch leaves of the order, so it is not foreseen (the wallet then reads as usual).
   */
  dryRun(): { players: number[]; moves: { key: string; playerIds: number[] }[] } {
    const players = new Set<number>();
    const moves: { key: string; playerIds: number[] }[] = [];
    // Run on the live books from marks and put back at once (a copy of a deep book costs more).
    const marks = [...this.runners].map((runner) => markOrderBook(runner.book));
    try {
      this.commands.forEach((command, i) => {
        if (this.results[i] !== undefined) return;
        players.add(command.playerId);
        const book = this.runnerOf.get(i)!.book;
        if (command.kind === 'cancel') {
          cancelOrder(book, command.orderId, command.amountPaise);
          return;
        }
        const id = this.orderIds.get(i)!;
        const placed = placeOrder(book, this.orderRequest(command, id));
        const moved = new Set([command.playerId]);
        if (placed.ok) for (const f of placed.fills) moved.add(Number(f.makerOwnerId));
        for (const player of moved) players.add(player);
        moves.push({ key: orderMoveKey(id), playerIds: [...moved] });
      });
    } finally {
      // One mark per runner's own book: the order they are put back in does not matter.
      for (const mark of marks) rollbackOrderBook(mark);
    }
    return { players: [...players].sort((a, b) => a - b), moves };
  }

  private orderRequest(command: PlaceCommand, id: number) {
    return {
      id: String(id),
      side: command.side,
      priceHundredths: command.priceHundredths,
      stakePaise: command.stakePaise,
      ownerId: String(command.playerId),
      seq: id,
    };
  }

  /** Runs every command on the live books, in arrival order. */
  match(judge: RaiseJudge | undefined, outOfBook: BookModeCheck): void {
    this.judge = judge;
    this.outOfBook = outOfBook;
    this.commands.forEach((command, i) => {
      if (this.results[i] !== undefined) return;
      const runner = this.runnerOf.get(i)!;
      this.results[i] =
        command.kind === 'place'
          ? this.place(command, this.orderIds.get(i)!, runner)
          : this.cancel(command, runner);
    });
  }

  private heldOf(playerId: number): Paise {
    return this.heldNow.get(playerId) ?? this.exposures.held.get(playerId) ?? 0n;
  }

  /** The exposure the player's bets of this market require now, as match-odds computes it. */
  private requiredOf(
    playerId: number,
    extraMatched: readonly ExchangeBet[] = [],
    extraUnmatched: readonly ExchangeBet[] = [],
  ): Paise {
    const { runnerIds } = this;
    const committed = this.exposures.matched.get(playerId);
    const inBatch = this.matchedNow.get(playerId);
    const matchedPnlByRunner = new Map<string, Paise>();
    for (const id of runnerIds) {
      matchedPnlByRunner.set(id, (committed?.get(id) ?? 0n) + (inBatch?.get(id) ?? 0n));
    }
    for (const bet of extraMatched) addExchangeBetPnl(matchedPnlByRunner, runnerIds, bet);
    const unmatched = [...extraUnmatched];
    const owner = String(playerId);
    for (const runner of this.market.runners) {
      for (const resting of restingOrdersOf(runner.book, owner)) {
        unmatched.push({
          side: resting.side,
          runnerId: runner.id,
          priceHundredths: resting.priceHundredths,
          stakePaise: resting.unmatchedPaise,
        });
      }
    }
    return exchangeExposureOfPnl({ runnerIds, matchedPnlByRunner, unmatched }).exposurePaise;
  }

  /**
   * Moves the player's hold to what the market requires now (one wallet move, in order); a
   * player the move matched moves even when the hold stays (a maker's resting order already
   * held what its match requires): the wallet counts the stake then at risk.
   */
  private rebalance(playerId: number, move: HoldMove): void {
    const heldPaise = this.heldOf(playerId);
    const requiredPaise = this.requiredOf(playerId);
    if (requiredPaise === heldPaise && (move.atRiskPaise.get(playerId) ?? 0n) === 0n) return;
    this.holdChanges.push({ market: this.market, move, playerId, heldPaise, requiredPaise });
    this.heldNow.set(playerId, requiredPaise);
    const available = this.available.get(playerId);
    if (available !== undefined) {
      this.available.set(playerId, available - (requiredPaise - heldPaise));
    }
  }

  private delta(orderId: number): repo.OrderDelta {
    let delta = this.deltas.get(orderId);
    if (!delta) {
      delta = { orderId, matchedPaise: 0n, cancelledPaise: 0n };
      this.deltas.set(orderId, delta);
    }
    return delta;
  }

  /**
   * Matches one order. Its funds are checked against the player's available cash as the batch
   * left it, and a back's profit against the market's maximum at the prices it filled at (the
   * placement checked it at the asked price, and a back fills at that price or better). Only
   * when one of them could fail is the book marked first, so a refused order leaves the book
   * as if it never came.
   */
  private place(command: PlaceCommand, orderId: number, runner: RunnerState) {
    const { playerId } = command;
    const otherMode = this.outOfBook(playerId);
    if (otherMode) {
      this.refusedForMode = true;
      return refuse(otherMode);
    }
    const heldPaise = this.heldOf(playerId);
    const availablePaise = this.available.get(playerId) ?? 0n;
    const asResting: ExchangeBet = {
      side: command.side,
      runnerId: runner.id,
      priceHundredths: command.priceHundredths,
      stakePaise: command.stakePaise,
    };
    // A fill never asks more than the same stake resting would (see exchangeExposure).
    const worstPaise = this.requiredOf(playerId, [], [asResting]);
    const mayBeShort = worstPaise - heldPaise > availablePaise;
    const bestPricePaid = command.side === 'back' ? bestPriceToBack(runner.book) : null;
    const mayPassMaxProfit =
      bestPricePaid !== null &&
      exchangeProfitPaise(command.stakePaise, bestPricePaid) > this.market.maxProfitPaise;
    // A limit policy may refuse the raise the fills decide: the book must go back then too.
    const judge = this.judge;
    const mark = mayBeShort || mayPassMaxProfit || judge ? markOrderBook(runner.book) : undefined;
    const placed = placeOrder(runner.book, this.orderRequest(command, orderId));
    if (!placed.ok) {
      if (mark) rollbackOrderBook(mark);
      return refuse(new Error(`order book refused order ${orderId}: ${placed.code}`));
    }
    if (
      mark &&
      mayPassMaxProfit &&
      exchangeMatchedProfitPaise(
        command.side,
        command.stakePaise,
        command.priceHundredths,
        placed,
      ) > this.market.maxProfitPaise
    ) {
      rollbackOrderBook(mark);
      return refuse(new AppError('PROFIT_ABOVE_MAX'));
    }
    const takerBets = placed.fills.map((f) => betsFromFill(runner.id, f)[0]);
    const raisePaise = this.requiredOf(playerId, takerBets) - heldPaise;
    if (raisePaise > availablePaise) {
      if (!mark || !mayBeShort) {
        throw new Error('an order within its worst case was found short of funds');
      }
      rollbackOrderBook(mark);
      return refuse(new AppError('INSUFFICIENT_FUNDS'));
    }
    const refused = judge?.({
      marketId: this.market.id,
      orderId,
      playerId,
      // What the wallet's stake will count (and its policies judge): the matched part.
      stakePaise: takerBets.reduce(
        (sum, bet) => sum + exchangeBetAtRiskPaise(bet.side, bet.stakePaise, bet.priceHundredths),
        0n,
      ),
      raisePaise,
    });
    if (refused) {
      rollbackOrderBook(mark!);
      return refuse(walletRefusalError(refused, "exchange's placement"));
    }
    if (mark) releaseOrderBookMark(mark);
    this.changedBooks = true;
    const makers = new Set<number>();
    const atRiskPaise = new Map<number, Paise>();
    for (const fill of placed.fills) {
      const [takerBet, makerBet] = betsFromFill(runner.id, fill);
      const makerId = Number(fill.makerOwnerId);
      addAtRisk(atRiskPaise, playerId, takerBet);
      addAtRisk(atRiskPaise, makerId, makerBet);
      addExchangeBetPnl(pnlOf(this.matchedNow, playerId), this.runnerIds, takerBet);
      addExchangeBetPnl(pnlOf(this.matchedNow, makerId), this.runnerIds, makerBet);
      makers.add(makerId);
      this.fills.push({
        runnerId: runner.id,
        takerOrderId: orderId,
        takerPlayerId: playerId,
        fill,
      });
      const inBatch = this.newOrders.get(fill.makerOrderId);
      if (inBatch) inBatch.matchedPaise += fill.stakePaise;
      else this.delta(Number(fill.makerOrderId)).matchedPaise += fill.stakePaise;
    }
    const row = {
      id: orderId,
      stakePaise: command.stakePaise,
      matchedPaise: placed.matchedPaise,
      cancelledPaise: placed.selfCrossCancelledPaise,
    };
    const orderAnswered = orderAnswer(row, placed.fills);
    this.newOrders.set(String(orderId), {
      command,
      id: row.id,
      stakePaise: row.stakePaise,
      matchedPaise: row.matchedPaise,
      cancelledPaise: row.cancelledPaise,
      answer: orderAnswered,
    });
    const move: HoldMove = {
      key: orderMoveKey(orderId),
      playerId,
      stakePaise: command.stakePaise,
      atRiskPaise,
      reference: `ORDER-${orderId}`,
    };
    for (const player of new Set([playerId, ...makers])) this.rebalance(player, move);
    return answer(orderAnswered);
  }

  /** Cancels (part of) a resting order of the player; the hold falls with it. */
  private cancel(command: CancelCommand, runner: RunnerState) {
    const resting = getOrder(runner.book, command.orderId);
    if (!resting || resting.ownerId !== String(command.playerId)) {
      return refuse(new AppError('ORDER_NOT_FOUND'));
    }
    const cancelled = cancelOrder(runner.book, command.orderId, command.amountPaise);
    if (!cancelled.ok) return refuse(new AppError('ORDER_NOT_FOUND'));
    this.changedBooks = true;
    const orderId = Number(command.orderId);
    let row: Pick<repo.OrderRow, 'id' | 'stakePaise' | 'matchedPaise' | 'cancelledPaise'>;
    const inBatch = this.newOrders.get(command.orderId);
    if (inBatch) {
      inBatch.cancelledPaise += cancelled.cancelledPaise;
      row = inBatch;
    } else {
      const before = this.cancelledBefore.get(orderId);
      if (!before) throw new Error(`order ${orderId} rests in the book but not in the table`);
      const delta = this.delta(orderId);
      delta.cancelledPaise += cancelled.cancelledPaise;
      row = {
        id: orderId,
        stakePaise: before.stakePaise,
        matchedPaise: before.matchedPaise + delta.matchedPaise,
        cancelledPaise: before.cancelledPaise + delta.cancelledPaise,
      };
    }
    this.rebalance(command.playerId, {
      key: `cancel:${orderId}:${row.cancelledPaise}`,
      playerId: command.playerId,
      stakePaise: 0n,
      // What rests unmatched was never counted: its cancel withdraws nothing.
      atRiskPaise: new Map(),
      reference: `CANCEL-${orderId}`,
    });
    const itsFills = [
      ...this.cancelledFills.filter(
        (f) => f.takerOrderId === orderId || f.makerOrderId === orderId,
      ),
      ...this.fills
        .filter((f) => f.takerOrderId === orderId || f.fill.makerOrderId === command.orderId)
        .map((f) => f.fill),
    ];
    const answered = orderAnswer(row, itsFills);
    if (command.keyed) this.cancelsMade.push({ command, answered });
    return answer(answered);
  }

  newOrderRows(now: Date): repo.NewOrder[] {
    return [...this.newOrders.values()].map((o) => ({
      id: o.id,
      playerId: o.command.playerId,
      marketId: Number(this.market.id),
      runnerId: Number(o.command.runnerId),
      side: o.command.side,
      priceHundredths: o.command.priceHundredths,
      stakePaise: o.command.stakePaise,
      matchedPaise: o.matchedPaise,
      cancelledPaise: o.cancelledPaise,
      status: orderStatus(o.command.stakePaise, o.matchedPaise, o.cancelledPaise),
      idempotencyKey: o.command.idempotencyKey,
      requestHash: o.command.hash,
      answer: o.answer,
      seq: o.id,
      createdAt: now,
    }));
  }

  fillRows(now: Date) {
    return this.fills.map(({ runnerId, takerOrderId, takerPlayerId, fill }) => ({
      marketId: Number(this.market.id),
      runnerId: Number(runnerId),
      takerOrderId,
      makerOrderId: Number(fill.makerOrderId),
      takerPlayerId,
      makerPlayerId: Number(fill.makerOwnerId),
      takerSide: fill.takerSide,
      priceHundredths: fill.priceHundredths,
      stakePaise: fill.stakePaise,
      createdAt: now,
    }));
  }

  orderDeltas(): repo.OrderDelta[] {
    return [...this.deltas.values()];
  }

  exposureRows(): { playerId: number; exposurePaise: Paise }[] {
    return [...this.heldNow].map(([playerId, exposurePaise]) => ({ playerId, exposurePaise }));
  }

  /** After the commit: the in-memory exposures, volume, last prices and version move on. */
  committed(): void {
    for (const [playerId, batchPnl] of this.matchedNow) {
      const pnl = pnlOf(this.exposures.matched, playerId);
      for (const [runnerId, paise] of batchPnl)
        pnl.set(runnerId, (pnl.get(runnerId) ?? 0n) + paise);
    }
    for (const [playerId, held] of this.heldNow) this.exposures.held.set(playerId, held);
    for (const { runnerId, fill } of this.fills) {
      this.market.tradedVolumePaise += fill.stakePaise;
      const runner = this.market.runners.find((r) => r.id === runnerId);
      if (runner) runner.lastTradedPriceHundredths = fill.priceHundredths;
    }
    if (this.changedBooks) this.market.version += 1;
  }

  outcomes(): BatchOutcome<OrderAnswer>[] {
    return this.results.map((result, i) => {
      const first = this.sameAs.get(i);
      const outcome = first === undefined ? result : this.results[first];
      return outcome ?? refuse(new Error('the batch left a command unanswered'));
    });
  }
}

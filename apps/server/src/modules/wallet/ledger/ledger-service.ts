import { objectWith } from '@spm/core';
import { hash } from 'node:crypto';
import type { Wallet } from '@spm/contract';
import {
  accountKey,
  checkTransaction,
  netPostings,
  paiseToPoints,
  playerAccount,
  systemAccount,
  walletView,
  type AccountRef,
  type Paise,
  type PlayerAccountKind,
  type Posting,
  type SystemAccountKind,
  type WalletView,
} from '@spm/core';
import type { Db, DbHandle } from '../../../db/database.ts';
import {
  insertOutboxEvents,
  outboxRowsOfPlayer,
  type NewOutboxEvent,
} from '../../../outbox/outbox-repository.ts';
import { kickOutbox, socketEvent } from '../../../outbox/outbox-worker.ts';
import { GroupCommitQueue, type Settled } from '../../../db/group-commit.ts';
import { statementRefused } from '../../../db/errors.ts';
import {
  applyToPlayerAccount,
  bumpWalletVersion,
  findTransactionsByKeys,
  lockPlayersForBatch,
  writeLedgerBatchAndEvents,
  type BatchLedgerTransaction,
  type NewLedgerTransaction,
  ensurePlayerAccounts,
  ensureSystemAccounts,
  findTransactionByKey,
  insertPostingsReadBalances,
  insertTransactionRow,
  lockWalletVersions,
  playerBalancesAndVersion,
  type LedgerTransactionKind,
  type NewPosting,
  type PlayerAccountRow,
} from './ledger-repository.ts';
import type { ServiceDeps } from '../../../deps.ts';
import { lockWalletPlayers } from './wallet-player-repository.ts';

/** What the ledger needs from the outside: the database, the time, the realtime emitter. */
export type LedgerDeps = Pick<ServiceDeps, 'db' | 'clock' | 'realtime'>;

export interface PostInput {
  kind: LedgerTransactionKind;
  postings: readonly Posting[];
  /** Unique across the ledger; callers scope it (e.g. `adjustment:{staffId}:{key}`). */
  idempotencyKey?: string | undefined;
  /** Hash of the request the key stands for; a replay with another hash is refused. */
  requestHash?: string | undefined;
  description: string;
  reference: string;
  playerId?: number | undefined;
  actorStaffId?: number | undefined;
}

export type PostFailureCode =
  | 'INSUFFICIENT_FUNDS'
  | 'IDEMPOTENCY_MISMATCH'
  | 'EMPTY_TRANSACTION'
  | 'ZERO_POSTING'
  | 'UNBALANCED'
  | 'SYSTEM_KIND_ON_PLAYER';

export type PostResult =
  | {
      ok: true;
      transactionId: string;
      /** True when the key had been used with the same request: nothing new was written. */
      replay: boolean;
      /** Wallets of the players the transaction touched, as of this transaction. */
      wallets: Map<number, WalletView>;
    }
  | { ok: false; code: PostFailureCode };

export type PostSuccess = Extract<PostResult, { ok: true }>;

/**
 * SHA-256 of a request's canonical JSON (bigint as text): what a replay must match. The hashes
 * are stored, so the text must never change: the same as JSON.stringify with a replacer turning
 * each bigint into its digits (a test pins it), built without calling a replacer for every
 * value, and hashed in one call (two per placement, on the hot path).
 */
export function requestHash(value: unknown): string {
  return hash('sha256', JSON.stringify(bigintsAsText(value)), 'hex');
}

/** `value` with each bigint in it (arrays and plain objects followed) as its decimal digits. */
function bigintsAsText(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return value;
  // JSON.stringify calls toJSON itself (a Date's text), and a replacer sees only its answer.
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
  if (Array.isArray(value)) return value.map(bigintsAsText);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    copy[key] = bigintsAsText((value as Record<string, unknown>)[key]);
  }
  return copy;
}

/**
 * toWallet with the wallet's version, when known, added to the fresh object (not spread into
 * a new one: see objectWith in @spm/core): what an update_balance carries.
 */
export function walletAt<V extends number | undefined>(
  view: WalletView,
  version: V,
): Wallet & (V extends number ? { version: number } : { version?: number }) {
  const wallet: Wallet & { version?: number } = toWallet(view);
  if (version !== undefined) wallet.version = version;
  return wallet as Wallet & (V extends number ? { version: number } : { version?: number });
}

/** The wallet of the contract (points) from the ledger's view (paise): the one crossing. */
export function toWallet(view: WalletView): Wallet {
  return {
    balance: paiseToPoints(view.balancePaise),
    cash: paiseToPoints(view.cashPaise),
    coins: paiseToPoints(view.coinsPaise),
    sports: paiseToPoints(view.sportsPaise),
    wicket: paiseToPoints(view.wicketPaise),
    exposure: paiseToPoints(view.exposurePaise),
  };
}

/** The player's wallet view and the version of the last money change it includes. */
async function versionedWalletView(
  db: DbHandle,
  playerId: number,
): Promise<{ view: WalletView; version: number }> {
  const { balances, version } = await playerBalancesAndVersion(db, playerId);
  return { view: walletView((kind) => balances.get(kind) ?? 0n), version };
}

export async function getWalletView(db: DbHandle, playerId: number): Promise<WalletView> {
  return (await versionedWalletView(db, playerId)).view;
}

/** The player's wallet (walletSchema values). Players without postings have zeros. */
export async function getWallet(db: DbHandle, playerId: number): Promise<Wallet> {
  return toWallet(await getWalletView(db, playerId));
}

/**
 * The wallet with the version of the last money change it includes (the `version` of
 * update_balance): an app that already applied a newer push keeps that one (get:balance).
 */
export async function getVersionedWallet(
  db: DbHandle,
  playerId: number,
): Promise<Wallet & { version: number }> {
  const { view, version } = await versionedWalletView(db, playerId);
  return walletAt(view, version);
}

/** Thrown inside a ledger transaction to roll it back; turned into a typed result outside. */
class LedgerRollback extends Error {
  readonly code: PostFailureCode;
  constructor(code: PostFailureCode) {
    super(code);
    this.code = code;
  }
}

/**
 * One open ledger transaction: the database transaction, its time and what to do after
 * commit. Services that write more than postings (audit, notifications) in the same
 * transaction get one from `ledgerTransaction`.
 */
export interface LedgerContext {
  deps: LedgerDeps;
  tx: DbHandle;
  now: Date;
  /** Wallets to push with update_balance after commit, by player. */
  touched: Map<number, WalletView>;
  /** The wallet version this transaction took, by player (one per transaction). */
  versions: Map<number, number>;
  /**
   * Players whose wallet row this transaction locked: the first lock of each player's money
   * (docs/decisions.md "Lock order: the player row first"); postWithin locks the others.
   */
  lockedPlayers: Set<number>;
  /**
   * Events to write to the outbox at the end of the transaction, after the touched players'
   * update_balance (storeNotification and the wallet API add theirs here).
   */
  outbox: NewOutboxEvent[];
  /** Work after commit that is not an event a player must receive (logs, timers). */
  afterCommit: (() => void)[];
  /** Account ids created or read in this transaction; cached only once it commits. */
  learnt: Map<string, number>;
  /**
   * How many times this transaction moved money so far: what was read before a move may be
   * stale after it (the wallet API's prepared reads check it).
   */
  moneyWrites: number;
  /**
   * Set when a money write stored the transaction's events with its own statement (the wallet
   * API's `applyMany` with `last`): what had moved and been queued by then.
   */
  outboxWritten?: { moneyWrites: number; events: number };
}

/**
 * The open ledger transaction a database handle belongs to, for code handed only `tx`. An
 * entry goes when its transaction's work ends, not when the collector finds `tx` dead: V8's
 * young-generation collector keeps a WeakMap's values alive whatever their keys, so every
 * context (and the group, its requests and rows it reaches) written since the last scavenge
 * was copied by it, and many promoted (docs/decisions.md "Ledger contexts let go").
 */
const contexts = new WeakMap<object, LedgerContext>();

export function ledgerContextOf(db: DbHandle): LedgerContext | undefined {
  return contexts.get(db);
}

/**
 * The transaction's events for the outbox, player by player in id order: first the player's
 * update_balance (wallet and version), then what the work queued, in one row when there are
 * several (outboxRowsOfPlayer); and the players with events
 * but no money moved, whose version rows must be locked before the rows are inserted. Each
 * player's version row is locked by then (raised by a posting, or locked for event-only
 * players), so their events take outbox ids in commit order.
 */
export function outboxRowsOf(ctx: LedgerContext): {
  rows: NewOutboxEvent[];
  versionsToLock: number[];
} {
  // Each player's queued events in one pass: a group commit's transaction carries a hundred
  // players or more, and filtering the whole queue for each of them was quadratic.
  const queued = new Map<number, NewOutboxEvent[]>();
  for (const event of ctx.outbox) {
    const events = queued.get(event.playerId);
    if (events) events.push(event);
    else queued.set(event.playerId, [event]);
  }
  const rows: NewOutboxEvent[] = [];
  const ordered = [...new Set([...ctx.touched.keys(), ...queued.keys()])].sort((a, b) => a - b);
  for (const playerId of ordered) {
    const view = ctx.touched.get(playerId);
    const events = queued.get(playerId) ?? [];
    if (view) {
      const version = ctx.versions.get(playerId);
      events.unshift(socketEvent(playerId, 'update_balance', walletAt(view, version)));
    }
    rows.push(...outboxRowsOfPlayer(playerId, events));
  }
  // A player whose wallet row this transaction locked first (the wallet API's read) holds
  // the lock that orders their events already: no statement more, and the batch's write can
  // store the events (an exchange maker whose fill counted a stake but moved no hold).
  const versionsToLock = ordered.filter(
    (playerId) => !ctx.touched.has(playerId) && !ctx.lockedPlayers.has(playerId),
  );
  return { rows, versionsToLock };
}

/**
 * Whether the transaction's end still writes something: its outbox events, when no last money
 * write stored them (`applyMany` with `last` cannot when a player has events but moved no
 * money). A product's statement sent with the COMMIT behind it must be the transaction's last,
 * so it may only be sent that way when this is false.
 */
export function writesLeftAtEnd(ctx: LedgerContext): boolean {
  return ctx.outboxWritten === undefined && (ctx.touched.size > 0 || ctx.outbox.length > 0);
}

/**
 * Writes the transaction's events to the outbox (outboxRowsOf), unless the transaction's last
 * money write already did in its own statement (`outboxWritten`): then nothing may have moved
 * or been queued since.
 */
async function writeOutbox(ctx: LedgerContext): Promise<boolean> {
  if (ctx.outboxWritten) {
    if (
      ctx.outboxWritten.moneyWrites !== ctx.moneyWrites ||
      ctx.outboxWritten.events !== ctx.outbox.length
    ) {
      throw new Error('money moved or events were queued after the write that stored the events');
    }
    return true;
  }
  const { rows, versionsToLock } = outboxRowsOf(ctx);
  if (rows.length === 0) return false;
  // Players with events but no money moved and no row locked yet: their lock, one statement.
  await lockWalletVersions(ctx.tx, versionsToLock);
  await insertOutboxEvents(ctx.tx, rows, ctx.now);
  return true;
}

/**
 * Runs `work` in one database transaction. A failed post inside rolls everything back and
 * answers its typed failure. The touched players' update_balance and the queued events are
 * written to the outbox in the same transaction and published after commit (kicked now).
 */
export async function ledgerTransaction<T>(
  deps: LedgerDeps,
  work: (ctx: LedgerContext) => Promise<T>,
): Promise<T | { ok: false; code: PostFailureCode }> {
  let ctx: LedgerContext | undefined;
  let result: T;
  let wroteEvents = false;
  try {
    result = await deps.db.transaction(async (tx) => {
      const opened: LedgerContext = {
        deps,
        tx,
        now: deps.clock.now(),
        touched: new Map(),
        versions: new Map(),
        lockedPlayers: new Set(),
        outbox: [],
        afterCommit: [],
        learnt: new Map(),
        moneyWrites: 0,
      };
      ctx = opened;
      contexts.set(tx, opened);
      let answer: T;
      try {
        answer = await work(opened);
      } finally {
        // Also what makes a notification stored on `tx` from here on write its own outbox
        // row instead of joining an outbox already written.
        contexts.delete(tx);
      }
      wroteEvents = await writeOutbox(opened);
      return answer;
    });
  } catch (error) {
    if (error instanceof LedgerRollback) return { ok: false, code: error.code };
    throw error;
  }
  if (ctx) {
    const known = cachedAccountIds(deps.db);
    for (const [key, id] of ctx.learnt) known.set(key, id);
    if (wroteEvents) kickOutbox(deps.realtime);
    for (const run of ctx.afterCommit) run();
  }
  return result;
}

/**
 * One transaction of postings, idempotent when keyed. Concurrent posts to one database are
 * group-committed (postBatch): the answer is the one a transaction of its own would give.
 */
export async function post(deps: LedgerDeps, input: PostInput): Promise<PostResult> {
  // Refusals that need no database answer at once and never join a batch.
  const shape = checkTransaction(input.postings);
  if (!shape.ok) return { ok: false, code: shape.code };
  if (
    input.kind === 'system_transfer' &&
    netPostings(input.postings).some((p) => p.account.owner === 'player')
  ) {
    return { ok: false, code: 'SYSTEM_KIND_ON_PLAYER' };
  }
  return postQueue(deps.db).submit({ deps, input });
}

/** post() in a transaction of its own: the path a batch falls back to. */
function postAlone(deps: LedgerDeps, input: PostInput): Promise<PostResult> {
  return ledgerTransaction(deps, (ctx) => postWithin(ctx, input));
}

/**
 * Account ids per database, by core accountKey: an account is never deleted nor re-keyed, so
 * once its creating transaction committed its id is known for good (hot path: no lookup).
 */
const accountIds = new WeakMap<Db, Map<string, number>>();

function cachedAccountIds(db: Db): Map<string, number> {
  let known = accountIds.get(db);
  if (!known) {
    known = new Map();
    accountIds.set(db, known);
  }
  return known;
}

/** The rollback postWithin throws, for batch forms that find the same refusal in memory. */
export function ledgerRollback(code: PostFailureCode): Error {
  return new LedgerRollback(code);
}

/** Ids of the postings' accounts, creating missing ones inside the transaction. */
export async function resolveAccountIds(
  ctx: LedgerContext,
  accounts: AccountRef[],
): Promise<Map<string, number>> {
  const known = cachedAccountIds(ctx.deps.db);
  const ids = new Map<string, number>();
  const missingPlayers: { playerId: number; kind: PlayerAccountKind }[] = [];
  const missingSystem: SystemAccountKind[] = [];
  for (const account of accounts) {
    const key = accountKey(account);
    const id = known.get(key) ?? ctx.learnt.get(key);
    if (id !== undefined) ids.set(key, id);
    else if (account.owner === 'system') missingSystem.push(account.kind);
    else missingPlayers.push({ playerId: Number(account.playerId), kind: account.kind });
  }
  const learn = (key: string, id: number) => {
    ids.set(key, id);
    ctx.learnt.set(key, id);
  };
  if (missingSystem.length > 0) {
    for (const [kind, id] of await ensureSystemAccounts(ctx.tx, missingSystem)) {
      learn(accountKey(systemAccount(kind)), id);
    }
  }
  if (missingPlayers.length > 0) {
    for (const [key, id] of await ensurePlayerAccounts(ctx.tx, missingPlayers)) {
      const [playerId = '', kind = ''] = key.split(':');
      learn(`player:${playerId}:${kind}`, id);
    }
  }
  return ids;
}

/** The ledger_transactions row of a post. */
function ledgerRowOf(input: PostInput, createdAt: Date): NewLedgerTransaction {
  return {
    kind: input.kind,
    idempotencyKey: input.idempotencyKey ?? null,
    requestHash: input.requestHash ?? null,
    description: input.description,
    reference: input.reference,
    playerId: input.playerId ?? null,
    actorStaffId: input.actorStaffId ?? null,
    createdAt,
  };
}

/**
 * The ledger write inside an open transaction (DESIGN 4):
 * 1. core checkTransaction (shape, sum zero);
 * 2. the transaction row first, so a reused key is found before any balance moves;
 * 3. each netted player posting as one guarded UPDATE, in account id order (no deadlocks);
 *    system accounts are not updated: their balance is the sum of their postings;
 * 4. the postings, with balance_after on player accounts.
 * Fails by throwing LedgerRollback, which ledgerTransaction turns into a result.
 */
export async function postWithin(ctx: LedgerContext, input: PostInput): Promise<PostSuccess> {
  const shape = checkTransaction(input.postings);
  if (!shape.ok) throw new LedgerRollback(shape.code);
  const netted = netPostings(input.postings);
  const playerIds = [
    ...new Set(
      netted.flatMap((p) => (p.account.owner === 'player' ? [Number(p.account.playerId)] : [])),
    ),
  ];
  if (input.kind === 'system_transfer' && playerIds.length > 0) {
    throw new LedgerRollback('SYSTEM_KIND_ON_PLAYER');
  }

  await lockPlayerRowsFirst(ctx, playerIds);
  const row = ledgerRowOf(input, ctx.now);
  // A keyed transaction's row goes first, so a reused key is found before any balance
  // moves; an unkeyed one cannot conflict and is written with its postings (one trip less).
  let keyedId: string | null = null;
  if (row.idempotencyKey !== null) {
    keyedId = await insertTransactionRow(ctx.tx, row);
    if (keyedId === null) return replay(ctx, input);
  }

  const ids = await resolveAccountIds(
    ctx,
    netted.map((posting) => posting.account),
  );
  const resolved = netted.map((posting) => {
    const accountId = ids.get(accountKey(posting.account));
    if (accountId === undefined) throw new Error(`no account for ${accountKey(posting.account)}`);
    return { posting, accountId };
  });
  resolved.sort((a, b) => a.accountId - b.accountId);

  const rows: NewPosting[] = [];
  for (const { posting, accountId } of resolved) {
    let balanceAfterPaise: Paise | null = null;
    if (posting.account.owner === 'player') {
      balanceAfterPaise = await applyToPlayerAccount(ctx.tx, accountId, posting.amountPaise);
      if (balanceAfterPaise === null) throw new LedgerRollback('INSUFFICIENT_FUNDS');
    }
    rows.push({ accountId, amountPaise: posting.amountPaise, balanceAfterPaise });
  }
  const written = await insertPostingsReadBalances(
    ctx.tx,
    keyedId === null ? row : { id: keyedId },
    ctx.now,
    rows,
    playerIds,
  );
  const wallets = new Map<number, WalletView>();
  // In player id order, like the account rows: two transactions never wait crosswise.
  for (const playerId of [...playerIds].sort((a, b) => a - b)) {
    if (!ctx.versions.has(playerId)) {
      ctx.versions.set(playerId, await bumpWalletVersion(ctx.tx, playerId));
    }
  }
  for (const playerId of playerIds) {
    const mine = new Map(
      written.balances.filter((b) => b.playerId === playerId).map((b) => [b.kind, b.paise]),
    );
    const view = walletView((kind) => mine.get(kind) ?? 0n);
    wallets.set(playerId, view);
    ctx.touched.set(playerId, view);
  }
  ctx.moneyWrites += 1;
  const transactionId = written.transactionId;
  return { ok: true, transactionId, replay: false, wallets };
}

/**
 * Locks the wallet rows of the players this transaction has not locked yet, in player order,
 * before anything else of theirs (the ledger key, the accounts): one statement, none when the
 * wallet API's own read locked them already.
 */
export async function lockPlayerRowsFirst(
  ctx: LedgerContext,
  playerIds: readonly number[],
): Promise<void> {
  const missing = playerIds.filter((id) => !ctx.lockedPlayers.has(id) && !ctx.versions.has(id));
  if (missing.length === 0) return;
  await lockWalletPlayers(
    ctx.tx,
    missing.sort((a, b) => a - b),
  );
  for (const playerId of missing) ctx.lockedPlayers.add(playerId);
}

async function replay(ctx: LedgerContext, input: PostInput): Promise<PostSuccess> {
  const first = input.idempotencyKey
    ? await findTransactionByKey(ctx.tx, input.idempotencyKey)
    : undefined;
  if (!first) throw new Error('idempotency key conflict without a stored transaction');
  if (first.requestHash !== (input.requestHash ?? null)) {
    throw new LedgerRollback('IDEMPOTENCY_MISMATCH');
  }
  return {
    ok: true,
    transactionId: first.id,
    replay: true,
    wallets: await walletsOf(ctx, first.playerIds),
  };
}

async function walletsOf(ctx: LedgerContext, playerIds: number[]) {
  const wallets = new Map<number, WalletView>();
  for (const playerId of playerIds) wallets.set(playerId, await getWalletView(ctx.tx, playerId));
  return wallets;
}

/*
 * Group commit of post() (docs/decisions.md "Group commit in the wallet"). One batch is one
 * database transaction of a constant number of statements whatever its size: the keys
 * looked up at once, the players' accounts locked in id order, the whole batch planned in
 * memory in arrival order (so each post sees the ones before it, as if they had committed one
 * after the other), then multi-row writes. A post that would take a balance below zero, or
 * reuses a key with another request, is answered alone and writes nothing; the others commit.
 */

/** The most posts one batch carries; the rest wait for the next one. */
const POST_BATCH_CAP = 500;
/**
 * Batches of one database in flight at once (each on its own pooled connection): a post
 * arriving while a slot is free starts at once instead of waiting for the batch before it
 * to reach the disk. Under steady load the waiting posts gather into one batch per commit
 * anyway. Batches lock player accounts in id order, so two never wait crosswise; a batch
 * whose players another holds waits for that commit and then reads the balances it left.
 */
const POST_BATCHES_IN_FLIGHT = Number(process.env.LEDGER_BATCHES_IN_FLIGHT ?? 4);

interface QueuedPost {
  deps: LedgerDeps;
  input: PostInput;
}

const postQueues = new WeakMap<Db, GroupCommitQueue<QueuedPost, PostResult>>();

function postQueue(db: Db): GroupCommitQueue<QueuedPost, PostResult> {
  let queue = postQueues.get(db);
  if (!queue) {
    queue = new GroupCommitQueue((items) => runPostBatch(db, items), {
      cap: POST_BATCH_CAP,
      maxInFlight: POST_BATCHES_IN_FLIGHT,
    });
    postQueues.set(db, queue);
  }
  return queue;
}

/**
 * Sets how many batches of this database may be in flight at once (tests that compare a
 * batch with the one-after-the-other order use 1: batches in flight together commit in
 * either order, as concurrent requests may).
 */
export function setPostBatchesInFlight(db: Db, maxInFlight: number): void {
  postQueue(db).setMaxInFlight(maxInFlight);
}

/** Batches post() ran on this database, the posts they carried, and batches that fell back. */
export function postBatchStats(db: Db): {
  batches: number;
  requests: number;
  largestBatch: number;
  fallbacks: number;
} {
  const stats = postQueues.get(db)?.stats ?? { batches: 0, requests: 0, largestBatch: 0 };
  return objectWith(stats, { fallbacks: batchFallbacks.get(db) ?? 0 });
}

const batchFallbacks = new WeakMap<Db, number>();
/** Why the last batch fell back (tests print it when they expect none). */
const lastFallbackError = new WeakMap<Db, unknown>();

export function lastPostBatchFallback(db: Db): unknown {
  return lastFallbackError.get(db);
}

/** Thrown inside a batch when what the database holds is not what the plan assumed. */
class BatchPlanMismatch extends Error {}

/**
 * The batch's statements all ran but its commit failed: the database may or may not have
 * committed, so running the posts again could move money twice. Each caller gets the error,
 * as a post whose own commit failed always did.
 */
class BatchCommitUnknown extends Error {
  constructor(readonly failure: unknown) {
    super('group commit: the outcome of the commit is unknown');
  }
}

async function runPostBatch(db: Db, items: QueuedPost[]): Promise<Settled<PostResult>[]> {
  try {
    return (await postBatch(db, items)).map((value) => ({ ok: true, value }));
  } catch (error) {
    if (error instanceof BatchCommitUnknown) {
      return items.map(() => ({ ok: false, error: error.failure }));
    }
    // Something the plan could not foresee (a key or an account another process wrote
    // meanwhile, a deadlock victim, a lost connection): the batch rolled back whole, so each
    // post runs again in a transaction of its own, which knows how to answer every case.
    batchFallbacks.set(db, (batchFallbacks.get(db) ?? 0) + 1);
    lastFallbackError.set(db, error);
    const outcomes: Settled<PostResult>[] = [];
    for (const item of items) {
      try {
        outcomes.push({ ok: true, value: await postAlone(item.deps, item.input) });
      } catch (alone) {
        outcomes.push({ ok: false, error: alone });
      }
    }
    return outcomes;
  }
}

/** What the batch decided for one post, before the database gave the new ids. */
type PlannedPost =
  | { answer: 'refused'; code: PostFailureCode }
  | { answer: 'replay'; transactionId: string; wallets: Map<number, WalletView> }
  | { answer: 'replay-in-batch'; of: number; wallets: Map<number, WalletView> }
  | {
      answer: 'write';
      /** Position among the batch's written transactions. */
      written: number;
      wallets: Map<number, WalletView>;
      /** Filled in once the batch's statement answered the new ids. */
      transactionId?: string;
    };

/** A batch of posts as it is planned and written (postBatch). */
interface PostBatch {
  items: QueuedPost[];
  /** The account ids cached for the database, and those this batch learnt. */
  known: Map<string, number>;
  learnt: Map<string, number>;
  nows: Date[];
  netted: Posting[][];
  /** The players each post moves money of. */
  playersOf: number[][];
  /** The idempotency keys the posts name (each once). */
  keys: string[];
  /** What the batch decided per post, in the order of the posts. */
  planned: PlannedPost[];
  toWrite: { item: number; postings: Posting[] }[];
  /** The idempotency keys the batch's earlier posts took. */
  takenInBatch: Map<string, { item: number; hash: string | null }>;
  /** How far the write went: what a failure may have left committed. */
  writeSent: boolean;
  statementsDone: boolean;
  wroteEvents: boolean;
}

/**
 * Many posts in one transaction of a constant number of statements: the keys' stored
 * transactions and the players' locks read, every post planned in memory in order (replays,
 * refusals, balances), then the ledger, the balances, the versions and the events in one
 * statement with its COMMIT behind it.
 */
async function postBatch(db: Db, items: QueuedPost[]): Promise<PostResult[]> {
  const batch = postBatchOf(cachedAccountIds(db), items);
  try {
    await db.transaction(async (tx) => {
      // The keys' stored transactions and the batch's players' locks go out together (one
      // wait on PostgreSQL, whose connection pipelines them); a replay's players the batch
      // does not otherwise touch are locked after, in a statement of their own.
      const batchPlayers = [...new Set(batch.playersOf.flat())].sort((a, b) => a - b);
      const [stored, lockedFirst] = await Promise.all([
        findTransactionsByKeys(tx, batch.keys),
        lockPlayersForBatch(tx, batchPlayers),
      ]);
      const systemKinds = unknownSystemKinds(batch);
      if (systemKinds.length > 0) {
        for (const [kind, id] of await ensureSystemAccounts(tx, systemKinds)) {
          batch.learnt.set(accountKey(systemAccount(kind)), id);
        }
      }
      const lockedAfter = await lockPlayersForBatch(tx, replayOnlyPlayers(stored, batchPlayers));
      const lockedVersions = new Map([...lockedFirst.versions, ...lockedAfter.versions]);
      const { balances, initial } = startingBalances(batch, [
        ...lockedFirst.accounts,
        ...lockedAfter.accounts,
      ]);
      for (let index = 0; index < items.length; index++) planPost(batch, stored, balances, index);
      if (batch.toWrite.length === 0) return;

      const missing = missingPlayerAccounts(batch);
      if (missing.size > 0) {
        for (const [key, id] of await ensurePlayerAccounts(tx, [...missing.values()])) {
          const [playerId = '', kind = ''] = key.split(':');
          batch.learnt.set(`player:${playerId}:${kind}`, id);
        }
      }
      const { rows, moves } = ledgerRowsOfBatch(batch, initial);
      const { bumps, versionsAfter, events } = versionsAndEventsOf(batch, lockedVersions);
      // The transaction's last statement, with its COMMIT behind it on PostgreSQL: one wait.
      batch.writeSent = true;
      const transactionIds = await writeLedgerBatchAndEvents(
        tx,
        { transactions: rows, balanceMoves: moves, versionBumps: bumps, versionsAfter },
        { events, createdAt: batch.nows[0] ?? new Date() },
        { commitBehind: true },
      );
      for (const plan of batch.planned) {
        if (plan.answer !== 'write') continue;
        plan.transactionId = transactionIds[plan.written];
        if (plan.transactionId === undefined) throw new BatchPlanMismatch('transaction id missing');
      }
      batch.wroteEvents = events.length > 0;
      batch.statementsDone = true;
    });
  } catch (error) {
    // The write went out with its COMMIT behind it: unless PostgreSQL answered the statement
    // with an error (then the COMMIT rolled back), the batch may have committed.
    const unknown = batch.statementsDone || (batch.writeSent && !statementRefused(error));
    throw unknown ? new BatchCommitUnknown(error) : error;
  }

  for (const [key, id] of batch.learnt) batch.known.set(key, id);
  if (batch.wroteEvents) {
    for (const realtime of new Set(items.map((item) => item.deps.realtime))) kickOutbox(realtime);
  }
  return postResultsOf(batch.planned);
}

/** The batch before anything is read: each post's time, netted postings and players. */
function postBatchOf(known: Map<string, number>, items: QueuedPost[]): PostBatch {
  const nows = items.map((item) => item.deps.clock.now());
  const netted = items.map((item) => netPostings(item.input.postings));
  const playersOf = netted.map((postings) => [
    ...new Set(
      postings.flatMap((p) => (p.account.owner === 'player' ? [Number(p.account.playerId)] : [])),
    ),
  ]);
  return {
    items,
    known,
    learnt: new Map(),
    nows,
    netted,
    playersOf,
    keys: [
      ...new Set(
        items.flatMap((item) => (item.input.idempotencyKey ? [item.input.idempotencyKey] : [])),
      ),
    ],
    planned: [],
    toWrite: [],
    takenInBatch: new Map(),
    writeSent: false,
    statementsDone: false,
    wroteEvents: false,
  };
}

/** The system accounts the batch posts to whose ids are not known yet. */
function unknownSystemKinds(batch: PostBatch) {
  return [
    ...new Set(
      batch.netted.flatMap((postings) =>
        postings.flatMap((p) =>
          p.account.owner === 'system' && !batch.known.has(accountKey(p.account))
            ? [p.account.kind]
            : [],
        ),
      ),
    ),
  ];
}

/** The players of replayed transactions the batch does not otherwise touch, in lock order. */
function replayOnlyPlayers(
  stored: Awaited<ReturnType<typeof findTransactionsByKeys>>,
  batchPlayers: readonly number[],
): number[] {
  const replayPlayers = new Set<number>();
  for (const found of stored.values()) {
    for (const p of found.playerIds) if (!batchPlayers.includes(p)) replayPlayers.add(p);
  }
  return [...replayPlayers].sort((a, b) => a - b);
}

/** The batch's picture of every locked balance (moved post by post as planned), and its start. */
function startingBalances(batch: PostBatch, locked: readonly PlayerAccountRow[]) {
  const balances = new Map<string, Paise>();
  const initial = new Map<string, Paise>();
  for (const row of locked) {
    const key = accountKey(playerAccount(String(row.playerId), row.kind));
    balances.set(key, row.balancePaise);
    initial.set(key, row.balancePaise);
    batch.learnt.set(key, row.id);
  }
  return { balances, initial };
}

/** The players' wallets as the batch's balances stand now. */
function viewsOf(balances: ReadonlyMap<string, Paise>, playerIds: readonly number[]) {
  return new Map(
    playerIds.map((playerId) => [
      playerId,
      walletView((kind) => balances.get(accountKey(playerAccount(String(playerId), kind))) ?? 0n),
    ]),
  );
}

/** One post planned: a replay (stored or earlier in the batch), a refusal, or a write. */
function planPost(
  batch: PostBatch,
  stored: Awaited<ReturnType<typeof findTransactionsByKeys>>,
  balances: Map<string, Paise>,
  index: number,
): void {
  const { input } = batch.items[index]!;
  const { planned, playersOf, takenInBatch } = batch;
  const key = input.idempotencyKey;
  const hash = input.requestHash ?? null;
  if (key) {
    const earlier = takenInBatch.get(key);
    if (earlier) {
      planned.push(
        earlier.hash === hash
          ? {
              answer: 'replay-in-batch',
              of: earlier.item,
              wallets: viewsOf(balances, playersOf[earlier.item] ?? []),
            }
          : { answer: 'refused', code: 'IDEMPOTENCY_MISMATCH' },
      );
      return;
    }
    const first = stored.get(key);
    if (first) {
      planned.push(
        first.requestHash === hash
          ? {
              answer: 'replay',
              transactionId: first.id,
              wallets: viewsOf(balances, first.playerIds),
            }
          : { answer: 'refused', code: 'IDEMPOTENCY_MISMATCH' },
      );
      return;
    }
  }
  const postings = batch.netted[index] ?? [];
  const after = new Map<string, Paise>();
  for (const posting of postings) {
    if (posting.account.owner !== 'player') continue;
    const account = accountKey(posting.account);
    const balance = (balances.get(account) ?? 0n) + posting.amountPaise;
    if (balance < 0n) {
      planned.push({ answer: 'refused', code: 'INSUFFICIENT_FUNDS' });
      return;
    }
    after.set(account, balance);
  }
  for (const [account, balance] of after) balances.set(account, balance);
  if (key) takenInBatch.set(key, { item: index, hash });
  planned.push({
    answer: 'write',
    written: batch.toWrite.length,
    wallets: viewsOf(balances, playersOf[index] ?? []),
  });
  batch.toWrite.push({ item: index, postings });
}

/** Accounts first used by this batch (never by a refused post): created now, at zero. */
function missingPlayerAccounts(batch: PostBatch) {
  const missing = new Map<string, { playerId: number; kind: PlayerAccountKind }>();
  for (const { postings } of batch.toWrite) {
    for (const { account } of postings) {
      const key = accountKey(account);
      if (account.owner === 'player' && !batch.learnt.has(key) && !batch.known.has(key)) {
        missing.set(key, { playerId: Number(account.playerId), kind: account.kind });
      }
    }
  }
  return missing;
}

/** The written posts' ledger rows (with balance_after) and each account's move in balance. */
function ledgerRowsOfBatch(batch: PostBatch, initial: ReadonlyMap<string, Paise>) {
  const { learnt, known } = batch;
  const idOf = (account: AccountRef) => {
    const key = accountKey(account);
    const id = learnt.get(key) ?? known.get(key);
    if (id === undefined) throw new Error(`no account for ${key}`);
    return id;
  };
  // Replay each written post's postings on the starting balances for balance_after.
  const running = new Map(initial);
  const rows: BatchLedgerTransaction[] = batch.toWrite.map(({ item, postings }) => {
    const { input } = batch.items[item]!;
    const resolved = postings
      .map((posting) => ({ posting, accountId: idOf(posting.account) }))
      .sort((a, b) => a.accountId - b.accountId);
    return {
      row: ledgerRowOf(input, batch.nows[item]!),
      postings: resolved.map(({ posting, accountId }) => {
        if (posting.account.owner !== 'player') {
          return { accountId, amountPaise: posting.amountPaise, balanceAfterPaise: null };
        }
        const key = accountKey(posting.account);
        const balanceAfterPaise = (running.get(key) ?? 0n) + posting.amountPaise;
        running.set(key, balanceAfterPaise);
        return { accountId, amountPaise: posting.amountPaise, balanceAfterPaise };
      }),
    };
  });
  const moves: { accountId: number; deltaPaise: bigint; finalPaise: bigint }[] = [];
  for (const [key, finalPaise] of running) {
    const deltaPaise = finalPaise - (initial.get(key) ?? 0n);
    const accountId = learnt.get(key) ?? known.get(key);
    if (deltaPaise !== 0n && accountId !== undefined) {
      moves.push({ accountId, deltaPaise, finalPaise });
    }
  }
  return { rows, moves };
}

/**
 * One version per written post and player, as one transaction each would have taken, and
 * the balance events that carry them.
 */
function versionsAndEventsOf(batch: PostBatch, lockedVersions: ReadonlyMap<number, number>) {
  const bumps = new Map<number, number>();
  for (const { item } of batch.toWrite) {
    for (const playerId of batch.playersOf[item] ?? []) {
      bumps.set(playerId, (bumps.get(playerId) ?? 0) + 1);
    }
  }
  // The versions the write reaches, known from the locks: the events carry them, so they
  // go in the same statement, and the statement checks the versions it reached are these.
  // A player the batch writes for holds every version row of theirs locked (or has none:
  // 0, and a row made meanwhile elsewhere fails the check).
  const nextVersion = new Map<number, number>();
  const versionsAfter = new Map<number, number>();
  for (const [playerId, by] of bumps) {
    const stored = lockedVersions.get(playerId) ?? 0;
    nextVersion.set(playerId, stored);
    versionsAfter.set(playerId, stored + by);
  }
  const events: NewOutboxEvent[] = [];
  for (const plan of batch.planned) {
    if (plan.answer !== 'write') continue;
    for (const [playerId, view] of [...plan.wallets].sort(([a], [b]) => a - b)) {
      const version = (nextVersion.get(playerId) ?? 0) + 1;
      nextVersion.set(playerId, version);
      events.push(socketEvent(playerId, 'update_balance', walletAt(view, version)));
    }
  }
  return { bumps, versionsAfter, events };
}

/** Each post's answer, once the batch committed. */
function postResultsOf(planned: readonly PlannedPost[]): PostResult[] {
  return planned.map((plan): PostResult => {
    switch (plan.answer) {
      case 'refused':
        return { ok: false, code: plan.code };
      case 'replay':
        return { ok: true, transactionId: plan.transactionId, replay: true, wallets: plan.wallets };
      case 'replay-in-batch': {
        const first = planned[plan.of];
        if (first?.answer !== 'write') throw new Error('in-batch replay of a post not written');
        return {
          ok: true,
          transactionId: transactionIdOf(first),
          replay: true,
          wallets: plan.wallets,
        };
      }
      case 'write':
        return {
          ok: true,
          transactionId: transactionIdOf(plan),
          replay: false,
          wallets: plan.wallets,
        };
    }
  });
}

function transactionIdOf(plan: Extract<PlannedPost, { answer: 'write' }>): string {
  if (plan.transactionId === undefined) throw new Error('written post without an id');
  return plan.transactionId;
}

import { createHash } from 'node:crypto';
import type { Wallet } from '@spm/contract';
import {
  accountKey,
  checkTransaction,
  netPostings,
  paiseToPoints,
  systemAccount,
  walletView,
  type AccountRef,
  type Paise,
  type PlayerAccountKind,
  type Posting,
  type SystemAccountKind,
  type WalletView,
} from '@spm/core';
import type { Db, DbHandle } from '../../db/database.ts';
import { insertOutboxEvents, type NewOutboxEvent } from '../../outbox/outbox-repository.ts';
import { kickOutbox, socketEvent } from '../../outbox/outbox-worker.ts';
import {
  applyToPlayerAccount,
  bumpWalletVersion,
  ensurePlayerAccounts,
  ensureSystemAccounts,
  findTransactionByKey,
  insertPostingsReadBalances,
  insertTransactionRow,
  lockWalletVersion,
  playerBalances,
  type LedgerTransactionKind,
  type NewPosting,
} from './ledger-repository.ts';
import type { ServiceDeps } from '../../deps.ts';

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

/** SHA-256 of a request's canonical JSON (bigint as text): what a replay must match. */
export function requestHash(value: unknown): string {
  const json = JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? item.toString() : item,
  );
  return createHash('sha256').update(json).digest('hex');
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

export async function getWalletView(db: DbHandle, playerId: number): Promise<WalletView> {
  const balances = await playerBalances(db, playerId);
  return walletView((kind) => balances.get(kind) ?? 0n);
}

/** The player's wallet (walletSchema values). Players without postings have zeros. */
export async function getWallet(db: DbHandle, playerId: number): Promise<Wallet> {
  return toWallet(await getWalletView(db, playerId));
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
   * Events to write to the outbox at the end of the transaction, after the touched players'
   * update_balance (storeNotification and the wallet API add theirs here).
   */
  outbox: NewOutboxEvent[];
  /** Work after commit that is not an event a player must receive (logs, timers). */
  afterCommit: (() => void)[];
  /** Account ids created or read in this transaction; cached only once it commits. */
  learnt: Map<string, number>;
}

/** The open ledger transaction a database handle belongs to, for code handed only `tx`. */
const contexts = new WeakMap<object, LedgerContext>();

export function ledgerContextOf(db: DbHandle): LedgerContext | undefined {
  return contexts.get(db);
}

/**
 * Writes the transaction's events to the outbox, player by player in id order: first the
 * player's update_balance (wallet and version), then what the work queued. Each player's
 * version row is locked by now (raised by a posting, or locked here for event-only players),
 * so their events take outbox ids in commit order.
 */
async function writeOutbox(ctx: LedgerContext): Promise<boolean> {
  const players = new Set([...ctx.touched.keys(), ...ctx.outbox.map((e) => e.playerId)]);
  if (players.size === 0) return false;
  const rows: NewOutboxEvent[] = [];
  for (const playerId of [...players].sort((a, b) => a - b)) {
    const view = ctx.touched.get(playerId);
    if (view) {
      const version = ctx.versions.get(playerId);
      rows.push(
        socketEvent(playerId, 'update_balance', {
          ...toWallet(view),
          ...(version === undefined ? {} : { version }),
        }),
      );
    } else {
      await lockWalletVersion(ctx.tx, playerId);
    }
    rows.push(...ctx.outbox.filter((e) => e.playerId === playerId));
  }
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
        outbox: [],
        afterCommit: [],
        learnt: new Map(),
      };
      ctx = opened;
      contexts.set(tx, opened);
      const answer = await work(opened);
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

/** post() alone: one transaction of postings, idempotent when keyed. */
export async function post(deps: LedgerDeps, input: PostInput): Promise<PostResult> {
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

/** Ids of the postings' accounts, creating missing ones inside the transaction. */
async function resolveAccountIds(
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

  const row = {
    kind: input.kind,
    idempotencyKey: input.idempotencyKey ?? null,
    requestHash: input.requestHash ?? null,
    description: input.description,
    reference: input.reference,
    playerId: input.playerId ?? null,
    actorStaffId: input.actorStaffId ?? null,
    createdAt: ctx.now,
  };
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
  const transactionId = written.transactionId;
  return { ok: true, transactionId, replay: false, wallets };
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

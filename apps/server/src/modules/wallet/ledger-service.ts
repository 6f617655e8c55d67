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
import {
  applyToPlayerAccount,
  ensurePlayerAccounts,
  ensureSystemAccounts,
  findTransactionByKey,
  insertPostingsReadBalances,
  insertTransactionRow,
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
  afterCommit: (() => void)[];
  /** Account ids created or read in this transaction; cached only once it commits. */
  learnt: Map<string, number>;
}

/**
 * Runs `work` in one database transaction. A failed post inside rolls everything back and
 * answers its typed failure; after commit every touched player gets `update_balance`.
 */
export async function ledgerTransaction<T>(
  deps: LedgerDeps,
  work: (ctx: LedgerContext) => Promise<T>,
): Promise<T | { ok: false; code: PostFailureCode }> {
  let ctx: LedgerContext | undefined;
  let result: T;
  try {
    result = await deps.db.transaction(async (tx) => {
      ctx = {
        deps,
        tx,
        now: deps.clock.now(),
        touched: new Map(),
        afterCommit: [],
        learnt: new Map(),
      };
      return work(ctx);
    });
  } catch (error) {
    if (error instanceof LedgerRollback) return { ok: false, code: error.code };
    throw error;
  }
  if (ctx) {
    const known = cachedAccountIds(deps.db);
    for (const [key, id] of ctx.learnt) known.set(key, id);
    for (const [playerId, view] of ctx.touched) {
      deps.realtime.emitToUser(playerId, 'update_balance', toWallet(view));
    }
    for (const emit of ctx.afterCommit) emit();
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

import { objectWith, type Paise } from '@spm/core';
import {
  requestHash,
  walletRefusalError,
  walletTransaction,
  type BatchMoveInput,
  type WalletContext,
  type WalletFailure,
  type WalletResult,
} from '../wallet/index.ts';
import type { ServiceDeps } from '../../deps.ts';

/*
 * Every movement of money the exchange makes, in one place, all through the wallet API
 * (product 'exchange', round 'market:{id}'): the transaction a placement, cancel or settlement
 * runs in, hold changes (stake / release), settlements and their reversal.
 */

export type LedgerContext = WalletContext;

/** The transaction every money-moving exchange change runs in (refusals come back as codes). */
export const moneyTransaction = walletTransaction;

/** The fingerprint an idempotency key is bound to. */
export const placementHash = requestHash;

const roundOf = (marketId: string | number) => `market:${marketId}`;

/**
 * A wallet refusal ends the command: a player's refusal (a limit, a self-exclusion, a
 * time-out, not enough money) as its 4xx code, anything the exchange's own checks should
 * have prevented (a reused id, …) as a server error.
 */
function expectOk(result: WalletResult, what: string): void {
  if (!result.ok) throw walletRefusalError(result, `exchange's ${what}`);
}

/** What moved the holds of a market: an order placed (its taker and the makers it filled) or cancelled. */
export interface HoldMove {
  /**
   * Names the operation, unique and stable: `order:{orderId}` for a placement (a replayed one
   * is answered from the order's record before any money moves), `cancel:{orderId}:{total
   * cancelled}` for a cancel (each cancel of an order cancels more).
   */
  key: string;
  /** The player who placed or cancelled; every other player is a maker a fill moved. */
  playerId: number;
  /** The placed order's stake; 0 for a cancel (its hold changes are releases). */
  stakePaise: Paise;
  /**
   * What the move MATCHED per player, as money at risk (`exchangeBetAtRiskPaise`): the taker's
   * fills and each maker's. The wallet's stake counts it (its `wallet.stake` event), so an
   * order counts when and as much as it is matched; absent players (an order resting
   * unmatched, a cancel) count 0.
   */
  atRiskPaise: ReadonlyMap<number, Paise>;
  /** Statement reference (`ORDER-{id}`, `CANCEL-{id}`). */
  reference: string;
}

/** The key of the hold moves a placed order makes (`HoldMove.key`). */
export const orderMoveKey = (orderId: number | string) => `order:${orderId}`;

/** The wallet's external id of one player's hold move. */
const holdMoveExternalId = (key: string, playerId: number) => `${key}:p${playerId}`;

/**
 * Moves one player's hold of a market from `heldPaise` to what the market now requires: a
 * `release` when it falls on a cancel, else a `stake` (`mode: 'hold'`, what the move matched
 * for the player, `HoldMove.atRiskPaise`), external id `{move.key}:p{player}`.
 */
export async function moveHold(
  deps: ServiceDeps,
  ctx: LedgerContext,
  market: { id: string; name: string },
  move: HoldMove,
  change: { playerId: number; heldPaise: Paise; requiredPaise: Paise },
): Promise<void> {
  const input = holdMoveInput({ market, move, ...change });
  const ops = deps.wallet.within(ctx);
  const result =
    input.operation === 'release' ? await ops.release(input.input) : await ops.stake(input.input);
  expectOk(result, 'hold change');
}

/** One hold change of a batch: what moved it and the player's hold before and after. */
export interface HoldChange {
  /** The market whose hold moves (round `market:{id}`, statement text its name). */
  market: { id: string; name: string };
  move: HoldMove;
  playerId: number;
  heldPaise: Paise;
  requiredPaise: Paise;
}

/** The exchange's wallet moves: holds only (it never debits or pays cash directly). */
type HoldMoveInput = Extract<BatchMoveInput, { operation: 'stake' | 'release' }>;

/** The wallet input of one hold change: exactly what `moveHold` sends for it alone. */
function holdMoveInput(change: HoldChange): HoldMoveInput {
  const { market, move } = change;
  const common = {
    product: 'exchange' as const,
    externalId: holdMoveExternalId(move.key, change.playerId),
    playerId: change.playerId,
    roundId: roundOf(market.id),
    description: market.name,
    reference: move.reference,
    holdToPaise: change.requiredPaise,
  };
  const atRiskPaise = move.atRiskPaise.get(change.playerId) ?? 0n;
  const release =
    move.stakePaise === 0n && atRiskPaise === 0n && change.requiredPaise < change.heldPaise;
  return release
    ? { operation: 'release', input: common }
    : {
        operation: 'stake',
        input: objectWith(common, {
          amountPaise: atRiskPaise,
          mode: 'hold' as const,
        }),
      };
}

/**
 * The batch form of `moveHold` (the market writers' group: one or more markets' batches):
 * every hold change in the order the batches made them, in one wallet call. `commit`: the
 * transaction's last statement, with its events, and its COMMIT sent right behind it (the
 * wallet's `applyMany` options). The writer decided each refusal before, from
 * `prepareHoldMoves`' balances, so a refusal here is a bug and fails the whole batch.
 */
export async function moveHolds(
  deps: ServiceDeps,
  ctx: LedgerContext,
  changes: readonly HoldChange[],
  options: { commit?: boolean } = {},
): Promise<void> {
  if (changes.length === 0) return;
  const results = await deps.wallet.within(ctx).applyMany(changes.map(holdMoveInput), options);
  for (const result of results) expectOk(result, 'hold change');
}

/**
 * The wallet's limit policies on the hold a placement raises, judged in memory from what
 * `prepareHoldMoves` read (the writer refuses that placement alone, before its book moves):
 * the refusal the hold move would meet, or null.
 */
export function judgeHoldRaise(
  deps: ServiceDeps,
  ctx: LedgerContext,
  raise: {
    marketId: string;
    orderId: number;
    playerId: number;
    stakePaise: Paise;
    raisePaise: Paise;
  },
): WalletFailure | null {
  if (raise.raisePaise <= 0n) return null;
  return deps.wallet.within(ctx).judgeDebit({
    product: 'exchange',
    playerId: raise.playerId,
    roundId: roundOf(raise.marketId),
    externalId: holdMoveExternalId(orderMoveKey(raise.orderId), raise.playerId),
    stakePaise: raise.stakePaise,
    debitPaise: raise.raisePaise,
  });
}

/**
 * `lockAvailable` and the read of `moveHolds` in one statement (the wallet's `prepareMoves`):
 * locks these players' cash, their holds of these markets and the hold moves foreseen under
 * each key, and answers what each player can stake now. A `moveHolds` that stays within it
 * reads nothing more. `keysAreNew`: every key names an order id drawn for this attempt, so
 * no hold move can exist under it yet and none is looked up (the wallet's `newOperations`).
 */
export function prepareHoldMoves(
  deps: ServiceDeps,
  ctx: LedgerContext,
  markets: readonly {
    marketId: string;
    players: readonly number[];
    moves: readonly { key: string; playerIds: readonly number[] }[];
  }[],
  { keysAreNew }: { keysAreNew: boolean },
): Promise<Map<number, Paise>> {
  const operations = markets.flatMap(({ moves }) =>
    moves.flatMap(({ key, playerIds }) =>
      playerIds.map((playerId) => ({
        product: 'exchange' as const,
        externalId: holdMoveExternalId(key, playerId),
      })),
    ),
  );
  // New keys are not looked up, so they may name every player of their market at no cost: a
  // refused order can make a later one fill a maker the dry run saw filled by the refused one
  // (that maker's stake of what it matched is then still covered).
  const anyPlayer = markets.flatMap(({ moves, players }) =>
    moves.flatMap(({ key }) =>
      players.map((playerId) => ({
        product: 'exchange' as const,
        externalId: holdMoveExternalId(key, playerId),
      })),
    ),
  );
  return deps.wallet.within(ctx).prepareMoves({
    operations: keysAreNew ? [] : operations,
    newOperations: keysAreNew ? anyPlayer : [],
    holds: markets.flatMap(({ marketId, players }) =>
      players.map((playerId) => ({
        playerId,
        product: 'exchange' as const,
        roundId: roundOf(marketId),
      })),
    ),
    playerIds: markets.flatMap(({ players }) => players),
  });
}

const settleKey = (marketId: string, version: number, playerId: string) =>
  `settle:${marketId}:v${version}:p${playerId}`;

/** One player's settlement of one market version, keyed `settle:{market}:v{version}:p{player}`. */
export async function postSettlement(
  deps: ServiceDeps,
  ctx: LedgerContext,
  entry: {
    marketId: string;
    version: number;
    playerId: string;
    payoutPaise: Paise;
    commissionPaise: Paise;
    description: string;
    actorStaffId: number | null;
  },
): Promise<void> {
  const key = settleKey(entry.marketId, entry.version, entry.playerId);
  const result = await deps.wallet.within(ctx).settle({
    product: 'exchange',
    externalId: key,
    ledgerKey: key,
    playerId: Number(entry.playerId),
    roundId: roundOf(entry.marketId),
    payoutPaise: entry.payoutPaise,
    commissionPaise: entry.commissionPaise,
    description: entry.description,
    reference: `MKT-${entry.marketId}`,
    actorStaffId: entry.actorStaffId,
  });
  expectOk(result, 'settlement');
}

/** Undoes one player's settlement of a version (a corrected result), keyed `unsettle:…`. */
export async function postSettlementReversal(
  deps: ServiceDeps,
  ctx: LedgerContext,
  entry: {
    marketId: string;
    version: number;
    playerId: string;
    payoutPaise: Paise;
    commissionPaise: Paise;
    heldPaise: Paise;
    marketName: string;
  },
): Promise<void> {
  const key = `unsettle:${entry.marketId}:v${entry.version}:p${entry.playerId}`;
  const result = await deps.wallet.within(ctx).reverse({
    product: 'exchange',
    externalId: key,
    ledgerKey: key,
    targetExternalId: settleKey(entry.marketId, entry.version, entry.playerId),
    playerId: Number(entry.playerId),
    roundId: roundOf(entry.marketId),
    payoutPaise: entry.payoutPaise,
    commissionPaise: entry.commissionPaise,
    holdToPaise: entry.heldPaise,
    description: `${entry.marketName}: result corrected`,
    reference: `MKT-${entry.marketId}`,
  });
  expectOk(result, 'settlement reversal');
}

import type { MarketResultBody, MarketType, OrderAnswer } from '@spm/contract';
import type { MarketSettlement, Paise } from '@spm/core';
import type { DbHandle } from '../../db/database.ts';
import type { ServiceDeps } from '../../deps.ts';
import type { HoldMove, LedgerContext } from './exchange-money.ts';
import type { MarketCatalogue } from './market-catalogue.ts';
import type { NameTranslations } from './name-translations.ts';
import type { MarketState } from './exchange-types.ts';

/** What the engine lends the parts it is split into: no part holds the engine itself. */
export interface ExchangeContext {
  readonly deps: ServiceDeps;
  readonly catalogue: MarketCatalogue;
  /** Staff translations of market and runner names (a settled market's notification). */
  readonly names: Pick<NameTranslations, 'of'>;
  /** Runs `work` after every earlier task of this market (the per-market queue). */
  serial<T>(marketId: string, work: () => Promise<T>): Promise<T>;
  /** Tells clients a market changed (the realtime `market:update`). */
  changed(marketId: string): void;
  /**
   * Called first in every transaction that changes markets' orders or money (one call for all
   * the markets of a writer group): throws unless this node still owns every one of them (its
   * lease's fencing token is current), so a paused old
   * owner cannot commit after another node took the market over. A no-op on one node.
   */
  fence(tx: DbHandle, marketIds: readonly string[]): Promise<void>;
}

/** What a market kind needs to take a bet, on top of the context. */
export interface PlacementEnv extends ExchangeContext {
  /** Throws MARKET_SUSPENDED or MARKET_CLOSED unless the market takes bets now. */
  checkOpen(market: MarketState): void;
  /**
   * In play, waits the market's delay and checks it is still open and was not suspended
   * meanwhile (its `suspensions` still `suspensionsSeen`).
   */
  inPlayDelay(market: MarketState, suspensionsSeen: number): Promise<void>;
  /** The stored answer of an earlier request with this key, or null for a new one. */
  replay(playerId: number, key: string, hash: string): Promise<OrderAnswer | null>;
  /**
   * Hands a match-odds placement or cancel to the market's writer: it runs in the writer's
   * next batch (group commit) and answers once that batch committed.
   */
  submitExchange(market: MarketState, command: ExchangeCommand): Promise<OrderAnswer>;
  /** Moves each player's hold to what the market now requires. */
  rebalanceHolds(
    ctx: LedgerContext,
    market: MarketState,
    playerIds: number[],
    move: HoldMove,
  ): Promise<void>;
}

export interface ExchangePlaceBody {
  kind: 'match_odds';
  marketId: string;
  runnerId: string;
  side: 'back' | 'lay';
  price: number;
  stake: number;
  idempotencyKey: string;
}

export interface BookmakerPlaceBody {
  kind: 'bookmaker';
  marketId: string;
  runnerId: string;
  side: 'back' | 'lay';
  rate: number;
  stake: number;
  idempotencyKey: string;
}

export interface FancyPlaceBody {
  kind: 'fancy';
  marketId: string;
  side: 'yes' | 'no';
  line: number;
  rate: number;
  stake: number;
  idempotencyKey: string;
}

/** A match-odds placement as the market's writer takes it (checked, priced, fingerprinted). */
export interface PlaceCommand {
  kind: 'place';
  playerId: number;
  runnerId: string;
  side: 'back' | 'lay';
  priceHundredths: number;
  stakePaise: Paise;
  idempotencyKey: string;
  hash: string;
  /** The market's `suspensions` when the placement was first checked: refused if it moved. */
  suspensionsSeen: number;
}

/** A cancel of a resting order (all of it, or `amountPaise` of it) as the writer takes it. */
export interface CancelCommand {
  kind: 'cancel';
  playerId: number;
  runnerId: string;
  orderId: string;
  amountPaise: Paise | undefined;
  /**
   * A player's cancel carries its idempotency key and request fingerprint: a cancel made
   * before under the key answers its first answer (IDEMPOTENCY_MISMATCH for another body).
   * The engine's own cancels (the simulator's requote) have none.
   */
  keyed: { idempotencyKey: string; hash: string } | undefined;
}

export type ExchangeCommand = PlaceCommand | CancelCommand;

export type PlaceBody = ExchangePlaceBody | BookmakerPlaceBody | FancyPlaceBody;

/** A placement after the engine's checks: its stake in paise and its idempotency fingerprint. */
export interface PlacementOrder {
  stakePaise: Paise;
  hash: string;
}

/** A market's bets settled: the players' totals and each order's P&L. */
export interface KindSettlement {
  settlement: MarketSettlement;
  orderPnl: Map<number, Paise>;
}

/**
 * One kind of market (DESIGN 5): how a bet on it is taken, what exposure its bets hold, which
 * results it accepts and how it settles. A new kind is a new file and one line in the registry.
 */
export interface MarketKind {
  readonly type: MarketType;
  /** The fingerprint of a placement request; also refuses a malformed price (PRICE_INVALID). */
  fingerprint(body: PlaceBody, stakePaise: Paise): string;
  place(
    env: PlacementEnv,
    playerId: number,
    market: MarketState,
    body: PlaceBody,
    order: PlacementOrder,
  ): Promise<OrderAnswer>;
  requiredExposure(db: DbHandle, market: MarketState, playerId: number): Promise<Paise>;
  /** Throws VALIDATION_FAILED or RUNNER_NOT_FOUND for a result this market cannot take. */
  validateResult(market: MarketState, result: MarketResultBody): void;
  settleBets(db: DbHandle, market: MarketState, result: MarketResultBody): Promise<KindSettlement>;
  /** Whether a result names a runner, so a player's P&L is shown per runner (not for fancy). */
  readonly runnerOutcomes: boolean;
  /**
   * Each player with matched bets and their P&L for each runner winning (the staff book);
   * null for a player of a kind without runner outcomes.
   */
  playersPnlByRunner(
    db: DbHandle,
    marketId: number,
    runnerIds: string[],
  ): Promise<Map<number, Map<string, Paise> | null>>;
}

/** The body a kind was handed, narrowed: the engine hands each kind only its own. */
export function bodyOf<K extends PlaceBody['kind']>(
  body: PlaceBody,
  kind: K,
): Extract<PlaceBody, { kind: K }> {
  if (body.kind !== kind) throw new Error(`a ${body.kind} placement reached the ${kind} kind`);
  return body as Extract<PlaceBody, { kind: K }>;
}

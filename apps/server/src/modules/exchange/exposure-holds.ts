import type { ServiceDeps } from '../../deps.ts';
import * as repo from './exchange-repository.ts';
import { moveHold, type HoldMove, type LedgerContext } from './exchange-money.ts';
import type { MarketState } from './exchange-types.ts';
import { marketKind } from './market-kinds/index.ts';

/**
 * Moves each player's exposure hold to what their bets in this market now require (their
 * market kind says how much): one wallet operation per player whose hold changes or who matched, in the
 * caller's transaction. `market_exposures` (the exchange's reads) and the wallet's hold of
 * round `market:{id}` are written together and hold the same number.
 */
export async function rebalanceHolds(
  deps: ServiceDeps,
  ctx: LedgerContext,
  market: MarketState,
  playerIds: number[],
  move: HoldMove,
): Promise<void> {
  const kind = marketKind(market.type);
  for (const playerId of new Set(playerIds)) {
    const heldPaise = await repo.heldExposure(ctx.tx, playerId, Number(market.id));
    const requiredPaise = await kind.requiredExposure(ctx.tx, market, playerId);
    // A match with no hold change still moves (a stake of what it put at risk).
    if (requiredPaise === heldPaise && (move.atRiskPaise.get(playerId) ?? 0n) === 0n) continue;
    await moveHold(deps, ctx, market, move, { playerId, heldPaise, requiredPaise });
    await repo.setExposure(ctx.tx, playerId, Number(market.id), requiredPaise);
  }
}

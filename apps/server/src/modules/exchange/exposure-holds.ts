import { holdAdjustmentPostings, type Posting } from '@spm/core';
import * as repo from './exchange-repository.ts';
import { postHoldChange, type LedgerContext } from './exchange-money.ts';
import type { MarketState } from './exchange-types.ts';
import { marketKind } from './market-kinds/index.ts';

/**
 * Moves each player's exposure hold to what their bets in this market now require (their
 * market kind says how much): one ledger entry for all of them, in the caller's transaction.
 */
export async function rebalanceHolds(
  ctx: LedgerContext,
  market: MarketState,
  playerIds: number[],
  reference: string,
): Promise<void> {
  const kind = marketKind(market.type);
  const postings: Posting[] = [];
  let increase = false;
  for (const playerId of new Set(playerIds)) {
    const held = await repo.heldExposure(ctx.tx, playerId, Number(market.id));
    const required = await kind.requiredExposure(ctx.tx, market, playerId);
    if (required === held) continue;
    if (required > held) increase = true;
    postings.push(...holdAdjustmentPostings(String(playerId), held, required));
    await repo.setExposure(ctx.tx, playerId, Number(market.id), required);
  }
  if (postings.length === 0) return;
  await postHoldChange(
    ctx,
    { increase, postings, marketName: market.name, reference },
    playerIds[0],
  );
}

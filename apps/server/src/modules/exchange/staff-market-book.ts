import type { z } from 'zod';
import type { staffMarketBookSchema } from '@spm/contract';
import { paiseToPoints } from '@spm/core';
import * as repo from './exchange-repository.ts';
import type { ExchangeEngine } from './exchange-engine.ts';
import { marketKind } from './market-kinds/index.ts';
import { getStaffMarket } from './staff-sports-views.ts';

type StaffMarketBook = z.infer<typeof staffMarketBookSchema>;

/**
 * GET /staff/markets/{id}/book: the market and, per player holding or having bet, the held
 * exposure and the P&L of their matched bets for each runner winning (null for fancy, whose
 * outcome is a number, not a runner). Largest exposure first.
 */
export async function staffMarketBook(
  engine: ExchangeEngine,
  marketId: string,
): Promise<StaffMarketBook> {
  const market = await getStaffMarket(engine, marketId);
  const db = engine.deps.db;
  const runnerIds = market.runners.map((r) => r.id);
  const held = new Map(
    (await repo.exposuresOfMarket(db, Number(marketId))).map((e) => [e.playerId, e.exposurePaise]),
  );
  const kind = marketKind(market.type);
  const pnl = await kind.playersPnlByRunner(db, Number(marketId), runnerIds);
  const playerIds = new Set([
    ...[...held].filter(([, paise]) => paise > 0n).map(([playerId]) => playerId),
    ...pnl.keys(),
  ]);
  const names = await repo.usernamesOf(db, [...playerIds]);
  const exposures = [...playerIds]
    .map((playerId) => {
      const byRunner = pnl.get(playerId);
      return {
        playerId,
        exposurePaise: held.get(playerId) ?? 0n,
        pnlByRunner: kind.runnerOutcomes
          ? Object.fromEntries(
              runnerIds.map((runnerId) => [runnerId, paiseToPoints(byRunner?.get(runnerId) ?? 0n)]),
            )
          : null,
      };
    })
    .sort(largestExposureFirst)
    .map((entry) => ({
      playerId: String(entry.playerId),
      username: names.get(entry.playerId) ?? '',
      exposure: paiseToPoints(entry.exposurePaise),
      pnlByRunner: entry.pnlByRunner,
    }));
  return { market, exposures };
}

function largestExposureFirst(
  a: { playerId: number; exposurePaise: bigint },
  b: { playerId: number; exposurePaise: bigint },
): number {
  if (a.exposurePaise === b.exposurePaise) return a.playerId - b.playerId;
  return a.exposurePaise > b.exposurePaise ? -1 : 1;
}

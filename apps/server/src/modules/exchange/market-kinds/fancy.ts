import type { MarketResultBody } from '@spm/contract';
import { fancyBetPnl, fancyCurrentRate, fancyExposure, settleFancyMarket } from '@spm/core';
import { AppError } from '../../../http/app-error.ts';
import * as repo from '../exchange-repository.ts';
import { placementHash } from '../exchange-money.ts';
import { bodyOf, type MarketKind } from '../exchange-context.ts';
import { houseFingerprint, placeWithHouse } from './house-placement.ts';
import { pnlTally } from './runner-results.ts';

const fancyBets = (rows: repo.OrderRow[]) =>
  rows.map((o) => ({
    playerId: String(o.playerId),
    side: o.side as 'yes' | 'no',
    line: o.line ?? 0,
    ratePer100: o.rate ?? 0,
    stakePaise: o.matchedPaise,
  }));

const fancyResultOf = (result: MarketResultBody) =>
  'resultValue' in result
    ? ({ kind: 'value', value: result.resultValue } as const)
    : ({ kind: 'void' } as const);

/** Fancy: yes or no on a line (runs, wickets), the house on the other side (DESIGN 5). */
export const fancy: MarketKind = {
  type: 'fancy',

  fingerprint: (body, stakePaise) =>
    houseFingerprint(bodyOf(body, 'fancy'), stakePaise, placementHash),

  place(env, playerId, market, body, order) {
    const request = bodyOf(body, 'fancy');
    return placeWithHouse(env, playerId, market, request, order, {
      runner: undefined,
      line: request.line,
      currentRate: () => fancyCurrentRate(market, request.side, request.line),
    });
  },

  async requiredExposure(db, market, playerId) {
    const rows = await repo.matchedOrdersOfMarket(db, Number(market.id), playerId);
    return fancyExposure(fancyBets(rows)).exposurePaise;
  },

  validateResult(_market, result) {
    if ('void' in result) return;
    if (!('resultValue' in result)) throw new AppError('VALIDATION_FAILED');
  },

  async settleBets(db, market, result) {
    const fancyResult = fancyResultOf(result);
    const rows = await repo.matchedOrdersOfMarket(db, Number(market.id));
    const bets = fancyBets(rows);
    const tally = pnlTally();
    rows.forEach((o, i) =>
      tally.add(o.id, fancyResult.kind === 'value' ? fancyBetPnl(bets[i]!, fancyResult.value) : 0n),
    );
    return { settlement: settleFancyMarket({ bets, result: fancyResult }), orderPnl: tally.pnl };
  },

  // The outcome is a number, not a runner: the staff book shows exposure only.
  runnerOutcomes: false,

  async playersPnlByRunner(db, marketId) {
    const pnl = new Map<number, null>();
    for (const order of await repo.matchedOrdersOfMarket(db, marketId))
      pnl.set(order.playerId, null);
    return pnl;
  },
};

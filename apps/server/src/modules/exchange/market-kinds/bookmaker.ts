import {
  bookmakerBetPnl,
  bookmakerCurrentRate,
  bookmakerExposure,
  bookmakerPnlByRunner,
  houseBookSide,
  settleBookmakerMarket,
  type BookmakerBet,
  type Paise,
} from '@spm/core';
import { AppError } from '../../../http/app-error.ts';
import * as repo from '../exchange-repository.ts';
import { placementHash } from '../exchange-money.ts';
import { bodyOf, type MarketKind } from '../exchange-context.ts';
import { houseFingerprint, placeWithHouse } from './house-placement.ts';
import { addTo, pnlTally, runnerResultOf, validateRunnerResult } from './runner-results.ts';

const bookmakerBets = (rows: repo.OrderRow[]) =>
  rows.map((o) => ({
    playerId: String(o.playerId),
    side: o.side as 'back' | 'lay',
    runnerId: String(o.runnerId),
    ratePer100: o.rate ?? 0,
    stakePaise: o.matchedPaise,
  }));

/** Bookmaker: the house backs or lays each runner at rates staff set (DESIGN 5). */
export const bookmaker: MarketKind = {
  type: 'bookmaker',

  fingerprint: (body, stakePaise) =>
    houseFingerprint(bodyOf(body, 'bookmaker'), stakePaise, placementHash),

  place(env, playerId, market, body, order) {
    const request = bodyOf(body, 'bookmaker');
    const runner = market.runners.find((r) => r.id === request.runnerId);
    if (!runner) throw new AppError('RUNNER_NOT_FOUND');
    return placeWithHouse(env, playerId, market, request, order, {
      runner,
      line: null,
      currentRate: () => bookmakerCurrentRate(runner, houseBookSide(request.side)),
    });
  },

  async requiredExposure(db, market, playerId) {
    const rows = await repo.matchedOrdersOfMarket(db, Number(market.id), playerId);
    return bookmakerExposure(
      market.runners.map((r) => r.id),
      bookmakerBets(rows),
    );
  },

  validateResult: validateRunnerResult,

  async settleBets(db, market, result) {
    const runnerResult = runnerResultOf(result);
    const rows = await repo.matchedOrdersOfMarket(db, Number(market.id));
    const bets = bookmakerBets(rows);
    const tally = pnlTally();
    rows.forEach((o, i) =>
      tally.add(
        o.id,
        runnerResult.kind === 'winner' ? bookmakerBetPnl(bets[i]!, runnerResult.runnerId) : 0n,
      ),
    );
    return {
      settlement: settleBookmakerMarket({ bets, result: runnerResult }),
      orderPnl: tally.pnl,
    };
  },

  runnerOutcomes: true,

  async playersPnlByRunner(db, marketId, runnerIds) {
    const bets = new Map<number, BookmakerBet[]>();
    for (const order of await repo.matchedOrdersOfMarket(db, marketId)) {
      addTo(bets, order.playerId, {
        side: order.side as 'back' | 'lay',
        runnerId: String(order.runnerId),
        ratePer100: order.rate ?? 0,
        stakePaise: order.matchedPaise,
      });
    }
    const pnl = new Map<number, Map<string, Paise>>();
    for (const [playerId, list] of bets) pnl.set(playerId, bookmakerPnlByRunner(runnerIds, list));
    return pnl;
  },
};

import { objectWith, paiseToPoints } from '@spm/core';
import type { z } from 'zod';
import type { Market, StaffEvent, staffEventQuerySchema } from '@spm/contract';
import { AppError } from '../../http/app-error.ts';
import * as repo from './exchange-repository.ts';
import type { ExchangeEngine } from './exchange-engine.ts';
import type { MarketState } from './exchange-types.ts';

/*
 * The catalogue as staff see it (issue 7): every event, closed ones and settled markets too,
 * with exposure and volume per market, read from the database and the engine's live books.
 */

export type StaffMarket = StaffEvent['markets'][number];

/** A market no longer in the engine's memory (settled): as stored, with no book. */
function storedSnapshot(row: repo.MarketRow, runnerRows: repo.RunnerRow[]): Market {
  return {
    id: String(row.id),
    eventId: String(row.eventId),
    type: row.type,
    name: row.name,
    status: row.status,
    inPlay: row.inPlay,
    runners: runnerRows.map((r) => ({
      id: String(r.id),
      name: r.name,
      availableToBack: [],
      availableToLay: [],
      lastTradedPrice: null,
      backRate: r.backRate,
      layRate: r.layRate,
    })),
    line: row.line,
    yesRate: row.yesRate,
    noRate: row.noRate,
    tradedVolume: 0,
    version: row.version,
  };
}

/** A market the engine holds (its live book and limits), or one only stored (settled). */
type MarketSource = { live: MarketState } | { row: repo.MarketRow; runnerRows: repo.RunnerRow[] };

function staffMarketView(
  engine: ExchangeEngine,
  source: MarketSource,
  totals: repo.MarketTotals | undefined,
): StaffMarket {
  const live = 'live' in source;
  const type = live ? source.live.type : source.row.type;
  const volumePaise =
    type === 'match_odds' ? (totals?.filledPaise ?? 0n) : (totals?.matchedOrdersPaise ?? 0n);
  const base = live ? engine.snapshot(source.live) : storedSnapshot(source.row, source.runnerRows);
  const limits = live ? source.live : source.row;
  return objectWith(base, {
    tradedVolume: live ? base.tradedVolume : paiseToPoints(volumePaise),
    totalExposure: paiseToPoints(totals?.exposurePaise ?? 0n),
    matchedVolume: paiseToPoints(volumePaise),
    minStake: paiseToPoints(limits.minStakePaise),
    maxStake: paiseToPoints(limits.maxStakePaise),
    maxProfit: paiseToPoints(limits.maxProfitPaise),
    inPlayDelayMs: limits.inPlayDelayMs,
    settledVersion: limits.settledVersion,
  });
}

/** What staffMarketView needs of a stored market: the engine's state when it holds it. */
function sourceOf(
  engine: ExchangeEngine,
  row: repo.MarketRow,
  runnerRows: repo.RunnerRow[],
): MarketSource {
  const live = engine.markets.get(String(row.id));
  return live ? { live } : { row, runnerRows };
}

async function staffEventViews(
  engine: ExchangeEngine,
  rows: repo.StaffEventRow[],
): Promise<StaffEvent[]> {
  const db = engine.deps.db;
  const { marketRows, runnerRows } = await repo.marketsOfEvents(
    db,
    rows.map((r) => r.event.id),
  );
  const totals = await repo.marketTotals(
    db,
    marketRows.map((m) => m.id),
  );
  return rows.map(({ event, competitionName }) => ({
    id: String(event.id),
    sportId: event.sportId as StaffEvent['sportId'],
    competitionName,
    name: event.name,
    homeTeam: event.homeTeam,
    awayTeam: event.awayTeam,
    startTime: event.startTime.toISOString(),
    status: event.status,
    liveTvUrl: event.liveTvUrl,
    markets: marketRows
      .filter((m) => m.eventId === event.id)
      .map((m) =>
        staffMarketView(
          engine,
          sourceOf(
            engine,
            m,
            runnerRows.filter((r) => r.marketId === m.id),
          ),
          totals.get(m.id),
        ),
      ),
  }));
}

/** GET /staff/events: every event, closed ones too, newest start first. */
export async function listStaffEvents(
  engine: ExchangeEngine,
  query: z.infer<typeof staffEventQuerySchema>,
) {
  const { rows, total } = await repo.listStaffEvents(
    engine.deps.db,
    { sportId: query.sportId, status: query.status, q: query.q },
    query.pageSize,
    (query.page - 1) * query.pageSize,
  );
  return {
    items: await staffEventViews(engine, rows),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

export async function getStaffEvent(engine: ExchangeEngine, eventId: string): Promise<StaffEvent> {
  const row = await repo.findStaffEvent(engine.deps.db, Number(eventId));
  if (!row) throw new AppError('EVENT_NOT_FOUND');
  const [view] = await staffEventViews(engine, [row]);
  return view!;
}

/**
 * One market as staff see it: its own rows only (a change's answer, not the whole event).
 * `totalsRead`: its totals already being read (repo.marketTotals), by a change that moves no
 * money and so read them while it wrote.
 */
export async function getStaffMarket(
  engine: ExchangeEngine,
  marketId: string,
  totalsRead?: ReturnType<typeof repo.marketTotals>,
): Promise<StaffMarket> {
  const db = engine.deps.db;
  const live = engine.markets.get(marketId);
  if (live) {
    // The engine holds its rows' every field the view shows: only the totals are read.
    const totals = await (totalsRead ?? repo.marketTotals(db, [Number(marketId)]));
    return staffMarketView(engine, { live }, totals.get(Number(marketId)));
  }
  // A settled market, from its rows; the totals are read meanwhile.
  const [{ marketRows, runnerRows }, totals] = await Promise.all([
    repo.marketWithRunners(db, Number(marketId)),
    totalsRead ?? repo.marketTotals(db, [Number(marketId)]),
  ]);
  const [row] = marketRows;
  if (!row) throw new AppError('MARKET_NOT_FOUND');
  return staffMarketView(engine, { row, runnerRows }, totals.get(row.id));
}

import { bookmakerSureWin, objectWith, DEFAULT_MARKET_LIMITS } from '@spm/core';
import { AppError } from '../../http/app-error.ts';
import type { DbHandle } from '../../db/database.ts';
import * as repo from './exchange-repository.ts';
import type { ExchangeContext } from './exchange-context.ts';
import type {
  EventChange,
  EventState,
  MarketChange,
  MarketState,
  MarketWriteOptions,
  NewEventInput,
  RatesWriteOptions,
  NewMarketInput,
  WithinChange,
} from './exchange-types.ts';
import { marketFromRows } from './market-catalogue.ts';

/*
 * Catalogue changes: new events and markets, and the operator's edits of them. Market edits run
 * in the market's queue, so they never interleave with a placement or a settlement.
 */

export async function createEvent(
  cx: ExchangeContext,
  input: NewEventInput,
  within?: (tx: DbHandle, eventId: string) => Promise<void>,
): Promise<EventState> {
  const inPlay = (input.status ?? 'upcoming') === 'in_play';
  const created = await cx.deps.db.transaction(async (tx) => {
    const event = await repo.insertEvent(tx, {
      sportId: input.sportId,
      competitionId: Number(input.competitionId),
      name: input.name,
      homeTeam: input.homeTeam,
      awayTeam: input.awayTeam,
      startTime: input.startTime,
      status: input.status ?? 'upcoming',
      liveTvUrl: input.liveTvUrl ?? null,
      simulated: input.simulated ?? false,
    });
    for (const m of input.markets) await insertMarketRows(tx, event.id, m, inPlay);
    await within?.(tx, String(event.id));
    return event.id;
  });
  await cx.catalogue.loadEvent(created);
  return cx.catalogue.events.get(String(created))!;
}

async function insertMarketRows(
  tx: DbHandle,
  eventId: number,
  m: NewMarketInput,
  inPlay: boolean,
): Promise<{ market: repo.MarketRow; runners: repo.RunnerRow[] }> {
  const market = await repo.insertMarket(tx, {
    eventId,
    type: m.type,
    name: m.name,
    status: m.status ?? 'open',
    inPlay,
    minStakePaise: m.minStakePaise ?? DEFAULT_MARKET_LIMITS.minStakePaise,
    maxStakePaise: m.maxStakePaise ?? DEFAULT_MARKET_LIMITS.maxStakePaise,
    maxProfitPaise: m.maxProfitPaise ?? DEFAULT_MARKET_LIMITS.maxProfitPaise,
    inPlayDelayMs: m.inPlayDelayMs ?? 0,
    commissionBps: m.commissionBps ?? 0,
    line: m.line ?? null,
    yesRate: m.yesRate ?? null,
    noRate: m.noRate ?? null,
  });
  const runners: repo.RunnerRow[] = [];
  let sort = 0;
  for (const r of m.runners ?? []) {
    runners.push(
      await repo.insertRunner(tx, {
        marketId: market.id,
        name: r.name,
        sort: sort++,
        backRate: r.backRate ?? null,
        layRate: r.layRate ?? null,
      }),
    );
  }
  return { market, runners };
}

/** A new market on an existing event: its books exist (empty) as soon as this returns. */
export async function createMarket(
  cx: ExchangeContext,
  eventId: string,
  input: NewMarketInput,
  within?: (tx: DbHandle, marketId: string) => Promise<void>,
): Promise<MarketState> {
  const event = await cx.catalogue.event(eventId);
  const rows = await cx.deps.db.transaction(async (tx) => {
    const inPlay = event.status === 'in_play';
    const inserted = await insertMarketRows(tx, Number(event.id), input, inPlay);
    await within?.(tx, String(inserted.market.id));
    return inserted;
  });
  const state = marketFromRows(rows.market, rows.runners);
  cx.catalogue.add(state);
  cx.changed(state.id);
  return state;
}

/** Status, teams, start time, live TV: one transaction; markets follow the event into play. */
export async function updateEvent(
  cx: ExchangeContext,
  eventId: string,
  change: EventChange,
  within?: WithinChange<EventState>,
): Promise<EventState> {
  const event = await cx.catalogue.event(eventId);
  const values: EventChange & { name?: string } = { ...change };
  if (change.homeTeam !== undefined || change.awayTeam !== undefined) {
    values.name = `${change.homeTeam ?? event.homeTeam} v ${change.awayTeam ?? event.awayTeam}`;
  }
  await cx.deps.db.transaction(async (tx) => {
    await repo.updateEvent(tx, Number(eventId), values);
    await within?.(tx, objectWith(event, { marketIds: [...event.marketIds] }));
  });
  Object.assign(event, values);
  if (change.status === 'in_play' || change.status === 'upcoming') {
    // Markets follow the event into (or back out of) play; settled ones stay as they are.
    const inPlay = change.status === 'in_play';
    for (const id of event.marketIds) {
      if (cx.catalogue.markets.get(id)?.inPlay !== inPlay) {
        await updateMarket(cx, id, { inPlay });
      }
    }
  }
  return event;
}

/** Status, in-play flag, fancy line, limits and rates: anything but orders. */
export async function updateMarket(
  cx: ExchangeContext,
  marketId: string,
  change: MarketChange,
  options: MarketWriteOptions = {},
): Promise<void> {
  await cx.serial(marketId, async () => {
    const market = await cx.catalogue.market(marketId);
    if (refusesChange(market, options)) return;
    const version = market.version + 1;
    // Ball running is the feed's reason for a suspension, kept in memory only (exchange-types).
    const { ballRunning, ...stored } = change;
    await writeMarket(cx, market, options, (db) =>
      repo.updateMarket(db, Number(marketId), objectWith(stored, { version })),
    );
    Object.assign(market, stored);
    // A new status says whether the ball is running; an edit of anything else keeps it.
    const running = change.status === undefined ? market.ballRunning : ballRunning === true;
    market.ballRunning = market.status === 'suspended' && running;
    market.version = version;
    if (change.status !== undefined && change.status !== 'open') market.suspensions += 1;
    cx.changed(marketId);
  });
}

export async function setRunnerRates(
  cx: ExchangeContext,
  marketId: string,
  rates: { runnerId: string; backRate: number | null; layRate: number | null }[],
  options: RatesWriteOptions = {},
): Promise<void> {
  await cx.serial(marketId, async () => {
    const market = await cx.catalogue.market(marketId);
    if (options.strict && refusesChange(market, options)) return;
    const known = rates.flatMap((rate) => {
      const runner = market.runners.find((r) => r.id === rate.runnerId);
      return runner ? [{ runner, rate }] : [];
    });
    if (options.strict && known.length !== rates.length) throw new AppError('RUNNER_NOT_FOUND');
    if (options.refuseSureWin) {
      const after = market.runners.map(
        (runner) => known.find((k) => k.runner === runner)?.rate ?? runner,
      );
      if (bookmakerSureWin(after).sureWin) throw new AppError('RATES_OFFER_SURE_WIN');
    }
    const version = market.version + 1;
    await repo.writeRunnerRates(
      cx.deps.db,
      Number(marketId),
      known.map(({ runner, rate }) => ({
        runnerId: Number(runner.id),
        backRate: rate.backRate,
        layRate: rate.layRate,
      })),
      version,
      options.alongside?.(market),
    );
    for (const { runner, rate } of known) {
      runner.backRate = rate.backRate;
      runner.layRate = rate.layRate;
    }
    market.version = version;
    cx.changed(marketId);
  });
}

/** Settled and voided markets take no more changes: skipped, or refused when strict. */
function refusesChange(market: MarketState, options: MarketWriteOptions): boolean {
  if (market.status !== 'settled' && market.status !== 'voided') return false;
  if (options.strict) {
    throw new AppError(
      'MARKET_ALREADY_SETTLED',
      'This market is already settled. Correct its result instead.',
    );
  }
  return true;
}

/** The write, and the caller's `within` work in the same transaction when there is one. */
async function writeMarket(
  cx: ExchangeContext,
  market: MarketState,
  options: MarketWriteOptions,
  write: (db: DbHandle) => Promise<void>,
): Promise<void> {
  const { within } = options;
  if (!within) {
    await write(cx.deps.db);
    return;
  }
  await cx.deps.db.transaction(async (tx) => {
    // `within` needs nothing the write answers: both go out at once (pipelined on
    // PostgreSQL), and the write's failure is the one reported when both fail.
    const settled = await Promise.allSettled([write(tx), within(tx, market)]);
    for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason;
  });
}

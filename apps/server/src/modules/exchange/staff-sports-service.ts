import { fancySureWin, objectWith } from '@spm/core';
import type { z } from 'zod';
import type {
  StaffEvent,
  staffBookmakerRatesBodySchema,
  staffEventCreateBodySchema,
  staffEventUpdateBodySchema,
  staffFancyLineBodySchema,
  staffMarketCreateBodySchema,
  staffMarketUpdateBodySchema,
} from '@spm/contract';
import { paiseToPoints, pointsToPaise, type Paise } from '@spm/core';
import { AppError, fieldError } from '../../http/app-error.ts';
import { insertStaffAudit, staffAuditStatement } from '../../audit/audit-repository.ts';
import type { StaffActor } from '../../http/staff-auth.ts';

export type { StaffActor };
import * as repo from './exchange-repository.ts';
import type {
  EventChange,
  EventState,
  ExchangeEngine,
  MarketChange,
  MarketState,
  NewMarketInput,
} from './exchange-engine.ts';
import { getStaffEvent, getStaffMarket, type StaffMarket } from './staff-sports-views.ts';

export {
  getStaffEvent,
  getStaffMarket,
  listStaffEvents,
  type StaffMarket,
} from './staff-sports-views.ts';
export { staffMarketBook } from './staff-market-book.ts';

/*
 * Back office sports administration (issue 7): the catalogue as staff see it (closed events
 * and settled markets too, with exposure and volume), and the operator's edits. Every change
 * goes through the exchange engine (its per-market queue, its books, its market:update
 * stream) with the audit row written in the same transaction as the change.
 */

/** Commission on net exchange winnings of a market staff create (the simulator's rate). */
export const STAFF_EXCHANGE_COMMISSION_BPS = 200;

// ------------------------------------------------------------------ events

function sameTeam(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

function eventFields(
  event: Pick<EventState, 'homeTeam' | 'awayTeam' | 'startTime' | 'status' | 'liveTvUrl'>,
) {
  return {
    homeTeam: event.homeTeam,
    awayTeam: event.awayTeam,
    startTime: event.startTime.toISOString(),
    status: event.status,
    liveTvUrl: event.liveTvUrl,
  };
}

/** POST /staff/events: the competition is found by name within the sport, or created. */
export async function createStaffEvent(
  engine: ExchangeEngine,
  actor: StaffActor,
  body: z.infer<typeof staffEventCreateBodySchema>,
): Promise<StaffEvent> {
  if (sameTeam(body.homeTeam, body.awayTeam)) {
    throw fieldError('awayTeam', 'The two sides must differ');
  }
  const existing = await repo.findCompetitionByName(
    engine.deps.db,
    body.sportId,
    body.competitionName,
  );
  const competitionId = existing
    ? String(existing.id)
    : await engine.createCompetition(body.sportId, body.competitionName);
  const event = await engine.createEvent(
    {
      sportId: body.sportId,
      competitionId,
      name: `${body.homeTeam} v ${body.awayTeam}`,
      homeTeam: body.homeTeam,
      awayTeam: body.awayTeam,
      startTime: new Date(body.startTime),
      liveTvUrl: body.liveTvUrl ?? null,
      markets: [],
    },
    (tx, eventId) =>
      insertStaffAudit(tx, actor, engine.deps.clock.now(), {
        action: 'event.create',
        targetType: 'event',
        targetId: eventId,
        before: null,
        after: {
          sportId: body.sportId,
          competitionId,
          competitionName: existing?.name ?? body.competitionName,
          competitionCreated: existing === undefined,
          ...eventFields({
            homeTeam: body.homeTeam,
            awayTeam: body.awayTeam,
            startTime: new Date(body.startTime),
            status: 'upcoming',
            liveTvUrl: body.liveTvUrl ?? null,
          }),
        },
      }),
  );
  return getStaffEvent(engine, event.id);
}

/** PATCH /staff/events/{id}: teams, start, live TV and status (markets follow in-play). */
export async function updateStaffEvent(
  engine: ExchangeEngine,
  actor: StaffActor,
  eventId: string,
  body: z.infer<typeof staffEventUpdateBodySchema>,
): Promise<StaffEvent> {
  const change: EventChange = {};
  if (body.homeTeam !== undefined) change.homeTeam = body.homeTeam;
  if (body.awayTeam !== undefined) change.awayTeam = body.awayTeam;
  if (body.startTime !== undefined) change.startTime = new Date(body.startTime);
  if (body.status !== undefined) change.status = body.status;
  if (body.liveTvUrl !== undefined) change.liveTvUrl = body.liveTvUrl;
  if (Object.keys(change).length === 0) throw fieldError('request', 'Change at least one field');
  await engine.updateEvent(eventId, change, async (tx, before) => {
    const after = objectWith(before, change);
    if (sameTeam(after.homeTeam, after.awayTeam)) {
      throw fieldError('awayTeam', 'The two sides must differ');
    }
    await insertStaffAudit(tx, actor, engine.deps.clock.now(), {
      action: 'event.update',
      targetType: 'event',
      targetId: eventId,
      before: eventFields(before),
      after: eventFields(after),
    });
  });
  return getStaffEvent(engine, eventId);
}

// ------------------------------------------------------------------ markets

function toPaise(field: string, points: number): Paise {
  const parsed = pointsToPaise(points);
  if (!parsed.ok || parsed.paise <= 0n) throw fieldError(field, 'Enter a positive amount');
  return parsed.paise;
}

interface LimitsPaise {
  minStakePaise: Paise;
  maxStakePaise: Paise;
  maxProfitPaise: Paise;
}

function checkLimits(limits: LimitsPaise): void {
  if (limits.minStakePaise > limits.maxStakePaise) {
    throw fieldError('maxStake', 'The maximum stake must not be below the minimum');
  }
}

function limitsInPoints(limits: LimitsPaise & { inPlayDelayMs: number }) {
  return {
    minStake: paiseToPoints(limits.minStakePaise),
    maxStake: paiseToPoints(limits.maxStakePaise),
    maxProfit: paiseToPoints(limits.maxProfitPaise),
    inPlayDelayMs: limits.inPlayDelayMs,
  };
}

/** POST /staff/events/{id}/markets: the engine creates it, so its books exist at once. */
export async function createStaffMarket(
  engine: ExchangeEngine,
  actor: StaffActor,
  eventId: string,
  body: z.infer<typeof staffMarketCreateBodySchema>,
): Promise<StaffMarket> {
  const event = await engine.getEvent(eventId);
  if (event.status === 'closed') {
    throw new AppError('CONFLICT', 'This event is closed. Reopen it to add markets.');
  }
  const limits = {
    minStakePaise: toPaise('minStake', body.minStake),
    maxStakePaise: toPaise('maxStake', body.maxStake),
    maxProfitPaise: toPaise('maxProfit', body.maxProfit),
    inPlayDelayMs: body.inPlayDelayMs,
  };
  checkLimits(limits);
  let input: NewMarketInput;
  if (body.type === 'fancy') {
    if (fancySureWin(body).sureWin) throw new AppError('RATES_OFFER_SURE_WIN');
    input = {
      type: 'fancy',
      name: body.name,
      line: body.line,
      yesRate: body.yesRate,
      noRate: body.noRate,
      ...limits,
    };
  } else {
    const seen = new Set<string>();
    for (const [index, name] of body.runners.entries()) {
      const key = name.toLowerCase();
      if (seen.has(key)) throw fieldError(`runners.${index}`, 'Each selection needs its own name');
      seen.add(key);
    }
    input = {
      type: body.type,
      name: body.name,
      // Bookmaker rates start unset (not offered) until staff set them.
      runners: body.runners.map((name) => ({ name })),
      commissionBps: body.type === 'match_odds' ? STAFF_EXCHANGE_COMMISSION_BPS : 0,
      ...limits,
    };
  }
  const market = await engine.createMarket(eventId, input, (tx, marketId) =>
    insertStaffAudit(tx, actor, engine.deps.clock.now(), {
      action: 'market.create',
      targetType: 'market',
      targetId: marketId,
      before: null,
      after: {
        eventId,
        type: input.type,
        name: input.name,
        runners: input.runners?.map((r) => r.name) ?? null,
        line: input.line ?? null,
        yesRate: input.yesRate ?? null,
        noRate: input.noRate ?? null,
        commissionBps: input.commissionBps ?? 0,
        ...limitsInPoints(limits),
      },
    }),
  );
  return getStaffMarket(engine, market.id);
}

/** The changed fields of a market as they were, JSON-safe (paise as points). */
function marketFields(market: MarketState, keys: (keyof MarketChange)[]) {
  const all = {
    status: market.status,
    inPlay: market.inPlay,
    line: market.line,
    yesRate: market.yesRate,
    noRate: market.noRate,
    ...limitsInPoints(market),
  };
  const picked: Record<string, unknown> = {};
  for (const key of keys) {
    const name = key.replace(/Paise$/, '') as keyof typeof all;
    picked[name] = all[name];
  }
  return picked;
}

/** Runs an edit of a market through the engine (strict: settled markets refuse), audited. */
async function changeMarket(
  engine: ExchangeEngine,
  actor: StaffActor,
  marketId: string,
  action: string,
  change: MarketChange,
): Promise<StaffMarket> {
  const keys = Object.keys(change) as (keyof MarketChange)[];
  await engine.updateMarket(marketId, change, {
    strict: true,
    within: async (tx, before) => {
      // A fancy line whose yes rate is above its no rate pays a player who takes both sides
      // whatever the result (issue 40): refused, the transaction and so the change undone.
      const rates = {
        yesRate: change.yesRate === undefined ? before.yesRate : change.yesRate,
        noRate: change.noRate === undefined ? before.noRate : change.noRate,
      };
      const ratesChange = change.yesRate !== undefined || change.noRate !== undefined;
      if (before.type === 'fancy' && ratesChange && fancySureWin(rates).sureWin) {
        throw new AppError('RATES_OFFER_SURE_WIN');
      }
      checkLimits({
        minStakePaise: change.minStakePaise ?? before.minStakePaise,
        maxStakePaise: change.maxStakePaise ?? before.maxStakePaise,
        maxProfitPaise: change.maxProfitPaise ?? before.maxProfitPaise,
      });
      await insertStaffAudit(tx, actor, engine.deps.clock.now(), {
        action,
        targetType: 'market',
        targetId: marketId,
        before: marketFields(before, keys),
        after: marketFields(objectWith(before, change), keys),
      });
    },
  });
  return getStaffMarket(engine, marketId);
}

/** PATCH /staff/markets/{id}: suspend, resume, close, in-play, limits. */
export async function updateStaffMarket(
  engine: ExchangeEngine,
  actor: StaffActor,
  marketId: string,
  body: z.infer<typeof staffMarketUpdateBodySchema>,
): Promise<StaffMarket> {
  const change: MarketChange = {};
  if (body.status !== undefined) change.status = body.status;
  if (body.inPlay !== undefined) change.inPlay = body.inPlay;
  if (body.minStake !== undefined) change.minStakePaise = toPaise('minStake', body.minStake);
  if (body.maxStake !== undefined) change.maxStakePaise = toPaise('maxStake', body.maxStake);
  if (body.maxProfit !== undefined) change.maxProfitPaise = toPaise('maxProfit', body.maxProfit);
  if (body.inPlayDelayMs !== undefined) change.inPlayDelayMs = body.inPlayDelayMs;
  if (Object.keys(change).length === 0) throw fieldError('request', 'Change at least one field');
  return changeMarket(engine, actor, marketId, 'market.update', change);
}

/** PUT /staff/markets/{id}/line (fancy): the line and its yes/no rates, set by hand. */
export async function setStaffFancyLine(
  engine: ExchangeEngine,
  actor: StaffActor,
  marketId: string,
  body: z.infer<typeof staffFancyLineBodySchema>,
): Promise<StaffMarket> {
  const market = await engine.market(marketId);
  if (market.type !== 'fancy') throw fieldError('line', 'Only fancy markets have a line');
  return changeMarket(engine, actor, marketId, 'market.line', {
    line: body.line,
    yesRate: body.yesRate,
    noRate: body.noRate,
  });
}

/** PUT /staff/markets/{id}/rates (bookmaker): per runner, null = not offered. */
export async function setStaffBookmakerRates(
  engine: ExchangeEngine,
  actor: StaffActor,
  marketId: string,
  body: z.infer<typeof staffBookmakerRatesBodySchema>,
): Promise<StaffMarket> {
  const market = await engine.market(marketId);
  if (market.type !== 'bookmaker') {
    throw fieldError('rates', 'Only bookmaker markets take rates');
  }
  const ids = body.rates.map((rate) => rate.runnerId);
  if (new Set(ids).size !== ids.length) throw fieldError('rates', 'Each runner at most once');
  // Rates move no money and no bet: the totals the answer shows are read while they are
  // written, one wait fewer (bench/fanout's changes wait on a busy event loop).
  const totals = repo.marketTotals(engine.deps.db, [Number(marketId)]);
  totals.catch(() => undefined);
  await engine.setRunnerRates(marketId, body.rates, {
    strict: true,
    refuseSureWin: true,
    alongside: (before) =>
      staffAuditStatement(engine.deps.db, actor, engine.deps.clock.now(), {
        action: 'market.rates',
        targetType: 'market',
        targetId: marketId,
        before: before.runners
          .filter((r) => ids.includes(r.id))
          .map((r) => ({ runnerId: r.id, backRate: r.backRate, layRate: r.layRate })),
        after: body.rates,
      }),
  });
  return getStaffMarket(engine, marketId, totals);
}

import { randomBytes } from 'node:crypto';
import { LADDER_PRICES, nextTickDown, nextTickUp } from '@spm/core';
import { eq } from 'drizzle-orm';
import { users } from '../identity/tables.ts';
import type { ExchangeEngine, MarketState } from './exchange-engine.ts';
import { fundMarketMaker } from '../wallet/index.ts';

/** Where live events come from: the built-in simulator, or one day a real feed. */
export interface FeedProvider {
  start(): Promise<void>;
  stop(): void;
}

const MM_USERNAME = 'market-maker';
const MM_FUNDING_PAISE = 1_000_000_000_00n;
const EVENT_DURATION_MS = 30 * 60_000;
const TICK_MS = 2000;

/** Never pause longer than this between two of the simulator's transactions. */
const MAX_PAUSE_MS = 250;

/**
 * Gives waiting requests the event loop between the simulator's transactions. On PGlite
 * every query runs in this thread and its promise settles without I/O, so a chain of awaited
 * transactions (the setup's events and a requote's dozens of orders) never gave the loop a
 * turn: right after the "running" banner every request stalled for seconds (issue 11, found
 * with --cpu-prof). Pausing as long as the last stretch of work took keeps the simulator
 * to at most half of the thread while it seeds.
 */
class Pacer {
  private busySince = performance.now();

  async yieldToRequests(): Promise<void> {
    const busyMs = performance.now() - this.busySince;
    await new Promise((resolve) => setTimeout(resolve, Math.min(busyMs, MAX_PAUSE_MS)));
    this.busySince = performance.now();
  }
}

const FIXTURES = [
  {
    sportId: 4 as const,
    competition: 'Indian T20 League',
    teams: ['Mumbai', 'Chennai', 'Delhi', 'Kolkata', 'Punjab', 'Rajasthan'],
  },
  {
    sportId: 1 as const,
    competition: 'Indian Super League',
    teams: ['Bengaluru FC', 'Mohun Bagan', 'Goa', 'Kerala Blasters'],
  },
  {
    sportId: 2 as const,
    competition: 'ATP Tour',
    teams: ['Sinner', 'Alcaraz', 'Djokovic', 'Zverev'],
  },
];

function snap(priceHundredths: number): number {
  let best = LADDER_PRICES[0]!;
  for (const p of LADDER_PRICES)
    if (Math.abs(p - priceHundredths) < Math.abs(best - priceHundredths)) best = p;
  return best;
}

/**
 * The built-in feed (DESIGN 2): keeps ~6 events across cricket, soccer and tennis, and a
 * system-owned market maker that rests real back and lay orders through the same engine, 3
 * levels each way around a moving fair price. Every `tick` does a few operations only.
 */
export class MarketSimulator implements FeedProvider {
  private timer: NodeJS.Timeout | undefined;
  private makerId = 0;
  private readonly fair = new Map<string, number>();
  private readonly endsAt = new Map<string, number>();
  private readonly suspendedUntil = new Map<string, number>();
  private cursor = 0;
  private busy = false;
  private stopped = false;
  private readonly pacer = new Pacer();

  constructor(
    private readonly engine: ExchangeEngine,
    private readonly random: () => number = Math.random,
    private readonly targetEvents = 6,
    private readonly marketMaker = true,
  ) {}

  private now(): number {
    return this.engine.deps.clock.now().getTime();
  }

  async start(): Promise<void> {
    await this.setup();
    // stop() may come while the setup runs (a shutdown right after boot).
    if (this.stopped) return;
    this.timer = setInterval(
      () =>
        void this.tick().catch((error: unknown) => {
          this.engine.deps.log.warn({ err: error }, 'simulator tick failed');
        }),
      TICK_MS,
    );
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
  }

  get marketMakerId(): number {
    return this.makerId;
  }

  /** The market maker's account (created and funded once) and the first events. */
  async setup(): Promise<void> {
    const { db } = this.engine.deps;
    const [existing] = await db.select().from(users).where(eq(users.usernameLower, MM_USERNAME));
    const maker =
      existing ??
      (
        await db
          .insert(users)
          .values({
            username: MM_USERNAME,
            usernameLower: MM_USERNAME,
            name: 'Market maker',
            passwordHash: `!${randomBytes(8).toString('hex')}`,
            isSystem: true,
            status: 'locked',
          })
          .returning()
      )[0]!;
    this.makerId = maker.id;
    await fundMarketMaker(this.engine.deps, maker.id, MM_FUNDING_PAISE);
    for (const event of this.ownEvents()) {
      if (event.status !== 'closed')
        this.endsAt.set(event.id, event.startTime.getTime() + EVENT_DURATION_MS);
    }
    let open = this.ownEvents().filter((e) => e.status !== 'closed').length;
    while (open < this.targetEvents && !this.stopped) {
      await this.pacer.yieldToRequests();
      await this.newEvent(open);
      open++;
    }
    if (!this.marketMaker) return;
    for (const market of this.ownMarkets()) {
      if (this.stopped) return;
      if (market.type === 'match_odds' && market.status === 'open') await this.requote(market);
    }
  }

  /** Only events the simulator created: staff-run events are never priced or settled here. */
  private ownEvents() {
    return [...this.engine.events.values()].filter((event) => event.simulated);
  }

  private ownMarkets(): MarketState[] {
    return [...this.engine.markets.values()].filter(
      (market) => this.engine.events.get(market.eventId)?.simulated === true,
    );
  }

  private async newEvent(n: number): Promise<void> {
    const fixture = FIXTURES[n % FIXTURES.length]!;
    const teams = [...fixture.teams].sort(() => this.random() - 0.5);
    const home = teams[0]!;
    const away = teams[1]!;
    const inPlay = n % 2 === 0;
    const start = new Date(this.now() + (inPlay ? -10 * 60_000 : (n + 1) * 15 * 60_000));
    const competitionId = await this.engine.createCompetition(fixture.sportId, fixture.competition);
    const runners = fixture.sportId === 1 ? [home, 'The Draw', away] : [home, away];
    const markets: Parameters<ExchangeEngine['createEvent']>[0]['markets'] = [
      {
        type: 'match_odds',
        name: 'Match Odds',
        runners: runners.map((name) => ({ name })),
        commissionBps: 200,
      },
      {
        type: 'bookmaker',
        name: 'Bookmaker',
        runners: runners.map((name) => ({ name, backRate: 90, layRate: 95 })),
      },
    ];
    if (fixture.sportId === 4) {
      markets.push(
        { type: 'fancy', name: '6 over runs', line: 48, yesRate: 100, noRate: 100 },
        { type: 'fancy', name: '10 over runs', line: 82, yesRate: 90, noRate: 110 },
      );
    }
    const event = await this.engine.createEvent({
      sportId: fixture.sportId,
      competitionId,
      name: `${home} v ${away}`,
      homeTeam: home,
      awayTeam: away,
      startTime: start,
      status: inPlay ? 'in_play' : 'upcoming',
      simulated: true,
      markets,
    });
    this.endsAt.set(event.id, start.getTime() + EVENT_DURATION_MS);
    for (const id of event.marketIds) {
      const market = this.engine.markets.get(id)!;
      if (market.type === 'match_odds') {
        const share = 1 / market.runners.length;
        for (const runner of market.runners) {
          this.fair.set(runner.id, snap(Math.round(100 / (share * (0.8 + this.random() * 0.4)))));
        }
      }
    }
  }

  private fairOf(runnerId: string): number {
    let price = this.fair.get(runnerId);
    if (price === undefined) {
      price = 250;
      this.fair.set(runnerId, price);
    }
    return price;
  }

  /** Cancels the maker's orders on the market and rests 3 lays below and 3 backs above fair. */
  async requote(market: MarketState, only?: string): Promise<void> {
    for (const runner of market.runners) {
      if (only !== undefined && runner.id !== only) continue;
      await this.engine.cancelAllOf(this.makerId, market.id, runner.id);
      const fair = this.fairOf(runner.id);
      let lay = fair;
      let back = fair;
      for (let level = 0; level < 3; level++) {
        lay = nextTickDown(lay) ?? lay;
        back = nextTickUp(back) ?? back;
        const stake = 500 + Math.floor(this.random() * 20) * 100;
        for (const [side, price] of [
          ['lay', lay],
          ['back', back],
        ] as const) {
          if (price <= 101) continue;
          await this.pacer.yieldToRequests();
          await this.engine
            .placeExchange(this.makerId, {
              marketId: market.id,
              runnerId: runner.id,
              side,
              price: price / 100,
              stake,
              idempotencyKey: `mm-${randomBytes(8).toString('hex')}`,
            })
            .catch(() => undefined);
        }
      }
    }
  }

  /** One step: move one market's prices, maybe suspend/resume, start or close events. */
  async tick(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const now = this.now();
      for (const event of this.ownEvents()) {
        if (event.status === 'upcoming' && event.startTime.getTime() <= now) {
          await this.engine.setEventStatus(event.id, 'in_play');
        }
        const ends = this.endsAt.get(event.id);
        if (event.status !== 'closed' && ends !== undefined && ends <= now) {
          await this.closeEvent(event.id);
        }
      }
      for (const [marketId, until] of this.suspendedUntil) {
        if (until <= now) {
          this.suspendedUntil.delete(marketId);
          await this.engine.updateMarket(marketId, { status: 'open' });
        }
      }
      const open = this.ownMarkets().filter((m) => m.status === 'open');
      if (open.length === 0) return;
      const market = open[this.cursor++ % open.length]!;
      if (this.marketMaker && this.random() < 0.02) {
        this.suspendedUntil.set(market.id, now + 5000);
        await this.engine.updateMarket(market.id, { status: 'suspended' });
        return;
      }
      if (market.type === 'match_odds') {
        const runner = market.runners[Math.floor(this.random() * market.runners.length)]!;
        const fair = this.fairOf(runner.id);
        const moved = this.random() < 0.5 ? nextTickDown(fair) : nextTickUp(fair);
        if (moved !== null && moved > 105 && moved < 5000) this.fair.set(runner.id, moved);
        if (this.marketMaker) await this.requote(market, runner.id);
      } else if (market.type === 'bookmaker') {
        await this.engine.setRunnerRates(
          market.id,
          market.runners.map((r) => {
            const back = 60 + Math.floor(this.random() * 60);
            return { runnerId: r.id, backRate: back, layRate: back + 3 };
          }),
        );
      } else {
        const line = Math.max(1, (market.line ?? 50) + (this.random() < 0.5 ? -1 : 1));
        await this.engine.updateMarket(market.id, {
          line,
          yesRate: 90 + Math.floor(this.random() * 20),
          noRate: 100 + Math.floor(this.random() * 20),
        });
      }
    } finally {
      this.busy = false;
    }
  }

  private async closeEvent(eventId: string): Promise<void> {
    const event = this.engine.events.get(eventId)!;
    const actor = { staffId: null, ip: null };
    for (const id of event.marketIds) {
      const market = this.engine.markets.get(id);
      if (!market || market.status === 'settled' || market.status === 'voided') continue;
      await this.engine.updateMarket(id, { status: 'closed' });
      if (market.type === 'fancy') {
        const value = Math.max(0, (market.line ?? 50) + Math.floor(this.random() * 21) - 10);
        await this.engine.settle(id, { resultValue: value }, actor);
      } else {
        const winner = market.runners[Math.floor(this.random() * market.runners.length)]!;
        await this.engine.settle(id, { winnerRunnerId: winner.id }, actor);
      }
    }
    // Its prices and pauses end with the event: the maps hold only the events still running.
    for (const id of event.marketIds) {
      this.suspendedUntil.delete(id);
      for (const runner of this.engine.markets.get(id)?.runners ?? []) this.fair.delete(runner.id);
    }
    await this.engine.setEventStatus(eventId, 'closed');
    this.endsAt.delete(eventId);
    await this.newEvent(Math.floor(this.random() * 6));
  }
}

import { randomBytes } from 'node:crypto';
import {
  bookmakerRatesFromFair,
  fancyRatesFromFair,
  listRestingOrders,
  nextTickDown,
  nextTickUp,
  quoteFromFair,
} from '@spm/core';
import { eq } from 'drizzle-orm';
import { users } from '../identity/tables.ts';
import type { ExchangeEngine, MarketState } from './exchange-engine.ts';
import { fundMarketMaker, openPlayerWallet } from '../wallet/index.ts';

/** Where live events come from: the built-in simulator, or one day a real feed. */
export interface FeedProvider {
  start(): Promise<void>;
  stop(): void;
}

const MM_USERNAME = 'market-maker';
const MM_FUNDING_PAISE = 1_000_000_000_00n;
const EVENT_DURATION_MS = 30 * 60_000;
/** The slow step: events start and close, the match moves on, markets not in play drift. */
const TICK_MS = 2000;
/** The live step: every in-play match-odds ladder may move this often (4 a second, what the
 * market stream sends at most: MARKET_UPDATES_PER_SECOND). */
const PULSE_MS = 250;

/**
 * Margins (issue 40 item 1, docs/decisions.md): the maker's best backs sum to at least 102 %
 * and its best lays to at most 98 % (an exchange book a little wider than a liquid Betfair
 * one); the bookmaker and the fancy lines take 4 % each way, like a bookmaker's book.
 */
export const MATCH_ODDS_MARGIN_BPS = 200;
export const BOOKMAKER_MARGIN_BPS = 400;
export const FANCY_MARGIN_BPS = 400;
/** Price levels the maker rests each way on every runner. */
const LEVELS = 3;
/** Random walk of a runner's log-strength per pulse, calm and just after an event. */
const CALM_STEP = 0.025;
const BURST_STEP = 0.08;
/** After a wicket or a goal: markets suspended this long, then a burst of sharp moves. */
const EVENT_SUSPEND_MS = 4000;
const BURST_MS = 5000;
/** The bookmaker follows the in-play fair prices at most this often (one write each). */
const BOOKMAKER_EVERY_MS = 1000;
/** Cricket: 20 overs (120 balls) in the event's 30 minutes. */
const BALL_MS = 15_000;
const BALLS = 120;
/** Runs a ball is worth on average (8 an over), and the chance of a wicket per ball. */
const PAR_RUNS_PER_BALL = 8 / 6;
const WICKET_CHANCE = 1 / 22;
/** Soccer: about three goals in the event's 30 minutes, checked every tick. */
const GOAL_CHANCE_PER_TICK = 3 / (EVENT_DURATION_MS / TICK_MS);
/** Tennis: a break of serve (a burst, no suspension) now and then. */
const BREAK_CHANCE_PER_TICK = 1 / 120;

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

/** What the simulator knows of one of its matches (rebuilt with defaults after a restart). */
interface Match {
  /** Log-strength of each match-odds runner: the fair probabilities are their softmax. */
  strength: number[];
  /** Until then, ladders move every pulse and sharply. */
  burstUntil: number;
  bookmakerAt: number;
  /** Cricket: balls bowled, runs and wickets of the innings the fancy lines follow. */
  balls: number;
  runs: number;
  wickets: number;
}

/** A fancy "N over runs": N from its name (the simulator names them so). */
function fancyOvers(name: string): number | null {
  const found = /^(\d+) over runs$/.exec(name);
  return found ? Number(found[1]) : null;
}

/**
 * The built-in feed (DESIGN 2): keeps ~6 events across cricket, soccer and tennis, and a
 * system-owned market maker that rests real back and lay orders through the same engine, 3
 * levels each way on every runner, quoted from one fair probability per runner with a margin
 * (quoteFromFair in @spm/core), so no combination of its prices wins whatever the result.
 * Bookmaker rates and fancy lines are priced from the same model with their own margins.
 *
 * Two clocks drive it: `tick` (every 2 s) starts and closes events, plays the match on (balls
 * of cricket, goals, breaks of serve: a wicket or a goal suspends the event's markets for 4 s,
 * then re-prices them sharply) and drifts one market not in play; `pulse` (every 250 ms) moves
 * the ladder of every in-play match-odds market. A move cancels only the maker's orders whose
 * prices left the quote and places only the new ones, each set as one group-commit batch.
 */
export class MarketSimulator implements FeedProvider {
  private timer: NodeJS.Timeout | undefined;
  private pulseTimer: NodeJS.Timeout | undefined;
  private makerId = 0;
  private readonly matches = new Map<string, Match>();
  private readonly endsAt = new Map<string, number>();
  private readonly suspendedUntil = new Map<string, number>();
  private cursor = 0;
  private stopped = false;
  private readonly pacer = new Pacer();
  /** Ticks and pulses run one at a time, in turn; at most one of each kind waits. */
  private chain: Promise<void> = Promise.resolve();
  private readonly waiting = new Set<'tick' | 'pulse'>();

  constructor(
    private readonly engine: ExchangeEngine,
    private readonly random: () => number = Math.random,
    private readonly targetEvents = 6,
    private readonly marketMaker = true,
    private readonly options: { pace?: boolean } = {},
  ) {}

  private now(): number {
    return this.engine.deps.clock.now().getTime();
  }

  private async yieldToRequests(): Promise<void> {
    if (this.options.pace !== false) await this.pacer.yieldToRequests();
  }

  async start(): Promise<void> {
    await this.setup();
    // stop() may come while the setup runs (a shutdown right after boot).
    if (this.stopped) return;
    this.timer = setInterval(() => this.schedule('tick', () => this.tick()), TICK_MS);
    this.timer.unref();
    this.pulseTimer = setInterval(() => this.schedule('pulse', () => this.pulse()), PULSE_MS);
    this.pulseTimer.unref();
  }

  private schedule(kind: 'tick' | 'pulse', work: () => Promise<void>): void {
    if (this.waiting.has(kind) || this.stopped) return;
    this.waiting.add(kind);
    this.chain = this.chain
      .then(async () => {
        this.waiting.delete(kind);
        if (!this.stopped) await work();
      })
      .catch((error: unknown) => {
        this.engine.deps.log.warn({ err: error }, `simulator ${kind} failed`);
      });
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.pulseTimer) clearInterval(this.pulseTimer);
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
    // Identity's insert is not used here (a system row of the simulator's own): the wallet is
    // told of the player through its entry all the same (an existing row stays as it is).
    // The maker makes the site's book: it plays for what the site plays for (MONEY_MODE).
    await openPlayerWallet(
      db,
      { playerId: maker.id, isDemo: false },
      this.engine.deps.config.moneyMode,
    );
    this.makerId = maker.id;
    await fundMarketMaker(this.engine.deps, maker.id, MM_FUNDING_PAISE);
    for (const event of this.ownEvents()) {
      if (event.status !== 'closed')
        this.endsAt.set(event.id, event.startTime.getTime() + EVENT_DURATION_MS);
    }
    let open = this.ownEvents().filter((e) => e.status !== 'closed').length;
    while (open < this.targetEvents && !this.stopped) {
      await this.yieldToRequests();
      await this.newEvent(open);
      open++;
    }
    for (const market of this.ownMarkets()) {
      if (this.stopped) return;
      // Markets a stop left suspended reopen; a restart's first quote replaces old prices.
      if (market.status === 'suspended')
        await this.engine.updateMarket(market.id, { status: 'open' });
      if (market.status === 'open') await this.reprice(market);
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
    // Soccer's draw is a little less likely than a side; the sides differ by up to ~2 to 1.
    const strength = runners.map((name) =>
      name === 'The Draw' ? -0.3 : (this.random() - 0.5) * 1.2,
    );
    const fair = softmax(strength);
    const rates = bookmakerRatesFromFair(fair, BOOKMAKER_MARGIN_BPS);
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
        runners: runners.map((name, i) => ({ name, ...rates[i]! })),
      },
    ];
    const match: Match = {
      strength,
      burstUntil: 0,
      bookmakerAt: 0,
      balls: 0,
      runs: 0,
      wickets: 0,
    };
    if (fixture.sportId === 4) {
      const even = fancyRatesFromFair(0.5, FANCY_MARGIN_BPS);
      markets.push(
        { type: 'fancy', name: '6 over runs', line: Math.round(36 * PAR_RUNS_PER_BALL), ...even },
        { type: 'fancy', name: '10 over runs', line: Math.round(60 * PAR_RUNS_PER_BALL), ...even },
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
    this.matches.set(event.id, match);
    this.endsAt.set(event.id, start.getTime() + EVENT_DURATION_MS);
  }

  /** The match of an event, made up from its clock when the process restarted meanwhile. */
  private matchOf(eventId: string): Match {
    let match = this.matches.get(eventId);
    if (!match) {
      const event = this.engine.events.get(eventId)!;
      const odds = this.oddsMarketOf(eventId);
      match = {
        strength: (odds?.runners ?? []).map((r) => (r.name === 'The Draw' ? -0.3 : 0)),
        burstUntil: 0,
        bookmakerAt: 0,
        balls: 0,
        runs: 0,
        wickets: 0,
      };
      if (event.sportId === 4) {
        match.balls = Math.max(
          0,
          Math.min(BALLS, Math.floor((this.now() - event.startTime.getTime()) / BALL_MS)),
        );
        match.runs = Math.round(match.balls * PAR_RUNS_PER_BALL);
        match.wickets = Math.min(9, Math.floor(match.balls / 20));
      }
      this.matches.set(eventId, match);
    }
    return match;
  }

  private oddsMarketOf(eventId: string): MarketState | undefined {
    const event = this.engine.events.get(eventId);
    for (const id of event?.marketIds ?? []) {
      const market = this.engine.markets.get(id);
      if (market?.type === 'match_odds') return market;
    }
    return undefined;
  }

  /** The fair probability of each runner of a match-odds or bookmaker market, in its order. */
  private fairOf(market: MarketState): number[] {
    const match = this.matchOf(market.eventId);
    if (match.strength.length !== market.runners.length) {
      match.strength = market.runners.map(() => 0);
    }
    return softmax(match.strength);
  }

  private gaussian(): number {
    // Box-Muller on the injected random (tests pass a constant): never log(0).
    const u = Math.max(this.random(), 1e-9);
    const v = this.random();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** A random walk of every runner's strength; kept where no runner passes ~95 %. */
  private drift(match: Match, step: number): void {
    const moved = match.strength.map((s) => s + this.gaussian() * step);
    if (Math.max(...softmax(moved)) <= 0.95) match.strength = moved;
  }

  /** Moves one runner's strength by `by` (a wicket, a goal), within the same bounds. */
  private jump(match: Match, runner: number, by: number): void {
    const moved = match.strength.map((s, i) => (i === runner ? s + by : s));
    if (Math.max(...softmax(moved)) <= 0.95) match.strength = moved;
  }

  /** Prices a market from the model now: the ladder, the bookmaker's rates or the fancy line. */
  private async reprice(market: MarketState): Promise<void> {
    if (market.status !== 'open') return;
    if (market.type === 'match_odds') {
      if (this.marketMaker) await this.requote(market);
    } else if (market.type === 'bookmaker') {
      const rates = bookmakerRatesFromFair(this.fairOf(market), BOOKMAKER_MARGIN_BPS);
      const changed = market.runners.some(
        (r, i) => r.backRate !== rates[i]!.backRate || r.layRate !== rates[i]!.layRate,
      );
      if (!changed) return;
      await this.engine.setRunnerRates(
        market.id,
        market.runners.map((r, i) => ({ runnerId: r.id, ...rates[i]! })),
      );
    } else {
      await this.repriceFancy(market);
    }
  }

  /**
   * A fancy "N over runs" line follows the innings: the runs so far plus the rest of its overs
   * at a blend of par and the current rate; its rates price the chance the result reaches the
   * whole-number line (about even, off by the rounding).
   */
  private async repriceFancy(market: MarketState): Promise<void> {
    const overs = fancyOvers(market.name);
    const match = this.matchOf(market.eventId);
    if (overs === null) return;
    const left = Math.max(0, overs * 6 - match.balls);
    const rate =
      match.balls === 0
        ? PAR_RUNS_PER_BALL
        : (PAR_RUNS_PER_BALL * 12 + match.runs) / (12 + match.balls) - match.wickets * 0.02;
    const projected = match.runs + left * Math.max(0.5, rate);
    const line = Math.max(1, Math.round(projected));
    const reach = Math.min(0.9, Math.max(0.1, 0.5 + (projected - line) * 0.08));
    const rates = fancyRatesFromFair(reach, FANCY_MARGIN_BPS);
    if (
      market.line === line &&
      market.yesRate === rates.yesRate &&
      market.noRate === rates.noRate
    ) {
      return;
    }
    await this.engine.updateMarket(market.id, { line, ...rates });
  }

  /**
   * The maker's quote on a match-odds market from the fair probabilities now: on every runner,
   * its lays (what players back) at the best back price and 2 ticks below, its backs at the
   * best lay price and 2 ticks above. Orders whose price left the quote are cancelled first,
   * all in one batch, then the missing ones placed in another: at every moment the resting
   * orders are part of one coherent quote, and the maker never meets its own orders.
   */
  async requote(market: MarketState): Promise<void> {
    await this.requoteAll([market]);
  }

  /**
   * Several markets' requotes together: their cancels go in one group transaction and their
   * placements in another (the writer groups batches of different markets), so a pulse over
   * every in-play market costs two transactions, not two per market.
   */
  private async requoteAll(markets: readonly MarketState[]): Promise<void> {
    const owner = String(this.makerId);
    const stale: string[] = [];
    const missing: {
      marketId: string;
      runnerId: string;
      side: 'back' | 'lay';
      priceHundredths: number;
    }[] = [];
    for (const market of markets) {
      const quotes = quoteFromFair(this.fairOf(market), MATCH_ODDS_MARGIN_BPS);
      for (const [i, runner] of market.runners.entries()) {
        // The maker lays at the prices players back at, and backs at those they lay at.
        const wanted = {
          lay: levels(quotes[i]!.backHundredths, nextTickDown),
          back: levels(quotes[i]!.layHundredths, nextTickUp),
        };
        const resting = new Set<string>();
        for (const order of listRestingOrders(runner.book)) {
          if (order.ownerId !== owner) continue;
          const key = `${order.side}:${order.priceHundredths}`;
          if (wanted[order.side].includes(order.priceHundredths) && !resting.has(key)) {
            resting.add(key);
          } else {
            stale.push(order.id);
          }
        }
        for (const side of ['lay', 'back'] as const) {
          for (const priceHundredths of wanted[side]) {
            if (!resting.has(`${side}:${priceHundredths}`)) {
              missing.push({ marketId: market.id, runnerId: runner.id, side, priceHundredths });
            }
          }
        }
      }
    }
    if (stale.length > 0) {
      await this.yieldToRequests();
      await Promise.all(
        stale.map((orderId) =>
          this.engine.cancel(this.makerId, { orderId }).catch(() => undefined),
        ),
      );
    }
    if (missing.length > 0) {
      await this.yieldToRequests();
      await Promise.all(
        missing.map((order) =>
          this.engine
            .placeExchange(this.makerId, {
              marketId: order.marketId,
              runnerId: order.runnerId,
              side: order.side,
              price: order.priceHundredths / 100,
              stake: 500 + Math.floor(this.random() * 20) * 100,
              idempotencyKey: `mm-${randomBytes(8).toString('hex')}`,
            })
            // A market suspended or closed meanwhile refuses it: the next quote tries again.
            .catch(() => undefined),
        ),
      );
    }
  }

  /** The live step: every open in-play match-odds ladder moves (and its bookmaker follows). */
  async pulse(): Promise<void> {
    const now = this.now();
    await this.resumeDue(now);
    const live = this.ownMarkets().filter(
      (m) => m.type === 'match_odds' && m.status === 'open' && m.inPlay,
    );
    for (const market of live) {
      const match = this.matchOf(market.eventId);
      this.drift(match, match.burstUntil > now ? BURST_STEP : CALM_STEP);
    }
    if (this.marketMaker && live.length > 0) await this.requoteAll(live);
    for (const market of live) {
      if (this.stopped) return;
      const match = this.matchOf(market.eventId);
      if (now - match.bookmakerAt < BOOKMAKER_EVERY_MS) continue;
      match.bookmakerAt = now;
      for (const id of this.engine.events.get(market.eventId)?.marketIds ?? []) {
        const other = this.engine.markets.get(id);
        if (other?.type === 'bookmaker') await this.reprice(other);
      }
    }
  }

  /** Markets whose suspension is over reopen and are priced at once. */
  private async resumeDue(now: number): Promise<void> {
    for (const [marketId, until] of this.suspendedUntil) {
      if (until > now) continue;
      this.suspendedUntil.delete(marketId);
      const market = this.engine.markets.get(marketId);
      if (market?.status !== 'suspended') continue;
      await this.engine.updateMarket(marketId, { status: 'open' });
      await this.reprice(market);
    }
  }

  /**
   * A wicket or a goal: the event's open markets stop taking bets and the maker's orders come
   * off; when they reopen (EVENT_SUSPEND_MS later) they are priced from the new strengths and
   * move sharply for BURST_MS.
   */
  private async suspendEvent(eventId: string, now: number): Promise<void> {
    this.matchOf(eventId).burstUntil = now + EVENT_SUSPEND_MS + BURST_MS;
    // Without the maker (SIMULATOR_MARKET_MAKER=off: players meet each other, as the
    // two-browser end-to-end test does) no market is suspended under them.
    if (!this.marketMaker) return;
    const event = this.engine.events.get(eventId);
    for (const id of event?.marketIds ?? []) {
      const market = this.engine.markets.get(id);
      if (market?.status !== 'open') continue;
      this.suspendedUntil.set(id, now + EVENT_SUSPEND_MS);
      // A session stops for the ball that took the wicket: "ball running", not an operator's
      // suspension (docs/session-board.md).
      await this.engine.updateMarket(id, {
        status: 'suspended',
        ballRunning: market.type === 'fancy',
      });
      if (market.type === 'match_odds' && this.marketMaker) {
        await this.engine.cancelAllOf(this.makerId, id);
      }
    }
  }

  /** The match goes on: balls of cricket, goals of soccer, breaks of serve in tennis. */
  private async play(eventId: string, now: number): Promise<void> {
    const event = this.engine.events.get(eventId)!;
    const match = this.matchOf(eventId);
    const odds = this.oddsMarketOf(eventId);
    const home = 0;
    const away = (odds?.runners.length ?? 2) - 1;
    if (event.sportId === 4) {
      const due = Math.min(BALLS, Math.floor((now - event.startTime.getTime()) / BALL_MS));
      let wicket = false;
      while (match.balls < due) {
        match.balls += 1;
        if (match.wickets < 10 && this.random() < WICKET_CHANCE) {
          match.wickets += 1;
          wicket = true;
          this.jump(match, home, -0.35);
        } else {
          const runs = [0, 0, 1, 1, 1, 2, 2, 3, 4, 4, 6][Math.floor(this.random() * 11)]!;
          match.runs += runs;
          this.jump(match, home, (runs - PAR_RUNS_PER_BALL) * 0.03);
          if (runs >= 4) match.burstUntil = now + BURST_MS;
        }
        await this.settleFanciesReached(event.marketIds, match);
      }
      if (wicket) await this.suspendEvent(eventId, now);
      for (const id of event.marketIds) {
        const market = this.engine.markets.get(id);
        if (market?.type === 'fancy' && market.status === 'open') await this.repriceFancy(market);
      }
    } else if (event.sportId === 1) {
      if (this.random() < GOAL_CHANCE_PER_TICK) {
        const scorer = this.random() < 0.5 ? home : away;
        this.jump(match, scorer, 0.6);
        await this.suspendEvent(eventId, now);
      }
    } else if (this.random() < BREAK_CHANCE_PER_TICK) {
      this.jump(match, this.random() < 0.5 ? home : away, 0.4);
      match.burstUntil = now + BURST_MS;
    }
  }

  /** A fancy whose overs are bowled is decided: closed and settled on the runs then. */
  private async settleFanciesReached(marketIds: string[], match: Match): Promise<void> {
    for (const id of marketIds) {
      const market = this.engine.markets.get(id);
      const overs = market?.type === 'fancy' ? fancyOvers(market.name) : null;
      if (!market || overs === null || match.balls !== overs * 6) continue;
      if (market.status === 'settled' || market.status === 'voided') continue;
      this.suspendedUntil.delete(id);
      await this.engine.updateMarket(id, { status: 'closed' });
      await this.engine.settle(id, { resultValue: match.runs }, { staffId: null, ip: null });
    }
  }

  /** The slow step: events start, play and close; one market not in play drifts. */
  async tick(): Promise<void> {
    const now = this.now();
    for (const event of this.ownEvents()) {
      if (this.stopped) return;
      if (event.status === 'upcoming' && event.startTime.getTime() <= now) {
        await this.engine.setEventStatus(event.id, 'in_play');
      }
      const ends = this.endsAt.get(event.id);
      if (event.status !== 'closed' && ends !== undefined && ends <= now) {
        await this.closeEvent(event.id);
      } else if (event.status === 'in_play') {
        await this.play(event.id, now);
      }
    }
    await this.resumeDue(now);
    const quiet = this.ownMarkets().filter((m) => m.status === 'open' && !m.inPlay);
    if (quiet.length === 0) return;
    const market = quiet[this.cursor++ % quiet.length]!;
    if (market.type !== 'fancy') this.drift(this.matchOf(market.eventId), CALM_STEP);
    await this.reprice(market);
  }

  private async closeEvent(eventId: string): Promise<void> {
    const event = this.engine.events.get(eventId)!;
    const actor = { staffId: null, ip: null };
    // One result for the event: drawn from the fair probabilities at the end, so the match
    // odds and the bookmaker agree on the winner.
    const odds = this.oddsMarketOf(eventId);
    const fair = odds ? this.fairOf(odds) : [];
    let pick = this.random();
    let winnerIndex = fair.length - 1;
    for (const [i, p] of fair.entries()) {
      if (pick < p) {
        winnerIndex = i;
        break;
      }
      pick -= p;
    }
    for (const id of event.marketIds) {
      const market = this.engine.markets.get(id);
      if (!market || market.status === 'settled' || market.status === 'voided') continue;
      await this.engine.updateMarket(id, { status: 'closed' });
      if (market.type === 'fancy') {
        // Not reached (an event that ended early): its line is the best guess of the result.
        const value = Math.max(0, (market.line ?? 50) + Math.floor(this.random() * 21) - 10);
        await this.engine.settle(id, { resultValue: value }, actor);
      } else {
        const winner =
          market.runners[Math.min(winnerIndex, market.runners.length - 1)] ?? market.runners[0]!;
        await this.engine.settle(id, { winnerRunnerId: winner.id }, actor);
      }
    }
    // Its prices and pauses end with the event: the maps hold only the events still running.
    for (const id of event.marketIds) this.suspendedUntil.delete(id);
    this.matches.delete(eventId);
    await this.engine.setEventStatus(eventId, 'closed');
    this.endsAt.delete(eventId);
    await this.newEvent(Math.floor(this.random() * 6));
  }
}

/** Weights to probabilities: exp(s_i) / sum exp(s_j). */
function softmax(strength: readonly number[]): number[] {
  const top = Math.max(...strength);
  const weights = strength.map((s) => Math.exp(s - top));
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => w / total);
}

/** A best price and the LEVELS - 1 worse ones behind it (off the ladder's ends: fewer). */
function levels(best: number | null, worse: (price: number) => number | null): number[] {
  const prices: number[] = [];
  let price = best;
  while (price !== null && prices.length < LEVELS) {
    prices.push(price);
    price = worse(price);
  }
  return prices;
}

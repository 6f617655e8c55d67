import { randomBytes } from 'node:crypto';
import {
  MARKET_EVENTS,
  REALTIME_PATH,
  errorCatalogue,
  type Market,
  type StaffEvent,
} from '@spm/contract';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { getWallet } from '../wallet/ledger/ledger-service.ts';
import * as repo from './exchange-repository.ts';
import { drivers, startHarness, type Harness } from '../../test/harness.ts';
import { call, post, registerPlayer } from '../../test/identity.ts';
import { adminToken, staffMemberWithToken } from '../../test/staff.ts';
import { fund } from '../../test/wallet.ts';

type StaffMarket = StaffEvent['markets'][number];

const key = () => `k-${randomBytes(8).toString('hex')}`;
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const limits = { minStake: 1, maxStake: 10_000, maxProfit: 100_000, inPlayDelayMs: 0 };

describe.each(drivers)('back office sports administration on %s', (driver) => {
  let h: Harness;
  let admin: string;
  let agent: string;
  let playerToken: string;

  beforeAll(async () => {
    h = await startHarness(driver, { listen: true });
    admin = await adminToken(h);
    agent = (await staffMemberWithToken(h, { role: 'agent' })).token;
    playerToken = (await registerPlayer(h)).token;
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const api = (method: InjectOptions['method'], url: string, body?: unknown, token = admin) =>
    call(h, method, url, body, { token });

  async function createEvent(overrides: Record<string, unknown> = {}): Promise<StaffEvent> {
    const res = await api('POST', '/api/staff/events', {
      sportId: 4,
      competitionName: 'Staff Premier League',
      homeTeam: `Lions ${randomBytes(2).toString('hex')}`,
      awayTeam: 'Tigers',
      startTime: inAnHour(),
      ...overrides,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as StaffEvent;
  }

  async function addMarket(eventId: string, body: Record<string, unknown>): Promise<StaffMarket> {
    const res = await api('POST', `/api/staff/events/${eventId}/markets`, { ...limits, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as StaffMarket;
  }

  async function funded(points = 10_000): Promise<{ id: number; token: string }> {
    const p = await registerPlayer(h);
    await fund(h.app.exchange.deps, Number(p.user.id), BigInt(points * 100));
    return { id: Number(p.user.id), token: p.token };
  }

  async function count(table: 'events' | 'markets' | 'audit_log' | 'competitions') {
    const [row] = await executeRows<{ n: string | number }>(
      h.db,
      sql`select count(*) as n from ${sql.identifier(table)}`,
    );
    return Number(row?.n);
  }

  async function auditOf(targetType: string, targetId: string) {
    return executeRows<{
      actor_type: string;
      actor_id: string;
      action: string;
      before: unknown;
      after: unknown;
      ip: string | null;
    }>(
      h.db,
      sql`select * from audit_log where target_type = ${targetType} and target_id = ${targetId}
          order by id`,
    );
  }

  it('refuses every endpoint without a token, with a player token and with an agent token', async () => {
    const event = await createEvent();
    const bm = await addMarket(event.id, {
      type: 'bookmaker',
      name: 'Bookmaker',
      runners: ['A', 'B'],
    });
    const fancy = await addMarket(event.id, {
      type: 'fancy',
      name: '6 over runs',
      line: 50,
      yesRate: 100,
      noRate: 100,
    });
    const endpoints: [InjectOptions['method'], string, unknown?][] = [
      ['GET', '/api/staff/events'],
      ['GET', `/api/staff/events/${event.id}`],
      [
        'POST',
        '/api/staff/events',
        {
          sportId: 4,
          competitionName: 'X Cup',
          homeTeam: 'A',
          awayTeam: 'B',
          startTime: inAnHour(),
        },
      ],
      ['PATCH', `/api/staff/events/${event.id}`, { status: 'closed' }],
      [
        'POST',
        `/api/staff/events/${event.id}/markets`,
        { type: 'match_odds', name: 'MO', runners: ['A', 'B'], ...limits },
      ],
      ['PATCH', `/api/staff/markets/${bm.id}`, { status: 'suspended' }],
      [
        'PUT',
        `/api/staff/markets/${bm.id}/rates`,
        { rates: [{ runnerId: bm.runners[0]!.id, backRate: 1, layRate: 2 }] },
      ],
      ['PUT', `/api/staff/markets/${fancy.id}/line`, { line: 1, yesRate: 1, noRate: 1 }],
      ['GET', `/api/staff/markets/${bm.id}/book`],
    ];
    const before = [await count('events'), await count('markets'), await count('audit_log')];
    for (const [method, url, body] of endpoints) {
      const none = await call(h, method, url, body);
      expect(none.statusCode, `${method} ${url}`).toBe(401);
      const asPlayer = await api(method, url, body, playerToken);
      expect(asPlayer.statusCode, `${method} ${url}`).toBe(401);
      const asAgent = await api(method, url, body, agent);
      expect(asAgent.statusCode, `${method} ${url}`).toBe(403);
      expect(asAgent.json().errorCode).toBe('FORBIDDEN');
    }
    expect([await count('events'), await count('markets'), await count('audit_log')]).toEqual(
      before,
    );
    expect(h.app.exchange.markets.get(bm.id)!.status).toBe('open');
    expect(h.app.exchange.markets.get(fancy.id)!.line).toBe(50);
  });

  it('creates an event under a competition found by name or created, and audits it', async () => {
    const competitions = await count('competitions');
    const first = await createEvent({ competitionName: 'Staff Cup 2030' });
    const second = await createEvent({ competitionName: '  staff CUP 2030 ' });
    expect(await count('competitions')).toBe(competitions + 1);
    expect(second.competitionName).toBe('Staff Cup 2030');
    expect(first).toMatchObject({
      sportId: 4,
      status: 'upcoming',
      name: `${first.homeTeam} v Tigers`,
      liveTvUrl: null,
      markets: [],
    });
    const [row] = await auditOf('event', first.id);
    expect(row).toMatchObject({
      actor_type: 'staff',
      action: 'event.create',
      after: { competitionName: 'Staff Cup 2030', competitionCreated: true, status: 'upcoming' },
    });
    expect(row?.ip).toBeTruthy();
    // Players see it at once.
    const listed = await call(h, 'GET', `/api/bet/matches/${first.id}`);
    expect(listed.statusCode).toBe(200);
  });

  it('refuses bad input and changes nothing', async () => {
    const event = await createEvent();
    const before = [await count('events'), await count('markets'), await count('audit_log')];
    const bad: [InjectOptions['method'], string, unknown][] = [
      [
        'POST',
        '/api/staff/events',
        { sportId: 5, competitionName: 'Cup', homeTeam: 'A', awayTeam: 'B', startTime: inAnHour() },
      ],
      [
        'POST',
        '/api/staff/events',
        {
          sportId: 4,
          competitionName: 'Cup',
          homeTeam: 'Same',
          awayTeam: 'same',
          startTime: inAnHour(),
        },
      ],
      [
        'POST',
        '/api/staff/events',
        { sportId: 4, competitionName: 'Cup', homeTeam: 'A', awayTeam: 'B', startTime: 'tomorrow' },
      ],
      [
        'POST',
        '/api/staff/events',
        {
          sportId: 4,
          competitionName: 'Cup',
          homeTeam: 'A',
          awayTeam: 'B',
          startTime: inAnHour(),
          liveTvUrl: 'javascript:alert(1)',
        },
      ],
      ['PATCH', `/api/staff/events/${event.id}`, {}],
      ['PATCH', `/api/staff/events/${event.id}`, { status: 'finished' }],
      ['PATCH', `/api/staff/events/${event.id}`, { awayTeam: event.homeTeam.toUpperCase() }],
      [
        'POST',
        `/api/staff/events/${event.id}/markets`,
        { type: 'match_odds', name: 'MO', runners: ['A'], ...limits },
      ],
      [
        'POST',
        `/api/staff/events/${event.id}/markets`,
        { type: 'match_odds', name: 'MO', runners: ['A', 'a'], ...limits },
      ],
      [
        'POST',
        `/api/staff/events/${event.id}/markets`,
        {
          type: 'bookmaker',
          name: 'BM',
          runners: ['A', 'B'],
          ...limits,
          minStake: 500,
          maxStake: 100,
        },
      ],
      [
        'POST',
        `/api/staff/events/${event.id}/markets`,
        { type: 'fancy', name: 'Runs', line: -1, yesRate: 1, noRate: 1, ...limits },
      ],
      [
        'POST',
        `/api/staff/events/${event.id}/markets`,
        { type: 'fancy', name: 'Runs', line: 5, yesRate: 1, noRate: 1, ...limits, minStake: 0.001 },
      ],
    ];
    for (const [method, url, body] of bad) {
      const res = await api(method, url, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().error).toBe(true);
    }
    expect([await count('events'), await count('markets'), await count('audit_log')]).toEqual(
      before,
    );
    const unchanged = await api('GET', `/api/staff/events/${event.id}`);
    expect(unchanged.json().data).toEqual(event);
    expect((await api('GET', '/api/staff/events/999999999')).statusCode).toBe(404);
    expect(
      (await api('PATCH', '/api/staff/events/999999999', { status: 'closed' })).statusCode,
    ).toBe(404);
    expect((await api('GET', '/api/staff/markets/999999999/book')).statusCode).toBe(404);
    expect(
      (await api('PATCH', '/api/staff/markets/999999999', { status: 'open' })).statusCode,
    ).toBe(404);
  });

  it('edits an event; in play takes its markets in play; closed events stay listed for staff', async () => {
    const event = await createEvent({ sportId: 1, competitionName: 'Staff Soccer Cup' });
    const mo = await addMarket(event.id, {
      type: 'match_odds',
      name: 'Match Odds',
      runners: ['H', 'Draw', 'A'],
    });
    expect(mo.inPlay).toBe(false);
    const res = await api('PATCH', `/api/staff/events/${event.id}`, {
      homeTeam: 'Rovers',
      status: 'in_play',
      liveTvUrl: 'https://tv.example.com/live/1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Rovers v Tigers',
      homeTeam: 'Rovers',
      status: 'in_play',
      liveTvUrl: 'https://tv.example.com/live/1',
    });
    expect(res.json().data.markets[0].inPlay).toBe(true);
    const [, update] = await auditOf('event', event.id);
    expect(update).toMatchObject({
      action: 'event.update',
      before: { homeTeam: event.homeTeam, status: 'upcoming', liveTvUrl: null },
      after: { homeTeam: 'Rovers', status: 'in_play', liveTvUrl: 'https://tv.example.com/live/1' },
    });

    const closed = await api('PATCH', `/api/staff/events/${event.id}`, { status: 'closed' });
    expect(closed.json().data.status).toBe('closed');
    const players = await call(h, 'GET', '/api/bet/matches?sportId=1');
    expect(players.json().data.items.map((e: { id: string }) => e.id)).not.toContain(event.id);
    const staff = await api('GET', '/api/staff/events?status=closed&sportId=1&q=rovers');
    expect(staff.json().data.items.map((e: StaffEvent) => e.id)).toEqual([event.id]);
    const byId = await api('GET', `/api/staff/events?q=${event.id}`);
    expect(byId.json().data.items.map((e: StaffEvent) => e.id)).toContain(event.id);
    // A closed event takes no new markets.
    const refused = await api('POST', `/api/staff/events/${event.id}/markets`, {
      type: 'fancy',
      name: 'Goals',
      line: 2,
      yesRate: 100,
      noRate: 100,
      ...limits,
    });
    expect(refused.statusCode).toBe(409);
  });

  it('lists every event newest start first with paging', async () => {
    const older = await createEvent({
      startTime: new Date(Date.now() + 86_400_000 * 400).toISOString(),
    });
    const newer = await createEvent({
      startTime: new Date(Date.now() + 86_400_000 * 401).toISOString(),
    });
    const res = await api('GET', '/api/staff/events?page=1&pageSize=2');
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.items.map((e: StaffEvent) => e.id)).toEqual([newer.id, older.id]);
    expect(page).toMatchObject({ page: 1, pageSize: 2 });
    expect(page.total).toBeGreaterThanOrEqual(2);
    const second = await api('GET', '/api/staff/events?page=2&pageSize=1');
    expect(second.json().data.items[0].id).toBe(older.id);
    expect((await api('GET', '/api/staff/events?pageSize=1000')).statusCode).toBe(400);
  });

  it('a new match odds market takes bets at once; suspend, resume and limits apply and stream', async () => {
    const event = await createEvent();
    const mo = await addMarket(event.id, {
      type: 'match_odds',
      name: 'Match Odds',
      runners: ['A', 'B'],
    });
    expect(mo).toMatchObject({
      type: 'match_odds',
      status: 'open',
      minStake: 1,
      maxStake: 10_000,
      totalExposure: 0,
      matchedVolume: 0,
      settledVersion: 0,
    });
    expect(h.app.exchange.markets.get(mo.id)!.commissionBps).toBe(200);
    const [a, b] = mo.runners.map((r) => r.id) as [string, string];
    const backer = await funded();
    const layer = await funded();
    const place = (p: { token: string }, body: Record<string, unknown>) =>
      post(
        h,
        '/api/bet/match/odds',
        { idempotencyKey: key(), marketId: mo.id, runnerId: a, ...body },
        { token: p.token },
      );
    expect((await place(backer, { side: 'back', price: 2, stake: 100 })).statusCode).toBe(200);

    const socket = connect(h.baseUrl!, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      auth: { token: backer.token },
    });
    try {
      await new Promise((resolve) =>
        socket.emit(MARKET_EVENTS.subscribe, { marketIds: [mo.id] }, resolve),
      );
      const update = new Promise<Market>((resolve) => {
        socket.on(MARKET_EVENTS.update, (market: Market) => {
          if (market.status === 'suspended') resolve(market);
        });
      });
      const suspended = await api('PATCH', `/api/staff/markets/${mo.id}`, { status: 'suspended' });
      expect(suspended.statusCode, suspended.body).toBe(200);
      expect(suspended.json().data.status).toBe('suspended');
      expect((await update).id).toBe(mo.id);
    } finally {
      socket.disconnect();
    }
    const refused = await place(layer, { side: 'lay', price: 2, stake: 100 });
    expect(refused.json().errorCode).toBe('MARKET_SUSPENDED');

    const resumed = await api('PATCH', `/api/staff/markets/${mo.id}`, {
      status: 'open',
      maxStake: 50,
      inPlayDelayMs: 0,
    });
    expect(resumed.json().data).toMatchObject({ status: 'open', maxStake: 50 });
    expect((await place(layer, { side: 'lay', price: 2, stake: 100 })).json().errorCode).toBe(
      'STAKE_ABOVE_MAX',
    );
    // Limits that cross refuse the whole change.
    const crossed = await api('PATCH', `/api/staff/markets/${mo.id}`, {
      status: 'suspended',
      minStake: 60,
    });
    expect(crossed.statusCode).toBe(400);
    expect(h.app.exchange.markets.get(mo.id)!.status).toBe('open');
    await api('PATCH', `/api/staff/markets/${mo.id}`, { maxStake: 10_000 });
    expect((await place(layer, { side: 'lay', price: 2, stake: 100 })).statusCode).toBe(200);

    const audits = await auditOf('market', mo.id);
    expect(audits.map((row) => row.action)).toEqual([
      'market.create',
      'market.update',
      'market.update',
      'market.update',
    ]);
    expect(audits[2]).toMatchObject({
      before: { status: 'suspended', maxStake: 10_000, inPlayDelayMs: 0 },
      after: { status: 'open', maxStake: 50, inPlayDelayMs: 0 },
    });

    const book = await api('GET', `/api/staff/markets/${mo.id}/book`);
    expect(book.statusCode, book.body).toBe(200);
    expect(book.json().data.market).toMatchObject({ totalExposure: 200, matchedVolume: 100 });
    expect(book.json().data.exposures).toEqual(
      expect.arrayContaining([
        {
          playerId: String(backer.id),
          username: expect.any(String) as unknown,
          exposure: 100,
          pnlByRunner: { [a]: 100, [b]: -100 },
        },
        {
          playerId: String(layer.id),
          username: expect.any(String) as unknown,
          exposure: 100,
          pnlByRunner: { [a]: -100, [b]: 100 },
        },
      ]),
    );
  });

  it('bookmaker rates and fancy lines set by hand are what players bet at; the book shows who holds what', async () => {
    const event = await createEvent();
    const bm = await addMarket(event.id, {
      type: 'bookmaker',
      name: 'Bookmaker',
      runners: ['A', 'B'],
    });
    expect(bm.runners.map((r) => [r.backRate, r.layRate])).toEqual([
      [null, null],
      [null, null],
    ]);
    const [a, b] = bm.runners.map((r) => r.id) as [string, string];
    const p1 = await funded();
    const p2 = await funded();
    const bet = (p: { token: string }, body: Record<string, unknown>) =>
      post(
        h,
        '/api/bet/bookmaker/odds',
        { idempotencyKey: key(), marketId: bm.id, runnerId: a, ...body },
        { token: p.token },
      );
    expect((await bet(p1, { side: 'back', rate: 90, stake: 100 })).json().errorCode).toBe(
      'RATE_CHANGED',
    );

    const rates = await api('PUT', `/api/staff/markets/${bm.id}/rates`, {
      rates: [
        { runnerId: a, backRate: 90, layRate: 95 },
        { runnerId: b, backRate: 100, layRate: null },
      ],
    });
    expect(rates.statusCode, rates.body).toBe(200);
    expect(
      rates
        .json()
        .data.runners.map((r: { backRate: number | null; layRate: number | null }) => [
          r.backRate,
          r.layRate,
        ]),
    ).toEqual([
      [90, 95],
      [100, null],
    ]);
    // Stored with the market's new version (what a restarted engine loads).
    expect(
      await executeRows<{ back_rate: number | null; lay_rate: number | null; version: number }>(
        h.db,
        sql`select r.back_rate, r.lay_rate, m.version::int as version from runners r
            join markets m on m.id = r.market_id
            where r.market_id = ${Number(bm.id)} order by r.sort`,
      ),
    ).toEqual([
      { back_rate: 90, lay_rate: 95, version: rates.json().data.version },
      { back_rate: 100, lay_rate: null, version: rates.json().data.version },
    ]);
    expect(rates.json().data.version).toBeGreaterThan(bm.version);
    expect((await bet(p1, { side: 'back', rate: 90, stake: 100 })).statusCode).toBe(200);
    expect((await bet(p2, { side: 'lay', rate: 95, stake: 100 })).statusCode).toBe(200);
    // A later change answers the bets' totals (read while the rates were written), as the
    // event's view shows them.
    const again = await api('PUT', `/api/staff/markets/${bm.id}/rates`, {
      rates: [{ runnerId: b, backRate: 100, layRate: null }],
    });
    const listedMarket = (await api('GET', `/api/staff/events/${event.id}`))
      .json()
      .data.markets.find((m: { id: string }) => m.id === bm.id);
    expect(again.json().data.totalExposure).toBeGreaterThan(0);
    expect(again.json().data.matchedVolume).toBe(200);
    expect({
      totalExposure: again.json().data.totalExposure,
      matchedVolume: again.json().data.matchedVolume,
    }).toEqual({
      totalExposure: listedMarket.totalExposure,
      matchedVolume: listedMarket.matchedVolume,
    });
    const [, ratesAudit] = await auditOf('market', bm.id);
    expect(ratesAudit).toMatchObject({
      action: 'market.rates',
      before: [
        { runnerId: a, backRate: null, layRate: null },
        { runnerId: b, backRate: null, layRate: null },
      ],
    });

    const refusedRates: [unknown, number][] = [
      [{ rates: [{ runnerId: '999999', backRate: 1, layRate: 1 }] }, 404],
      [
        {
          rates: [
            { runnerId: a, backRate: 1, layRate: 1 },
            { runnerId: a, backRate: 2, layRate: 2 },
          ],
        },
        400,
      ],
      [{ rates: [{ runnerId: a, backRate: 0, layRate: 1 }] }, 400],
      [{ rates: [] }, 400],
    ];
    for (const [body, status] of refusedRates) {
      expect((await api('PUT', `/api/staff/markets/${bm.id}/rates`, body)).statusCode).toBe(status);
    }
    expect(h.app.exchange.markets.get(bm.id)!.runners[0]!.backRate).toBe(90);
    expect(
      (await api('PUT', `/api/staff/markets/${bm.id}/line`, { line: 5, yesRate: 1, noRate: 1 }))
        .statusCode,
    ).toBe(400);

    const book = await api('GET', `/api/staff/markets/${bm.id}/book`);
    expect(book.json().data.market).toMatchObject({ totalExposure: 195, matchedVolume: 200 });
    expect(book.json().data.exposures).toEqual([
      {
        playerId: String(p1.id),
        username: expect.any(String) as unknown,
        exposure: 100,
        pnlByRunner: { [a]: 90, [b]: -100 },
      },
      {
        playerId: String(p2.id),
        username: expect.any(String) as unknown,
        exposure: 95,
        pnlByRunner: { [a]: -95, [b]: 100 },
      },
    ]);
    const listed = await api('GET', `/api/staff/events/${event.id}`);
    expect(listed.json().data.markets[0]).toMatchObject({
      id: bm.id,
      totalExposure: 195,
      matchedVolume: 200,
    });

    const fancy = await addMarket(event.id, {
      type: 'fancy',
      name: '10 over runs',
      line: 80,
      yesRate: 100,
      noRate: 100,
    });
    const line = await api('PUT', `/api/staff/markets/${fancy.id}/line`, {
      line: 82,
      yesRate: 90,
      noRate: 110,
    });
    expect(line.json().data).toMatchObject({ line: 82, yesRate: 90, noRate: 110 });
    const fancyBet = (line: number) =>
      post(
        h,
        '/api/bet/fancy/odds',
        { idempotencyKey: key(), marketId: fancy.id, side: 'yes', line, rate: 90, stake: 100 },
        { token: p1.token },
      );
    expect((await fancyBet(80)).json().errorCode).toBe('RATE_CHANGED');
    expect((await fancyBet(82)).statusCode).toBe(200);
    expect(
      (
        await api('PUT', `/api/staff/markets/${fancy.id}/rates`, {
          rates: [{ runnerId: a, backRate: 1, layRate: 1 }],
        })
      ).statusCode,
    ).toBe(400);
    const fancyBook = await api('GET', `/api/staff/markets/${fancy.id}/book`);
    expect(fancyBook.json().data.exposures).toEqual([
      {
        playerId: String(p1.id),
        username: expect.any(String) as unknown,
        exposure: 100,
        pnlByRunner: null,
      },
    ]);
    expect((await auditOf('market', fancy.id)).map((row) => row.action)).toEqual([
      'market.create',
      'market.line',
    ]);
  });

  it('refuses bookmaker rates and fancy lines that offer a sure win, and changes nothing (issue 40)', async () => {
    const event = await createEvent();
    const bm = await addMarket(event.id, {
      type: 'bookmaker',
      name: 'Bookmaker',
      runners: ['A', 'B'],
    });
    const [a, b] = bm.runners.map((r) => r.id) as [string, string];
    const rates = (body: unknown) => api('PUT', `/api/staff/markets/${bm.id}/rates`, body);
    const stored = async () =>
      executeRows<{ back_rate: number | null; lay_rate: number | null }>(
        h.db,
        sql`select back_rate, lay_rate from runners where market_id = ${Number(bm.id)} order by sort`,
      );
    const audits = async () => (await auditOf('market', bm.id)).length;
    const fine = await rates({
      rates: [
        { runnerId: a, backRate: 45, layRate: 48 },
        { runnerId: b, backRate: 180, layRate: 220 },
      ],
    });
    expect(fine.statusCode, fine.body).toBe(200);
    const auditsBefore = await audits();
    const versionBefore = h.app.exchange.markets.get(bm.id)!.version;
    for (const body of [
      // The rates: backing both at 112 and 110 wins 12 or 10 on 100 whatever happens.
      {
        rates: [
          { runnerId: a, backRate: 112, layRate: 115 },
          { runnerId: b, backRate: 110, layRate: 113 },
        ],
      },
      // One runner changed, with the other's rates as they are: back A at 2.60 and B at 2.80.
      { rates: [{ runnerId: a, backRate: 160, layRate: 165 }] },
      // Laying both: 1.48 and 1.60 on the lay side is a lay book of 130 %.
      { rates: [{ runnerId: b, backRate: 50, layRate: 60 }] },
      // Crossed: back at 50 and lay at 48 on the same runner.
      { rates: [{ runnerId: a, backRate: 50, layRate: 48 }] },
    ]) {
      const refused = await rates(body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({
        errorCode: 'RATES_OFFER_SURE_WIN',
        message: errorCatalogue.RATES_OFFER_SURE_WIN.message,
      });
    }
    expect(await stored()).toEqual([
      { back_rate: 45, lay_rate: 48 },
      { back_rate: 180, lay_rate: 220 },
    ]);
    expect(h.app.exchange.markets.get(bm.id)!.runners.map((r) => [r.backRate, r.layRate])).toEqual([
      [45, 48],
      [180, 220],
    ]);
    expect(h.app.exchange.markets.get(bm.id)!.version).toBe(versionBefore);
    expect(await audits()).toBe(auditsBefore);

    const fancy = await addMarket(event.id, {
      type: 'fancy',
      name: '6 over runs',
      line: 48,
      yesRate: 90,
      noRate: 110,
    });
    const line = await api('PUT', `/api/staff/markets/${fancy.id}/line`, {
      line: 50,
      yesRate: 110,
      noRate: 100,
    });
    expect(line.json().errorCode).toBe('RATES_OFFER_SURE_WIN');
    expect(h.app.exchange.markets.get(fancy.id)).toMatchObject({
      line: 48,
      yesRate: 90,
      noRate: 110,
    });
    const created = await api('POST', `/api/staff/events/${event.id}/markets`, {
      ...limits,
      type: 'fancy',
      name: '10 over runs',
      line: 80,
      yesRate: 105,
      noRate: 95,
    });
    expect(created.json().errorCode).toBe('RATES_OFFER_SURE_WIN');
    // A suspension of a market is never refused for its rates.
    const suspend = await api('PATCH', `/api/staff/markets/${fancy.id}`, { status: 'suspended' });
    expect(suspend.statusCode).toBe(200);
  });

  it('a rates change and its audit row are one statement: when the row fails, nothing is written', async () => {
    const event = await createEvent();
    const bm = await addMarket(event.id, {
      type: 'bookmaker',
      name: 'Bookmaker',
      runners: ['A', 'B'],
    });
    const stored = () =>
      executeRows<{ back_rate: number | null; version: number }>(
        h.db,
        sql`select r.back_rate, m.version::int as version from runners r
            join markets m on m.id = r.market_id where r.market_id = ${Number(bm.id)}
            order by r.sort`,
      );
    const before = await stored();
    const rates = [{ runnerId: Number(bm.runners[0]!.id), backRate: 90, layRate: 95 }];
    // An audit row without its actor breaks a not-null constraint.
    const badRow = sql`insert into audit_log (actor_type) values (null)`;
    await expect(
      repo.writeRunnerRates(h.db, Number(bm.id), rates, bm.version + 1, badRow),
    ).rejects.toThrow();
    expect(await stored()).toEqual(before);
    const auditRows = await count('audit_log');
    await repo.writeRunnerRates(
      h.db,
      Number(bm.id),
      rates,
      bm.version + 1,
      sql`insert into audit_log (actor_type, actor_id, action, target_type, target_id, created_at)
          values ('staff', '1', 'market.rates', 'market', ${bm.id}, now())`,
    );
    expect(await stored()).toEqual([
      { back_rate: 90, version: bm.version + 1 },
      { back_rate: null, version: bm.version + 1 },
    ]);
    expect(await count('audit_log')).toBe(auditRows + 1);
  });

  it('a settled or voided market cannot be reopened or repriced; staff still see it', async () => {
    const event = await createEvent();
    const bm = await addMarket(event.id, {
      type: 'bookmaker',
      name: 'Bookmaker',
      runners: ['A', 'B'],
    });
    const [a] = bm.runners.map((r) => r.id) as [string, string];
    await api('PUT', `/api/staff/markets/${bm.id}/rates`, {
      rates: [{ runnerId: a, backRate: 100, layRate: 100 }],
    });
    const p = await funded(1000);
    await post(
      h,
      '/api/bet/bookmaker/odds',
      { idempotencyKey: key(), marketId: bm.id, runnerId: a, side: 'back', rate: 100, stake: 100 },
      { token: p.token },
    );
    const voided = await post(
      h,
      `/api/staff/markets/${bm.id}/result`,
      { void: true },
      { token: admin },
    );
    expect(voided.statusCode, voided.body).toBe(200);
    expect(await getWallet(h.db, p.id)).toMatchObject({ balance: 1000, exposure: 0 });
    const audits = (await auditOf('market', bm.id)).length;

    const reopen = await api('PATCH', `/api/staff/markets/${bm.id}`, { status: 'open' });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().errorCode).toBe('MARKET_ALREADY_SETTLED');
    const reprice = await api('PUT', `/api/staff/markets/${bm.id}/rates`, {
      rates: [{ runnerId: a, backRate: 1, layRate: 1 }],
    });
    expect(reprice.json().errorCode).toBe('MARKET_ALREADY_SETTLED');
    expect((await auditOf('market', bm.id)).length).toBe(audits);
    expect(h.app.exchange.markets.get(bm.id)!.status).toBe('voided');

    // Once the engine has let the market go (a restart), staff still see it as stored.
    h.app.exchange.markets.delete(bm.id);
    h.app.exchange.events.delete(event.id);
    const stored = await api('GET', `/api/staff/events/${event.id}`);
    expect(stored.json().data.markets[0]).toMatchObject({
      id: bm.id,
      status: 'voided',
      settledVersion: 1,
      totalExposure: 0,
      matchedVolume: 100,
      runners: [{ id: a, backRate: 100, availableToBack: [] }, { backRate: null }],
    });
    const book = await api('GET', `/api/staff/markets/${bm.id}/book`);
    expect(book.json().data.exposures).toEqual([
      expect.objectContaining({ playerId: String(p.id), exposure: 0 }),
    ]);
  });
});

import type {
  StaffCrashReport,
  StaffCrashRoundDetail,
  StaffCrashRounds,
  StaffCrashSettings,
  StaffCrashSettingsBody,
} from '@spm/contract';
import { INDIA_TIME_ZONE } from '@spm/core';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { call, registerPlayer } from '../../test/identity.ts';
import { adminToken, staffMemberWithToken } from '../../test/staff.ts';
import { drivers, useHarness } from '../../test/use-harness.ts';
import { CRASH_TEST_ENV, crashKit } from './crash-test-kit.ts';

const DEFAULTS: StaffCrashSettingsBody = {
  houseEdgePercent: 3,
  maxMultiplier: 10_000,
  minStake: 10,
  maxStakePerRound: 7_500,
  maxReturn: 75_000,
};

/** The Indian day of an instant (the report's and the filter's days). */
const indianDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: INDIA_TIME_ZONE }).format(at);

describe.each(drivers)('back office crash on %s', (driver) => {
  const h = useHarness(driver, { env: CRASH_TEST_ENV });
  const kit = crashKit(h);
  let admin: string;
  let agent: string;

  beforeAll(async () => {
    kit.wantCrashPoint((point) => point >= 150 && point <= 300);
    admin = await adminToken(h);
    agent = (await staffMemberWithToken(h, { role: 'agent', agentCode: `CB${Date.now() % 1e6}` }))
      .token;
    await h.app.crash.start();
    await h.app.crash.idle();
  }, 60_000);
  afterAll(() => h.app.crash.stop());

  const api = (method: InjectOptions['method'], url: string, body?: unknown, token = admin) =>
    call(h, method, url, body, { token });

  async function settings(): Promise<StaffCrashSettings> {
    const res = await api('GET', '/api/staff/crash/settings');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as StaffCrashSettings;
  }

  async function audits() {
    return executeRows<{ action: string; actor_id: string; before: unknown; after: unknown }>(
      h.db,
      sql`select action, actor_id, before, after from audit_log
          where target_type = 'crash_settings' order by id`,
    );
  }

  it('answers admin only: a player 401, an agent 403 on every path, nothing changed', async () => {
    const player = (await registerPlayer(h)).token;
    expect((await api('GET', '/api/staff/crash/settings', undefined, player)).statusCode).toBe(401);
    expect(await settings()).toMatchObject({ ...DEFAULTS, paused: false, updatedBy: null });
    for (const [method, url, body] of [
      ['GET', '/api/staff/crash/settings', undefined],
      ['PUT', '/api/staff/crash/settings', DEFAULTS],
      ['POST', '/api/staff/crash/pause', undefined],
      ['POST', '/api/staff/crash/resume', undefined],
      ['GET', '/api/staff/crash/rounds', undefined],
      ['GET', '/api/staff/crash/rounds/1', undefined],
      ['GET', '/api/staff/crash/report?from=2026-01-01&to=2026-01-02', undefined],
    ] as const) {
      const res = await api(method, url, body, agent);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await audits()).toEqual([]);
    expect((await settings()).paused).toBe(false);
  });

  it('refuses settings outside the rules and changes nothing', async () => {
    const before = await settings();
    for (const bad of [
      { houseEdgePercent: 50.01 },
      { houseEdgePercent: -1 },
      { houseEdgePercent: 2.555 },
      { maxMultiplier: 1 },
      { minStake: 0 },
      { minStake: 100, maxStakePerRound: 50 },
      { maxStakePerRound: 7_500.01 },
      { maxReturn: 75_000.01 },
      { maxStakePerRound: 5_000, maxReturn: 4_000 },
      { unknown: 1 },
    ]) {
      const res = await api('PUT', '/api/staff/crash/settings', { ...DEFAULTS, ...bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().errorCode).toBe('VALIDATION_FAILED');
    }
    expect(await settings()).toEqual(before);
    expect(await audits()).toEqual([]);
  });

  it('applies a change from the next round committed, not the one under way, and audits it', async () => {
    const current = await kit.freshRound();
    const res = await api('PUT', '/api/staff/crash/settings', {
      houseEdgePercent: 5.5,
      maxMultiplier: 500,
      minStake: 20,
      maxStakePerRound: 1_000,
      maxReturn: 20_000,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      houseEdgePercent: 5.5,
      maxMultiplier: 500,
      minStake: 20,
      updatedBy: h.seedResult.adminUsername,
      appliesFrom: 'next_round',
      roundInProgressId: String(current.id),
    });
    // The round under way keeps the values it was committed with.
    expect(kit.current()).toMatchObject({
      id: current.id,
      houseEdgeBasisPoints: 300,
      minStakePaise: 1_000n,
    });
    const who = await kit.player(100);
    expect((await kit.bet(who, { stake: 15 })).statusCode).toBe(200);
    await kit.takeOff();
    await kit.untilCrashed();
    const next = await kit.freshRound();
    expect(next).toMatchObject({
      houseEdgeBasisPoints: 550,
      maxMultiplierHundredths: 50_000,
      minStakePaise: 2_000n,
      maxStakePerRoundPaise: 100_000n,
      maxReturnPaise: 2_000_000n,
    });
    expect((await kit.bet(who, { stake: 15 })).json()).toMatchObject({
      errorCode: 'BET_OUTSIDE_LIMITS',
    });
    const detail = await api('GET', `/api/staff/crash/rounds/${next.id}`);
    expect(detail.json().data).toMatchObject({ houseEdgePercent: 5.5, minStake: 20 });

    const [audit] = await audits();
    expect(audit).toMatchObject({
      action: 'crash.settings_update',
      before: { houseEdgePercent: 3, maxMultiplier: 10_000, minStake: 10, maxReturn: 75_000 },
      after: { houseEdgePercent: 5.5, maxMultiplier: 500, minStake: 20, maxReturn: 20_000 },
    });
    expect((await api('PUT', '/api/staff/crash/settings', DEFAULTS)).statusCode).toBe(200);
    expect(await audits()).toHaveLength(2);
  });

  it('pauses after the round under way, refuses a second pause, resumes with a new round; audited', async () => {
    const round = await kit.freshRound();
    const paused = await api('POST', '/api/staff/crash/pause');
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().data.paused).toBe(true);
    expect((await api('POST', '/api/staff/crash/pause')).statusCode).toBe(409);
    // The round in progress still flies and crashes.
    expect(kit.current().id).toBe(round.id);
    await kit.takeOff();
    await kit.untilCrashed();
    await kit.advance(5_000);
    expect(kit.current()).toMatchObject({ id: round.id, phase: 'crashed' });
    expect((await kit.state()).round).toMatchObject({ phase: 'paused' });

    const resumed = await api('POST', '/api/staff/crash/resume');
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().data.paused).toBe(false);
    expect((await api('POST', '/api/staff/crash/resume')).statusCode).toBe(409);
    await kit.advance(2_000);
    expect(kit.current()).toMatchObject({ id: round.id + 1, phase: 'betting' });
    const actions = (await audits()).map((row) => [row.action, row.before, row.after]);
    expect(actions.slice(-2)).toEqual([
      ['crash.pause', { paused: false }, { paused: true }],
      ['crash.resume', { paused: true }, { paused: false }],
    ]);
  });

  it('lists rounds with their bets and incidents; the report sums what the rounds show', async () => {
    const a = await kit.player(500);
    const b = await kit.player(500);
    const round = await kit.freshRound();
    await kit.placed(a, { stake: 100, autoCashOut: 1.2 });
    await kit.placed(a, { stake: 50, panel: 1 });
    await kit.placed(b, { stake: 30 });
    await kit.takeOff();
    await kit.untilCrashed();
    const crashedAt = kit.game().currentRound!.crashedAt!;
    const day = indianDay(crashedAt);

    const detail = await api('GET', `/api/staff/crash/rounds/${round.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const data = detail.json().data as StaffCrashRoundDetail;
    const [user] = await executeRows<{ username: string }>(
      h.db,
      sql`select username from users where id = ${a.id}`,
    );
    expect(data).toMatchObject({ id: String(round.id), phase: 'crashed', players: 2 });
    expect(data.bets).toHaveLength(3);
    const cashed = data.bets.find((bet) => bet.playerId === String(a.id) && bet.panel === 0);
    expect(cashed).toMatchObject({
      playerId: String(a.id),
      playerName: user!.username,
      panel: 0,
      stake: 100,
      autoCashOut: 1.2,
      status: 'cashed_out',
      cashOutMultiplier: 1.2,
      cashOutKind: 'auto',
      payout: 120,
    });
    expect(data.bets.map((bet) => bet.status).sort()).toEqual(['cashed_out', 'lost', 'lost']);
    expect(data.totalStake).toBe(180);
    expect(data.totalPayout).toBe(120);
    expect(data.ggr).toBe(60);
    expect((await api('GET', '/api/staff/crash/rounds/999999')).statusCode).toBe(404);
    expect((await api('GET', '/api/staff/crash/rounds/abc')).statusCode).toBe(400);

    // An incident, as the recovery writes it, on another crashed round.
    const [other] = await executeRows<{ id: number }>(
      h.db,
      sql`select id from crash_rounds where phase = 'crashed' and id <> ${round.id}
          order by id limit 1`,
    );
    await h.db.execute(
      sql`update crash_rounds set incident = 'crashed_on_recovery' where id = ${other!.id}`,
    );
    const incidents = await api('GET', '/api/staff/crash/rounds?incidentsOnly=true');
    expect((incidents.json().data as StaffCrashRounds).items.map((r) => r.id)).toEqual([
      String(other!.id),
    ]);

    const all: StaffCrashRounds['items'] = [];
    for (let page = 1; ; page += 1) {
      const res = await api('GET', `/api/staff/crash/rounds?from=${day}&to=${day}&page=${page}`);
      expect(res.statusCode, res.body).toBe(200);
      const paged = res.json().data as StaffCrashRounds;
      all.push(...paged.items);
      if (all.length >= paged.total) break;
    }
    expect(all.find((r) => r.id === String(round.id))).toMatchObject({ totalStake: 180, ggr: 60 });
    const before = await api('GET', '/api/staff/crash/rounds?to=2000-01-01');
    expect(before.json().data.total).toBe(0);
    expect((await api('GET', `/api/staff/crash/rounds?from=${day}&to=2000-01-01`)).statusCode).toBe(
      400,
    );

    const res = await api('GET', `/api/staff/crash/report?from=${day}&to=${day}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data as StaffCrashReport;
    const stake = all.reduce((sum, r) => sum + r.totalStake * 100, 0);
    const payout = all.reduce((sum, r) => sum + r.totalPayout * 100, 0);
    expect(report.days).toHaveLength(1);
    expect(report.totals).toMatchObject({
      rounds: all.length,
      stake: stake / 100,
      payout: payout / 100,
      ggr: (stake - payout) / 100,
      rtpPercent: Math.floor((payout * 10_000) / stake) / 100,
    });
    expect(report.days[0]).toMatchObject({ day, ...report.totals });
    expect(report.totals.bets).toBeGreaterThanOrEqual(3);
    const empty = await api('GET', '/api/staff/crash/report?from=2001-01-01&to=2001-01-31');
    expect(empty.json().data.totals).toMatchObject({ rounds: 0, stake: 0, rtpPercent: null });
    expect(
      (await api('GET', '/api/staff/crash/report?from=2026-02-01&to=2026-01-01')).statusCode,
    ).toBe(400);
  });
});

import {
  CLIENT_EVENTS,
  SERVER_EVENTS,
  realityCheckSettingsSchema,
  staffRealityCheckSchema,
  type RealityCheckAck,
  type RealityCheckEvent,
  type SessionLimitEvent,
} from '@spm/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { drivers, startHarness, type Harness } from '../../../test/harness.ts';
import {
  MINUTE,
  call,
  loginAs,
  playerAuditRows,
  registerPlayer,
  type RegisteredPlayer,
} from '../../../test/identity.ts';
import { connectPlayerSocket, type ClientSocket } from '../../../test/sockets.ts';
import { createStaff, staffToken } from '../../../test/staff.ts';
import { fund } from '../../../test/wallet.ts';
import { realityCheckArmsUnderWay } from './reality-check-watcher.ts';
import { SESSION_SETTINGS_AUDIT_ACTION } from './settings-repository.ts';

/*
 * Issue 42 item 2 by the server's clock: the reality check at each interval (not before) with
 * the time played and the session's net result from the wallet, and the session time limit
 * ending HTTP and sockets. One harness per driver.
 */
describe.each(drivers)('safer play: reality check and session time limit (%s)', (driver) => {
  let h: Harness;
  const open: ClientSocket[] = [];

  beforeAll(async () => {
    h = await startHarness(driver, { listen: true });
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await h.close();
  });

  const put = (token: string, body: unknown) =>
    call(h, 'PUT', '/api/rg/reality-check', body, { token, ip: '203.0.113.9' });
  const get = async (token: string) => {
    const res = await call(h, 'GET', '/api/rg/reality-check', undefined, { token });
    expect(res.statusCode).toBe(200);
    return realityCheckSettingsSchema.parse(res.json().data);
  };

  /** A socket whose watch has read its settings, recording what it hears. */
  async function watchedSocket(token: string) {
    const socket = await connectPlayerSocket(h.baseUrl!, token, open);
    const checks: RealityCheckEvent[] = [];
    const limits: SessionLimitEvent[] = [];
    socket.on(SERVER_EVENTS.realityCheck, (payload) => checks.push(payload));
    socket.on(SERVER_EVENTS.sessionLimit, (payload) => limits.push(payload));
    await settle();
    return { socket, checks, limits };
  }

  /** Waits until no watch is reading and one socket round trip went by. */
  async function settle() {
    await vi.waitFor(() => expect(realityCheckArmsUnderWay()).toBe(0));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  async function playerWithSettings(settings: {
    realityCheckMinutes: number | null;
    sessionLimitMinutes: number | null;
  }): Promise<RegisteredPlayer> {
    const player = await registerPlayer(h);
    const res = await put(player.token, settings);
    expect(res.statusCode).toBe(200);
    return player;
  }

  it('refuses an interval outside 15 to 120 minutes and keeps each change in the audit', async () => {
    const player = await registerPlayer(h);
    expect((await get(player.token)).realityCheckMinutes).toBeNull();
    for (const realityCheckMinutes of [14, 121, 30.5]) {
      const res = await put(player.token, { realityCheckMinutes, sessionLimitMinutes: null });
      expect(res.statusCode).toBe(400);
    }
    expect(
      (await put(player.token, { realityCheckMinutes: 30, sessionLimitMinutes: null })).statusCode,
    ).toBe(200);
    expect(
      (await put(player.token, { realityCheckMinutes: 45, sessionLimitMinutes: 120 })).statusCode,
    ).toBe(200);
    expect(await get(player.token)).toMatchObject({
      realityCheckMinutes: 45,
      sessionLimitMinutes: 120,
    });
    const rows = await playerAuditRows(h, player.user.id, SESSION_SETTINGS_AUDIT_ACTION);
    expect(rows.map((row) => [row.actorType, row.ip, row.before, row.after])).toEqual([
      ['player', '203.0.113.9', null, { realityCheckMinutes: 30, sessionLimitMinutes: null }],
      [
        'player',
        '203.0.113.9',
        { realityCheckMinutes: 30, sessionLimitMinutes: null },
        { realityCheckMinutes: 45, sessionLimitMinutes: 120 },
      ],
    ]);

    // Staff read them with their changes, and have no way to change them.
    const admin = await createStaff(h, { role: 'admin' });
    const token = await staffToken(h, admin);
    const staffUrl = `/api/staff/players/${player.user.id}/reality-check`;
    const view = await call(h, 'GET', staffUrl, undefined, { token });
    expect(view.statusCode).toBe(200);
    expect(staffRealityCheckSchema.parse(view.json().data)).toMatchObject({
      realityCheckMinutes: 45,
      sessionLimitMinutes: 120,
      changes: [
        { after: { realityCheckMinutes: 45, sessionLimitMinutes: 120 } },
        { before: null, after: { realityCheckMinutes: 30, sessionLimitMinutes: null } },
      ],
    });
    const change = await call(h, 'PUT', staffUrl, { realityCheckMinutes: null }, { token });
    expect(change.statusCode).toBe(404);
  });

  it('sends the reality check at each interval of the session and not before', async () => {
    const player = await playerWithSettings({ realityCheckMinutes: 15, sessionLimitMinutes: null });
    const { checks } = await watchedSocket(player.token);
    const started = Date.parse((await get(player.token)).sessionStartedAt);

    h.clock.advance(15 * MINUTE - (h.clock.now().getTime() - started) - 1);
    await settle();
    expect(checks).toEqual([]);

    h.clock.advance(1);
    await vi.waitFor(() => expect(checks).toHaveLength(1));
    expect(checks[0]).toMatchObject({ index: 1, playedMinutes: 15, net: 0 });
    expect(Date.parse(checks[0]!.at) - started).toBe(15 * MINUTE);

    h.clock.advance(14 * MINUTE);
    await settle();
    expect(checks).toHaveLength(1);
    h.clock.advance(MINUTE);
    await vi.waitFor(() => expect(checks).toHaveLength(2));
    expect(checks[1]).toMatchObject({ index: 2, playedMinutes: 30 });
  });

  it("relays one page's answer to the player's other pages, naming the check", async () => {
    const player = await playerWithSettings({ realityCheckMinutes: 15, sessionLimitMinutes: null });
    const first = await watchedSocket(player.token);
    const second = await watchedSocket(player.token);
    const acks: RealityCheckAck[] = [];
    second.socket.on(SERVER_EVENTS.realityCheckAck, (payload) => acks.push(payload));
    const started = Date.parse((await get(player.token)).sessionStartedAt);
    h.clock.advance(started + 15 * MINUTE - h.clock.now().getTime());
    await vi.waitFor(() =>
      expect([first.checks, second.checks].map((c) => c.length)).toEqual([1, 1]),
    );
    const check = first.checks[0]!;

    // Not a check: refused, nothing relayed.
    const refused = await first.socket.emitWithAck(CLIENT_EVENTS.realityCheckAnswered, {
      index: 0,
    });
    expect(refused).toEqual({ status: 'failed' });
    const answer = { sessionStartedAt: check.sessionStartedAt, index: check.index };
    const relayed = await first.socket.emitWithAck(CLIENT_EVENTS.realityCheckAnswered, answer);
    expect(relayed).toEqual({ status: 'success' });
    await vi.waitFor(() => expect(acks).toEqual([answer]));
    expect(second.checks[0]).toMatchObject(answer);
  });

  it("carries the session's net result from the wallet: play before the session does not count", async () => {
    const player = await registerPlayer(h);
    const playerId = Number(player.user.id);
    const wallet = h.app.exchange.deps.wallet;
    await fund(h.app.exchange.deps, playerId, 10_000n);
    const bet = (id: string, amountPaise: bigint) =>
      wallet.stake({
        product: 'casino',
        externalId: id,
        playerId,
        roundId: `${id}-round`,
        amountPaise,
        mode: 'debit',
      });
    // A loss in the sign-up session, before the session the check is about.
    expect((await bet(`rc-old-${playerId}`, 1_000n)).ok).toBe(true);
    h.clock.advance(MINUTE);
    const token = await loginAs(h, player.username, player.password);
    expect(
      (await put(token, { realityCheckMinutes: 20, sessionLimitMinutes: null })).statusCode,
    ).toBe(200);
    const { checks } = await watchedSocket(token);
    // In this session: 25.00 staked and lost, 15.00 staked and 60.00 won: +20.00.
    expect((await bet(`rc-a-${playerId}`, 2_500n)).ok).toBe(true);
    expect((await bet(`rc-b-${playerId}`, 1_500n)).ok).toBe(true);
    const win = await wallet.win({
      product: 'casino',
      externalId: `rc-b-win-${playerId}`,
      playerId,
      roundId: `rc-b-${playerId}-round`,
      amountPaise: 6_000n,
    });
    expect(win.ok).toBe(true);
    h.clock.advance(20 * MINUTE);
    await vi.waitFor(() => expect(checks).toHaveLength(1));
    expect(checks[0]).toMatchObject({ index: 1, playedMinutes: 20, net: 20 });
  });

  it('ends the session and its sockets when the time limit is reached, and caps the next sign-in', async () => {
    const player = await playerWithSettings({ realityCheckMinutes: null, sessionLimitMinutes: 30 });
    const settings = await get(player.token);
    const started = Date.parse(settings.sessionStartedAt);
    expect(Date.parse(settings.sessionEndsAt) - started).toBe(30 * MINUTE);
    const { socket, limits } = await watchedSocket(player.token);
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    h.clock.advance(started + 30 * MINUTE - h.clock.now().getTime() - 1);
    await settle();
    expect(limits).toEqual([]);
    expect(socket.connected).toBe(true);
    expect(
      (await call(h, 'GET', '/api/profile', undefined, { token: player.token })).statusCode,
    ).toBe(200);

    h.clock.advance(1);
    await vi.waitFor(() => expect(limits).toHaveLength(1));
    expect(limits[0]).toMatchObject({ sessionLimitMinutes: 30 });
    expect(await disconnected).toBe('io server disconnect');
    const after = await call(h, 'GET', '/api/profile', undefined, { token: player.token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ errorCode: 'SESSION_EXPIRED' });
    await expect(connectPlayerSocket(h.baseUrl!, player.token, open)).rejects.toThrow();

    // The next session is capped from its own start.
    const token = await loginAs(h, player.username, player.password);
    const next = await get(token);
    expect(Date.parse(next.sessionEndsAt) - Date.parse(next.sessionStartedAt)).toBe(30 * MINUTE);
  });

  it('a limit set during a session counts from its start, leaving a minute when already past', async () => {
    const player = await registerPlayer(h);
    const started = Date.parse((await get(player.token)).sessionStartedAt);
    h.clock.advance(20 * MINUTE);
    expect(
      (await put(player.token, { realityCheckMinutes: null, sessionLimitMinutes: 15 })).statusCode,
    ).toBe(200);
    const ends = Date.parse((await get(player.token)).sessionEndsAt);
    expect(ends).toBe(h.clock.now().getTime() + MINUTE);
    expect(ends - started).toBe(21 * MINUTE);
    h.clock.advance(MINUTE);
    const res = await call(h, 'GET', '/api/profile', undefined, { token: player.token });
    expect(res.statusCode).toBe(401);
  });
});

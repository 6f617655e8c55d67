import { MARKET_EVENTS, authAnswerSchema } from '@spm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../../db/database.ts';
import { drivers, startHarness, type Harness } from '../../../test/harness.ts';
import { HOUR, MINUTE, PASSWORD, post } from '../../../test/identity.ts';
import { connectPlayerSocket, type ClientSocket } from '../../../test/sockets.ts';
import { WITHDRAW_TEST_ENV, get, newPlayer, type TestPlayer } from '../../../test/withdraw.ts';

/** Routes of other screens a restricted session is refused on (403 RESTRICTED). */
const REFUSED: readonly (readonly ['GET' | 'POST', string])[] = [
  ['GET', '/api/casino/games'],
  ['POST', '/api/casino/launch'],
  ['GET', '/api/deposit/get?page=1&pageSize=10'],
  ['GET', '/api/gateways'],
  ['GET', '/api/bet/pnl/1'],
  ['GET', '/api/notifications'],
  ['GET', '/api/play/allowance'],
  ['GET', '/api/rg/limits'],
  ['GET', '/api/sportsbook/launch'],
];
/** What the restricted view needs: withdrawals, history, its status. */
const OPEN = [
  '/api/profile',
  '/api/rg/exclusion',
  '/api/withdrawRequest/get?page=1&pageSize=10',
  '/api/getAccountstatement/2026-11-01/2026-12-31',
  '/api/bets',
  '/api/sportsbook/bets',
  '/api/bet/exposure/amount',
];

describe.each(drivers)('a restricted session on %s (issue 42 item 3)', (driver) => {
  let h: Harness;
  const open: ClientSocket[] = [];

  beforeAll(async () => {
    h = await startHarness(driver, { listen: true, env: WITHDRAW_TEST_ENV });
  });
  afterAll(async () => {
    await h?.close();
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.disconnect();
  });

  const login = async (player: TestPlayer) => {
    const res = await post(h, '/api/login', { username: player.username, password: PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    return authAnswerSchema.parse(res.json().data);
  };
  const ask = (method: 'GET' | 'POST', url: string, token: string) =>
    h.app.inject({ method, url, headers: { authorization: token }, payload: {} });

  /** The player's time-out ends `minutes` from now (as a time-out taken earlier would). */
  const timeOutEndingIn = async (player: TestPlayer, minutes: number) => {
    const until = new Date(h.clock.now().getTime() + minutes * MINUTE);
    await executeRows(
      h.db,
      sql`update wallet_versions set time_out_until = ${until.toISOString()}::timestamptz
          where player_id = ${player.id}`,
    );
  };

  const expectRefused = async (token: string) => {
    for (const [method, url] of REFUSED) {
      const res = await ask(method, url, token);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json().errorCode, url).toBe('RESTRICTED');
    }
  };
  const expectOpen = async (token: string) => {
    for (const url of OPEN) {
      const res = await get(h, url, token);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  };

  it('answers only the restricted view, until the time-out ends, on the same session', async () => {
    const player = await newPlayer(h, 100);
    await timeOutEndingIn(player, 10);
    const signedIn = await login(player);
    expect(signedIn.user.restriction).toMatchObject({ kind: 'time_out' });
    await expectRefused(signedIn.token);
    await expectOpen(signedIn.token);
    // A visitor's lobby stays public.
    expect((await h.app.inject({ method: 'GET', url: '/api/casino/games' })).statusCode).toBe(200);

    // The socket of the restricted view follows no market.
    const socket = await connectPlayerSocket(h.baseUrl!, signedIn.token, open);
    const ack = await socket.emitWithAck(MARKET_EVENTS.subscribe, { marketIds: ['m-1'] });
    expect(ack).toMatchObject({ status: 'failed', errorCode: 'RESTRICTED' });

    // The time-out ends by itself: the same (cached) session is answered in full.
    h.clock.advance(10 * MINUTE);
    for (const [method, url] of REFUSED) {
      const res = await ask(method, url, signedIn.token);
      expect(res.json().errorCode, url).not.toBe('RESTRICTED');
    }
    expect((await get(h, '/api/notifications', signedIn.token)).statusCode).toBe(200);
    const later = await connectPlayerSocket(h.baseUrl!, signedIn.token, open);
    const followed = await later.emitWithAck(MARKET_EVENTS.subscribe, { marketIds: ['m-1'] });
    expect(followed.status).toBe('success');
  });

  it('answers a sign-in after a time-out taken in the app normally once it ends', async () => {
    const player = await newPlayer(h, 100);
    const taken = await post(
      h,
      '/api/rg/exclusion',
      { kind: 'time_out', hours: 24, confirm: true },
      { token: player.token },
    );
    expect(taken.statusCode, taken.body).toBe(200);
    const restricted = await login(player);
    await expectRefused(restricted.token);
    h.clock.advance(24 * HOUR);
    const again = await login(player);
    expect(again.user.restriction).toBeNull();
    expect((await get(h, '/api/casino/games', again.token)).statusCode).toBe(200);
    expect((await get(h, '/api/deposit/get?page=1&pageSize=10', again.token)).statusCode).toBe(200);
  });

  it('leaves a player without a restriction as before', async () => {
    const player = await newPlayer(h, 100);
    for (const url of ['/api/casino/games', '/api/notifications', '/api/rg/limits', ...OPEN]) {
      const res = await get(h, url, player.token);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });
});

import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { drivers, startHarness, type Harness } from '../../test/harness.ts';
import { call, registerPlayer, type RegisteredPlayer } from '../../test/identity.ts';
import { multipartBody, pngBytes } from '../../test/multipart.ts';
import { fund } from '../../test/wallet.ts';
import { pendingWithdrawal } from '../../test/withdraw.ts';
import { adminToken as signInAdmin, createStaff, staffToken } from '../../test/staff.ts';

/**
 * Access control of the whole back office API: every route under /api/staff the app has
 * registered (read from the router, so a new route is checked the day it is added) refuses a
 * missing token and a player's token with 401, and an agent with 403 unless the table below
 * lets agents in. Agents reading a player outside their downline get 404.
 */

/** The sign-in steps: the only staff routes without a staff token. */
const PUBLIC_ROUTES = new Set(['POST /api/staff/login', 'POST /api/staff/login/totp']);

/**
 * What an agent may call. Everything else under /api/staff is admin-only. Adding a route here
 * is a decision: agents then reach it, and its service must filter by downline.
 */
const AGENT_ROUTES = new Set([
  'GET /api/staff/me',
  'POST /api/staff/logout',
  // Their own password only (current password and authenticator code).
  'POST /api/staff/password',
  'GET /api/staff/dashboard',
  'GET /api/staff/players',
  'GET /api/staff/players/:playerId',
  'GET /api/staff/players/:playerId/ledger',
  'GET /api/staff/players/:playerId/bets',
  'GET /api/staff/players/:playerId/sessions',
  // Who invited the player and whom they invited, within the downline (docs/referral.md).
  'GET /api/staff/players/:playerId/referrals',
  // The player's bonus coins and bonuses, within the downline (docs/bonus.md).
  'GET /api/staff/players/:playerId/bonuses',
  // The player's sportsbook bets, within the downline (docs/sportsbook.md).
  'GET /api/staff/players/:playerId/sportsbook-bets',
  // Safer play, read-only (issue 42 item 5): limits, reality check, exclusions.
  'GET /api/staff/players/:playerId/limits',
  'GET /api/staff/players/:playerId/reality-check',
  'GET /api/staff/players/:playerId/exclusions',
  // The queues, read-only and scoped to the downline (decisions stay admin-only).
  'GET /api/staff/deposits',
  'GET /api/staff/deposits/:id',
  'GET /api/staff/withdrawals',
  'GET /api/staff/withdrawals/:id',
  'GET /api/staff/kyc',
  'GET /api/staff/kyc/:id',
  'GET /api/staff/uploads/:id',
  // Casino rounds and their transactions, scoped to the downline (issue 14).
  'GET /api/staff/casino/rounds',
]);

/** Routes that must exist: if the router listing below stops parsing, this test says so. */
const KNOWN_ROUTES = [
  'POST /api/staff/login',
  'POST /api/staff/login/totp',
  'GET /api/staff/me',
  'POST /api/staff/users/:id/disable',
  'GET /api/staff/players/:playerId/sessions',
  'POST /api/staff/players/:playerId/adjustments',
  'POST /api/staff/players/:playerId/lock',
  'GET /api/staff/audit',
];

interface Route {
  method: string;
  path: string;
  key: string;
}

/**
 * Every method and path of the app's router, from `printRoutes` (a tree: each line is a
 * node, its indent the depth, its text the path segment below its parent, then its methods).
 */
export function listRoutes(app: App): Route[] {
  const stack: string[] = [];
  const routes: Route[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (depth === 0 ? '' : (stack[depth - 1] ?? '')) + (match[2] ?? '');
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ')) {
      if (method === '' || method === 'HEAD') continue;
      routes.push({ method, path, key: `${method} ${path}` });
    }
  }
  return routes;
}

describe.each(drivers)('back office access control on %s', (driver) => {
  let h: Harness;
  let routes: Route[];
  let admin: string;
  let agentA: { username: string; password: string; token: string };
  let agentB: { username: string; password: string; token: string };
  let playerOfA: RegisteredPlayer;
  let playerOfB: RegisteredPlayer;

  beforeAll(async () => {
    h = await startHarness(driver);
    routes = listRoutes(h.app).filter((route) => route.path.startsWith('/api/staff'));
    admin = await signInAdmin(h);
    const suffix = Math.random().toString(36).slice(2, 7).toUpperCase();
    const a = await createStaff(h, { role: 'agent', agentCode: `XA${suffix}` });
    const b = await createStaff(h, { role: 'agent', agentCode: `XB${suffix}` });
    agentA = { ...a, token: await staffToken(h, a) };
    agentB = { ...b, token: await staffToken(h, b) };
    playerOfA = await registerPlayer(h, { agent_code: `XA${suffix}` });
    playerOfB = await registerPlayer(h, { agent_code: `XB${suffix}` });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  /**
   * A concrete URL for the route: ids nobody has (so an admin's call changes nothing), the
   * given player, and a valid statement range for the ledger.
   */
  function urlOf(route: Route, playerId: string): string {
    const path = route.path
      .replace(':playerId', playerId)
      .replace(/:[A-Za-z]+/g, (param) => (param === ':code' ? 'no-such-gateway' : '999999'));
    return route.method === 'GET' ? `${path}?from=2025-01-01&to=2025-01-02` : path;
  }

  function request(route: Route, token: string | undefined, playerId: string) {
    const payload = ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined;
    return call(
      h,
      route.method as InjectOptions['method'],
      urlOf(route, playerId),
      payload,
      token === undefined ? {} : { token },
    );
  }

  /** Logout ends the session it is called with: it gets a session of its own. */
  async function tokenFor(route: Route, who: 'admin' | 'agent'): Promise<string> {
    if (route.key !== 'POST /api/staff/logout') return who === 'admin' ? admin : agentA.token;
    return who === 'admin' ? signInAdmin(h) : staffToken(h, agentA);
  }

  it('finds the routes of the back office in the router', () => {
    const keys = routes.map((route) => route.key);
    for (const known of KNOWN_ROUTES) expect(keys).toContain(known);
    for (const agentRoute of AGENT_ROUTES) expect(keys).toContain(agentRoute);
    expect(routes.length).toBeGreaterThan(20);
  });

  it('refuses a missing token and a player token on every staff route', async () => {
    const player = await registerPlayer(h);
    for (const route of routes) {
      if (PUBLIC_ROUTES.has(route.key)) continue;
      const anonymous = await request(route, undefined, player.user.id);
      expect(anonymous.statusCode, `${route.key} without a token`).toBe(401);
      const asPlayer = await request(route, player.token, player.user.id);
      expect(asPlayer.statusCode, `${route.key} with a player token`).toBe(401);
      const forged = await request(route, 'not-a-session-token', player.user.id);
      expect(forged.statusCode, `${route.key} with a made-up token`).toBe(401);
    }
  });

  it('refuses agents on every admin route (no role escalation), lets admins through', async () => {
    for (const route of routes) {
      if (PUBLIC_ROUTES.has(route.key)) continue;
      const asAgent = await request(route, await tokenFor(route, 'agent'), playerOfA.user.id);
      if (AGENT_ROUTES.has(route.key)) {
        expect([401, 403], `${route.key} is open to agents`).not.toContain(asAgent.statusCode);
      } else {
        expect(asAgent.statusCode, `${route.key} is admin-only`).toBe(403);
        expect(asAgent.json().errorCode).toBe('FORBIDDEN');
      }
      const asAdmin = await request(route, await tokenFor(route, 'admin'), playerOfA.user.id);
      expect([401, 403], `${route.key} is open to admins`).not.toContain(asAdmin.statusCode);
    }
  });

  it('answers 404 to an agent reading a player outside its downline, on every player read', async () => {
    const playerReads = routes.filter(
      (route) => route.path.includes(':playerId') && AGENT_ROUTES.has(route.key),
    );
    expect(playerReads.length).toBeGreaterThanOrEqual(4);
    for (const route of playerReads) {
      const own = await request(route, agentA.token, playerOfA.user.id);
      expect(own.statusCode, `${route.key} on its own player`).toBe(200);
      const foreign = await request(route, agentA.token, playerOfB.user.id);
      expect(foreign.statusCode, `${route.key} on another agent's player`).toBe(404);
      expect(foreign.json().errorCode).toBe('PLAYER_NOT_FOUND');
      const back = await request(route, agentB.token, playerOfA.user.id);
      expect(back.statusCode, `${route.key} the other way round`).toBe(404);
      const missing = await request(route, agentA.token, '999999999');
      expect(missing.statusCode, `${route.key} on an id nobody has`).toBe(404);
    }
  });

  it("shows an agent only its downline's deposits, KYC and files, and admins everything", async () => {
    const submit = async (
      url: string,
      token: string,
      parts: Parameters<typeof multipartBody>[0],
    ) => {
      const body = multipartBody(parts);
      const res = await h.app.inject({
        method: 'POST',
        url,
        headers: { ...body.headers, authorization: token },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { id: string };
    };
    const deposit = (player: RegisteredPlayer) =>
      submit('/api/deposit/create', player.token, [
        { name: 'gateway', value: 'm_paytm' },
        { name: 'amount', value: '500' },
        { name: 'reference', value: `ACL${player.user.id}${Date.now()}` },
        { name: 'proof', data: pngBytes(), filename: 'proof.png' },
      ]);
    const kyc = (player: RegisteredPlayer) =>
      submit('/api/kyc', player.token, [
        { name: 'docType', value: '4' },
        { name: 'front', data: pngBytes(), filename: 'front.png' },
      ]);
    const depositOfA = await deposit(playerOfA);
    const depositOfB = await deposit(playerOfB);
    await kyc(playerOfA);
    await kyc(playerOfB);
    for (const player of [playerOfA, playerOfB]) {
      const id = Number(player.user.id);
      await fund({ db: h.db, clock: h.clock, realtime: h.app.realtime }, id, 50_000n);
      await pendingWithdrawal(
        h,
        { id, token: player.token, phone: player.phone, username: player.username },
        200,
      );
    }
    const get = (url: string, token: string) => call(h, 'GET', url, undefined, { token });

    for (const queue of ['deposits', 'kyc', 'withdrawals']) {
      const asA = await get(`/api/staff/${queue}?pageSize=100`, agentA.token);
      expect(asA.statusCode, queue).toBe(200);
      const players = new Set(
        asA.json().data.items.map((row: { playerId: string }) => row.playerId),
      );
      expect(
        [...players].every((id) => id === playerOfA.user.id),
        queue,
      ).toBe(true);
      const asAdmin = await get(`/api/staff/${queue}?pageSize=100`, admin);
      const all = asAdmin.json().data.items.map((row: { playerId: string }) => row.playerId);
      expect(players.has(playerOfA.user.id), queue).toBe(true);
      expect(all, queue).toEqual(expect.arrayContaining([playerOfA.user.id, playerOfB.user.id]));
    }

    const own = await get(`/api/staff/deposits/${depositOfA.id}`, agentA.token);
    expect(own.statusCode).toBe(200);
    const foreign = await get(`/api/staff/deposits/${depositOfB.id}`, agentA.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errorCode).toBe('DEPOSIT_NOT_FOUND');
    const proofOfA = own.json().data.proofUploadId as string;
    const proofOfB = (await get(`/api/staff/deposits/${depositOfB.id}`, admin)).json().data
      .proofUploadId as string;
    expect((await get(`/api/staff/uploads/${proofOfA}`, agentA.token)).statusCode).toBe(200);
    const foreignFile = await get(`/api/staff/uploads/${proofOfB}`, agentA.token);
    expect(foreignFile.statusCode).toBe(404);
    expect(foreignFile.json().errorCode).toBe('UPLOAD_NOT_FOUND');
    expect((await get(`/api/staff/uploads/${proofOfB}`, admin)).statusCode).toBe(200);

    const kycOfB = (await get(`/api/staff/kyc?playerId=${playerOfB.user.id}`, admin)).json().data
      .items[0] as { id: string };
    expect((await get(`/api/staff/kyc/${kycOfB.id}`, agentA.token)).statusCode).toBe(404);
    expect((await get(`/api/staff/kyc/${kycOfB.id}`, agentB.token)).statusCode).toBe(200);
    // Reading is all an agent may do with them.
    const decide = await call(
      h,
      'POST',
      `/api/staff/deposits/${depositOfA.id}/approve`,
      {},
      {
        token: agentA.token,
      },
    );
    expect(decide.statusCode).toBe(403);
  });

  it('a staff token opens no player route', async () => {
    for (const url of ['/api/profile', '/api/bets', '/api/notifications']) {
      const res = await call(h, 'GET', url, undefined, { token: admin });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

import { REALTIME_PATH } from '@spm/contract';
import { sql } from 'drizzle-orm';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { sessions, users } from '../identity/tables.ts';
import { downlinePlayerFilter, downlinePlayerIdFilter } from '../identity/staff-downline.ts';
import { drivers, startHarness, type Harness } from '../../test/harness.ts';
import { call, loginAs, post, registerPlayer, type RegisteredPlayer } from '../../test/identity.ts';
import { adminToken as signInAdmin, createStaff, staffToken } from '../../test/staff.ts';
import { fund } from '../../test/wallet.ts';

describe.each(drivers)('back office players and audit log on %s', (driver) => {
  let h: Harness;
  let admin: string;
  /** Agent A with sub-agent A1 under it, and agent B beside them. */
  interface Agent {
    id: number;
    username: string;
    token: string;
    code: string;
  }
  let agentA: Agent;
  let agentA1: Agent;
  let agentB: Agent;
  let playerA: RegisteredPlayer;
  let playerA1: RegisteredPlayer;
  let playerB: RegisteredPlayer;
  let loner: RegisteredPlayer;

  async function agent(code: string, parentStaffId?: number): Promise<Agent> {
    const member = await createStaff(h, {
      role: 'agent',
      agentCode: code,
      ...(parentStaffId === undefined ? {} : { parentStaffId }),
    });
    return { id: member.id, username: member.username, token: await staffToken(h, member), code };
  }

  beforeAll(async () => {
    h = await startHarness(driver, { listen: true });
    admin = await signInAdmin(h);
    const suffix = Math.random().toString(36).slice(2, 7).toUpperCase();
    agentA = await agent(`PA${suffix}`);
    agentA1 = await agent(`PAS${suffix}`, agentA.id);
    agentB = await agent(`PB${suffix}`);
    // Codes are matched whatever their case.
    playerA = await registerPlayer(h, { agent_code: agentA.code.toLowerCase() });
    playerA1 = await registerPlayer(h, { agent_code: agentA1.code });
    playerB = await registerPlayer(h, { agent_code: agentB.code });
    loner = await registerPlayer(h, { agent_code: '' });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const get = (url: string, token: string) => call(h, 'GET', url, undefined, { token });
  const ids = (res: { json: () => unknown }) =>
    (res.json() as { data: { items: { id: string }[] } }).data.items.map((item) => item.id);

  describe('search and profile', () => {
    it('admin finds players by exact id, username part (any case) and phone digits', async () => {
      const byId = await get(`/api/staff/players?q=${playerA.user.id}`, admin);
      expect(ids(byId)).toContain(String(playerA.user.id));
      const part = playerA.username.slice(2, 8).toUpperCase();
      expect(ids(await get(`/api/staff/players?q=${part}`, admin))).toEqual([
        String(playerA.user.id),
      ]);
      const phonePart = playerB.phone.slice(3, 9);
      expect(ids(await get(`/api/staff/players?q=${phonePart}`, admin))).toContain(
        String(playerB.user.id),
      );
      const withCountry = encodeURIComponent(`+91 ${playerB.phone}`);
      expect(ids(await get(`/api/staff/players?q=${withCountry}`, admin))).toEqual([
        String(playerB.user.id),
      ]);
      // LIKE characters are literal.
      expect(ids(await get('/api/staff/players?q=%25', admin))).toEqual([]);
    });

    it('pages newest first, filters by status and hides the system accounts', async () => {
      const page = await get('/api/staff/players?pageSize=2&page=1', admin);
      const body = page.json().data as { items: { id: string }[]; total: number };
      expect(body.items).toHaveLength(2);
      expect(body.items[0]?.id).toBe(String(loner.user.id));
      const [systemCount] = await executeRows<{ n: string | number }>(
        h.db,
        sql`select count(*) as n from users where not is_system`,
      );
      expect(body.total).toBe(Number(systemCount?.n));
      const locked = await get('/api/staff/players?status=locked', admin);
      expect(locked.json().data.items).toEqual([]);
    });

    it('shows the profile with wallet, phone with country code and KYC status', async () => {
      await fund(
        { db: h.db, clock: h.clock, realtime: h.app.realtime },
        Number(playerA.user.id),
        12_345n,
      );
      const res = await get(`/api/staff/players/${playerA.user.id}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id: String(playerA.user.id),
        username: playerA.username,
        phone: `91${playerA.phone}`,
        status: 'active',
        isDemo: false,
        // Registered with the code in lower case: stored as the agent has it.
        agentCode: agentA.code,
        kycStatus: 'none',
        registrationIp: expect.any(String) as unknown,
        wallet: { balance: 123.45, cash: 123.45, exposure: 0 },
      });
      const listed = await get(`/api/staff/players?q=${playerA.username}`, admin);
      expect(listed.json().data.items).toHaveLength(1);
      expect(listed.json().data.items[0].wallet.cash).toBe(123.45);
      const missing = await get('/api/staff/players/999999999', admin);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().errorCode).toBe('PLAYER_NOT_FOUND');
    });

    it("shows the player's KYC status (approved wins, else the latest), in the list and on the page", async () => {
      const kycOf = async (player: RegisteredPlayer) => {
        const page = await get(`/api/staff/players/${player.user.id}`, admin);
        const listed = await get(`/api/staff/players?q=${player.username}`, admin);
        return [page.json().data.kycStatus, listed.json().data.items[0].kycStatus];
      };
      // Approved, then a newer one pending: the latest submission is the one shown. The ids are
      // far from the player's id, so a lookup by the submission's own id finds nothing.
      const submit = async (player: RegisteredPlayer, status: string, createdAt: string) => {
        const [upload] = await executeRows<{ id: string }>(
          h.db,
          sql`insert into uploads (player_id, purpose, stored_name, mime_type, size_bytes, sha256, created_at)
              values (${player.user.id}, 'kyc', ${`${Math.random().toString(36).slice(2)}.png`},
                      'image/png', 10, 'x', ${createdAt})
              returning id`,
        );
        await executeRows(
          h.db,
          sql`insert into kyc_submissions (id, player_id, doc_type, front_upload_id, status, created_at)
              values (${900_000_000 + Number(player.user.id) * 10 + (status === 'pending' ? 1 : 0)}, ${player.user.id}, 0, ${upload!.id},
                      ${status}, ${createdAt})`,
        );
      };
      expect(await kycOf(playerA1)).toEqual(['none', 'none']);
      await submit(playerA1, 'approved', '2026-01-01T00:00:00Z');
      expect(await kycOf(playerA1)).toEqual(['approved', 'approved']);
      // A newer submission under review does not hide an approval (the withdrawal rule).
      await submit(playerA1, 'pending', '2026-02-01T00:00:00Z');
      expect(await kycOf(playerA1)).toEqual(['approved', 'approved']);
      await submit(loner, 'declined', '2026-01-01T00:00:00Z');
      expect(await kycOf(loner)).toEqual(['declined', 'declined']);
      expect(await kycOf(playerB)).toEqual(['none', 'none']);
    });

    it('shows the statement, bets and sessions', async () => {
      const today = new Date(h.clock.now().getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);
      const ledger = await get(
        `/api/staff/players/${playerA.user.id}/ledger?from=${today}&to=${today}`,
        admin,
      );
      expect(ledger.statusCode).toBe(200);
      expect(ledger.json().data.items[0]).toMatchObject({ credit: 123.45, balanceAfter: 123.45 });
      const badRange = await get(
        `/api/staff/players/${playerA.user.id}/ledger?from=${today}&to=2000-01-01`,
        admin,
      );
      expect(badRange.json().errorCode).toBe('STATEMENT_RANGE_INVALID');
      const bets = await get(`/api/staff/players/${playerA.user.id}/bets`, admin);
      expect(bets.json().data).toEqual({ items: [], page: 1, pageSize: 20, total: 0 });
      const sessions = await get(`/api/staff/players/${playerA.user.id}/sessions`, admin);
      expect(sessions.json().data.items[0]).toMatchObject({
        active: true,
        revokedReason: null,
      });
    });
  });

  describe('agent downline', () => {
    it('an agent lists its own and its sub-agents’ players only; a sub-agent only its own', async () => {
      const listA = ids(await get('/api/staff/players?pageSize=100', agentA.token));
      expect(listA.sort()).toEqual([String(playerA.user.id), String(playerA1.user.id)].sort());
      const listA1 = ids(await get('/api/staff/players?pageSize=100', agentA1.token));
      expect(listA1).toEqual([String(playerA1.user.id)]);
      const listB = ids(await get(`/api/staff/players?q=${playerA.username}`, agentB.token));
      expect(listB).toEqual([]);
      expect(ids(await get('/api/staff/players?pageSize=100', agentB.token))).toEqual([
        String(playerB.user.id),
      ]);
    });

    it('exports the downline as SQL on an agent code column or a player id column', async () => {
      const staff = { role: 'agent' as const, staffId: agentA.id };
      const byCode = await h.db
        .select({ id: users.id })
        .from(users)
        .where(downlinePlayerFilter(staff));
      const byId = await h.db
        .select({ id: sessions.userId })
        .from(sessions)
        .where(downlinePlayerIdFilter(staff, sessions.userId));
      const expected = [Number(playerA.user.id), Number(playerA1.user.id)].sort();
      expect(byCode.map((row) => row.id).sort()).toEqual(expected);
      expect([...new Set(byId.map((row) => row.id))].sort()).toEqual(expected);
      const everyone = await h.db
        .select({ id: users.id })
        .from(users)
        .where(downlinePlayerFilter({ role: 'admin', staffId: 1 }));
      expect(everyone.length).toBeGreaterThan(4);
    });

    it('a player outside the downline is 404 on every player read', async () => {
      for (const path of ['', '/bets', '/sessions', '/ledger?from=2025-01-01&to=2025-01-02']) {
        const mine = await get(`/api/staff/players/${playerA1.user.id}${path}`, agentA.token);
        expect(mine.statusCode, path).toBe(200);
        const theirs = await get(`/api/staff/players/${playerB.user.id}${path}`, agentA.token);
        expect(theirs.statusCode, path).toBe(404);
        expect(theirs.json().errorCode).toBe('PLAYER_NOT_FOUND');
        const up = await get(`/api/staff/players/${playerA.user.id}${path}`, agentA1.token);
        expect(up.statusCode, path).toBe(404);
      }
    });

    it('agents may not lock, unlock or read the audit log', async () => {
      const lock = await post(
        h,
        `/api/staff/players/${playerA.user.id}/lock`,
        { reason: 'not allowed' },
        { token: agentA.token },
      );
      expect(lock.statusCode).toBe(403);
      expect((await get('/api/staff/audit', agentA.token)).statusCode).toBe(403);
    });
  });

  describe('lock and unlock', () => {
    it('locking ends every session and socket, refuses sign-in, and is audited; unlock lets back in', async () => {
      const player = await registerPlayer(h);
      const second = await loginAs(h, player.username, player.password);
      const socket: Socket = connectClient(h.baseUrl!, {
        path: REALTIME_PATH,
        transports: ['websocket'],
        auth: { token: player.token },
        reconnection: false,
        forceNew: true,
      });
      try {
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
        const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
        const res = await post(
          h,
          `/api/staff/players/${player.user.id}/lock`,
          { reason: 'Chargeback under review' },
          { token: admin, ip: '203.0.113.9' },
        );
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toMatchObject({ player: { status: 'locked' }, sessionsEnded: 2 });
        expect(await gone).toBe('io server disconnect');
      } finally {
        socket.disconnect();
      }
      for (const token of [player.token, second]) {
        expect((await call(h, 'GET', '/api/profile', undefined, { token })).statusCode).toBe(401);
      }
      const signIn = await post(h, '/api/login', {
        username: player.username,
        password: player.password,
      });
      expect(signIn.statusCode).toBe(403);
      expect(signIn.json().errorCode).toBe('ACCOUNT_LOCKED');
      const sessions = await get(`/api/staff/players/${player.user.id}/sessions`, admin);
      expect(
        sessions.json().data.items.map((s: { revokedReason: string }) => s.revokedReason),
      ).toEqual(['account_locked', 'account_locked']);

      const unlock = await post(
        h,
        `/api/staff/players/${player.user.id}/unlock`,
        { reason: 'Cleared' },
        { token: admin },
      );
      expect(unlock.json().data).toMatchObject({ player: { status: 'active' }, sessionsEnded: 0 });
      expect(await loginAs(h, player.username, player.password)).toBeTruthy();

      const audit = await get(`/api/staff/audit?playerId=${player.user.id}&action=player.`, admin);
      const entries = audit.json().data.items as Record<string, unknown>[];
      // Newest first; the player's own registration (audited since session 25) is the oldest.
      expect(entries.map((entry) => entry.action)).toEqual([
        'player.unlock',
        'player.lock',
        'player.registered',
      ]);
      expect(entries[1]).toMatchObject({
        actorType: 'staff',
        actorName: 'admin',
        targetType: 'player',
        targetId: String(player.user.id),
        before: { status: 'active' },
        after: { status: 'locked', sessionsEnded: 2 },
        reason: 'Chargeback under review',
        ip: '203.0.113.9',
      });
    });

    it('needs a reason', async () => {
      const res = await post(
        h,
        `/api/staff/players/${playerB.user.id}/lock`,
        { reason: '' },
        { token: admin },
      );
      expect(res.statusCode).toBe(400);
    });
  });

  describe('audit log', () => {
    it('filters by staff member, action prefix, target and day, newest first', async () => {
      const byStaff = await get(`/api/staff/audit?staffId=${agentA.id}`, admin);
      const actions = (byStaff.json().data.items as { action: string; actorName: string }[]).map(
        (entry) => [entry.action, entry.actorName],
      );
      expect(actions).toEqual([
        ['staff.login', agentA.username],
        ['staff.totp_enrolled', agentA.username],
      ]);
      const logins = await get('/api/staff/audit?action=staff.login&pageSize=100', admin);
      const loginActions = (logins.json().data.items as { action: string }[]).map(
        (entry) => entry.action,
      );
      // admin, A, A1, B: one sign-in each.
      expect(loginActions.filter((action) => action === 'staff.login')).toHaveLength(4);
      expect(loginActions.every((action) => action.startsWith('staff.login'))).toBe(true);
      const none = await get('/api/staff/audit?action=staff.login_', admin);
      expect(none.json().data.total).toBe(0);
      const target = await get(`/api/staff/audit?targetType=staff&targetId=${agentB.id}`, admin);
      expect(target.json().data.total).toBe(2);
      const future = await get('/api/staff/audit?from=2999-01-01', admin);
      expect(future.json().data).toMatchObject({ items: [], total: 0 });
      const past = await get('/api/staff/audit?to=2000-01-01', admin);
      expect(past.json().data.total).toBe(0);
      const all = await get('/api/staff/audit?pageSize=100', admin);
      const times = (all.json().data.items as { id: string }[]).map((entry) => Number(entry.id));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it('names the acting player for rows a player wrote', async () => {
      await executeRows(
        h.db,
        sql`insert into audit_log (actor_type, actor_id, action, target_type, target_id, created_at)
            values ('player', ${String(playerB.user.id)}, 'profile.update', 'player',
                    ${String(playerB.user.id)}, ${h.clock.now().toISOString()}::timestamptz)`,
      );
      const res = await get(`/api/staff/audit?playerId=${playerB.user.id}`, admin);
      expect(res.json().data.items[0]).toMatchObject({
        actorType: 'player',
        actorName: playerB.username,
        action: 'profile.update',
      });
    });
  });
});

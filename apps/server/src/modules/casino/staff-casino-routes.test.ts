import { randomBytes } from 'node:crypto';
import {
  SPM_PROVIDER_ID,
  type StaffCasinoGame,
  type StaffCasinoGgr,
  type StaffCasinoProvider,
  type StaffCasinoProviderSecret,
  type StaffCasinoRounds,
} from '@spm/contract';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { drivers, startHarness, type Harness } from '../../test/harness.ts';
import { call, registerPlayer } from '../../test/identity.ts';
import { adminToken, staffMemberWithToken } from '../../test/staff.ts';
import { insertTestRound, insertTestSpmRound } from './staff-casino-test-rows.ts';
import { casinoGames } from './tables.ts';

const GAME = 'spm-andar-bahar';
const at = (iso: string) => new Date(iso);

describe.each(drivers)('back office casino on %s', (driver) => {
  let h: Harness;
  let admin: string;
  let agent: { token: string; agentCode: string };
  let playerToken: string;

  beforeAll(async () => {
    h = await startHarness(driver);
    admin = await adminToken(h);
    const agentCode = `CA${randomBytes(3).toString('hex').toUpperCase()}`;
    agent = {
      token: (await staffMemberWithToken(h, { role: 'agent', agentCode })).token,
      agentCode,
    };
    playerToken = (await registerPlayer(h)).token;
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const api = (method: InjectOptions['method'], url: string, body?: unknown, token = admin) =>
    call(h, method, url, body, { token });

  async function count(table: 'casino_providers' | 'audit_log') {
    const [row] = await executeRows<{ n: string | number }>(
      h.db,
      sql`select count(*) as n from ${sql.identifier(table)}`,
    );
    return Number(row?.n);
  }

  async function auditOf(targetType: string, targetId: string) {
    return executeRows<{ action: string; actor_id: string; before: unknown; after: unknown }>(
      h.db,
      sql`select * from audit_log where target_type = ${targetType} and target_id = ${targetId}
          order by id`,
    );
  }

  async function games(): Promise<StaffCasinoGame[]> {
    const res = await api('GET', '/api/staff/casino/games');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as StaffCasinoGame[];
  }

  async function providers(): Promise<StaffCasinoProvider[]> {
    const res = await api('GET', '/api/staff/casino/providers');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as StaffCasinoProvider[];
  }

  async function gameRow(id: string) {
    const [row] = await executeRows<Record<string, unknown>>(
      h.db,
      sql`select * from casino_games where id = ${id}`,
    );
    return row;
  }

  async function createProvider(id: string): Promise<StaffCasinoProviderSecret> {
    const res = await api('POST', '/api/staff/casino/providers', {
      id,
      name: `Provider ${id}`,
      launchUrl: `https://games.${id}.example/launch`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as StaffCasinoProviderSecret;
  }

  it('refuses every endpoint without a token and to a player; agents only look up rounds', async () => {
    const endpoints: [InjectOptions['method'], string, unknown?][] = [
      ['GET', '/api/staff/casino/games'],
      ['PATCH', `/api/staff/casino/games/${GAME}`, { enabled: false }],
      ['GET', '/api/staff/casino/providers'],
      [
        'POST',
        '/api/staff/casino/providers',
        { id: 'refused', name: 'Refused', launchUrl: 'https://x.example' },
      ],
      ['POST', `/api/staff/casino/providers/${SPM_PROVIDER_ID}/rotate-secret`],
      ['PATCH', `/api/staff/casino/providers/${SPM_PROVIDER_ID}`, { enabled: false }],
      ['GET', '/api/staff/casino/ggr?from=2030-01-01&to=2030-01-02'],
      ['GET', '/api/staff/casino/rounds'],
    ];
    const before = [await count('casino_providers'), await count('audit_log'), await gameRow(GAME)];
    for (const [method, url, body] of endpoints) {
      expect((await call(h, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await api(method, url, body, playerToken)).statusCode, `${method} ${url}`).toBe(401);
      const asAgent = await api(method, url, body, agent.token);
      if (url === '/api/staff/casino/rounds') {
        expect(asAgent.statusCode, asAgent.body).toBe(200);
      } else {
        expect(asAgent.statusCode, `${method} ${url}`).toBe(403);
        expect(asAgent.json().errorCode).toBe('FORBIDDEN');
      }
    }
    expect([
      await count('casino_providers'),
      await count('audit_log'),
      await gameRow(GAME),
    ]).toEqual(before);
  });

  it('lists every game with its provider, limits in points, RTP, tags and order', async () => {
    const list = await games();
    expect(list).toHaveLength(14);
    const andarBahar = list.find((game) => game.id === GAME)!;
    expect(andarBahar).toMatchObject({
      providerId: SPM_PROVIDER_ID,
      providerName: 'SPM Games',
      family: 'live-casino',
      minBet: 10,
      maxBet: 7500,
      enabled: true,
      kind: 'andar-bahar',
      tags: ['popular'],
    });
    // The range of its bets, as the lobby shows it (andar 97.85 %, bahar 97.00 %).
    expect(andarBahar.rtp).toEqual({ min: 95.5, max: 97.85 });
  });

  it('updates a game (enabled, order, tags, limits, texts) and audits only what changed', async () => {
    const res = await api('PATCH', '/api/staff/casino/games/spm-lucky-7', {
      enabled: false,
      sortOrder: 5,
      isNew: false,
      isPopular: true,
      minBet: 2.5,
      maxBet: 2500,
      name: 'Lucky Seven',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: 'spm-lucky-7',
      enabled: false,
      sortOrder: 5,
      tags: ['popular'],
      minBet: 2.5,
      maxBet: 2500,
      name: 'Lucky Seven',
    });
    const row = await gameRow('spm-lucky-7');
    expect(row).toMatchObject({ enabled: false, is_new: false, is_popular: true, sort_order: 5 });
    expect(BigInt(row!.min_bet_paise as string)).toBe(250n);
    expect(BigInt(row!.max_bet_paise as string)).toBe(250_000n);
    expect((await games()).find((game) => game.id === 'spm-lucky-7')!.enabled).toBe(false);

    const audit = await auditOf('casino_game', 'spm-lucky-7');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'casino.game_update',
      before: {
        enabled: true,
        sortOrder: 40,
        isNew: true,
        isPopular: false,
        minBet: 10,
        maxBet: 7500,
        name: 'Lucky 7',
      },
      after: {
        enabled: false,
        sortOrder: 5,
        isNew: false,
        isPopular: true,
        minBet: 2.5,
        maxBet: 2500,
        name: 'Lucky Seven',
      },
    });
    expect(Object.keys(audit[0]!.after as object).sort()).toEqual(
      ['enabled', 'isNew', 'isPopular', 'maxBet', 'minBet', 'name', 'sortOrder'].sort(),
    );
  });

  it('refuses bad game changes with a clear error and changes nothing', async () => {
    const target = 'spm-dragon-tiger-50'; // 1 to 50 points
    const before = [await gameRow(target), await count('audit_log')];
    const cases: [unknown, string, string?][] = [
      [{ minBet: 100, maxBet: 10 }, 'minBet'],
      [{ maxBet: 7500.01 }, 'maxBet'],
      [{ maxBet: 8000 }, 'maxBet'],
      [{ minBet: 0 }, 'minBet'],
      [{ minBet: 1.005 }, 'minBet'],
      // Above the stored maximum of 50: checked against the row.
      [{ minBet: 60 }, 'minBet'],
      // Below the stored minimum of 1.
      [{ maxBet: 0.5 }, 'maxBet'],
      [{}, ''],
      [{ enabled: 'no' }, 'enabled'],
      [{ secret: 'x' }, ''],
      [{ sortOrder: -1 }, 'sortOrder'],
      [{ name: '  ' }, 'name'],
      [{ thumbnail: 'javascript:alert(1)' }, 'thumbnail'],
    ];
    for (const [body, field] of cases) {
      const res = await api('PATCH', `/api/staff/casino/games/${target}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errorCode).toBe('VALIDATION_FAILED');
      if (field) expect(res.body, JSON.stringify(body)).toContain(field);
    }
    const missing = await api('PATCH', '/api/staff/casino/games/no-such-game', { enabled: false });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorCode).toBe('NOT_FOUND');
    expect([await gameRow(target), await count('audit_log')]).toEqual(before);
  });

  it('shows provider secrets by their last 4 characters only, and the built-in provider', async () => {
    const [secretRow] = await executeRows<{ secret: string }>(
      h.db,
      sql`select secret from casino_providers where id = ${SPM_PROVIDER_ID}`,
    );
    const res = await api('GET', '/api/staff/casino/providers');
    expect(res.body).not.toContain(secretRow!.secret);
    const spm = (res.json().data as StaffCasinoProvider[]).find((p) => p.id === SPM_PROVIDER_ID)!;
    expect(spm).toMatchObject({
      name: 'SPM Games',
      builtIn: true,
      enabled: true,
      launchUrl: null,
      games: 14,
      secretLast4: secretRow!.secret.slice(-4),
    });
  });

  it('creates an external provider answering its secret once, never again, and audits it without it', async () => {
    const auditRows = await count('audit_log');
    const created = await createProvider('acme-live');
    expect(created.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.provider).toMatchObject({
      id: 'acme-live',
      name: 'Provider acme-live',
      launchUrl: 'https://games.acme-live.example/launch',
      enabled: true,
      builtIn: false,
      games: 0,
      secretLast4: created.secret.slice(-4),
    });
    const [stored] = await executeRows<{ secret: string }>(
      h.db,
      sql`select secret from casino_providers where id = 'acme-live'`,
    );
    expect(stored!.secret).toBe(created.secret);
    const list = await api('GET', '/api/staff/casino/providers');
    expect(list.body).not.toContain(created.secret);
    expect(list.body).toContain('acme-live');

    const audit = await auditOf('casino_provider', 'acme-live');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.action).toBe('casino.provider_create');
    expect(JSON.stringify(audit)).not.toContain(created.secret);
    expect(await count('audit_log')).toBe(auditRows + 1);

    // The same id again, and bad bodies: refused, nothing written.
    const providersBefore = await count('casino_providers');
    const again = await api('POST', '/api/staff/casino/providers', {
      id: 'acme-live',
      name: 'Other',
      launchUrl: 'https://other.example',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('CONFLICT');
    for (const body of [
      { id: 'Bad Id', name: 'X Y', launchUrl: 'https://x.example' },
      { id: '-dash', name: 'X Y', launchUrl: 'https://x.example' },
      { id: 'okid', name: 'X', launchUrl: 'https://x.example' },
      { id: 'okid', name: 'Okay', launchUrl: 'http://plain.example' },
      { id: 'okid', name: 'Okay', launchUrl: 'https://x.example', secret: 'mine' },
    ]) {
      const res = await api('POST', '/api/staff/casino/providers', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errorCode).toBe('VALIDATION_FAILED');
    }
    expect(await count('casino_providers')).toBe(providersBefore);
    expect(await count('audit_log')).toBe(auditRows + 1);
  });

  it('rotates a secret: the new one answered once, the old one gone; never the built-in one', async () => {
    const created = await createProvider('rot-prov');
    const res = await api('POST', '/api/staff/casino/providers/rot-prov/rotate-secret');
    expect(res.statusCode, res.body).toBe(200);
    const rotated = res.json().data as StaffCasinoProviderSecret;
    expect(rotated.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rotated.secret).not.toBe(created.secret);
    expect(rotated.provider.secretLast4).toBe(rotated.secret.slice(-4));
    const [stored] = await executeRows<{ secret: string }>(
      h.db,
      sql`select secret from casino_providers where id = 'rot-prov'`,
    );
    expect(stored!.secret).toBe(rotated.secret);
    const list = await api('GET', '/api/staff/casino/providers');
    expect(list.body).not.toContain(rotated.secret);
    const audit = await auditOf('casino_provider', 'rot-prov');
    expect(audit.map((row) => row.action)).toEqual([
      'casino.provider_create',
      'casino.provider_rotate_secret',
    ]);
    expect(audit[1]).toMatchObject({
      before: { secretLast4: created.secret.slice(-4) },
      after: { secretLast4: rotated.secret.slice(-4) },
    });
    expect(JSON.stringify(audit)).not.toContain(rotated.secret);
    expect(JSON.stringify(audit)).not.toContain(created.secret);

    const [spmBefore] = await executeRows<{ secret: string }>(
      h.db,
      sql`select secret from casino_providers where id = ${SPM_PROVIDER_ID}`,
    );
    const builtIn = await api(
      'POST',
      `/api/staff/casino/providers/${SPM_PROVIDER_ID}/rotate-secret`,
    );
    expect(builtIn.statusCode).toBe(409);
    const missing = await api('POST', '/api/staff/casino/providers/nobody/rotate-secret');
    expect(missing.statusCode).toBe(404);
    const [spmAfter] = await executeRows<{ secret: string }>(
      h.db,
      sql`select secret from casino_providers where id = ${SPM_PROVIDER_ID}`,
    );
    expect(spmAfter!.secret).toBe(spmBefore!.secret);
  });

  it('disables, enables and edits a provider, audited; the built-in one has no address', async () => {
    await createProvider('edit-prov');
    const off = await api('PATCH', '/api/staff/casino/providers/edit-prov', { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ id: 'edit-prov', enabled: false });
    const edit = await api('PATCH', '/api/staff/casino/providers/edit-prov', {
      name: 'Edited Live',
      launchUrl: 'https://new.example/play',
    });
    expect(edit.json().data).toMatchObject({
      name: 'Edited Live',
      launchUrl: 'https://new.example/play',
      enabled: false,
    });
    const on = await api('PATCH', '/api/staff/casino/providers/edit-prov', { enabled: true });
    expect(on.json().data.enabled).toBe(true);
    const audit = await auditOf('casino_provider', 'edit-prov');
    expect(audit.map((row) => row.action)).toEqual([
      'casino.provider_create',
      'casino.provider_disable',
      'casino.provider_update',
      'casino.provider_enable',
    ]);
    expect(audit[1]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
    expect(audit[2]).toMatchObject({
      before: { name: 'Provider edit-prov' },
      after: { name: 'Edited Live', launchUrl: 'https://new.example/play' },
    });

    const auditRows = await count('audit_log');
    const spmAddress = await api('PATCH', `/api/staff/casino/providers/${SPM_PROVIDER_ID}`, {
      launchUrl: 'https://elsewhere.example',
    });
    expect(spmAddress.statusCode).toBe(400);
    expect(spmAddress.body).toContain('launchUrl');
    for (const body of [{}, { enabled: 'off' }, { name: 'A' }, { secret: 'mine' }]) {
      const res = await api('PATCH', '/api/staff/casino/providers/edit-prov', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await api('PATCH', '/api/staff/casino/providers/nobody', { enabled: false })).statusCode,
    ).toBe(404);
    expect(await count('audit_log')).toBe(auditRows);
    expect((await providers()).find((p) => p.id === SPM_PROVIDER_ID)!.launchUrl).toBeNull();
  });

  it('lets an admin allow a provider to pay wins without a bet, off by default, audited', async () => {
    const created = await createProvider('free-spins');
    expect(created.provider.winsWithoutBet).toBe(false);
    const allowed = await api('PATCH', '/api/staff/casino/providers/free-spins', {
      winsWithoutBet: true,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().data).toMatchObject({ id: 'free-spins', winsWithoutBet: true });
    expect((await providers()).find((p) => p.id === 'free-spins')!.winsWithoutBet).toBe(true);
    const audit = await auditOf('casino_provider', 'free-spins');
    expect(audit.at(-1)).toMatchObject({
      action: 'casino.provider_update',
      before: { winsWithoutBet: false },
      after: { winsWithoutBet: true },
    });
    const bad = await api('PATCH', '/api/staff/casino/providers/free-spins', {
      winsWithoutBet: 'yes',
    });
    expect(bad.statusCode).toBe(400);
  });

  describe('rounds', () => {
    let alice: { id: number; username: string };
    let bob: { id: number; username: string };
    let first: Awaited<ReturnType<typeof insertTestRound>>;
    let spmSettled: Awaited<ReturnType<typeof insertTestSpmRound>>;
    let spmOpen: Awaited<ReturnType<typeof insertTestSpmRound>>;

    beforeAll(async () => {
      const a = await registerPlayer(h, { agent_code: agent.agentCode });
      const b = await registerPlayer(h);
      alice = { id: Number(a.user.id), username: a.username };
      bob = { id: Number(b.user.id), username: b.username };
      spmSettled = await insertTestSpmRound(h.db, {
        tableId: GAME,
        number: 1,
        settled: true,
        at: at('2031-03-01T10:00:00Z'),
      });
      spmOpen = await insertTestSpmRound(h.db, {
        tableId: GAME,
        number: 2,
        settled: false,
        at: at('2031-03-02T10:00:00Z'),
      });
      first = await insertTestRound(h.db, {
        providerId: SPM_PROVIDER_ID,
        providerRoundId: spmSettled.id,
        playerId: alice.id,
        gameId: GAME,
        startedAt: at('2031-03-01T10:00:00Z'),
        transactions: [
          { kind: 'bet', amountPaise: 10_000n, at: at('2031-03-01T10:00:01Z') },
          { kind: 'win', amountPaise: 19_500n, at: at('2031-03-01T10:00:20Z') },
        ],
      });
      await insertTestRound(h.db, {
        providerId: SPM_PROVIDER_ID,
        providerRoundId: spmOpen.id,
        playerId: alice.id,
        gameId: GAME,
        status: 'open',
        closedAt: null,
        startedAt: at('2031-03-02T10:00:00Z'),
        transactions: [
          { kind: 'bet', amountPaise: 5_000n, at: at('2031-03-02T10:00:01Z') },
          {
            kind: 'bet',
            amountPaise: 900_000n,
            appliedPaise: 0n,
            status: 'RS_ERROR_BET_LIMIT',
            at: at('2031-03-02T10:00:02Z'),
          },
        ],
      });
      for (let day = 3; day <= 5; day += 1) {
        await insertTestRound(h.db, {
          providerId: SPM_PROVIDER_ID,
          playerId: bob.id,
          gameId: 'spm-dragon-tiger',
          startedAt: at(`2031-03-0${day}T10:00:00Z`),
          transactions: [{ kind: 'bet', amountPaise: 100n, at: at(`2031-03-0${day}T10:00:01Z`) }],
        });
      }
    });

    const rounds = async (query: string, token = admin): Promise<StaffCasinoRounds> => {
      const res = await api('GET', `/api/staff/casino/rounds?${query}`, undefined, token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as StaffCasinoRounds;
    };

    it('finds a round by the provider round id with its transactions and revealed seed', async () => {
      const found = await rounds(`providerRoundId=${encodeURIComponent(spmSettled.id)}`);
      expect(found.total).toBe(1);
      const round = found.items[0]!;
      expect(round).toMatchObject({
        id: String(first.roundId),
        providerId: SPM_PROVIDER_ID,
        providerName: 'SPM Games',
        gameId: GAME,
        gameName: 'Andar Bahar',
        playerId: String(alice.id),
        playerUsername: alice.username,
        status: 'closed',
        playMoney: false,
        staked: 100,
        won: 195,
        refunded: 0,
      });
      expect(round.transactions).toEqual([
        expect.objectContaining({ kind: 'bet', amount: 100, applied: 100, status: 'RS_OK' }),
        expect.objectContaining({ kind: 'win', amount: 195, applied: 195, status: 'RS_OK' }),
      ]);
      expect(round.transactions.map((t) => t.providerTransactionId)).toEqual(
        first.providerTransactionIds,
      );
      expect(round.fairness).toMatchObject({
        spmRoundId: spmSettled.id,
        phase: 'settled',
        serverSeedHash: spmSettled.serverSeedHash,
        serverSeed: spmSettled.serverSeed,
        outcome: { winners: ['andar'], resultCode: 'A' },
      });
    });

    it('hides the seed of a round not settled, and shows refused transactions', async () => {
      const found = await rounds(`providerRoundId=${encodeURIComponent(spmOpen.id)}`);
      const round = found.items[0]!;
      expect(round.status).toBe('open');
      expect(round.fairness).toMatchObject({
        serverSeedHash: spmOpen.serverSeedHash,
        serverSeed: null,
      });
      const res = await api('GET', `/api/staff/casino/rounds?providerRoundId=${spmOpen.id}`);
      expect(res.body).not.toContain(spmOpen.serverSeed);
      expect(round.transactions[1]).toMatchObject({
        amount: 9000,
        applied: 0,
        status: 'RS_ERROR_BET_LIMIT',
        walletOperationId: null,
      });
    });

    it('finds by our round id, by player id or username, within Indian days, paged', async () => {
      expect((await rounds(`roundId=${first.roundId}`)).items.map((r) => r.id)).toEqual([
        String(first.roundId),
      ]);
      const byName = await rounds(`playerId=${alice.username.toUpperCase()}`);
      expect(byName.total).toBe(2);
      expect(byName.items[0]!.providerRoundId).toBe(spmOpen.id); // newest first
      expect((await rounds(`playerId=${alice.id}`)).total).toBe(2);
      const bobs = await rounds(`playerId=${bob.username}&pageSize=2&page=1`);
      expect(bobs).toMatchObject({ total: 3, page: 1, pageSize: 2 });
      expect(bobs.items).toHaveLength(2);
      expect((await rounds(`playerId=${bob.username}&pageSize=2&page=2`)).items).toHaveLength(1);
      const ranged = await rounds(`playerId=${bob.username}&from=2031-03-04&to=2031-03-05`);
      expect(ranged.total).toBe(2);
      expect((await rounds('playerId=nobody-at-all')).total).toBe(0);
      const bad = await api('GET', '/api/staff/casino/rounds?from=2031-03-05&to=2031-03-01');
      expect(bad.statusCode).toBe(400);
      expect((await api('GET', '/api/staff/casino/rounds?roundId=abc')).statusCode).toBe(400);
      // The player filter has the name every staff list gives it; a name the endpoint does
      // not know (the old `player`, a typo) is refused rather than answering every round.
      for (const unknown of [`player=${alice.id}`, `playerid=${alice.id}`, 'user=1']) {
        const refused = await api('GET', `/api/staff/casino/rounds?${unknown}`);
        expect(refused.statusCode, unknown).toBe(400);
        expect(refused.json()).toMatchObject({ errorCode: 'VALIDATION_FAILED' });
      }
    });

    it("shows an agent only its downline's rounds", async () => {
      expect((await rounds(`playerId=${alice.username}`, agent.token)).total).toBe(2);
      expect((await rounds(`playerId=${bob.username}`, agent.token)).total).toBe(0);
      const all = await rounds('pageSize=100', agent.token);
      expect(all.items.every((round) => round.playerId === String(alice.id))).toBe(true);
    });
  });

  describe('GGR', () => {
    let extGame: string;

    beforeAll(async () => {
      await createProvider('ggr-ext');
      extGame = 'ggr-ext-roulette';
      await h.db.insert(casinoGames).values({
        id: extGame,
        providerId: 'ggr-ext',
        providerGameId: 'roulette-1',
        name: 'Ext Roulette',
        family: 'live-casino',
        category: 'Roulette',
        thumbnail: '/x.svg',
        minBetPaise: 100n,
        maxBetPaise: 750_000n,
        rtpBasisPoints: 9730,
      });
      const real = await registerPlayer(h);
      const demoPlayer = await registerPlayer(h);
      const player = Number(real.user.id);
      // 2030-01-01 23:59:59 IST: Indian day 1 (UTC 18:29:59).
      await insertTestRound(h.db, {
        providerId: SPM_PROVIDER_ID,
        playerId: player,
        gameId: GAME,
        startedAt: at('2030-01-01T18:29:00Z'),
        transactions: [
          { kind: 'bet', amountPaise: 100_000n, at: at('2030-01-01T18:29:59Z') },
          // 2030-01-02 00:00:00 IST: the win falls on day 2.
          { kind: 'win', amountPaise: 40_000n, at: at('2030-01-01T18:30:00Z') },
        ],
      });
      // A refunded bet (GGR 0) and a refused bet (applied 0) on day 2.
      await insertTestRound(h.db, {
        providerId: SPM_PROVIDER_ID,
        playerId: player,
        gameId: GAME,
        status: 'rolled_back',
        startedAt: at('2030-01-02T05:00:00Z'),
        transactions: [
          { kind: 'bet', amountPaise: 30_000n, at: at('2030-01-02T05:00:00Z') },
          { kind: 'rollback', amountPaise: 30_000n, at: at('2030-01-02T05:01:00Z') },
          {
            kind: 'bet',
            amountPaise: 50_000n,
            appliedPaise: 0n,
            status: 'RS_ERROR_NOT_ENOUGH_MONEY',
            at: at('2030-01-02T05:02:00Z'),
          },
        ],
      });
      // The external provider: a capped win (asked 9,000,000, credited 7,500,000 paise).
      await insertTestRound(h.db, {
        providerId: 'ggr-ext',
        playerId: player,
        gameId: extGame,
        startedAt: at('2030-01-03T06:00:00Z'),
        transactions: [
          { kind: 'bet', amountPaise: 750_000n, at: at('2030-01-03T06:00:00Z') },
          {
            kind: 'win',
            amountPaise: 9_000_000n,
            appliedPaise: 7_500_000n,
            at: at('2030-01-03T06:01:00Z'),
          },
        ],
      });
      // Play money: apart from the real figures.
      await insertTestRound(h.db, {
        providerId: SPM_PROVIDER_ID,
        playerId: Number(demoPlayer.user.id),
        gameId: GAME,
        playMoney: true,
        startedAt: at('2030-01-02T07:00:00Z'),
        transactions: [
          { kind: 'bet', amountPaise: 20_000n, at: at('2030-01-02T07:00:00Z') },
          { kind: 'win', amountPaise: 5_000n, at: at('2030-01-02T07:01:00Z') },
        ],
      });
      // Outside the range (2030-01-04 00:00 IST).
      await insertTestRound(h.db, {
        providerId: SPM_PROVIDER_ID,
        playerId: player,
        gameId: GAME,
        startedAt: at('2030-01-03T18:30:00Z'),
        transactions: [{ kind: 'bet', amountPaise: 999_900n, at: at('2030-01-03T18:30:00Z') }],
      });
    });

    const ggr = async (groupBy: string, from = '2030-01-01', to = '2030-01-03') => {
      const res = await api(
        'GET',
        `/api/staff/casino/ggr?from=${from}&to=${to}&groupBy=${groupBy}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as StaffCasinoGgr;
    };

    it('sums stakes − wins − refunds of real money by Indian day, play money apart', async () => {
      const report = await ggr('day');
      expect(report.rows.map((row) => row.key)).toEqual(['2030-01-01', '2030-01-02', '2030-01-03']);
      const [day1, day2, day3] = report.rows;
      expect(day1!.real).toMatchObject({ stakes: 1000, wins: 0, refunds: 0, ggr: 1000, rounds: 1 });
      expect(day2!.real).toMatchObject({
        stakes: 300,
        wins: 400,
        refunds: 300,
        ggr: -400,
        rounds: 2,
      });
      expect(day2!.playMoney).toMatchObject({ stakes: 200, wins: 50, refunds: 0, ggr: 150 });
      expect(day3!.real).toMatchObject({ stakes: 7500, wins: 75_000, ggr: -67_500 });
      expect(report.totals.real).toMatchObject({
        stakes: 8800,
        wins: 75_400,
        refunds: 300,
        ggr: -66_900,
        rounds: 3,
        players: 1,
      });
      expect(report.totals.playMoney).toMatchObject({
        stakes: 200,
        wins: 50,
        ggr: 150,
        players: 1,
      });
    });

    it('groups by game and by provider with the same totals, and shows quiet days as zeros', async () => {
      const byGame = await ggr('game');
      expect(byGame.rows.map((row) => [row.key, row.label, row.real.ggr])).toEqual([
        [extGame, 'Ext Roulette', -67_500],
        [GAME, 'Andar Bahar', 600],
      ]);
      expect(byGame.rows.find((row) => row.key === GAME)!.playMoney.ggr).toBe(150);
      const byProvider = await ggr('provider');
      expect(byProvider.rows.map((row) => [row.key, row.label, row.real.ggr])).toEqual([
        ['ggr-ext', 'Provider ggr-ext', -67_500],
        [SPM_PROVIDER_ID, 'SPM Games', 600],
      ]);
      expect(byProvider.totals).toEqual(byGame.totals);
      const quiet = await ggr('day', '2029-12-30', '2029-12-31');
      expect(quiet.rows.map((row) => [row.key, row.real.ggr])).toEqual([
        ['2029-12-30', 0],
        ['2029-12-31', 0],
      ]);
      expect(quiet.totals.real.ggr).toBe(0);
      const oneDay = await ggr('day', '2030-01-04', '2030-01-04');
      expect(oneDay.totals.real.stakes).toBe(9999);
    });

    it('refuses a bad range', async () => {
      for (const query of [
        'from=2030-01-05&to=2030-01-01',
        'from=2030-01-01',
        'from=2028-01-01&to=2030-01-01',
        'from=2030-01-01&to=2030-01-02&groupBy=week',
        'from=yesterday&to=2030-01-02',
      ]) {
        const res = await api('GET', `/api/staff/casino/ggr?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().errorCode).toBe('VALIDATION_FAILED');
      }
    });
  });
});

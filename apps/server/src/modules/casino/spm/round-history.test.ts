import {
  SPM_SESSION_HEADER,
  casinoHistorySchema,
  spmTableRoundsSchema,
  spmTableSchema,
  type SpmRoundRecord,
} from '@spm/contract';
import { SPM_GAME_RULES, pointsToPaise, verifySpmRound } from '@spm/core';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../app.ts';
import type { Harness } from '../../../test/harness.ts';
import { providerWalletKit } from '../../../test/casino-wallet.ts';
import { call, loginAs, post, registerPlayer } from '../../../test/identity.ts';
import { drivers, useHarness } from '../../../test/use-harness.ts';
import { fund } from '../../../test/wallet.ts';
import { stepTable, stepUntil } from './spm-fixtures.ts';
import { LAST_RESULTS } from './spm-table.ts';

const DAY_MS = 24 * 60 * 60_000;

/** Replays a history record with core's verifier: what a browser does a day later. */
function replay(record: SpmRoundRecord) {
  const { serverSeed, clientSeed, nonce, serverSeedHash } = record.round.fairness;
  if (serverSeed === null) throw new Error(`round ${record.round.id} has no revealed seed`);
  return verifySpmRound(record.kind, { serverSeed, clientSeed, nonce }, serverSeedHash);
}

describe.each(drivers)('SPM Games round history on %s', (driver) => {
  const h = useHarness(driver);
  const kit = providerWalletKit(h);

  /** A funded player seated at `gameId` through the lobby's launch, on `app`'s API. */
  async function seated(on: Harness, gameId: string) {
    const player = await registerPlayer(on);
    expect((await fund(kit.deps(), Number(player.user.id), 100_000n)).ok).toBe(true);
    const launched = await post(on, '/api/casino/launch', { gameId }, { token: player.token });
    expect(launched.statusCode, launched.body).toBe(200);
    const launchToken = new URL(launched.json().data.url, 'http://site').searchParams.get(
      'launch',
    )!;
    const res = await post(on, '/api/casino/spm/session', { launchToken });
    expect(res.statusCode, res.body).toBe(200);
    return {
      siteToken: player.token,
      session: res.json().data.sessionToken as string,
      username: player.username,
      password: player.password,
    };
  }

  const tableGet = (on: Harness, session: string, url: string) =>
    on.app.inject({ method: 'GET', url, headers: { [SPM_SESSION_HEADER]: session } });

  it('a round verified from history a day later (manual clock): cards, winners, my bets and returns, seeds', async () => {
    const tableId = 'spm-andar-bahar';
    await h.app.spmGames.start({ tableIds: [tableId] });
    const player = await seated(h, tableId);
    const runner = await h.app.spmGames.table(tableId);
    const opened = await runner.ready();
    expect(opened.phase).toBe('betting');
    const stakes = [
      { spot: 'andar', stake: 100 },
      { spot: 'bahar', stake: 40.5 },
    ];
    for (const { spot, stake } of stakes) {
      const res = await h.app.inject({
        method: 'POST',
        url: `/api/casino/spm/tables/${tableId}/bets`,
        headers: { [SPM_SESSION_HEADER]: player.session },
        payload: {
          roundId: opened.id,
          spot,
          stake,
          idempotencyKey: `k-${randomBytes(6).toString('hex')}`,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    // While the round runs, the history shows neither its cards nor its seed.
    const running = casinoHistorySchema.parse(
      (await call(h, 'GET', '/api/casino/rounds', undefined, { token: player.siteToken })).json()
        .data,
    );
    expect(running.items[0]!.spm).toMatchObject({
      kind: 'andar-bahar',
      round: { id: opened.id, outcome: { hands: {}, winners: [] }, fairness: { serverSeed: null } },
      settledAt: null,
    });
    expect(running.items[0]!.spm!.myBets.map((bet) => bet.status)).toEqual([
      'accepted',
      'accepted',
    ]);

    await stepUntil(h, h.app.spmGames, runner, 'settled');
    const dealt = runner.current!.dealt.outcome;
    const atTable = spmTableRoundsSchema.parse(
      (await tableGet(h, player.session, `/api/casino/spm/tables/${tableId}/rounds`)).json().data,
    );
    expect(atTable.items[0]!.round).toMatchObject({ id: opened.id, outcome: dealt });

    // A day later the sign-in of that day is long gone: the player signs in again.
    h.clock.advance(DAY_MS);
    const token = await loginAs(h, player.username, player.password);
    const history = casinoHistorySchema.parse(
      (await call(h, 'GET', '/api/casino/rounds', undefined, { token })).json().data,
    );
    const item = history.items.find((round) => round.providerRoundId === opened.id)!;
    const record = item.spm!;
    expect(record.round.phase).toBe('settled');
    expect(record.round.fairness.serverSeed).not.toBeNull();
    // The cards and winners shown are the deal, and its seeds deal them again.
    expect(record.round.outcome).toEqual(dealt);
    expect(record.round.outcome.hands.joker).toHaveLength(1);
    const check = replay(record);
    expect(check.hashMatches).toBe(true);
    expect(check.dealt.outcome).toEqual(record.round.outcome);
    expect(record.round.fairness.serverSeedHash).toBe(opened.serverSeedHash);
    // My bets, each with what the replayed round returns on it.
    const rules = SPM_GAME_RULES['andar-bahar'];
    expect(record.myBets.map(({ spot, stake }) => ({ spot, stake }))).toEqual(stakes);
    for (const bet of record.myBets) {
      const stakePaise = pointsToPaise(bet.stake);
      if (!stakePaise.ok) throw new Error('bad stake');
      const returned = rules.returnPaise(check.dealt.outcome, bet.spot, stakePaise.paise);
      expect(bet.payout).toBe(Number(returned) / 100);
      expect(bet.status).toBe(returned > 0n ? 'won' : 'lost');
    }
    expect(item.won).toBe(record.myBets.reduce((sum, bet) => sum + (bet.payout ?? 0), 0));
  });

  it('pages the table history, newest first, and refuses it without the table session', async () => {
    const tableId = 'spm-lucky-7';
    await h.app.spmGames.start({ tableIds: [tableId] });
    const player = await seated(h, tableId);
    const runner = await h.app.spmGames.table(tableId);
    await runner.ready();
    for (let round = 0; round < 3; round += 1) {
      await stepUntil(h, h.app.spmGames, runner, 'settled');
      if (round < 2) await stepTable(h, runner);
    }
    const read = async (query: string) =>
      spmTableRoundsSchema.parse(
        (
          await tableGet(h, player.session, `/api/casino/spm/tables/${tableId}/rounds?${query}`)
        ).json().data,
      );
    const first = await read('page=1&pageSize=2');
    const second = await read('page=2&pageSize=2');
    expect(first.total).toBe(3);
    expect([...first.items, ...second.items].map((item) => item.round.number)).toEqual([
      runner.current!.number,
      runner.current!.number - 1,
      runner.current!.number - 2,
    ]);
    for (const item of first.items) expect(replay(item).dealt.outcome).toEqual(item.round.outcome);
    const refused = await h.app.inject({
      method: 'GET',
      url: `/api/casino/spm/tables/${tableId}/rounds`,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('CASINO_SESSION_INVALID');
  });

  it('keeps a table’s last results and its round numbers across a restart (the app built twice over one database)', async () => {
    const tableId = 'spm-dragon-tiger';
    await h.app.spmGames.start({ tableIds: [tableId] });
    const runner = await h.app.spmGames.table(tableId);
    await runner.ready();
    for (let round = 0; round < 3; round += 1) {
      await stepUntil(h, h.app.spmGames, runner, 'settled');
      if (round < 2) await stepTable(h, runner);
    }
    const before = [...runner.lastResults];
    const lastNumber = runner.current!.number;
    expect(before.length).toBeGreaterThanOrEqual(3);
    // The first process stops its tables, as its close does; the second knows nothing of it.
    await h.app.spmGames.stop();

    let second: App | undefined;
    try {
      second = await buildApp({ config: h.config, db: h.db, clock: h.clock });
      await second.ready();
      const restarted: Harness = { ...harnessFields(h), app: second };
      await second.spmGames.start({ tableIds: [tableId] });
      const player = await seated(restarted, tableId);
      h.clock.advance(14 * 60_000);
      const view = spmTableSchema.parse(
        (await tableGet(restarted, player.session, `/api/casino/spm/tables/${tableId}`)).json()
          .data,
      );
      expect(view.lastResults).toEqual(before.slice(0, LAST_RESULTS));
      expect(view.round.number).toBe(lastNumber + 1);
    } finally {
      await second?.close();
    }
  });
});

/** A harness's fields read once (the harness is a proxy over the running one). */
function harnessFields(h: Harness): Harness {
  return {
    driver: h.driver,
    app: h.app,
    config: h.config,
    database: h.database,
    db: h.db,
    seedResult: h.seedResult,
    clock: h.clock,
    baseUrl: h.baseUrl,
    databaseUrl: h.databaseUrl,
    close: h.close,
  };
}

import { SPM_SESSION_HEADER, type SpmRound } from '@spm/contract';
import { SPM_GAME_RULES, SPM_GAME_SPOTS, verifySpmRound } from '@spm/core';
import { and, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { drivers, useHarness } from '../../../test/use-harness.ts';
import { providerWalletKit } from '../../../test/casino-wallet.ts';
import { call, post, registerPlayer } from '../../../test/identity.ts';
import { fund } from '../../../test/wallet.ts';
import { callProviderWallet } from '../index.ts';
import { insertLaunch } from '../provider-wallet-fixtures.ts';
import { casinoGames, casinoTransactions, spmBets } from '../tables.ts';
import type { ProviderWalletCaller } from './operator-wallet.ts';
import { publicRound } from './round-view.ts';
import { restartedSpmGames, stepTable, stepUntil } from './spm-fixtures.ts';

const TABLE = 'spm-lucky-7';
const OTHER_TABLE = 'spm-dragon-tiger-50';
/** A table of its own for the side bets' case: the others' rounds run on the same clock. */
const SIDE_TABLE = 'spm-dragon-tiger';

describe.each(drivers)('SPM Games tables and money on %s', (driver) => {
  const h = useHarness(driver);
  beforeAll(() => h.app.spmGames.start({ tableIds: [TABLE, OTHER_TABLE] }));

  const key = () => `k-${randomBytes(8).toString('hex')}`;
  const kit = providerWalletKit(h);
  const { cash, expectLedgerBalanced } = kit;
  const table = () => h.app.spmGames.table(TABLE);
  /** The wallet as SPM Games calls it in the app: signed, stamped with the app's clock. */
  const caller: ProviderWalletCaller = (call) =>
    callProviderWallet(h.app, { ...call, timestampMs: h.clock.now().getTime() });

  /** A funded player with a launch written as the lobby writes it (service-level cases). */
  async function launch(paise: bigint, gameId = TABLE) {
    const playerId = await kit.fundedPlayer(paise);
    const { launchToken } = await insertLaunch(h.db, {
      providerId: 'spm',
      gameId,
      playerId,
      playMoney: false,
      now: h.clock.now(),
    });
    return { playerId, launchToken };
  }

  /**
   * A signed-up, funded player through the lobby's `POST /api/casino/launch` and the table
   * page's `POST /api/casino/spm/session`.
   */
  async function seated(paise: bigint, gameId = TABLE) {
    const player = await registerPlayer(h);
    const playerId = Number(player.user.id);
    expect((await fund(kit.deps(), playerId, paise)).ok).toBe(true);
    const launched = await post(h, '/api/casino/launch', { gameId }, { token: player.token });
    expect(launched.statusCode, launched.body).toBe(200);
    const { url, embed } = launched.json().data;
    expect(embed).toBe('page');
    const launchToken = new URL(url, 'http://site').searchParams.get('launch')!;
    const res = await post(h, '/api/casino/spm/session', { launchToken });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ gameId, tableId: gameId, playMoney: false });
    return { playerId, launchToken, token: data.sessionToken as string, siteToken: player.token };
  }

  const readTable = (token: string | undefined, tableId = TABLE) =>
    h.app.inject({
      method: 'GET',
      url: `/api/casino/spm/tables/${tableId}`,
      headers: token === undefined ? {} : { [SPM_SESSION_HEADER]: token },
    });

  const bet = (token: string, body: Record<string, unknown>, tableId = TABLE) =>
    h.app.inject({
      method: 'POST',
      url: `/api/casino/spm/tables/${tableId}/bets`,
      headers: { [SPM_SESSION_HEADER]: token },
      payload: { idempotencyKey: key(), ...body },
    });

  /** The table in betting (a new round if the last one settled). */
  async function bettingRound(tableId = TABLE): Promise<SpmRound> {
    const runner = await h.app.spmGames.table(tableId);
    if (runner.current?.phase !== 'betting') {
      await stepUntil(h, h.app.spmGames, runner, 'settled');
      await stepTable(h, runner);
    }
    await runner.ready();
    expect(runner.current?.phase).toBe('betting');
    return publicRound(runner.current!);
  }

  it('plays a round with two players: balances move by exactly the payouts, one win per player', async () => {
    const a = await seated(100_000n);
    const b = await seated(50_000n);
    const read = await readTable(a.token);
    expect(read.statusCode).toBe(200);
    const view = read.json().data;
    expect(view).toMatchObject({
      tableId: TABLE,
      gameId: TABLE,
      kind: 'lucky-7',
      minBet: 10,
      maxBet: 7500,
      bettingSeconds: 15,
      balance: 1000,
      playMoney: false,
      myBets: [],
      round: { phase: 'betting', fairness: { serverSeed: null } },
    });
    expect(view.spots).toEqual(SPM_GAME_SPOTS['lucky-7'].map(({ id, payout }) => ({ id, payout })));
    const roundId = view.round.id as string;

    const placed = [
      { player: a, spot: 'low', stake: 100 },
      { player: a, spot: 'red', stake: 50.25 },
      { player: b, spot: 'seven', stake: 20 },
      { player: b, spot: 'high', stake: 10 },
    ];
    const balances: number[] = [];
    for (const { player, spot, stake } of placed) {
      const res = await bet(player.token, { roundId, spot, stake });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data.bet).toMatchObject({ roundId, spot, stake, status: 'accepted', payout: null });
      balances.push(data.balance);
    }
    expect(balances).toEqual([900, 849.75, 480, 470]);
    expect((await readTable(a.token)).json().data.myBets).toHaveLength(2);

    const runner = await table();
    await stepUntil(h, h.app.spmGames, runner, 'settled');
    const outcome = runner.current!.dealt.outcome;
    const rules = SPM_GAME_RULES['lucky-7'];
    const returns = (player: typeof a) =>
      placed
        .filter((p) => p.player === player)
        .reduce((sum, p) => sum + rules.returnPaise(outcome, p.spot, BigInt(p.stake * 100)), 0n);
    expect(await cash(a.playerId)).toBe(100_000n - 15_025n + returns(a));
    expect(await cash(b.playerId)).toBe(50_000n - 3_000n + returns(b));

    const rows = await h.db.select().from(spmBets).where(eq(spmBets.roundId, roundId));
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      const payout = rules.returnPaise(outcome, row.spot, row.stakePaise);
      expect(row).toMatchObject({
        status: payout > 0n ? 'won' : 'lost',
        payoutPaise: payout,
        winTransactionId: `spm-win-${roundId}-${row.playerId}`,
      });
    }
    for (const player of [a, b]) {
      const wins = await h.db
        .select()
        .from(casinoTransactions)
        .where(
          and(
            eq(casinoTransactions.providerRoundId, roundId),
            eq(casinoTransactions.playerId, player.playerId),
            eq(casinoTransactions.kind, 'win'),
          ),
        );
      expect(wins).toHaveLength(1);
      expect(wins[0]!.amountPaise).toBe(returns(player));
    }

    // The operator's history shows each player's round closed with what moved.
    const history = await call(h, 'GET', '/api/casino/rounds', undefined, { token: a.siteToken });
    expect(history.json().data.items[0]).toMatchObject({
      providerRoundId: roundId,
      gameId: TABLE,
      status: 'closed',
      staked: 150.25,
      won: Number(returns(a)) / 100,
    });

    // The settled round on the table: seed revealed, and it deals what was paid.
    const settled = (await readTable(b.token)).json().data;
    expect(settled.round).toMatchObject({ id: roundId, phase: 'settled' });
    expect(settled.myBets.map((mine: { status: string }) => mine.status).sort()).toEqual(
      rows
        .filter((row) => row.playerId === b.playerId)
        .map((row) => row.status)
        .sort(),
    );
    const { serverSeed, clientSeed, nonce } = settled.round.fairness;
    const check = verifySpmRound(
      'lucky-7',
      { serverSeed, clientSeed, nonce },
      view.round.fairness.serverSeedHash,
    );
    expect(check.hashMatches).toBe(true);
    expect(check.dealt.outcome).toEqual(settled.round.outcome);
    expect(settled.lastResults[0]).toEqual({ roundId, resultCode: outcome.resultCode });
    await expectLedgerBalanced();
  });

  it('settles side bets through the wallet: a Dragon Tiger card pays its suit 3.75 and odd 1.8 or even 2.1, whatever the result', async () => {
    const a = await seated(100_000n, SIDE_TABLE);
    const view = (await readTable(a.token, SIDE_TABLE)).json().data;
    expect(view.spots).toEqual(
      SPM_GAME_SPOTS['dragon-tiger'].map(({ id, payout }) => ({ id, payout })),
    );
    expect(view.spots.map((spot: { id: string }) => spot.id)).toEqual(
      expect.arrayContaining(['dragon-spade', 'dragon-diamond', 'tiger-odd', 'tiger-even']),
    );
    const round = await bettingRound(SIDE_TABLE);
    // Every suit of Dragon's card (one wins), both parities of Tiger's (one wins), and Dragon.
    const placed: [string, number][] = [
      ['dragon-spade', 10],
      ['dragon-heart', 10],
      ['dragon-club', 10],
      ['dragon-diamond', 10],
      ['tiger-odd', 20],
      ['tiger-even', 20],
      ['dragon', 50],
    ];
    for (const [spot, stake] of placed) {
      const res = await bet(a.token, { roundId: round.id, spot, stake }, SIDE_TABLE);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await cash(a.playerId)).toBe(100_000n - 13_000n);

    const runner = await h.app.spmGames.table(SIDE_TABLE);
    await stepUntil(h, h.app.spmGames, runner, 'settled');
    const { hands, resultCode } = runner.current!.dealt.outcome;
    const [dragonCard, tigerCard] = [hands.dragon![0]!, hands.tiger![0]!];
    // Expected by hand from the cards, not through the game's rules.
    const suitSpot = {
      S: 'dragon-spade',
      H: 'dragon-heart',
      C: 'dragon-club',
      D: 'dragon-diamond',
    }[dragonCard[1] as 'S' | 'H' | 'C' | 'D'];
    const tigerOdd = 'A3579JK'.includes(tigerCard[0]!);
    const expectedPaise: Record<string, bigint> = {
      'dragon-spade': 0n,
      'dragon-heart': 0n,
      'dragon-club': 0n,
      'dragon-diamond': 0n,
      [suitSpot]: 3_750n,
      'tiger-odd': tigerOdd ? 3_600n : 0n,
      'tiger-even': tigerOdd ? 0n : 4_200n,
      dragon: resultCode === 'D' ? 10_000n : resultCode === 'X' ? 2_500n : 0n,
    };
    const rows = await h.db.select().from(spmBets).where(eq(spmBets.roundId, round.id));
    expect(
      Object.fromEntries(rows.map((row) => [row.spot, [row.status, row.payoutPaise]])),
    ).toEqual(
      Object.fromEntries(
        Object.entries(expectedPaise).map(([spot, paise]) => [
          spot,
          // A tie's half stake back shows as won, as every return above 0 does.
          [paise > 0n ? 'won' : 'lost', paise],
        ]),
      ),
    );
    const returned = Object.values(expectedPaise).reduce((sum, paise) => sum + paise, 0n);
    expect(await cash(a.playerId)).toBe(100_000n - 13_000n + returned);
    const wins = await h.db
      .select()
      .from(casinoTransactions)
      .where(
        and(
          eq(casinoTransactions.providerRoundId, round.id),
          eq(casinoTransactions.playerId, a.playerId),
          eq(casinoTransactions.kind, 'win'),
        ),
      );
    expect(wins.map((win) => win.amountPaise)).toEqual([returned]);
    await expectLedgerBalanced();
  });

  it('refuses bets outside the limits, on a missing spot, a wrong round or after betting closed: nothing changes', async () => {
    const a = await seated(1_000_000n);
    const round = await bettingRound();
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ roundId: round.id, spot: 'low', stake: 9.99 }, 400, 'BET_OUTSIDE_LIMITS'],
      [{ roundId: round.id, spot: 'low', stake: 7500.01 }, 400, 'BET_OUTSIDE_LIMITS'],
      [{ roundId: round.id, spot: 'low', stake: 10.555 }, 400, 'VALIDATION_FAILED'],
      [{ roundId: round.id, spot: 'nope', stake: 10 }, 400, 'VALIDATION_FAILED'],
      [{ roundId: `${TABLE}-999999`, spot: 'low', stake: 10 }, 409, 'BETTING_CLOSED'],
    ];
    for (const [body, status, code] of refusals) {
      const res = await bet(a.token, body);
      expect([res.statusCode, res.json().errorCode], JSON.stringify(body)).toEqual([status, code]);
    }
    expect(await cash(a.playerId)).toBe(1_000_000n);
    const runner = await table();
    await stepTable(h, runner); // betting closes
    expect(runner.current?.phase).toBe('dealing');
    const late = await bet(a.token, { roundId: round.id, spot: 'low', stake: 10 });
    expect([late.statusCode, late.json().errorCode]).toEqual([409, 'BETTING_CLOSED']);
    expect(await cash(a.playerId)).toBe(1_000_000n);
    expect(await h.db.select().from(spmBets).where(eq(spmBets.playerId, a.playerId))).toEqual([]);
  });

  it('answers a replayed key with the first bet, and refuses the key with another bet', async () => {
    const a = await seated(100_000n);
    const round = await bettingRound();
    const body = { roundId: round.id, spot: 'black', stake: 25, idempotencyKey: key() };
    const first = await bet(a.token, body);
    expect(first.statusCode).toBe(200);
    const again = await bet(a.token, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect(await cash(a.playerId)).toBe(97_500n);
    // The same key sent twice at once: one bet, both answered with it.
    const twice = { ...body, spot: 'red', idempotencyKey: key() };
    const [one, two] = await Promise.all([bet(a.token, twice), bet(a.token, twice)]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.json().data.bet).toEqual(two.json().data.bet);
    expect(await cash(a.playerId)).toBe(95_000n);
    const other = await bet(a.token, { ...body, stake: 30 });
    expect([other.statusCode, other.json().errorCode]).toEqual([409, 'IDEMPOTENCY_MISMATCH']);
    const rows = await h.db.select().from(spmBets).where(eq(spmBets.playerId, a.playerId));
    expect(rows).toHaveLength(2);
    expect(await cash(a.playerId)).toBe(95_000n);
  });

  it('refuses a bet above the balance with nothing changed; its replay gets the same refusal', async () => {
    const a = await seated(500n);
    const round = await bettingRound();
    const body = { roundId: round.id, spot: 'high', stake: 10, idempotencyKey: key() };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const res = await bet(a.token, body);
      expect([res.statusCode, res.json().errorCode]).toEqual([400, 'INSUFFICIENT_FUNDS']);
    }
    expect(await cash(a.playerId)).toBe(500n);
    const [row] = await h.db.select().from(spmBets).where(eq(spmBets.playerId, a.playerId));
    expect(row?.status).toBe('refused');
    expect((await readTable(a.token)).json().data.myBets).toEqual([]);
    await expectLedgerBalanced();
  });

  it('refuses a missing or unknown session, a session of another table, and a used launch token', async () => {
    const a = await seated(10_000n);
    for (const res of [
      await readTable(undefined),
      await readTable('x'.repeat(43)),
      await readTable(a.token, OTHER_TABLE),
      await bet(a.token, { roundId: 'r', spot: 'tie', stake: 1 }, OTHER_TABLE),
    ]) {
      expect([res.statusCode, res.json().errorCode]).toEqual([403, 'CASINO_SESSION_INVALID']);
    }
    const again = await h.app.inject({
      method: 'POST',
      url: '/api/casino/spm/session',
      payload: { launchToken: a.launchToken },
    });
    expect([again.statusCode, again.json().errorCode]).toEqual([403, 'CASINO_SESSION_INVALID']);
  });

  /** A caller whose answers to the operations in `lose` go missing (`after`: the wallet got it). */
  function losingCaller(lose: Set<string>, after: boolean): ProviderWalletCaller {
    return async (call) => {
      if (!lose.has(call.operation)) return caller(call);
      lose.delete(call.operation);
      if (after) await caller(call);
      throw new Error(`the ${call.operation} answer was lost`);
    };
  }

  it('rolls back, before the round settles, a bet whose answer was lost after the wallet took it', async () => {
    const games = restartedSpmGames(h, losingCaller(new Set(['bet']), true));
    try {
      await games.start({ tableIds: [TABLE] });
      const { playerId, launchToken } = await launch(20_000n);
      const session = await games.openSession(launchToken);
      const runner = await games.table(TABLE);
      const round = await runner.ready();
      const body = { roundId: round.id, spot: 'low', stake: 40, idempotencyKey: key() };
      await expect(games.bet(TABLE, session.token, body)).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
      });
      expect(await cash(playerId)).toBe(16_000n); // the wallet took the stake
      await stepTable(h, runner); // betting closes: the rollback goes
      const [row] = await h.db.select().from(spmBets).where(eq(spmBets.playerId, playerId));
      expect(row?.status).toBe('refunded');
      expect(await cash(playerId)).toBe(20_000n);
      await stepUntil(h, games, runner, 'settled');
      expect(await cash(playerId)).toBe(20_000n);
      await expectLedgerBalanced();
    } finally {
      await games.stop();
    }
  });

  it('after a restart finishes the round, rolls back the unanswered bet and pays the win with the stored session', async () => {
    const before = restartedSpmGames(h, losingCaller(new Set(['bet']), false));
    await before.start({ tableIds: [TABLE] });
    const { playerId, launchToken } = await launch(100_000n);
    const session = await before.openSession(launchToken);
    const round = await (await before.table(TABLE)).ready();
    // The first bet's callback never reached the wallet; the next two were accepted.
    const lost = { roundId: round.id, spot: 'seven', stake: 30, idempotencyKey: key() };
    await expect(before.bet(TABLE, session.token, lost)).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    for (const spot of ['low', 'high']) {
      await before.bet(TABLE, session.token, {
        roundId: round.id,
        spot,
        stake: 100,
        idempotencyKey: key(),
      });
    }
    expect(await cash(playerId)).toBe(80_000n);
    await before.stop(); // the process dies while the round takes bets

    // The player never comes back: the new process knows no session in memory.
    const after = restartedSpmGames(h, caller);
    try {
      await after.start({ tableIds: [TABLE] });
      const rows = async () =>
        h.db.select().from(spmBets).where(eq(spmBets.roundId, round.id)).orderBy(spmBets.id);
      // Dealt from the stored seeds and paid with the session the bets were placed with.
      await vi.waitFor(async () => {
        await after.idle();
        expect((await rows()).every((row) => row.status !== 'pending')).toBe(true);
        expect((await rows()).slice(1).every((row) => row.winTransactionId !== null)).toBe(true);
      });
      const paid = await rows();
      expect(paid[0]!.status).toBe('refused'); // never reached the wallet
      expect(paid.slice(1).map((row) => row.status)).toEqual(
        paid.slice(1).map((row) => (row.payoutPaise! > 0n ? 'won' : 'lost')),
      );
      const returns = paid.slice(1).reduce((sum, row) => sum + row.payoutPaise!, 0n);
      expect(await cash(playerId)).toBe(80_000n + returns);
      await expectLedgerBalanced();
    } finally {
      await after.stop();
    }
  });

  it('stops a table the back office disabled after its round, and starts it again once enabled', async () => {
    const a = await seated(10_000n, OTHER_TABLE);
    const runner = await h.app.spmGames.table(OTHER_TABLE);
    const round = await runner.ready();
    await h.db.update(casinoGames).set({ enabled: false }).where(eq(casinoGames.id, OTHER_TABLE));
    // The round under way goes on, but the operator refuses its bets.
    const refused = await bet(a.token, { roundId: round.id, spot: 'tie', stake: 1 }, OTHER_TABLE);
    expect([refused.statusCode, refused.json().errorCode]).toEqual([409, 'GAME_DISABLED']);
    await stepUntil(h, h.app.spmGames, runner, 'settled');
    await stepTable(h, runner); // the pause ends: no new round
    expect(runner.current).toMatchObject({ id: round.id, phase: 'settled' });
    const read = await readTable(a.token, OTHER_TABLE);
    expect([read.statusCode, read.json().errorCode]).toEqual([409, 'GAME_DISABLED']);
    expect(await cash(a.playerId)).toBe(10_000n);

    await h.db.update(casinoGames).set({ enabled: true }).where(eq(casinoGames.id, OTHER_TABLE));
    const again = await readTable(a.token, OTHER_TABLE);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.round).toMatchObject({ number: round.number + 1, phase: 'betting' });
  });
});

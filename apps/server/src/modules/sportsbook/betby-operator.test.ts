import {
  BETBY_ERRORS,
  dataExportSchema,
  sportsbookBetsSchema,
  sportsbookLaunchSchema,
  staffSportsbookBetListSchema,
  statementSchema,
} from '@spm/contract';
import { indiaDay } from '@spm/core';
import { generateKeyPair, importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betbyKit } from '../../test/betby.ts';
import { providerWalletKit } from '../../test/casino-wallet.ts';
import { drivers, startHarness, type Harness } from '../../test/harness.ts';
import { call, registerPlayer } from '../../test/identity.ts';
import { adminToken, staffMemberWithToken } from '../../test/staff.ts';
import { fund } from '../../test/wallet.ts';
import { getWalletView } from '../wallet/index.ts';
import { findBet } from './sportsbook-repository.ts';

/** The operator API Betby calls (docs/sportsbook.md), over HTTP against a real database. */
describe.each(drivers)('Betby operator API on %s', (driver) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(driver);
  });
  afterAll(async () => {
    await h?.close();
  });

  const wallet = () => providerWalletKit(h);
  const betby = () => betbyKit(h);
  const view = (playerId: number) => getWalletView(h.db, playerId);
  const bet = (transactionId: string) => findBet(h.db, 'betby', transactionId);

  it('answers ping, and refuses an unsigned, foreign, stale or misaddressed call as 2004', async () => {
    expect((await betby().call('ping', {})).status).toBe(200);
    const foreign = await generateKeyPair('RS256');
    const refusals = [
      await betby().call('ping', {}, { key: foreign.privateKey }),
      await betby().call('ping', {}, { audience: 'another-brand' }),
      await betby().call(
        'ping',
        {},
        { iatSeconds: Math.floor(h.clock.now().getTime() / 1000) - 3600 },
      ),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(400);
      expect(refusal.body.code).toBe(BETBY_ERRORS.BAD_REQUEST);
    }
    const plain = await h.app.inject({
      method: 'POST',
      url: '/api/betby/ping',
      payload: { payload: 'x.y.z' },
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().code).toBe(2004);
    const notJson = await h.app.inject({
      method: 'POST',
      url: '/api/betby/ping',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().code).toBe(2004);
    expect((await betby().call('bet_explode', {})).status).toBe(404);
  });

  it('holds a stake at bet_make, answers the same to a retry and refuses the id with another body', async () => {
    const playerId = await wallet().fundedPlayer(100_000n);
    const { transactionId, payload } = betby().make(playerId, 25_000);
    const made = await betby().call('bet_make', payload);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({
      ext_transaction_id: transactionId,
      parent_transaction_id: null,
      user_id: String(playerId),
      operation: 'bet',
      amount: 25_000,
      currency: 'INR',
      balance: 75_000,
    });
    expect((await view(playerId)).exposurePaise).toBe(25_000n);
    expect(await bet(transactionId)).toMatchObject({ status: 'open', stakePaise: 25_000n });

    const again = await betby().call('bet_make', payload);
    expect(again).toEqual(made);
    expect((await view(playerId)).balancePaise).toBe(75_000n);

    const changed = await betby().call('bet_make', {
      ...payload,
      amount: 30_000,
      potential_win: 1,
    });
    expect(changed.body.code).toBe(BETBY_ERRORS.BAD_REQUEST);
    const other = betby().make(playerId, 30_000, { transactionId });
    expect((await betby().call('bet_make', other.payload)).body.code).toBe(
      BETBY_ERRORS.BAD_REQUEST,
    );
    expect((await view(playerId)).balancePaise).toBe(75_000n);

    expect((await betby().call('bet_commit', { bet_transaction_id: transactionId })).status).toBe(
      200,
    );
    expect((await bet(transactionId))?.committedAt).not.toBeNull();
    const unknownCommit = await betby().call('bet_commit', { bet_transaction_id: 'nope' });
    expect(unknownCommit.body.code).toBe(BETBY_ERRORS.PARENT_NOT_FOUND);
    await wallet().expectLedgerBalanced();
  });

  it('refuses a make without the money, in another currency, for no player, or with a bonus', async () => {
    const playerId = await wallet().fundedPlayer(1_000n);
    const poor = betby().make(playerId, 5_000);
    expect((await betby().call('bet_make', poor.payload)).body.code).toBe(
      BETBY_ERRORS.NOT_ENOUGH_MONEY,
    );
    expect(await bet(poor.transactionId)).toBeUndefined();
    const points = betby().make(playerId, 500, { currency: 'PTS' });
    expect((await betby().call('bet_make', points.payload)).body.code).toBe(
      BETBY_ERRORS.INVALID_CURRENCY,
    );
    const nobody = betby().make(987_654_321, 500);
    expect((await betby().call('bet_make', nobody.payload)).body.code).toBe(
      BETBY_ERRORS.PLAYER_NOT_FOUND,
    );
    const bonus = betby().make(playerId, 500);
    const freebet = { ...bonus.payload, bonus_id: 'b1', bonus_type: 'freebet_refund' };
    expect((await betby().call('bet_make', freebet)).body.code).toBe(BETBY_ERRORS.BAD_REQUEST);
    // The game rules: 7,500 points staked and 75,000 points won per slip at most.
    const bigStake = betby().make(playerId, 750_001);
    expect((await betby().call('bet_make', bigStake.payload)).body.code).toBe(
      BETBY_ERRORS.LIMITS_EXCEEDED,
    );
    const bigWin = betby().make(playerId, 500, { odds: ['20000'] });
    expect((await betby().call('bet_make', bigWin.payload)).body.code).toBe(
      BETBY_ERRORS.LIMITS_EXCEEDED,
    );
    const mismatched = betby().make(playerId, 500);
    const lying = { ...mismatched.payload, betslip: { ...mismatched.payload.betslip, sum: 400 } };
    expect((await betby().call('bet_make', lying)).body.code).toBe(BETBY_ERRORS.BAD_REQUEST);
    expect((await view(playerId)).balancePaise).toBe(1_000n);
  });

  it('pays a win once, keeps a lost stake, and refunds exactly the stake', async () => {
    const playerId = await wallet().fundedPlayer(100_000n);
    const won = betby().make(playerId, 10_000);
    const lost = betby().make(playerId, 20_000);
    const refunded = betby().make(playerId, 30_000);
    for (const made of [won, lost, refunded]) {
      expect((await betby().call('bet_make', made.payload)).status).toBe(200);
    }
    expect((await view(playerId)).balancePaise).toBe(40_000n);

    const winTx = betby().transaction('win', 18_500);
    const win = {
      amount: 18_500,
      currency: 'INR',
      bet_transaction_id: won.transactionId,
      transaction: winTx,
    };
    const paid = await betby().call('bet_win', win);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({
      operation: 'win',
      balance: 58_500,
      parent_transaction_id: won.transactionId,
    });
    expect(await betby().call('bet_win', win)).toEqual(paid);
    const tooMuch = betby().make(playerId, 1_000);
    await betby().call('bet_make', tooMuch.payload);
    const overWin = await betby().call('bet_win', {
      amount: 1_851,
      currency: 'INR',
      bet_transaction_id: tooMuch.transactionId,
      transaction: betby().transaction('win', 1_851),
    });
    expect(overWin.body.code).toBe(BETBY_ERRORS.BAD_REQUEST);
    await betby().call('bet_discard', {
      ext_player_id: String(playerId),
      transaction_id: tooMuch.transactionId,
    });
    const secondWin = { ...win, transaction: betby().transaction('win', 18_500) };
    expect((await betby().call('bet_win', secondWin)).body.code).toBe(BETBY_ERRORS.BAD_REQUEST);
    expect(await bet(won.transactionId)).toMatchObject({ status: 'won', payoutPaise: 18_500n });

    const lostAnswer = await betby().call('bet_lost', {
      bet_transaction_id: lost.transactionId,
      transaction: betby().transaction('lost', 0),
    });
    expect(lostAnswer.status).toBe(200);
    expect(lostAnswer.body.balance).toBe(58_500);
    expect(await bet(lost.transactionId)).toMatchObject({ status: 'lost', payoutPaise: 0n });

    const short = await betby().call('bet_refund', {
      bet_transaction_id: refunded.transactionId,
      transaction: betby().transaction('refund', 29_999),
    });
    expect(short.body.code).toBe(BETBY_ERRORS.BAD_REQUEST);
    const refund = await betby().call('bet_refund', {
      bet_transaction_id: refunded.transactionId,
      reason: 'event cancelled',
      transaction: betby().transaction('refund', 30_000),
    });
    expect(refund.body.balance).toBe(88_500);
    expect((await view(playerId)).exposurePaise).toBe(0n);
    const unknown = await betby().call('bet_lost', {
      bet_transaction_id: 'no-such-bet',
      transaction: betby().transaction('lost', 0),
    });
    expect(unknown.body.code).toBe(BETBY_ERRORS.PARENT_NOT_FOUND);
    await wallet().expectLedgerBalanced();
  });

  it('rolls a settlement back to an open bet, which then settles again', async () => {
    const playerId = await wallet().fundedPlayer(50_000n);
    const made = betby().make(playerId, 10_000, { odds: ['3.00'] });
    await betby().call('bet_make', made.payload);
    const winTx = betby().transaction('win', 30_000);
    await betby().call('bet_win', {
      amount: 30_000,
      currency: 'INR',
      bet_transaction_id: made.transactionId,
      transaction: winTx,
    });
    expect((await view(playerId)).balancePaise).toBe(70_000n);

    const rollback = {
      bet_transaction_id: made.transactionId,
      parent_transaction_id: winTx.id,
      transaction: betby().transaction('rollback', 30_000),
    };
    const rolled = await betby().call('bet_rollback', rollback);
    expect(rolled.status, JSON.stringify(rolled.body)).toBe(200);
    expect(rolled.body).toMatchObject({ operation: 'rollback', balance: 40_000 });
    expect(await betby().call('bet_rollback', rollback)).toEqual(rolled);
    expect((await view(playerId)).exposurePaise).toBe(10_000n);
    expect(await bet(made.transactionId)).toMatchObject({ status: 'open', payoutPaise: null });

    const wrongParent = await betby().call('bet_rollback', {
      ...rollback,
      parent_transaction_id: 'not-a-settlement',
      transaction: betby().transaction('rollback', 0),
    });
    expect(wrongParent.body.code).toBe(BETBY_ERRORS.PARENT_NOT_FOUND);

    const lostTx = betby().transaction('lost', 0);
    await betby().call('bet_lost', { bet_transaction_id: made.transactionId, transaction: lostTx });
    expect((await view(playerId)).balancePaise).toBe(40_000n);
    const undoLost = await betby().call('bet_rollback', {
      bet_transaction_id: made.transactionId,
      parent_transaction_id: lostTx.id,
      transaction: betby().transaction('rollback', 0),
    });
    expect(undoLost.status, JSON.stringify(undoLost.body)).toBe(200);
    expect((await view(playerId)).exposurePaise).toBe(10_000n);
    await wallet().expectLedgerBalanced();
  });

  it('returns a discarded stake, and keeps a discard that came first as a marker', async () => {
    const playerId = await wallet().fundedPlayer(50_000n);
    const made = betby().make(playerId, 10_000);
    await betby().call('bet_make', made.payload);
    const discard = {
      ext_player_id: String(playerId),
      transaction_id: made.transactionId,
      reason: 'timeout',
    };
    expect((await betby().call('bet_discard', discard)).status).toBe(200);
    expect((await betby().call('bet_discard', discard)).status).toBe(200);
    expect((await view(playerId)).balancePaise).toBe(50_000n);
    expect(await bet(made.transactionId)).toMatchObject({ status: 'discarded' });

    const early = betby().make(playerId, 10_000);
    const first = { ext_player_id: String(playerId), transaction_id: early.transactionId };
    expect((await betby().call('bet_discard', first)).status).toBe(200);
    const late = await betby().call('bet_make', early.payload);
    expect(late.body.code).toBe(BETBY_ERRORS.BAD_REQUEST);
    expect((await view(playerId)).balancePaise).toBe(50_000n);
    expect(await bet(early.transactionId)).toBeUndefined();

    const settled = betby().make(playerId, 10_000);
    await betby().call('bet_make', settled.payload);
    await betby().call('bet_lost', {
      bet_transaction_id: settled.transactionId,
      transaction: betby().transaction('lost', 0),
    });
    const tooLate = await betby().call('bet_discard', {
      ext_player_id: String(playerId),
      transaction_id: settled.transactionId,
    });
    expect(tooLate.body.code).toBe(BETBY_ERRORS.BAD_REQUEST);
    expect((await view(playerId)).balancePaise).toBe(40_000n);
    await wallet().expectLedgerBalanced();
  });

  it('settles one bet once when two wins for it race', async () => {
    const playerId = await wallet().fundedPlayer(50_000n);
    const made = betby().make(playerId, 10_000, { odds: ['2.00'] });
    await betby().call('bet_make', made.payload);
    const wins = await Promise.all(
      [1, 2, 3, 4].map(() =>
        betby().call('bet_win', {
          amount: 20_000,
          currency: 'INR',
          bet_transaction_id: made.transactionId,
          transaction: betby().transaction('win', 20_000),
        }),
      ),
    );
    expect(wins.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect((await view(playerId)).balancePaise).toBe(60_000n);
    await wallet().expectLedgerBalanced();
  });

  it("gives a player an ES256 token for the renderer, a visitor none, and lists the player's bets", async () => {
    const visitor = await call(h, 'GET', '/api/sportsbook/launch');
    const visitorLaunch = sportsbookLaunchSchema.parse(visitor.json().data);
    expect(visitorLaunch).toMatchObject({
      token: null,
      standIn: true,
      scriptUrl: '/api/sportsbook/stand-in/bt-renderer.js',
    });

    const player = await registerPlayer(h);
    const launch = sportsbookLaunchSchema.parse(
      (await call(h, 'GET', '/api/sportsbook/launch', undefined, { token: player.token })).json()
        .data,
    );
    const publicKey = await importSPKI((await betby().keys()).operator.publicPem, 'ES256');
    const { payload } = await jwtVerify(launch.token!, publicKey, {
      audience: launch.brandId,
      currentDate: h.clock.now(),
    });
    expect(payload).toMatchObject({
      sub: String(player.user.id),
      currency: 'INR',
      odds_format: 'decimal',
    });

    const playerId = Number(player.user.id);
    await fund(wallet().deps(), playerId, 50_000n);
    const open = betby().make(playerId, 10_000, { odds: ['1.50', '2.00'] });
    const settled = betby().make(playerId, 5_000);
    await betby().call('bet_make', open.payload);
    await betby().call('bet_make', settled.payload);
    await betby().call('bet_lost', {
      bet_transaction_id: settled.transactionId,
      transaction: betby().transaction('lost', 0),
    });
    const list = async (status: string) =>
      sportsbookBetsSchema.parse(
        (
          await call(h, 'GET', `/api/sportsbook/bets?status=${status}`, undefined, {
            token: player.token,
          })
        ).json().data,
      );
    const openBets = await list('open');
    expect(openBets.bets).toHaveLength(1);
    expect(openBets.bets[0]).toMatchObject({
      betId: open.transactionId,
      stakePoints: 100,
      slipType: '2/2',
      status: 'open',
    });
    expect(openBets.bets[0]!.legs).toHaveLength(2);
    expect((await list('settled')).bets[0]).toMatchObject({
      betId: settled.transactionId,
      status: 'lost',
      payoutPoints: 0,
    });
    expect((await call(h, 'GET', '/api/sportsbook/bets')).statusCode).toBe(401);

    // The statement names each move of cash by its kind and the slip (a lost bet moves no
    // cash: its stake left the balance when it was held).
    const today = indiaDay(h.clock.now());
    const statement = await call(
      h,
      'GET',
      `/api/getAccountstatement/${today}/${today}`,
      undefined,
      {
        token: player.token,
      },
    );
    const lines = statementSchema.parse(statement.json().data).items;
    expect(lines.map((line) => [line.kind, line.description, line.debit])).toEqual([
      ['sportsbook.stake', 'Sportsbook bet: Mumbai @ 1.85 (Mumbai v Chennai)', 50],
      ['sportsbook.stake', 'Sportsbook bet: accumulator of 2 @ 3.00', 100],
      ['adjustment.credit', 'test funding', 0],
    ]);

    // A settlement is told to the player, in their language (Hindi here), with the slip.
    const notes = await call(h, 'GET', '/api/notifications', undefined, {
      token: player.token,
      headers: { 'accept-language': 'hi' },
    });
    expect(notes.json().data.items[0]).toMatchObject({
      title: 'स्पोर्ट्सबुक दांव हारा',
      message: 'Mumbai @ 1.85: आपका 50.00 अंक का दांव हार गया।',
    });

    // Staff see them on the player's page; an agent outside the downline does not.
    const staffUrl = `/api/staff/players/${playerId}/sportsbook-bets?page=1&pageSize=1`;
    const staffPage = staffSportsbookBetListSchema.parse(
      (await call(h, 'GET', staffUrl, undefined, { token: await adminToken(h) })).json().data,
    );
    expect(staffPage.total).toBe(2);
    expect(staffPage.items.map((item) => item.betId)).toEqual([settled.transactionId]);
    const agent = await staffMemberWithToken(h, { role: 'agent' });
    expect((await call(h, 'GET', staffUrl, undefined, { token: agent.token })).statusCode).toBe(
      404,
    );

    // The data export carries them too (DPDP Act: everything held on the player).
    const exported = await call(h, 'GET', '/api/privacy/export', undefined, {
      token: player.token,
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const inExport = dataExportSchema.parse(exported.json()).bets.sportsbook;
    expect(inExport.map((bet) => bet.betId)).toEqual([open.transactionId, settled.transactionId]);
  });
});

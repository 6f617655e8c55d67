import {
  bonusClaimPartsSchema,
  bonusClaimSchema,
  bonusClaimsSchema,
  bonusClaimStatsSchema,
  bonusOffersSchema,
  dataExportSchema,
  depositSchema,
  staffBonusOfferSchema,
  staffBonusOffersSchema,
  staffPlayerBonusesSchema,
  type BonusClaimStats,
  type Deposit,
} from '@spm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { drivers, makeTempDir, startHarness, type Harness } from '../../test/harness.ts';
import { providerWalletKit } from '../../test/casino-wallet.ts';
import {
  PASSWORD,
  call,
  loginAs,
  post,
  randomIp,
  registerPlayer,
  type RegisteredPlayer,
} from '../../test/identity.ts';
import { multipartBody, pngBytes } from '../../test/multipart.ts';
import { adminToken, staffMemberWithToken } from '../../test/staff.ts';
import { insertLaunch, insertTestProvider } from '../casino/provider-wallet-fixtures.ts';
import { getWalletView } from '../wallet/index.ts';
import { setMoneyMode } from '../wallet/ledger/wallet-player-repository.ts';
import { sweepBonuses } from './bonus-sweeper.ts';

/** Bonuses end to end over HTTP (docs/bonus.md): offers, claims, wagering, cancelling. */
describe.each(drivers)('bonuses on %s', (driver) => {
  let h: Harness;
  let uploads: { dir: string; remove: () => Promise<void> };
  let admin: string;

  beforeAll(async () => {
    uploads = await makeTempDir('spm-bonus-');
    h = await startHarness(driver, { env: { UPLOAD_DIR: uploads.dir } });
    admin = await adminToken(h);
  });
  afterAll(async () => {
    await h?.close();
    await uploads?.remove();
  });

  const kit = () => providerWalletKit(h);
  const get = (token: string, url: string) => call(h, 'GET', url, undefined, { token });
  const offers = async (player: RegisteredPlayer) =>
    bonusOffersSchema.parse((await get(player.token, '/api/bonus/offers')).json().data);
  const stats = async (player: RegisteredPlayer): Promise<BonusClaimStats> => {
    const res = await get(player.token, '/api/bonus/claims/stats');
    expect(res.statusCode, res.body).toBe(200);
    return bonusClaimStatsSchema.parse(res.json().data);
  };
  const offerId = async (player: RegisteredPlayer, title: string) =>
    (await offers(player)).offers.find((offer) => offer.title === title)!.id;
  const claim = (player: RegisteredPlayer, id: number) =>
    post(h, '/api/bonus/claims', { offerId: id }, { token: player.token });
  const cancel = (player: RegisteredPlayer, claimId: number) =>
    post(h, '/api/bonus/claims/cancel', { claimId }, { token: player.token });
  const playerId = (player: RegisteredPlayer) => Number(player.user.id);
  const wallet = (player: RegisteredPlayer) => getWalletView(h.db, playerId(player));

  async function approvedDeposit(player: RegisteredPlayer, amount: string): Promise<Deposit> {
    const body = multipartBody([
      { name: 'gateway', value: 'm_paytm' },
      { name: 'amount', value: amount },
      { name: 'reference', value: `BON${Math.random().toString(36).slice(2, 12)}` },
      { name: 'proof', data: pngBytes() },
    ]);
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/deposit/create',
      headers: { ...body.headers, authorization: player.token },
      payload: body.payload,
      remoteAddress: randomIp(),
    });
    expect(created.statusCode, created.body).toBe(200);
    const deposit = depositSchema.parse(created.json().data);
    const approved = await post(
      h,
      `/api/staff/deposits/${deposit.id}/approve`,
      { note: 'ok' },
      { token: admin },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    return deposit;
  }

  /** The player at a provider's casino game: bets and wins in one round, in paise. */
  async function atCasino(player: RegisteredPlayer) {
    const provider = await insertTestProvider(h.db);
    const { launchToken } = await insertLaunch(h.db, {
      ...provider,
      playerId: playerId(player),
      now: h.clock.now(),
    });
    const auth = await kit().call(provider, 'authenticate', { requestId: 'a', launchToken });
    expect(auth.status).toBe('RS_OK');
    const base = {
      token: auth.token!,
      user: String(playerId(player)),
      gameId: provider.gameId,
      currency: auth.currency!,
    };
    let seq = 0;
    const send = (operation: 'bet' | 'win', roundId: string, amount: number) =>
      kit().call(provider, operation, {
        requestId: `r${++seq}`,
        ...base,
        roundId,
        transactionId: `${operation}-${roundId}-${seq}`,
        amount,
      });
    return {
      shownBalance: auth.balance,
      bet: (roundId: string, amount: number) => send('bet', roundId, amount),
      win: (roundId: string, amount: number) => send('win', roundId, amount),
    };
  }

  it('grants a claimed offer on the qualifying deposit; casino stakes wager it and it becomes cash', async () => {
    const player = await registerPlayer(h);
    const listed = await offers(player);
    expect(listed.realMoney).toBe(true);
    expect(listed.offers.map((offer) => offer.title)).toEqual([
      'Casino welcome bonus',
      'First deposit bonus',
    ]);
    expect(listed.offers.every((offer) => offer.unavailableReason === null)).toBe(true);
    expect(listed.offers[0]).toMatchObject({
      percent: 666,
      maxBonusPoints: 1998,
      minDepositPoints: 300,
      wageringMultiplier: 50,
      firstDepositOnly: true,
    });

    const first = await offerId(player, 'First deposit bonus');
    const claimed = await claim(player, first);
    expect(claimed.statusCode, claimed.body).toBe(200);
    const pending = bonusClaimSchema.parse(claimed.json().data);
    expect(pending).toMatchObject({ status: 'pending', source: 'offer', bonusPoints: 0 });
    // One pending claim at a time; the same offer once.
    expect((await offers(player)).offers.map((o) => o.unavailableReason)).toEqual([
      'CLAIM_PENDING',
      'ALREADY_CLAIMED',
    ]);
    const again = await claim(player, await offerId(player, 'Casino welcome bonus'));
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('BONUS_CLAIM_PENDING');

    // 5 % of 1,000 points: 50 coins, wagering 10x = 500 points of casino stakes.
    await approvedDeposit(player, '1000');
    let now = await stats(player);
    expect(now.coinsPoints).toBe(50);
    expect(now.pending).toBeNull();
    expect(now.active).toMatchObject({
      id: pending.id,
      status: 'active',
      bonusPoints: 50,
      depositPoints: 1000,
      wageringRequiredPoints: 500,
      wageredPoints: 0,
    });
    expect((await wallet(player)).balancePaise).toBe(100_000n);

    // A game shows what the player can stake: cash and coins.
    const casino = await atCasino(player);
    expect(casino.shownBalance).toBe(105_000);
    // 200 points: all cash (cash first).
    expect(await casino.bet('r1', 20_000)).toMatchObject({ status: 'RS_OK', balance: 85_000 });
    now = await stats(player);
    expect(now.active?.wageredPoints).toBe(200);
    expect(now.coinsPoints).toBe(50);
    // 850 points: the last 800 of cash, then 50 coins.
    expect(await casino.bet('r2', 85_000)).toMatchObject({ status: 'RS_OK', balance: 0 });
    expect(await wallet(player)).toMatchObject({ balancePaise: 0n, coinsPaise: 0n });
    // A win goes back in the stake's proportion: 80,000/85,000 cash, 5,000/85,000 coins.
    expect(await casino.win('r2', 10_000)).toMatchObject({ status: 'RS_OK', balance: 10_000 });
    expect(await wallet(player)).toMatchObject({ balancePaise: 9_412n, coinsPaise: 588n });

    // 1,050 points wagered of 500: the coins left become cash when the bonus is looked at.
    now = await stats(player);
    expect(now.active).toBeNull();
    expect(now).toMatchObject({ coinsPoints: 0, grantedPoints: 50, convertedPoints: 5.88 });
    expect(await wallet(player)).toMatchObject({ balancePaise: 10_000n, coinsPaise: 0n });
    const done = bonusClaimSchema.parse(
      (await get(player.token, `/api/bonus/claims/${pending.id}`)).json().data,
    );
    expect(done).toMatchObject({ status: 'completed', wageredPoints: 500, convertedPoints: 5.88 });
    const parts = bonusClaimPartsSchema.parse(
      (await get(player.token, `/api/bonus/claims/parts?claimId=${pending.id}`)).json().data,
    );
    expect(parts.items.map((part) => [part.kind, part.points])).toEqual([
      ['converted', 5.88],
      ['granted', 50],
      ['claimed', 0],
    ]);
    // A first-deposit offer is not for a player who has deposited.
    expect((await offers(player)).offers[0]?.unavailableReason).toBe('FIRST_DEPOSIT_ONLY');
    // The player's data export carries their bonuses.
    const exported = dataExportSchema.parse(
      (await get(player.token, '/api/privacy/export')).json(),
    );
    expect(exported.bonuses.map((bonus) => [bonus.id, bonus.status])).toEqual([
      [pending.id, 'completed'],
    ]);
    const late = await claim(player, await offerId(player, 'Casino welcome bonus'));
    expect(late.json().errorCode).toBe('BONUS_FIRST_DEPOSIT_ONLY');
    await kit().expectLedgerBalanced();
  });

  it('grants the spec’s 666 % offer, and cancelling forfeits the coins left but never cash', async () => {
    const player = await registerPlayer(h);
    const welcome = await offerId(player, 'Casino welcome bonus');
    const pending = bonusClaimSchema.parse((await claim(player, welcome)).json().data);
    // Below the minimum: the claim waits for a deposit that qualifies.
    await approvedDeposit(player, '299');
    expect((await stats(player)).pending?.id).toBe(pending.id);
    // The 299 was a first deposit: a first-deposit offer now cannot be granted.
    await approvedDeposit(player, '300');
    let now = await stats(player);
    expect(now.pending).toBeNull();
    expect(now.active).toBeNull();
    const cancelledByRule = bonusClaimSchema.parse(
      (await get(player.token, `/api/bonus/claims/${pending.id}`)).json().data,
    );
    expect(cancelledByRule.status).toBe('cancelled');

    const fresh = await registerPlayer(h);
    const claimId = bonusClaimSchema.parse((await claim(fresh, welcome)).json().data).id;
    await approvedDeposit(fresh, '300');
    now = await stats(fresh);
    expect(now.active).toMatchObject({
      id: claimId,
      bonusPoints: 1998,
      wageringRequiredPoints: 99_900,
      depositPoints: 300,
    });
    expect(now.coinsPoints).toBe(1998);

    // Cancelled three times at once: forfeited once.
    const answers = await Promise.all([
      cancel(fresh, claimId),
      cancel(fresh, claimId),
      cancel(fresh, claimId),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    expect(
      answers.filter((res) => res.statusCode === 409).map((res) => res.json().errorCode),
    ).toEqual(['BONUS_CLAIM_ENDED', 'BONUS_CLAIM_ENDED']);
    now = await stats(fresh);
    expect(now).toMatchObject({ coinsPoints: 0, forfeitedPoints: 1998, active: null });
    expect((await wallet(fresh)).balancePaise).toBe(30_000n);
    const [forfeits] = await executeRows<{ count: string | number }>(
      h.db,
      sql`select count(*) as count from ledger_transactions where idempotency_key = ${`bonus-forfeit:${claimId}`}`,
    );
    expect(Number(forfeits?.count)).toBe(1);
    // Another player's bonus is not found; a pending one cancels with nothing moved.
    expect((await cancel(player, claimId)).json().errorCode).toBe('BONUS_CLAIM_NOT_FOUND');
    expect((await get(player.token, `/api/bonus/claims/${claimId}`)).statusCode).toBe(404);
    await kit().expectLedgerBalanced();
  });

  it('lets only one of many simultaneous claims stand', async () => {
    const player = await registerPlayer(h);
    const ids = (await offers(player)).offers.map((offer) => offer.id);
    const answers = await Promise.all([...ids, ...ids].map((id) => claim(player, id)));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    const list = bonusClaimsSchema.parse(
      (await get(player.token, '/api/bonus/claims')).json().data,
    );
    expect(list.items.map((item) => item.status)).toEqual(['pending']);
    const pendingId = list.items[0]!.id;
    const cancelled = await cancel(player, pendingId);
    expect(bonusClaimSchema.parse(cancelled.json().data).status).toBe('cancelled');
    // Cancelled before its deposit, the offer can be claimed again.
    expect((await offers(player)).offers.every((offer) => offer.unavailableReason === null)).toBe(
      true,
    );
  });

  it('offers nothing to a play-money account and refuses a demo account', async () => {
    const player = await registerPlayer(h);
    await setMoneyMode(h.db, playerId(player), 'play');
    expect(await offers(player)).toEqual({ realMoney: false, offers: [] });
    const refused = await claim(player, 1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('PLAY_MONEY');
    expect((await stats(player)).realMoney).toBe(false);
  });

  it('lets admin publish, edit and switch off offers (audited), see a player’s bonuses and end one', async () => {
    const bad = await post(
      h,
      '/api/staff/bonus/offers',
      { title: 'Weekend', percent: 0, maxBonusPoints: 500, minDepositPoints: 100 },
      { token: admin },
    );
    expect(bad.statusCode).toBe(400);
    const created = await post(
      h,
      '/api/staff/bonus/offers',
      {
        title: 'Weekend reload',
        titleTranslations: { hi: 'सप्ताहांत बोनस' },
        percent: 25,
        maxBonusPoints: 500,
        minDepositPoints: 200,
        wageringMultiplier: 5,
        validDays: 7,
        firstDepositOnly: false,
        active: true,
      },
      { token: admin },
    );
    expect(created.statusCode, created.body).toBe(200);
    const offer = staffBonusOfferSchema.parse(created.json().data);
    const player = await registerPlayer(h);
    const hindi = bonusOffersSchema.parse(
      (
        await call(h, 'GET', '/api/bonus/offers', undefined, {
          token: player.token,
          headers: { 'accept-language': 'hi' },
        })
      ).json().data,
    );
    expect(hindi.offers.find((o) => o.id === offer.id)?.title).toBe('सप्ताहांत बोनस');

    const claimId = bonusClaimSchema.parse((await claim(player, offer.id)).json().data).id;
    await approvedDeposit(player, '400');
    expect((await stats(player)).active).toMatchObject({
      bonusPoints: 100,
      wageringRequiredPoints: 500,
    });

    const off = await call(
      h,
      'PATCH',
      `/api/staff/bonus/offers/${offer.id}`,
      { active: false },
      { token: admin },
    );
    expect(off.statusCode, off.body).toBe(200);
    expect((await offers(player)).offers.some((o) => o.id === offer.id)).toBe(false);
    const listed = staffBonusOffersSchema.parse(
      (await get(admin, '/api/staff/bonus/offers')).json().data,
    );
    expect(listed.find((o) => o.id === offer.id)).toMatchObject({
      active: false,
      claims: 1,
      grantedPoints: 100,
    });

    const panel = staffPlayerBonusesSchema.parse(
      (await get(admin, `/api/staff/players/${playerId(player)}/bonuses`)).json().data,
    );
    expect(panel.coinsPoints).toBe(100);
    expect(panel.claims.map((c) => [c.id, c.status])).toEqual([[claimId, 'active']]);
    // An agent outside the player's downline does not see them; agents cannot end a bonus.
    const agent = await staffMemberWithToken(h, { role: 'agent' });
    expect(
      (await get(agent.token, `/api/staff/players/${playerId(player)}/bonuses`)).statusCode,
    ).toBe(404);
    expect(
      (
        await post(h, `/api/staff/bonus/claims/${claimId}/cancel`, undefined, {
          token: agent.token,
        })
      ).statusCode,
    ).toBe(403);

    const ended = await post(h, `/api/staff/bonus/claims/${claimId}/cancel`, undefined, {
      token: admin,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(bonusClaimSchema.parse(ended.json().data)).toMatchObject({
      status: 'cancelled',
      forfeitedPoints: 100,
    });
    const audits = await executeRows<{ action: string }>(
      h.db,
      sql`select action from audit_log where action like 'bonus.%' and target_id in (${String(offer.id)}, ${String(claimId)}) order by id`,
    );
    expect(audits.map((row) => row.action)).toEqual([
      'bonus.offer_create',
      'bonus.offer_update',
      'bonus.claim_cancel',
    ]);
    await kit().expectLedgerBalanced();
  });
  // Last: it moves the clock a month on, past every session of the tests before.
  it('expires a bonus whose time ran out: the sweeper takes the coins back', async () => {
    const player = await registerPlayer(h);
    await claim(player, await offerId(player, 'First deposit bonus'));
    await approvedDeposit(player, '2000');
    const active = (await stats(player)).active!;
    expect(active.bonusPoints).toBe(100);
    h.clock.advance(29 * 24 * 60 * 60 * 1000);
    await sweepBonuses(kit().deps());
    const again = { ...player, token: await loginAs(h, player.user.username, PASSWORD) };
    expect((await stats(again)).active?.id).toBe(active.id);
    h.clock.advance(2 * 24 * 60 * 60 * 1000);
    expect(await sweepBonuses(kit().deps())).toBeGreaterThanOrEqual(1);
    const later = await loginAs(h, player.user.username, PASSWORD);
    const ended = bonusClaimSchema.parse(
      (await get(later, `/api/bonus/claims/${active.id}`)).json().data,
    );
    expect(ended).toMatchObject({ status: 'expired', forfeitedPoints: 100 });
    expect(await wallet(player)).toMatchObject({ balancePaise: 200_000n, coinsPaise: 0n });
    await kit().expectLedgerBalanced();
  });
});

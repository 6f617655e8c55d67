import {
  staffPlayerReferralsSchema,
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  depositSchema,
  referralChildrenSchema,
  referralCodeSchema,
  referralSourcesSchema,
  referralStatsSchema,
  type Deposit,
} from '@spm/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { drivers, makeTempDir, startHarness, type Harness } from '../../test/harness.ts';
import { useHarness } from '../../test/use-harness.ts';
import {
  call,
  post,
  randomIp,
  registerBody,
  registerPlayer,
  type RegisteredPlayer,
} from '../../test/identity.ts';
import { multipartBody, pngBytes } from '../../test/multipart.ts';
import { adminToken, createStaff, staffMemberWithToken } from '../../test/staff.ts';
import { users } from '../identity/tables.ts';
import { setAppSetting } from '../site/index.ts';
import { ledgerTotals } from '../wallet/ledger/ledger-repository.ts';
import { getWallet } from '../wallet/ledger/ledger-service.ts';

/** The referral programme end to end over HTTP (docs/referral.md). */
describe.each(drivers)('the referral programme on %s', (driver) => {
  let h: Harness;
  let uploads: { dir: string; remove: () => Promise<void> };
  let admin: string;

  beforeAll(async () => {
    uploads = await makeTempDir('spm-referral-');
    h = await startHarness(driver, { env: { UPLOAD_DIR: uploads.dir } });
    admin = await adminToken(h);
  });
  afterAll(async () => {
    await h?.close();
    await uploads?.remove();
  });

  const get = (token: string, url: string) => call(h, 'GET', url, undefined, { token });
  const stats = async (token: string) =>
    referralStatsSchema.parse((await get(token, '/api/ref/stats')).json().data);
  const sources = async (token: string) =>
    referralSourcesSchema.parse((await get(token, '/api/ref/sources')).json().data);
  const children = async (token: string, query = '') =>
    referralChildrenSchema.parse((await get(token, `/api/ref/children${query}`)).json().data);
  async function codeOf(player: RegisteredPlayer): Promise<string> {
    const res = await post(h, '/api/ref/generate', undefined, { token: player.token });
    expect(res.statusCode, res.body).toBe(200);
    return referralCodeSchema.parse(res.json().data).code;
  }
  const playerId = (player: RegisteredPlayer) => Number(player.user.id);

  async function approvedDeposit(player: RegisteredPlayer, amount: string): Promise<Deposit> {
    const body = multipartBody([
      { name: 'gateway', value: 'm_paytm' },
      { name: 'amount', value: amount },
      { name: 'reference', value: `REF${Math.random().toString(36).slice(2, 12)}` },
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
    return depositSchema.parse(created.json().data);
  }
  const approve = (deposit: Deposit) =>
    post(h, `/api/staff/deposits/${deposit.id}/approve`, { note: 'ok' }, { token: admin });

  async function expectLedgerBalanced(): Promise<void> {
    const totals = await ledgerTotals(h.db);
    expect(totals.postingsSum).toBe(0n);
    expect(totals.playerRowsSum + totals.systemPostingsSum).toBe(0n);
    expect(totals.playerRowsDisagreeing).toBe(0);
    expect(totals.unbalancedTransactions).toBe(0);
  }

  it('gives a player one code, counts the visits and sign-ups it brings, by source', async () => {
    const alice = await registerPlayer(h);
    const before = await stats(alice.token);
    expect(before).toMatchObject({ code: null, visits: 0, signUps: 0, rewarded: 0 });
    expect(before.terms).toEqual({ rewardPoints: 100, minDepositPoints: 500, active: true });
    expect(await sources(alice.token)).toEqual([]);

    // Asked for at once and again later: one code, from the unambiguous alphabet.
    const codes = await Promise.all([codeOf(alice), codeOf(alice), codeOf(alice)]);
    const code = codes[0]!;
    expect(new Set([...codes, await codeOf(alice)])).toEqual(new Set([code]));
    expect(code).toHaveLength(REFERRAL_CODE_LENGTH);
    expect([...code].every((char) => REFERRAL_CODE_ALPHABET.includes(char))).toBe(true);

    // Visits: one per browser session (tracking id), counted under their source.
    const visit = (tracker: string, source?: string) =>
      post(h, '/api/page/visit', { path: '/register', agentCode: code, tracker, source });
    for (const res of [
      await visit('trk-a', 'whatsapp'),
      await visit('trk-a', 'whatsapp'),
      await visit('trk-b', 'https://www.web.whatsapp.com/send?x=1'),
      await visit('trk-c'),
      await post(h, '/api/page/visit', { path: '/', agentCode: 'OTHER123', tracker: 'trk-d' }),
    ]) {
      expect(res.statusCode, res.body).toBe(200);
    }

    // Sign-ups with the code in any case; one without a code is nobody's.
    const bob = await registerPlayer(h, {
      agent_code: ` ${code.toLowerCase()} `,
      source: 'WhatsApp',
    });
    const carol = await registerPlayer(h, { agent_code: code, source: 'https://t.me/spm' });
    const dan = await registerPlayer(h);
    const referrerOf = async (player: RegisteredPlayer) =>
      (
        await h.db
          .select()
          .from(users)
          .where(eq(users.id, playerId(player)))
      )[0]?.referrerId;
    expect(await referrerOf(bob)).toBe(playerId(alice));
    expect(await referrerOf(carol)).toBe(playerId(alice));
    expect(await referrerOf(dan)).toBeNull();

    expect(await stats(alice.token)).toMatchObject({ code, visits: 3, signUps: 2, rewarded: 0 });
    expect(await sources(alice.token)).toEqual([
      { source: 'whatsapp', visits: 1, signUps: 1, rewarded: 0 },
      { source: 't.me', visits: 0, signUps: 1, rewarded: 0 },
      { source: 'direct', visits: 1, signUps: 0, rewarded: 0 },
      { source: 'web.whatsapp.com', visits: 1, signUps: 0, rewarded: 0 },
    ]);

    // Newest first, names masked, a page at a time.
    const all = await children(alice.token);
    expect(all.total).toBe(2);
    expect(all.items.map((child) => child.username)).toEqual([
      `${carol.username.slice(0, 2)}***${carol.username.slice(-2)}`,
      `${bob.username.slice(0, 2)}***${bob.username.slice(-2)}`,
    ]);
    expect(all.items[1]).toMatchObject({
      source: 'whatsapp',
      rewardPoints: null,
      rewardedAt: null,
    });
    const second = await children(alice.token, '?page=2&pageSize=1');
    expect(second).toMatchObject({ page: 2, pageSize: 1, total: 2 });
    expect(second.items.map((child) => child.username)).toEqual([all.items[1]!.username]);
    expect((await get(alice.token, '/api/ref/children?pageSize=500')).statusCode).toBe(400);

    // Bob sees his own programme, not Alice's.
    expect(await stats(bob.token)).toMatchObject({ code: null, signUps: 0, visits: 0 });
    expect((await children(bob.token)).total).toBe(0);
  });

  it('pays the referrer once, in bonus coins, on the first deposit of at least the minimum', async () => {
    const alice = await registerPlayer(h);
    const code = await codeOf(alice);
    const bob = await registerPlayer(h, { agent_code: code });

    // Below the minimum: Bob's money, no reward.
    expect((await approve(await approvedDeposit(bob, '300'))).statusCode).toBe(200);
    expect(await getWallet(h.db, playerId(alice))).toMatchObject({ cash: 0, coins: 0 });

    const qualifying = await approvedDeposit(bob, '600');
    expect((await approve(qualifying)).statusCode).toBe(200);
    expect(await getWallet(h.db, playerId(alice))).toMatchObject({ cash: 0, coins: 100 });
    expect(await getWallet(h.db, playerId(bob))).toMatchObject({ cash: 900, coins: 0 });

    // A later deposit pays nothing more.
    expect((await approve(await approvedDeposit(bob, '1000'))).statusCode).toBe(200);
    expect((await getWallet(h.db, playerId(alice))).coins).toBe(100);

    expect(await stats(alice.token)).toMatchObject({ signUps: 1, rewarded: 1, rewardsPoints: 100 });
    const [child] = (await children(alice.token)).items;
    expect(child).toMatchObject({ rewardPoints: 100 });
    expect(child?.rewardedAt).not.toBeNull();
    const notes = await get(alice.token, '/api/notifications');
    expect(notes.json().data.items[0]).toMatchObject({
      title: 'Referral reward',
      message: `${child!.username} made a first deposit: 100.00 bonus coins credited to your account.`,
      status: 'success',
    });
    const [posting] = await executeRows<{ n: string | number; reference: string }>(
      h.db,
      sql`select count(*) as n, min(reference) as reference from ledger_transactions
          where idempotency_key = ${`referral-reward:${playerId(bob)}`}`,
    );
    expect(Number(posting?.n)).toBe(1);
    expect(posting?.reference).toBe(`DEP-${qualifying.id}`);
    await expectLedgerBalanced();
  });

  it('pays once when two qualifying deposits of one player are approved at the same moment', async () => {
    const alice = await registerPlayer(h);
    const code = await codeOf(alice);
    const bob = await registerPlayer(h, { agent_code: code });
    const deposits = await Promise.all(
      Array.from({ length: 4 }, () => approvedDeposit(bob, '700')),
    );
    const answers = await Promise.all(deposits.map(approve));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await getWallet(h.db, playerId(alice))).toMatchObject({ coins: 100 });
    expect(await getWallet(h.db, playerId(bob))).toMatchObject({ cash: 2800 });
    const [rewards] = await executeRows<{ n: string | number }>(
      h.db,
      sql`select count(*) as n from referral_rewards where referrer_id = ${playerId(alice)}`,
    );
    expect(Number(rewards?.n)).toBe(1);
    await expectLedgerBalanced();
  });

  it('pays nothing while the reward is 0, and the terms say so', async () => {
    await setAppSetting(h.db, 'REFERRAL_REWARD_POINTS', 0);
    try {
      const alice = await registerPlayer(h);
      const bob = await registerPlayer(h, { agent_code: await codeOf(alice) });
      expect((await stats(alice.token)).terms).toMatchObject({ rewardPoints: 0, active: false });
      expect((await approve(await approvedDeposit(bob, '5000'))).statusCode).toBe(200);
      expect(await getWallet(h.db, playerId(alice))).toMatchObject({ coins: 0 });
      expect(await stats(alice.token)).toMatchObject({ signUps: 1, rewarded: 0 });
    } finally {
      await setAppSetting(h.db, 'REFERRAL_REWARD_POINTS', 100);
    }
  });

  it('prefers an agent’s code, refuses a closed player’s, and keeps demo accounts out', async () => {
    const alice = await registerPlayer(h);
    const code = await codeOf(alice);
    // An agent holding the same code (made later by staff) is who the field names.
    await createStaff(h, { role: 'agent', agentCode: code.toLowerCase() });
    const bob = await registerPlayer(h, { agent_code: code });
    const [bobRow] = await h.db
      .select()
      .from(users)
      .where(eq(users.id, playerId(bob)));
    expect(bobRow).toMatchObject({ agentCode: code.toLowerCase(), referrerId: null });

    // A friend joins the referrer's agent: Bob (under the agent) invites Erin.
    const erin = await registerPlayer(h, { agent_code: await codeOf(bob) });
    const [erinRow] = await h.db
      .select()
      .from(users)
      .where(eq(users.id, playerId(erin)));
    expect(erinRow).toMatchObject({ agentCode: code.toLowerCase(), referrerId: playerId(bob) });

    const carol = await registerPlayer(h);
    const carolCode = await codeOf(carol);
    await h.db
      .update(users)
      .set({ status: 'closed' })
      .where(eq(users.id, playerId(carol)));
    const refused = await post(h, '/api/register', registerBody({ agent_code: carolCode }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errorCode: 'AGENT_CODE_UNKNOWN',
      message: 'No agent or player has this code.',
    });

    const demo = await post(h, '/api/login/demo');
    expect(demo.statusCode, demo.body).toBe(200);
    const demoToken = demo.json().data.token as string;
    for (const res of [
      await post(h, '/api/ref/generate', undefined, { token: demoToken }),
      await get(demoToken, '/api/ref/stats'),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('DEMO_ACCOUNT');
    }
    for (const res of [
      await post(h, '/api/ref/generate'),
      await call(h, 'GET', '/api/ref/stats'),
      await call(h, 'GET', '/api/ref/children'),
      await call(h, 'GET', '/api/ref/sources'),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });

  it('shows staff who invited whom, each agent only within their downline', async () => {
    const agent = await staffMemberWithToken(h, { role: 'agent' });
    const other = await staffMemberWithToken(h, { role: 'agent' });
    const [agentRow] = await executeRows<{ agent_code: string }>(
      h.db,
      sql`select agent_code from staff_users where id = ${agent.id}`,
    );
    // Xavier signs up under the agent; Yara with his code, Zoe with hers.
    const xavier = await registerPlayer(h, { agent_code: agentRow!.agent_code });
    const yara = await registerPlayer(h, { agent_code: await codeOf(xavier) });
    const zoe = await registerPlayer(h, { agent_code: await codeOf(yara) });
    await approve(await approvedDeposit(yara, '800'));

    const referrals = async (token: string, player: RegisteredPlayer) =>
      get(token, `/api/staff/players/${playerId(player)}/referrals`);
    const asAdmin = staffPlayerReferralsSchema.parse((await referrals(admin, yara)).json().data);
    expect(asAdmin).toMatchObject({
      invitedBy: { id: String(playerId(xavier)), username: xavier.username },
      invitedTotal: 1,
      invited: [{ id: String(playerId(zoe)), username: zoe.username, rewardPoints: null }],
    });
    expect(asAdmin.code).toHaveLength(REFERRAL_CODE_LENGTH);
    const xavierView = staffPlayerReferralsSchema.parse(
      (await referrals(admin, xavier)).json().data,
    );
    expect(xavierView.invited).toMatchObject([{ username: yara.username, rewardPoints: 100 }]);

    // The agent's downline holds all three (friends join the referrer's agent).
    const asAgent = staffPlayerReferralsSchema.parse(
      (await referrals(agent.token, yara)).json().data,
    );
    expect(asAgent).toEqual(asAdmin);
    expect((await referrals(other.token, yara)).statusCode).toBe(404);
  });
});

/** On a play-money site (MONEY_MODE=play) invites are counted and nothing is paid. */
describe.each(drivers)('the referral programme on a play-money site on %s', (driver) => {
  const h = useHarness(driver, { env: { MONEY_MODE: 'play' } });

  it('gives codes and counts sign-ups, with the terms inactive', async () => {
    const alice = await registerPlayer(h);
    const generated = await post(h, '/api/ref/generate', undefined, { token: alice.token });
    expect(generated.statusCode, generated.body).toBe(200);
    const { code } = referralCodeSchema.parse(generated.json().data);
    await registerPlayer(h, { agent_code: code });
    const stats = referralStatsSchema.parse(
      (await call(h, 'GET', '/api/ref/stats', undefined, { token: alice.token })).json().data,
    );
    expect(stats).toMatchObject({ code, signUps: 1, rewarded: 0, rewardsPoints: 0 });
    expect(stats.terms).toEqual({ rewardPoints: 100, minDepositPoints: 500, active: false });
  });
});

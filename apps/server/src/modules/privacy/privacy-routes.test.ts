import { dataExportSchema, staffDataRequestListSchema, type DataExport } from '@spm/contract';
import { playerAccount, systemAccount, transfer } from '@spm/core';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { auditLog } from '../../audit/audit-tables.ts';
import { useHarness, drivers } from '../../test/use-harness.ts';
import { call, loginAs, post, registerPlayer } from '../../test/identity.ts';
import { adminToken, staffMemberWithToken } from '../../test/staff.ts';
import { fund } from '../../test/wallet.ts';
import {
  HDFC_ACCOUNT,
  WITHDRAW_TEST_ENV,
  addBank,
  countRows,
  get,
  ledgerDeps,
  type TestPlayer,
} from '../../test/withdraw.ts';
import { post as postLedger } from '../wallet/ledger/ledger-service.ts';
import { orders } from '../exchange/tables.ts';
import { casinoRounds } from '../casino/tables.ts';
import { crashBets, crashChains, crashRounds } from '../crash/tables.ts';
import { bankDetails } from '../cashier/tables.ts';
import { users } from '../identity/tables.ts';
import type { Harness } from '../../test/harness.ts';

const DAY = 86_400_000;

/** A player signed up with the updates checkbox as given, with the password kept. */
async function player(h: Harness, updatesConsent: boolean) {
  const registered = await registerPlayer(h, { updates_consent: updatesConsent });
  const tested: TestPlayer = {
    id: Number(registered.user.id),
    token: registered.token,
    phone: registered.phone,
    username: registered.username,
  };
  return { ...tested, password: registered.password };
}

let seq = 1;
/** An exchange order row as placement writes it (the export and the erasure read it). */
async function insertOrder(h: Harness, playerId: number, status: string, settled: boolean) {
  const [row] = await h.db
    .insert(orders)
    .values({
      playerId,
      marketId: 999_000 + playerId,
      side: 'back',
      priceHundredths: 250,
      stakePaise: 10_000n,
      matchedPaise: 10_000n,
      status,
      idempotencyKey: `privacy-${seq}`,
      requestHash: 'h',
      seq: seq++,
      profitLossPaise: settled ? 15_000n : null,
      settledAt: settled ? h.clock.now() : null,
      createdAt: h.clock.now(),
    })
    .returning();
  return row!;
}

/** Money leaves the player's cash, as a paid-out withdrawal does. */
async function takeOut(h: Harness, playerId: number, paise: bigint) {
  const result = await postLedger(ledgerDeps(h), {
    kind: 'withdrawal',
    postings: transfer(
      playerAccount(String(playerId), 'cash'),
      systemAccount('gateway_clearing'),
      paise,
    ),
    description: 'test payout',
    reference: 'TEST',
    playerId,
  });
  if (!result.ok) throw new Error(`takeOut: ${result.code}`);
}

async function exportOf(h: Harness, token: string) {
  const res = await get(h, '/api/privacy/export', token);
  expect(res.statusCode).toBe(200);
  return { res, data: dataExportSchema.parse(res.json()) as DataExport };
}

const ledgerSum = async (h: Harness) =>
  BigInt(
    (
      await executeRows<{ total: string | number | null }>(
        h.db,
        sql`select coalesce(sum(amount_paise), 0) as total from ledger_postings`,
      )
    )[0]?.total ?? 0,
  );

describe.each(drivers)('personal data on %s', (driver) => {
  const h = useHarness(driver, { env: WITHDRAW_TEST_ENV });

  it('exports the player own data, masked, with no secrets and nobody else in it', async () => {
    const registeredAt = h.clock.now().toISOString();
    const alice = await player(h, true);
    const bob = await player(h, false);
    await addBank(h, alice);
    await addBank(h, bob, { ...HDFC_ACCOUNT, accountNo: '99988877766655', accountName: 'Bob B' });
    await fund(ledgerDeps(h), alice.id, 12_345n);
    await fund(ledgerDeps(h), bob.id, 777_00n);
    const order = await insertOrder(h, alice.id, 'settled', true);
    await insertOrder(h, bob.id, 'settled', true);
    await h.db.insert(casinoRounds).values({
      providerId: 'spm',
      providerRoundId: 'r-alice',
      playerId: alice.id,
      gameId: 'teen-patti',
      status: 'closed',
      playMoney: false,
      stakedPaise: 500n,
      wonPaise: 900n,
      startedAt: h.clock.now(),
      closedAt: h.clock.now(),
    });

    await insertCrashBet(h, alice.id);
    const generated = await post(h, '/api/ref/generate', undefined, { token: alice.token });
    expect(generated.statusCode, generated.body).toBe(200);
    const wrote = (who: { token: string }, body: string) =>
      post(h, '/api/contact/messages', { subject: 'deposit', text: body }, { token: who.token });
    expect((await wrote(alice, 'My deposit UTR 123456789012 is missing')).statusCode).toBe(200);
    expect((await wrote(bob, 'Bob asks about a withdrawal')).statusCode).toBe(200);

    const { res, data } = await exportOf(h, alice.token);
    expect(data.contactMessages).toEqual([
      expect.objectContaining({
        subject: 'deposit',
        body: 'My deposit UTR 123456789012 is missing',
        status: 'open',
        answer: null,
      }),
    ]);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['content-type']).toContain('application/json');
    expect(data.profile).toMatchObject({
      id: String(alice.id),
      username: alice.username,
      mobile: alice.phone,
      referralCode: generated.json().data.code,
      invitedByPlayer: false,
    });
    expect(data.consents.updates).toEqual({
      given: true,
      givenAt: registeredAt,
      withdrawnAt: null,
    });
    expect(data.kyc).toEqual([]);
    expect(data.bankDetails).toHaveLength(1);
    expect(data.bankDetails[0]!.accountNo).toBe('••••••••••1234');
    expect(data.wallet.balance).toBe(123.45);
    expect(data.transactions.map((line) => line.credit)).toEqual([123.45]);
    expect(data.bets.exchange.map((bet) => bet.id)).toEqual([String(order.id)]);
    expect(data.bets.exchange[0]).toMatchObject({ stake: 100, profitLoss: 150, price: 2.5 });
    expect(data.bets.casino).toEqual([
      expect.objectContaining({ gameId: 'teen-patti', staked: 5, won: 9 }),
    ]);
    expect(data.bets.crash).toEqual([
      expect.objectContaining({
        roundId: '1',
        stake: 20,
        status: 'cashed_out',
        cashOutMultiplier: 1.5,
        payout: 30,
        crashPoint: 2.37,
      }),
    ]);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.dataRequests).toEqual([]);

    const body = res.body;
    expect(body).not.toContain(HDFC_ACCOUNT.accountNo);
    for (const other of [bob.username, bob.phone, '99988877766655', 'Bob B']) {
      expect(body).not.toContain(other);
    }
    // Bob's 777 points as an amount anywhere (a random phone or code may hold the digits).
    expect(body).not.toMatch(/:777(\.0+)?[,}\]]/);
    expect(body).not.toContain(alice.token);
    expect(body).not.toMatch(/password|passwordHash|tokenHash|token_hash|codeHash|argon2/i);
    const codes = await executeRows<{ code_hash: string }>(
      h.db,
      sql`select code_hash from otp_codes where phone = ${alice.phone}`,
    );
    for (const code of codes) expect(body).not.toContain(code.code_hash);
    const [session] = await executeRows<{ token_hash: string }>(
      h.db,
      sql`select token_hash from sessions where user_id = ${alice.id}`,
    );
    expect(body).not.toContain(session!.token_hash);
  });

  it('stores the registration checkbox with its time, withdrawn and given again in /profile', async () => {
    const none = await player(h, false);
    const consent = await get(h, '/api/privacy/consent', none.token);
    expect(consent.json().data).toEqual({ given: false, givenAt: null, withdrawnAt: null });

    const carol = await player(h, true);
    h.clock.advance(60_000);
    const withdrawnAt = h.clock.now().toISOString();
    const off = await call(
      h,
      'PUT',
      '/api/privacy/consent',
      { given: false },
      { token: carol.token },
    );
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ given: false, withdrawnAt });
    const [audit] = await h.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'player.consent_withdrawn'));
    expect(audit).toMatchObject({ actorId: String(carol.id), targetId: String(carol.id) });

    h.clock.advance(60_000);
    const on = await call(
      h,
      'PUT',
      '/api/privacy/consent',
      { given: true },
      { token: carol.token },
    );
    expect(on.json().data).toEqual({
      given: true,
      givenAt: h.clock.now().toISOString(),
      withdrawnAt,
    });
  });

  it('takes a correction request, lists it with its deadline, and staff mark it done (audited)', async () => {
    const dave = await player(h, false);
    const made = h.clock.now();
    const asked = await post(
      h,
      '/api/privacy/requests',
      { kind: 'correction', details: 'My e-mail is dave@example.com' },
      { token: dave.token },
    );
    expect(asked.statusCode).toBe(200);
    const request = asked.json().data;
    expect(request).toMatchObject({ kind: 'correction', status: 'open' });
    expect(request.dueAt).toBe(new Date(made.getTime() + 30 * DAY).toISOString());
    const again = await post(
      h,
      '/api/privacy/requests',
      { kind: 'correction', details: 'again' },
      { token: dave.token },
    );
    expect(again.json()).toMatchObject({ error: true, errorCode: 'DATA_REQUEST_OPEN' });

    const agent = await staffMemberWithToken(h, { role: 'agent' });
    expect((await get(h, '/api/staff/privacy/requests', agent.token)).statusCode).toBe(403);
    // Past the deadline (the staff session is opened after: a month ends any session).
    h.clock.advance(31 * DAY);
    const admin = await adminToken(h);
    const listed = staffDataRequestListSchema.parse(
      (await get(h, '/api/staff/privacy/requests?status=open', admin)).json().data,
    );
    const row = listed.items.find((item) => item.id === request.id);
    expect(row).toMatchObject({ username: dave.username, overdue: true, dueAt: request.dueAt });

    const decision = `/api/staff/privacy/requests/${request.id}/decision`;
    const done = await post(
      h,
      decision,
      { outcome: 'done', note: 'E-mail corrected' },
      { token: admin },
    );
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'done', overdue: false, decidedBy: 'admin' });
    const twice = await post(h, decision, { outcome: 'refused', note: 'x' }, { token: admin });
    expect(twice.json().errorCode).toBe('DATA_REQUEST_DECIDED');
    const audits = await h.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'privacy.correction_done'));
    expect(audits).toEqual([expect.objectContaining({ targetId: request.id, actorType: 'staff' })]);
    const daveAgain = await loginAs(h, dave.username, dave.password);
    const mine = await get(h, '/api/privacy/requests', daveAgain);
    expect(mine.json().data[0]).toMatchObject({ status: 'done', note: 'E-mail corrected' });
  });

  it('refuses erasure while money or open bets remain, then anonymises and keeps the ledger', async () => {
    const erin = await player(h, true);
    await addBank(h, erin);
    await fund(ledgerDeps(h), erin.id, 5_000n);
    const erase = () =>
      post(h, '/api/privacy/requests', { kind: 'erasure' }, { token: erin.token });

    const withMoney = await erase();
    expect(withMoney.statusCode).toBe(409);
    expect(withMoney.json()).toMatchObject({ errorCode: 'DATA_ERASURE_BALANCE' });
    expect(withMoney.json().message).toMatch(/Withdraw your balance/);

    await takeOut(h, erin.id, 5_000n);
    const open = await insertOrder(h, erin.id, 'matched', false);
    expect((await erase()).json()).toMatchObject({ errorCode: 'DATA_ERASURE_OPEN_BETS' });
    await h.db
      .update(orders)
      .set({ status: 'settled', settledAt: h.clock.now() })
      .where(eq(orders.id, open.id));

    const asked = await erase();
    expect(asked.statusCode).toBe(200);
    const referral = await post(h, '/api/ref/generate', undefined, { token: erin.token });
    expect(referral.statusCode, referral.body).toBe(200);
    const requestId = asked.json().data.id as string;
    const wrote = await post(
      h,
      '/api/contact/messages',
      { subject: 'account', text: 'Please delete my account' },
      { token: erin.token },
    );
    expect(wrote.statusCode, wrote.body).toBe(200);

    const postingsBefore = await countRows(
      h,
      sql`select count(*) as n from ledger_postings p join ledger_accounts a on a.id = p.account_id where a.player_id = ${erin.id}`,
    );
    expect(postingsBefore).toBeGreaterThan(0);
    const admin = await adminToken(h);
    const done = await post(
      h,
      `/api/staff/privacy/requests/${requestId}/decision`,
      { outcome: 'done', note: 'Erased' },
      { token: admin },
    );
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'done', username: `erased-${erin.id}` });

    const [user] = await h.db.select().from(users).where(eq(users.id, erin.id));
    expect(user).toMatchObject({
      username: `erased-${erin.id}`,
      name: `erased-${erin.id}`,
      email: null,
      mobile: null,
      registrationIp: null,
      reportedIp: null,
      source: null,
      trackingId: null,
      status: 'closed',
      updatesConsentAt: null,
    });
    expect(user!.erasedAt).not.toBeNull();
    const [bank] = await h.db.select().from(bankDetails).where(eq(bankDetails.playerId, erin.id));
    expect(bank).toMatchObject({ accountNo: '••••••••••1234', accountName: 'erased' });
    expect(bank!.deletedAt).not.toBeNull();
    expect(
      await countRows(h, sql`select count(*) as n from otp_codes where phone = ${erin.phone}`),
    ).toBe(0);
    expect(
      await countRows(
        h,
        sql`select count(*) as n from contact_messages where player_id = ${erin.id}`,
      ),
    ).toBe(0);
    expect(
      await countRows(
        h,
        sql`select count(*) as n from referral_codes where player_id = ${erin.id}`,
      ),
    ).toBe(0);

    await expect(loginAs(h, erin.username, erin.password)).rejects.toThrow(/login/);
    expect((await get(h, '/api/profile', erin.token)).statusCode).toBe(401);

    const postingsAfter = await countRows(
      h,
      sql`select count(*) as n from ledger_postings p join ledger_accounts a on a.id = p.account_id where a.player_id = ${erin.id}`,
    );
    expect(postingsAfter).toBe(postingsBefore);
    expect(await ledgerSum(h)).toBe(0n);
    const audit = await h.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'privacy.erasure_done'));
    expect(audit).toEqual([expect.objectContaining({ targetId: requestId })]);
  });
});

/** A crash round (crashed at 2.37x) with one bet of the player's, cashed out at 1.50x. */
async function insertCrashBet(h: Harness, playerId: number): Promise<void> {
  const at = h.clock.now();
  await h.db.insert(crashChains).values({ id: 1, seed: 'a'.repeat(64), length: 10, segment: 4 });
  await h.db.insert(crashRounds).values({
    id: 1,
    chainId: 1,
    hash: 'b'.repeat(64),
    salt: 'salt',
    saltCommitment: 'c'.repeat(64),
    crashPointHundredths: 237,
    houseEdgeBasisPoints: 300,
    maxMultiplierHundredths: 1_000_000,
    minStakePaise: 1_000n,
    maxStakePerRoundPaise: 750_000n,
    maxReturnPaise: 7_500_000n,
    phase: 'crashed',
    bettingEndsAt: at,
    flightStartedAt: at,
    crashedAt: at,
  });
  await h.db.insert(crashBets).values({
    id: 'bet-alice',
    roundId: 1,
    playerId,
    playerLabel: 'al***',
    panel: 0,
    stakePaise: 2_000n,
    clientBetId: 'client-bet-alice',
    status: 'cashed_out',
    cashOutHundredths: 150,
    cashOutKind: 'manual',
    payoutPaise: 3_000n,
    placedAt: at,
    settledAt: at,
  });
}

import {
  CASHIER_MESSAGES,
  MAX_BANK_DETAILS,
  bankDetailSchema,
  withdrawAnswerSchema,
  withdrawInfoSchema,
  withdrawListSchema,
} from '@spm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { createSession } from '../identity/session-service.ts';
import { NO_MOBILE_MESSAGE } from '../identity/withdraw-otp-service.ts';
import {
  CARD_ACCOUNT,
  HDFC_ACCOUNT,
  UPI_ACCOUNT,
  WITHDRAW_TEST_ENV,
  addBank,
  balancePaise,
  countRows,
  creditCoins,
  demoToken,
  get,
  idempotencyKey,
  moveCash,
  newPlayer,
  pendingWithdrawal,
  requestWithdrawal,
  transactionsKeyed,
  walletOf,
  withdrawOtp,
  type TestPlayer,
} from '../../test/withdraw.ts';
import { drivers, startHarness, type Harness } from '../../test/harness.ts';
import { call, outbox, post } from '../../test/identity.ts';
import { insertPlayer } from '../../test/wallet.ts';
import { getVersionedWallet } from '../wallet/index.ts';

const TRC20_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
const BEP20_ADDRESS = '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c';
/** Wrong on purpose: 000000 unless that is the code. */
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe.each(drivers)('cashier: bank details and withdrawals on %s', (driver) => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(driver, { env: WITHDRAW_TEST_ENV });
  });
  afterAll(async () => {
    await h?.close();
  });

  const auditCount = (targetType: string, targetId: string) =>
    countRows(
      h,
      sql`select count(*) as n from audit_log where target_type = ${targetType} and target_id = ${targetId}`,
    );
  const withdrawRows = (playerId: number) =>
    countRows(h, sql`select count(*) as n from withdraw_requests where player_id = ${playerId}`);

  describe('bank details', () => {
    it('saves bank, card and UPI details, lists them newest first and reads one', async () => {
      const player = await newPlayer(h);
      const bank = await post(h, '/api/bank', HDFC_ACCOUNT, { token: player.token });
      expect(bank.statusCode).toBe(200);
      expect(bankDetailSchema.parse(bank.json().data)).toMatchObject({
        type: 'bank',
        accountNo: '50100123451234',
        accountName: 'Ravi Kumar',
        ifscCode: 'HDFC0001234',
        bankName: 'HDFC Bank',
        iban: null,
      });
      const cardId = await addBank(h, player, CARD_ACCOUNT);
      const upiId = await addBank(h, player, { ...UPI_ACCOUNT, ifscCode: 'SBIN0001234' });

      const list = await get(h, '/api/bank', player.token);
      expect(list.statusCode).toBe(200);
      const items = list.json().data as { id: string; type: string; accountNo: string }[];
      expect(items.map((item) => item.type)).toEqual(['upi', 'card', 'bank']);
      expect(items[1]?.accountNo).toBe('4242424242424242');

      const one = await get(h, `/api/bank/${upiId}`, player.token);
      expect(one.json().data).toMatchObject({
        id: upiId,
        type: 'upi',
        accountNo: 'ravi.kumar@okhdfc',
        // A UPI id keeps no bank fields, whatever the form sent.
        ifscCode: null,
        bankName: null,
      });
      expect((await get(h, `/api/bank/${cardId}`, player.token)).json().data.type).toBe('card');
      expect(await auditCount('bank_detail', upiId)).toBe(1);
    });

    it('refuses invalid details with field issues from the schema', async () => {
      const player = await newPlayer(h);
      const cases: [Record<string, unknown>, string, string][] = [
        [{ ...HDFC_ACCOUNT, ifscCode: 'HDFC1234' }, 'ifscCode', CASHIER_MESSAGES.ifscCode],
        [{ ...HDFC_ACCOUNT, accountNo: '12345' }, 'accountNo', CASHIER_MESSAGES.accountNoDigits],
        [{ ...HDFC_ACCOUNT, bankName: '' }, 'bankName', CASHIER_MESSAGES.bankNameRequired],
        [{ ...HDFC_ACCOUNT, iban: 'nope' }, 'iban', CASHIER_MESSAGES.iban],
        [
          { ...CARD_ACCOUNT, accountNo: '4242424242424241' },
          'accountNo',
          CASHIER_MESSAGES.cardNumber,
        ],
        [{ ...UPI_ACCOUNT, accountNo: 'no-at-sign' }, 'accountNo', CASHIER_MESSAGES.upiId],
        [{ ...UPI_ACCOUNT, accountName: ' ' }, 'accountName', CASHIER_MESSAGES.accountNameRequired],
      ];
      for (const [body, field, message] of cases) {
        const res = await post(h, '/api/bank', body, { token: player.token });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().errorCode).toBe('VALIDATION_FAILED');
        expect(res.json().data.issues).toContainEqual({ field, message });
      }
      expect((await get(h, '/api/bank', player.token)).json().data).toEqual([]);
    });

    it(`keeps at most ${MAX_BANK_DETAILS} live details; a deleted one frees a place`, async () => {
      const player = await newPlayer(h);
      const ids = await Promise.all(
        Array.from({ length: MAX_BANK_DETAILS }, () => addBank(h, player, UPI_ACCOUNT)),
      );
      const over = await post(h, '/api/bank', UPI_ACCOUNT, { token: player.token });
      expect(over.statusCode).toBe(409);
      expect(over.json().errorCode).toBe('BANK_DETAILS_LIMIT');
      const deleted = await call(h, 'DELETE', '/api/bank', { id: ids[0] }, { token: player.token });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json().data).toEqual({ id: ids[0] });
      expect((await post(h, '/api/bank', UPI_ACCOUNT, { token: player.token })).statusCode).toBe(
        200,
      );
    });

    it('concurrent saves never pass the limit', async () => {
      const player = await newPlayer(h);
      const answers = await Promise.all(
        Array.from({ length: MAX_BANK_DETAILS + 5 }, () =>
          post(h, '/api/bank', UPI_ACCOUNT, { token: player.token }),
        ),
      );
      expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(MAX_BANK_DETAILS);
      expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(5);
      expect((await get(h, '/api/bank', player.token)).json().data).toHaveLength(MAX_BANK_DETAILS);
    });

    it('PATCH replaces a detail but not its type; DELETE hides it', async () => {
      const player = await newPlayer(h);
      const id = await addBank(h, player);
      const patched = await call(
        h,
        'PATCH',
        '/api/bank',
        { id, detail: { ...HDFC_ACCOUNT, accountNo: '50100999998888', bankName: 'HDFC' } },
        { token: player.token },
      );
      expect(patched.statusCode).toBe(200);
      expect(patched.json().data).toMatchObject({
        id,
        accountNo: '50100999998888',
        bankName: 'HDFC',
      });

      const typeChange = await call(
        h,
        'PATCH',
        '/api/bank',
        { id, detail: UPI_ACCOUNT },
        { token: player.token },
      );
      expect(typeChange.statusCode).toBe(400);
      expect(typeChange.json().errorCode).toBe('BANK_TYPE_CHANGE');

      const invalid = await call(
        h,
        'PATCH',
        '/api/bank',
        { id, detail: { ...HDFC_ACCOUNT, ifscCode: 'x' } },
        { token: player.token },
      );
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().data.issues[0].field).toBe('detail.ifscCode');

      expect(
        (await call(h, 'DELETE', '/api/bank', { id }, { token: player.token })).statusCode,
      ).toBe(200);
      for (const res of [
        await get(h, `/api/bank/${id}`, player.token),
        await call(h, 'DELETE', '/api/bank', { id }, { token: player.token }),
        await call(h, 'PATCH', '/api/bank', { id, detail: HDFC_ACCOUNT }, { token: player.token }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().errorCode).toBe('BANK_DETAIL_NOT_FOUND');
      }
      expect((await get(h, '/api/bank', player.token)).json().data).toEqual([]);
      // create, update, delete: one audit row each, as the player.
      const [audit] = await executeRows<{ actions: string[]; actor_types: string[] }>(
        h.db,
        sql`select array_agg(action order by id) as actions, array_agg(distinct actor_type) as actor_types
            from audit_log where target_type = 'bank_detail' and target_id = ${id}`,
      );
      expect(audit?.actions).toEqual([
        'bank_detail.create',
        'bank_detail.update',
        'bank_detail.delete',
      ]);
      expect(audit?.actor_types).toEqual(['player']);
    });

    it("another player's detail is not found, and nothing of it changes", async () => {
      const owner = await newPlayer(h);
      const other = await newPlayer(h);
      const id = await addBank(h, owner);
      for (const res of [
        await get(h, `/api/bank/${id}`, other.token),
        await call(
          h,
          'PATCH',
          '/api/bank',
          { id, detail: { ...HDFC_ACCOUNT, accountNo: '999999999' } },
          { token: other.token },
        ),
        await call(h, 'DELETE', '/api/bank', { id }, { token: other.token }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().errorCode).toBe('BANK_DETAIL_NOT_FOUND');
      }
      expect((await get(h, '/api/bank', other.token)).json().data).toEqual([]);
      const mine = await get(h, `/api/bank/${id}`, owner.token);
      expect(mine.json().data.accountNo).toBe(HDFC_ACCOUNT.accountNo);
      expect(await auditCount('bank_detail', id)).toBe(1);
    });

    it('needs a session, and demo players may read but not write', async () => {
      expect((await call(h, 'GET', '/api/bank')).statusCode).toBe(401);
      expect((await post(h, '/api/bank', HDFC_ACCOUNT)).statusCode).toBe(401);
      const demo = await demoToken(h);
      expect((await get(h, '/api/bank', demo)).statusCode).toBe(200);
      for (const res of [
        await post(h, '/api/bank', HDFC_ACCOUNT, { token: demo }),
        await call(h, 'PATCH', '/api/bank', { id: '1', detail: HDFC_ACCOUNT }, { token: demo }),
        await call(h, 'DELETE', '/api/bank', { id: '1' }, { token: demo }),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().errorCode).toBe('DEMO_ACCOUNT');
      }
    });
  });

  describe('withdraw info, gateways and the OTP', () => {
    it('info: withdrawable is cash less exposure and holds, never bonus money', async () => {
      const player = await newPlayer(h, 5000);
      await moveCash(h, player.id, 'exposure_hold', 1200.5);
      await creditCoins(h, player.id, 700);
      const res = await get(h, '/api/withdraw/info', player.token);
      expect(res.statusCode).toBe(200);
      expect(withdrawInfoSchema.parse(res.json().data)).toEqual({
        withdrawable: 3799.5,
        minAmount: 100,
        maxAmount: 200_000,
        kycRequiredAbove: 10_000,
        kycStatus: 'none',
        pendingCount: 0,
        maxPending: 3,
      });
      await pendingWithdrawal(h, player, 799.5);
      const after = (await get(h, '/api/withdraw/info', player.token)).json().data;
      expect(after).toMatchObject({ withdrawable: 3000, pendingCount: 1 });
    });

    it('gateways: only the withdraw-enabled ones, with their limits and extra', async () => {
      const player = await newPlayer(h);
      const res = await get(h, '/api/withdraw/gateways', player.token);
      expect(res.statusCode).toBe(200);
      const gateways = res.json().data as {
        code: string;
        withdrawMinAmount: number;
        withdrawExtraPercent: number;
      }[];
      expect(gateways.map((g) => g.code)).toEqual(['m_binance_tron', 'm_binance_bsc']);
      expect(gateways[0]).toMatchObject({ withdrawMinAmount: 900, withdrawExtraPercent: 3 });
      expect(gateways[1]?.withdrawExtraPercent).toBe(0);
      expect((await call(h, 'GET', '/api/withdraw/gateways')).statusCode).toBe(401);
    });

    it("sends a withdraw code to the player's own phone, masked in the answer", async () => {
      const player = await newPlayer(h);
      const res = await post(h, '/api/withdraw/request/otp', undefined, { token: player.token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: { message: 'OTP sent on your mobile', sentTo: `+91 ******${player.phone.slice(-4)}` },
        error: false,
        message: 'OTP sent on your mobile',
      });
      const [entry] = await outbox(h, player.phone);
      expect(entry).toMatchObject({ to: `+91${player.phone}`, purpose: 'withdraw' });
      expect(entry?.text).toContain('withdrawal confirmation code');
      const again = await post(h, '/api/withdraw/request/otp', undefined, { token: player.token });
      expect(again.statusCode).toBe(429);
      expect(again.json().errorCode).toBe('OTP_COOLDOWN');
    });

    it('a player without a mobile gets a clear 400; demo players 403; no session 401', async () => {
      const token = await signInDirect(h, await insertPlayer(h.db));
      const res = await post(h, '/api/withdraw/request/otp', undefined, { token });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        errorCode: 'VALIDATION_FAILED',
        message: NO_MOBILE_MESSAGE,
        data: { issues: [{ field: 'mobile', message: NO_MOBILE_MESSAGE }] },
      });
      const demo = await post(h, '/api/withdraw/request/otp', undefined, {
        token: await demoToken(h),
      });
      expect(demo.statusCode).toBe(403);
      expect(demo.json().errorCode).toBe('DEMO_ACCOUNT');
      expect((await post(h, '/api/withdraw/request/otp')).statusCode).toBe(401);
    });
  });

  describe('POST /withdrawRequest/create', () => {
    it('holds the amount, snapshots the destination, audits, and answers the wallet', async () => {
      const player = await newPlayer(h, 1000);
      const bankId = await addBank(h, player);
      const res = await requestWithdrawal(h, player, { amount: 250.75, bankId });
      expect(res.statusCode).toBe(200);
      const answer = withdrawAnswerSchema.parse(res.json().data);
      expect(answer.withdrawal).toMatchObject({
        amount: 250.75,
        extra: 0,
        payout: 250.75,
        status: 'pending',
        destination: { type: 'bank', label: 'HDFC Bank ****1234', gateway: null, network: null },
        reason: null,
        decidedAt: null,
      });
      expect(answer.wallet).toEqual({
        balance: 749.25,
        cash: 1000,
        coins: 0,
        sports: 0,
        wicket: 0,
        exposure: 0,
        // The version of the update_balance this hold sends: an app that applied a newer
        // push keeps it instead of this answer.
        version: (await getVersionedWallet(h.db, player.id)).version,
      });
      expect(answer.wallet.version).toBeGreaterThan(0);
      expect(await balancePaise(h, player.id, 'withdrawal_hold')).toBe(25_075n);
      expect(await balancePaise(h, player.id, 'cash')).toBe(74_925n);
      expect(await transactionsKeyed(h, `withdraw-hold:${answer.withdrawal.id}`)).toBe(1);

      // Editing the detail afterwards does not move where this money goes.
      await call(
        h,
        'PATCH',
        '/api/bank',
        { id: bankId, detail: { ...HDFC_ACCOUNT, accountNo: '777777777777' } },
        { token: player.token },
      );
      const [row] = await executeRows<{ destination: Record<string, string | null> }>(
        h.db,
        sql`select destination from withdraw_requests where id = ${answer.withdrawal.id}`,
      );
      expect(row?.destination).toEqual({
        type: 'bank',
        accountNo: '50100123451234',
        accountName: 'Ravi Kumar',
        ifscCode: 'HDFC0001234',
        bankName: 'HDFC Bank',
        iban: null,
      });
      const [audit] = await executeRows<{
        actor_type: string;
        actor_id: string;
        action: string;
        before: { wallet: { balance: number } };
        after: { wallet: { balance: number } };
        ip: string | null;
      }>(
        h.db,
        sql`select * from audit_log where target_type = 'withdrawal' and target_id = ${answer.withdrawal.id}`,
      );
      expect(audit).toMatchObject({
        actor_type: 'player',
        actor_id: String(player.id),
        action: 'withdrawal.request',
        before: { wallet: { balance: 1000 } },
        after: { wallet: { balance: 749.25 } },
      });
      expect(audit?.ip).toBeTruthy();
    });

    it('labels card and UPI destinations', async () => {
      const player = await newPlayer(h, 1000);
      const card = await addBank(h, player, CARD_ACCOUNT);
      const upi = await addBank(h, player, UPI_ACCOUNT);
      const a = await requestWithdrawal(h, player, { amount: 100, bankId: card });
      const b = await requestWithdrawal(h, player, { amount: 100, bankId: upi });
      expect(a.json().data.withdrawal.destination).toMatchObject({
        type: 'card',
        label: '****4242',
      });
      expect(b.json().data.withdrawal.destination).toMatchObject({
        type: 'upi',
        label: 'ravi.kumar@okhdfc',
      });
    });

    it('refuses more than the withdrawable amount and holds nothing (exposure and bonus excluded)', async () => {
      const player = await newPlayer(h, 1000);
      await moveCash(h, player.id, 'exposure_hold', 400);
      await creditCoins(h, player.id, 5000);
      const bankId = await addBank(h, player);
      const otp = await withdrawOtp(h, player);
      const over = await requestWithdrawal(h, player, { amount: 600.01, bankId, otp });
      expect(over.statusCode).toBe(400);
      expect(over.json().errorCode).toBe('INSUFFICIENT_FUNDS');
      expect(await withdrawRows(player.id)).toBe(0);
      expect(await balancePaise(h, player.id, 'withdrawal_hold')).toBe(0n);
      expect(await walletOf(h, player.id)).toEqual({
        balance: 600,
        cash: 1000,
        coins: 5000,
        sports: 0,
        wicket: 0,
        exposure: 400,
      });
      // The refused request did not burn the code: the same one takes exactly what is free.
      const exact = await requestWithdrawal(h, player, { amount: 600, bankId, otp });
      expect(exact.statusCode).toBe(200);
      expect(exact.json().data.wallet).toMatchObject({ balance: 0, cash: 1000, coins: 5000 });
      // ...and is used up now.
      const reused = await requestWithdrawal(h, player, { amount: 100, bankId, otp });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().errorCode).toBe('OTP_EXPIRED');
    });

    it('applies the configured minimum and maximum', async () => {
      const player = await newPlayer(h, 1000);
      const bankId = await addBank(h, player);
      const otp = await withdrawOtp(h, player);
      const low = await requestWithdrawal(h, player, { amount: 99.99, bankId, otp });
      expect(low.statusCode).toBe(400);
      expect(low.json().errorCode).toBe('AMOUNT_BELOW_MIN');
      const high = await requestWithdrawal(h, player, { amount: 200_000.01, bankId, otp });
      expect(high.statusCode).toBe(400);
      expect(high.json().errorCode).toBe('AMOUNT_ABOVE_MAX');
      const decimals = await requestWithdrawal(h, player, { amount: 100.001, bankId, otp });
      expect(decimals.statusCode).toBe(400);
      expect(decimals.json().errorCode).toBe('VALIDATION_FAILED');
      expect(await withdrawRows(player.id)).toBe(0);
      // The limits were checked before the code: it is still good.
      expect((await requestWithdrawal(h, player, { amount: 100, bankId, otp })).statusCode).toBe(
        200,
      );
    });

    it('needs approved KYC above the threshold', async () => {
      const player = await newPlayer(h, 20_000);
      const bankId = await addBank(h, player);
      const res = await requestWithdrawal(h, player, { amount: 10_000.01, bankId });
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('KYC_REQUIRED');
      const atThreshold = await requestWithdrawal(h, player, { amount: 10_000, bankId });
      expect(atThreshold.statusCode).toBe(200);
      expect(await withdrawRows(player.id)).toBe(1);
    });

    it(`allows ${3} pending requests at once`, async () => {
      const player = await newPlayer(h, 1000);
      const bankId = await addBank(h, player);
      for (let i = 0; i < 3; i += 1) {
        expect((await requestWithdrawal(h, player, { amount: 100, bankId })).statusCode).toBe(200);
      }
      const fourth = await requestWithdrawal(h, player, { amount: 100, bankId });
      expect(fourth.statusCode).toBe(409);
      expect(fourth.json().errorCode).toBe('PENDING_REQUESTS_LIMIT');
      expect(await withdrawRows(player.id)).toBe(3);
      expect(await balancePaise(h, player.id, 'withdrawal_hold')).toBe(30_000n);
    });

    it('checks the OTP: wrong (counting tries), expired, never sent, missing', async () => {
      const player = await newPlayer(h, 1000);
      const bankId = await addBank(h, player);
      const code = await withdrawOtp(h, player);
      const { maxAttempts } = h.config.otp;
      for (let i = 0; i < maxAttempts; i += 1) {
        const wrong = await requestWithdrawal(h, player, {
          amount: 100,
          bankId,
          otp: wrongCode(code),
        });
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json().errorCode).toBe('OTP_INVALID');
      }
      // Out of tries: even the right code is gone.
      const spent = await requestWithdrawal(h, player, { amount: 100, bankId, otp: code });
      expect(spent.json().errorCode).toBe('OTP_EXPIRED');

      const fresh = await withdrawOtp(h, player);
      h.clock.advance(h.config.otp.ttlMinutes * 60_000 + 1000);
      const expired = await requestWithdrawal(h, player, { amount: 100, bankId, otp: fresh });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().errorCode).toBe('OTP_EXPIRED');

      const neverSent = await newPlayer(h, 1000);
      const theirBank = await addBank(h, neverSent);
      const none = await requestWithdrawal(h, neverSent, {
        amount: 100,
        bankId: theirBank,
        otp: '123456',
      });
      expect(none.json().errorCode).toBe('OTP_EXPIRED');

      const missing = await post(
        h,
        '/api/withdrawRequest/create',
        { amount: 100, bankId, idempotencyKey: idempotencyKey() },
        { token: player.token },
      );
      expect(missing.statusCode).toBe(400);
      expect(missing.json().data.issues[0]).toEqual({
        field: 'otp',
        message: expect.any(String) as unknown,
      });
      expect(await withdrawRows(player.id)).toBe(0);
      expect(await balancePaise(h, player.id, 'withdrawal_hold')).toBe(0n);
    });

    it("another player's bank id is not found and nothing is held", async () => {
      const owner = await newPlayer(h, 1000);
      const thief = await newPlayer(h, 1000);
      const bankId = await addBank(h, owner);
      const res = await requestWithdrawal(h, thief, { amount: 100, bankId });
      expect(res.statusCode).toBe(404);
      expect(res.json().errorCode).toBe('BANK_DETAIL_NOT_FOUND');
      expect(await withdrawRows(thief.id)).toBe(0);
      expect(await walletOf(h, thief.id)).toMatchObject({ balance: 1000 });
      // A deleted detail of one's own is just as gone.
      const mine = await addBank(h, thief);
      await call(h, 'DELETE', '/api/bank', { id: mine }, { token: thief.token });
      const deleted = await requestWithdrawal(h, thief, { amount: 100, bankId: mine });
      expect(deleted.json().errorCode).toBe('BANK_DETAIL_NOT_FOUND');
    });

    it('is idempotent: the same key and body answer the first request; another body is refused', async () => {
      const player = await newPlayer(h, 1000);
      const bankId = await addBank(h, player);
      const key = idempotencyKey();
      const first = await requestWithdrawal(h, player, {
        amount: 300,
        bankId,
        idempotencyKey: key,
      });
      expect(first.statusCode).toBe(200);
      // A retry carries the (now used) code, or a fresh one: either way the first answer.
      const otp = await withdrawOtp(h, player);
      const sameCode = await requestWithdrawal(h, player, {
        amount: 300,
        bankId,
        idempotencyKey: key,
        otp: '000000',
      });
      const freshCode = await requestWithdrawal(h, player, {
        amount: 300,
        bankId,
        idempotencyKey: key,
        otp,
      });
      for (const replay of [sameCode, freshCode]) {
        expect(replay.statusCode).toBe(200);
        expect(replay.json().data.withdrawal).toEqual(first.json().data.withdrawal);
        expect(replay.json().data.wallet.balance).toBe(700);
        // Today's wallet, at today's version (the first answer's hold is the last change).
        expect(replay.json().data.wallet.version).toBe(first.json().data.wallet.version);
      }
      const other = await requestWithdrawal(h, player, {
        amount: 301,
        bankId,
        idempotencyKey: key,
        otp,
      });
      expect(other.statusCode).toBe(409);
      expect(other.json().errorCode).toBe('IDEMPOTENCY_MISMATCH');
      expect(await withdrawRows(player.id)).toBe(1);
      expect(await balancePaise(h, player.id, 'withdrawal_hold')).toBe(30_000n);
      // The fresh code was not spent by the replays.
      expect((await requestWithdrawal(h, player, { amount: 100, bankId, otp })).statusCode).toBe(
        200,
      );
    });

    it('concurrent requests with one key make one request and one hold', async () => {
      const player = await newPlayer(h, 1000);
      const bankId = await addBank(h, player);
      const otp = await withdrawOtp(h, player);
      const key = idempotencyKey();
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          requestWithdrawal(h, player, { amount: 200, bankId, otp, idempotencyKey: key }),
        ),
      );
      const ids = new Set(
        answers.filter((res) => res.statusCode === 200).map((res) => res.json().data.withdrawal.id),
      );
      expect(ids.size).toBe(1);
      // Racers that lost the code before the key was stored answer OTP_EXPIRED; none double-holds.
      for (const res of answers) expect([200, 400]).toContain(res.statusCode);
      expect(await withdrawRows(player.id)).toBe(1);
      expect(await balancePaise(h, player.id, 'withdrawal_hold')).toBe(20_000n);
    });

    it('demo players get 403 on every withdraw write', async () => {
      const demo = await demoToken(h);
      const writes = [
        post(h, '/api/withdrawRequest/create', {}, { token: demo }),
        post(h, '/api/withdrawRequest/dynamic', {}, { token: demo }),
        post(h, '/api/withdrawRequest/cancel', { id: '1' }, { token: demo }),
      ];
      for (const res of await Promise.all(writes)) {
        expect(res.statusCode).toBe(403);
        expect(res.json().errorCode).toBe('DEMO_ACCOUNT');
      }
      expect((await get(h, '/api/withdraw/info', demo)).statusCode).toBe(200);
    });
  });

  describe('POST /withdrawRequest/dynamic', () => {
    const dynamic = async (player: TestPlayer, body: Record<string, unknown>, otp?: string) =>
      post(
        h,
        '/api/withdrawRequest/dynamic',
        {
          gateway: 'm_binance_tron',
          address: TRC20_ADDRESS,
          idempotencyKey: idempotencyKey(),
          ...body,
          otp: otp ?? (await withdrawOtp(h, player)),
        },
        { token: player.token },
      );

    it('holds the amount and shows the 3 % TRC20 extra in the payout', async () => {
      const player = await newPlayer(h, 5000);
      const res = await dynamic(player, { amount: 1000.01 });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.withdrawal).toMatchObject({
        amount: 1000.01,
        extra: 30,
        payout: 1030.01,
        status: 'pending',
        destination: {
          type: 'crypto',
          label: 'TQ…bLSE',
          gateway: 'm_binance_tron',
          network: 'TRC20',
        },
      });
      expect(res.json().data.wallet.balance).toBe(3999.99);
      const bsc = await dynamic(player, {
        gateway: 'm_binance_bsc',
        address: BEP20_ADDRESS,
        amount: 1000,
      });
      expect(bsc.json().data.withdrawal).toMatchObject({ extra: 0, payout: 1000 });
      expect(bsc.json().data.withdrawal.destination.network).toBe('BEP20');
      expect(await balancePaise(h, player.id, 'withdrawal_hold')).toBe(200_001n);
    });

    it('checks the gateway, its limits and the address of its network', async () => {
      const player = await newPlayer(h, 500_000);
      const otp = await withdrawOtp(h, player);
      const unknown = await dynamic(player, { gateway: 'm_nowhere', amount: 1000 }, otp);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().errorCode).toBe('GATEWAY_NOT_FOUND');
      const depositOnly = await dynamic(player, { gateway: 'm_paytm', amount: 1000 }, otp);
      expect(depositOnly.statusCode).toBe(409);
      expect(depositOnly.json().errorCode).toBe('GATEWAY_DISABLED');
      const low = await dynamic(player, { amount: 899.99 }, otp);
      expect(low.json().errorCode).toBe('AMOUNT_BELOW_MIN');
      const high = await dynamic(player, { amount: 450_000.01 }, otp);
      expect(high.json().errorCode).toBe('AMOUNT_ABOVE_MAX');
      const bep20OnTron = await dynamic(player, { amount: 1000, address: BEP20_ADDRESS }, otp);
      expect(bep20OnTron.statusCode).toBe(400);
      expect(bep20OnTron.json()).toMatchObject({
        errorCode: 'VALIDATION_FAILED',
        data: { issues: [{ field: 'address', message: CASHIER_MESSAGES.addressTrc20 }] },
      });
      const tronOnBsc = await dynamic(
        player,
        { gateway: 'm_binance_bsc', amount: 1000, address: TRC20_ADDRESS },
        otp,
      );
      expect(tronOnBsc.json().data.issues[0]).toEqual({
        field: 'address',
        message: CASHIER_MESSAGES.addressBep20,
      });
      expect(await withdrawRows(player.id)).toBe(0);
      // Same KYC rule as bank withdrawals.
      const kyc = await dynamic(player, { amount: 10_001 }, otp);
      expect(kyc.json().errorCode).toBe('KYC_REQUIRED');
      // The code survived every refusal above.
      expect((await dynamic(player, { amount: 900 }, otp)).statusCode).toBe(200);
    });

    it('is idempotent and refuses more than the withdrawable amount', async () => {
      const player = await newPlayer(h, 1000);
      const key = idempotencyKey();
      const first = await dynamic(player, { amount: 950, idempotencyKey: key });
      const again = await dynamic(player, { amount: 950, idempotencyKey: key });
      expect(again.json().data.withdrawal.id).toBe(first.json().data.withdrawal.id);
      const otherAddress = await dynamic(player, {
        amount: 950,
        idempotencyKey: key,
        address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSF',
      });
      expect(otherAddress.json().errorCode).toBe('IDEMPOTENCY_MISMATCH');
      const broke = await dynamic(player, { amount: 900 });
      expect(broke.statusCode).toBe(400);
      expect(broke.json().errorCode).toBe('INSUFFICIENT_FUNDS');
      expect(await withdrawRows(player.id)).toBe(1);
    });
  });

  describe('GET /withdrawRequest/get and POST /withdrawRequest/cancel', () => {
    it('lists own requests newest first, filters by status and Indian days, pages', async () => {
      const player = await newPlayer(h, 5000);
      const other = await newPlayer(h, 5000);
      await pendingWithdrawal(h, other, 100);
      const bankId = await addBank(h, player);
      const ids: string[] = [];
      for (const amount of [100, 200, 300]) {
        h.clock.advance(1000);
        const res = await requestWithdrawal(h, player, { amount, bankId });
        ids.push(res.json().data.withdrawal.id as string);
      }
      await post(h, '/api/withdrawRequest/cancel', { id: ids[0] }, { token: player.token });

      const all = await get(h, '/api/withdrawRequest/get', player.token);
      expect(all.statusCode).toBe(200);
      const page = withdrawListSchema.parse(all.json().data);
      expect(page.total).toBe(3);
      expect(page.items.map((item) => item.id)).toEqual([...ids].reverse());
      expect(page.items.map((item) => item.amount)).toEqual([300, 200, 100]);

      const second = await get(h, '/api/withdrawRequest/get?page=2&pageSize=2', player.token);
      expect(second.json().data).toMatchObject({ page: 2, pageSize: 2, total: 3 });
      expect(second.json().data.items.map((item: { id: string }) => item.id)).toEqual([ids[0]]);

      const cancelled = await get(h, '/api/withdrawRequest/get?status=cancelled', player.token);
      expect(cancelled.json().data.items.map((item: { id: string }) => item.id)).toEqual([ids[0]]);

      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(
        h.clock.now(),
      );
      const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10);
      const yesterday = new Date(Date.parse(today) - 86_400_000).toISOString().slice(0, 10);
      const inToday = await get(
        h,
        `/api/withdrawRequest/get?from=${today}&to=${today}`,
        player.token,
      );
      expect(inToday.json().data.total).toBe(3);
      const fromTomorrow = await get(h, `/api/withdrawRequest/get?from=${tomorrow}`, player.token);
      expect(fromTomorrow.json().data.total).toBe(0);
      const untilYesterday = await get(h, `/api/withdrawRequest/get?to=${yesterday}`, player.token);
      expect(untilYesterday.json().data.total).toBe(0);
      const bad = await get(h, '/api/withdrawRequest/get?status=nope', player.token);
      expect(bad.statusCode).toBe(400);
    });

    it('cancel gives the hold back once; a decided request cannot be cancelled', async () => {
      const player = await newPlayer(h, 1000);
      const id = await pendingWithdrawal(h, player, 400);
      expect(await walletOf(h, player.id)).toMatchObject({ balance: 600, cash: 1000 });
      const res = await post(h, '/api/withdrawRequest/cancel', { id }, { token: player.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.withdrawal).toMatchObject({ id, status: 'cancelled' });
      expect(res.json().data.withdrawal.decidedAt).toEqual(expect.any(String) as unknown);
      const releasedAt = (await getVersionedWallet(h.db, player.id)).version;
      expect(res.json().data.wallet).toMatchObject({
        balance: 1000,
        cash: 1000,
        version: releasedAt,
      });
      expect(await balancePaise(h, player.id, 'withdrawal_hold')).toBe(0n);
      expect(await transactionsKeyed(h, `withdraw-release:${id}`)).toBe(1);

      const again = await post(h, '/api/withdrawRequest/cancel', { id }, { token: player.token });
      expect(again.statusCode).toBe(409);
      expect(again.json().errorCode).toBe('REQUEST_ALREADY_DECIDED');
      expect(await walletOf(h, player.id)).toMatchObject({ balance: 1000, cash: 1000 });
      const [audit] = await executeRows<{ action: string; actor_type: string }>(
        h.db,
        sql`select action, actor_type from audit_log where target_type = 'withdrawal'
            and target_id = ${id} and action = 'withdrawal.cancel'`,
      );
      expect(audit).toEqual({ action: 'withdrawal.cancel', actor_type: 'player' });
    });

    it("another player's request is not found and stays pending", async () => {
      const owner = await newPlayer(h, 1000);
      const other = await newPlayer(h, 1000);
      const id = await pendingWithdrawal(h, owner, 400);
      for (const missingId of [id, '999999999']) {
        const res = await post(
          h,
          '/api/withdrawRequest/cancel',
          { id: missingId },
          { token: other.token },
        );
        expect(res.statusCode).toBe(404);
        expect(res.json().errorCode).toBe('WITHDRAWAL_NOT_FOUND');
      }
      expect((await get(h, '/api/withdrawRequest/get', other.token)).json().data.total).toBe(0);
      const [row] = await executeRows<{ status: string }>(
        h.db,
        sql`select status from withdraw_requests where id = ${id}`,
      );
      expect(row?.status).toBe('pending');
      expect(await balancePaise(h, owner.id, 'withdrawal_hold')).toBe(40_000n);
      expect(await walletOf(h, other.id)).toMatchObject({ balance: 1000 });
    });

    it('the OpenAPI document lists the cashier withdraw routes', async () => {
      const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
        paths: Record<string, unknown>;
      };
      for (const path of [
        '/api/bank',
        '/api/bank/{id}',
        '/api/withdraw/info',
        '/api/withdrawRequest/create',
        '/api/staff/withdrawals/{id}/approve',
        '/api/kyc',
      ]) {
        expect(doc.paths[path], path).toBeDefined();
      }
    });
  });
});

/** A session for a player row made without sign-up (so without a phone). */
async function signInDirect(h: Harness, playerId: number): Promise<string> {
  const { token } = await createSession(h.db, { clock: h.clock, config: h.config }, playerId, {
    ip: '10.0.0.1',
    userAgent: undefined,
  });
  return token;
}

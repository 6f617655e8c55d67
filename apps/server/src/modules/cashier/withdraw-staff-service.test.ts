import { staffWithdrawalListSchema, staffWithdrawalSchema } from '@spm/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { ledgerTotals } from '../wallet/ledger/ledger-repository.ts';
import { drivers, startHarness, type Harness } from '../../test/harness.ts';
import { call, post } from '../../test/identity.ts';
import {
  WITHDRAW_TEST_ENV,
  addBank,
  adminToken,
  agentToken,
  balancePaise,
  get,
  idempotencyKey,
  newPlayer,
  pendingWithdrawal,
  systemBalancePaise,
  transactionsKeyed,
  walletOf,
  withdrawOtp,
} from '../../test/withdraw.ts';

const TRC20_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

describe.each(drivers)('cashier: staff withdrawal decisions on %s', (driver) => {
  let h: Harness;
  let admin: string;

  beforeAll(async () => {
    h = await startHarness(driver, { env: WITHDRAW_TEST_ENV });
    admin = await adminToken(h);
  });
  afterAll(async () => {
    await h?.close();
  });

  const approve = (id: string, body: Record<string, unknown> = {}, token = admin) =>
    post(h, `/api/staff/withdrawals/${id}/approve`, body, { token });
  const decline = (id: string, reason = 'Account name does not match', token = admin) =>
    post(h, `/api/staff/withdrawals/${id}/decline`, { reason }, { token });
  const statusOf = async (id: string) =>
    (
      await executeRows<{ status: string }>(
        h.db,
        sql`select status from withdraw_requests where id = ${id}`,
      )
    )[0]?.status;
  const codes = (answers: LightMyRequestResponse[]) =>
    answers.map((res) => `${res.statusCode} ${res.json().errorCode ?? 'ok'}`);
  const notificationsOf = async (token: string) =>
    (await get(h, '/api/notifications', token)).json().data.items as {
      title: string;
      message: string;
      status: string;
    }[];

  it('lists requests with full destinations, filters and pages; reads one', async () => {
    const player = await newPlayer(h, 2000);
    const other = await newPlayer(h, 2000);
    const first = await pendingWithdrawal(h, player, 150);
    const second = await pendingWithdrawal(h, player, 250);
    await pendingWithdrawal(h, other, 100);
    await decline(first);

    const mine = await get(h, `/api/staff/withdrawals?playerId=${player.id}`, admin);
    expect(mine.statusCode).toBe(200);
    const page = staffWithdrawalListSchema.parse(mine.json().data);
    expect(page.total).toBe(2);
    expect(page.items.map((item) => item.id)).toEqual([second, first]);
    expect(page.items[0]).toMatchObject({
      playerId: String(player.id),
      username: player.username,
      status: 'pending',
      decidedBy: null,
      destination: { type: 'bank', label: 'HDFC Bank ****1234' },
      destinationDetails: {
        type: 'bank',
        accountNo: '50100123451234',
        accountName: 'Ravi Kumar',
        ifscCode: 'HDFC0001234',
        bankName: 'HDFC Bank',
        iban: null,
      },
    });
    expect(page.items[1]).toMatchObject({
      status: 'declined',
      decidedBy: 'admin',
      reason: 'Account name does not match',
    });

    const pending = await get(
      h,
      `/api/staff/withdrawals?playerId=${player.id}&status=pending`,
      admin,
    );
    expect(pending.json().data.items.map((item: { id: string }) => item.id)).toEqual([second]);
    const paged = await get(h, `/api/staff/withdrawals?pageSize=1&page=2`, admin);
    expect(paged.json().data).toMatchObject({ page: 2, pageSize: 1 });
    expect(paged.json().data.items).toHaveLength(1);
    expect(paged.json().data.total).toBeGreaterThanOrEqual(3);

    const one = await get(h, `/api/staff/withdrawals/${second}`, admin);
    expect(staffWithdrawalSchema.parse(one.json().data)).toMatchObject({ id: second, amount: 250 });
    const missing = await get(h, '/api/staff/withdrawals/999999999', admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorCode).toBe('WITHDRAWAL_NOT_FOUND');
  });

  it('approve pays the hold out to gateway clearing, audits and notifies', async () => {
    const player = await newPlayer(h, 1000);
    const id = await pendingWithdrawal(h, player, 400);
    const clearingBefore = await systemBalancePaise(h, 'gateway_clearing');
    const res = await approve(id, { note: 'Paid by NEFT ref 123' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      status: 'approved',
      decidedBy: 'admin',
      note: 'Paid by NEFT ref 123',
      payout: 400,
    });
    expect(await walletOf(h, player.id)).toEqual({
      balance: 600,
      cash: 600,
      coins: 0,
      sports: 0,
      wicket: 0,
      exposure: 0,
    });
    expect(await balancePaise(h, player.id, 'withdrawal_hold')).toBe(0n);
    expect((await systemBalancePaise(h, 'gateway_clearing')) - clearingBefore).toBe(40_000n);
    expect(await transactionsKeyed(h, `withdraw-payout:${id}`)).toBe(1);
    expect(await transactionsKeyed(h, `withdraw-release:${id}`)).toBe(0);

    const [audit] = await executeRows<{
      actor_type: string;
      actor_id: string;
      action: string;
      before: { status: string; wallet: { cash: number } };
      after: { status: string; wallet: { cash: number } };
      reason: string;
      ip: string | null;
    }>(
      h.db,
      sql`select * from audit_log where target_type = 'withdrawal' and target_id = ${id}
          and action = 'withdrawal.approve'`,
    );
    expect(audit).toMatchObject({
      actor_type: 'staff',
      before: { status: 'pending', wallet: { cash: 1000 } },
      after: { status: 'approved', wallet: { cash: 600 } },
      reason: 'Paid by NEFT ref 123',
    });
    expect(audit?.ip).toBeTruthy();
    const [note] = await notificationsOf(player.token);
    expect(note).toMatchObject({ title: 'Withdrawal approved', status: 'success' });
    expect(note?.message).toContain('400.00 points');
    expect(note?.message).toContain('HDFC Bank ****1234');

    const again = await approve(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('REQUEST_ALREADY_DECIDED');
    const late = await decline(id);
    expect(late.json().errorCode).toBe('REQUEST_ALREADY_DECIDED');
    const cancel = await post(h, '/api/withdrawRequest/cancel', { id }, { token: player.token });
    expect(cancel.json().errorCode).toBe('REQUEST_ALREADY_DECIDED');
    expect(await walletOf(h, player.id)).toMatchObject({ balance: 600, cash: 600 });
  });

  it('approve of a TRC20 request pays the 3 % extra from the bonus pool', async () => {
    const player = await newPlayer(h, 2000);
    const otp = await withdrawOtp(h, player);
    const created = await post(
      h,
      '/api/withdrawRequest/dynamic',
      {
        gateway: 'm_binance_tron',
        amount: 1000,
        address: TRC20_ADDRESS,
        otp,
        idempotencyKey: idempotencyKey(),
      },
      { token: player.token },
    );
    const id = created.json().data.withdrawal.id as string;
    const poolBefore = await systemBalancePaise(h, 'bonus_pool');
    const clearingBefore = await systemBalancePaise(h, 'gateway_clearing');
    const res = await approve(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ amount: 1000, extra: 30, payout: 1030 });
    expect(res.json().data.destinationDetails).toEqual({
      address: TRC20_ADDRESS,
      network: 'TRC20',
      gateway: 'm_binance_tron',
    });
    expect(await walletOf(h, player.id)).toMatchObject({ balance: 1000, cash: 1000 });
    expect((await systemBalancePaise(h, 'bonus_pool')) - poolBefore).toBe(-3000n);
    expect((await systemBalancePaise(h, 'gateway_clearing')) - clearingBefore).toBe(103_000n);
    const [note] = await notificationsOf(player.token);
    expect(note?.message).toContain('1,030.00 points');
    expect(note?.message).toContain('TQ…bLSE');
  });

  it('decline needs a reason, gives the hold back and tells the player why', async () => {
    const player = await newPlayer(h, 1000);
    const id = await pendingWithdrawal(h, player, 400);
    const noReason = await post(h, `/api/staff/withdrawals/${id}/decline`, {}, { token: admin });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errorCode).toBe('VALIDATION_FAILED');
    const short = await decline(id, 'no');
    expect(short.statusCode).toBe(400);
    expect(await statusOf(id)).toBe('pending');

    const res = await decline(id, 'The IFSC code belongs to another bank');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'declined',
      reason: 'The IFSC code belongs to another bank',
    });
    expect(await walletOf(h, player.id)).toMatchObject({ balance: 1000, cash: 1000 });
    expect(await balancePaise(h, player.id, 'withdrawal_hold')).toBe(0n);
    expect(await transactionsKeyed(h, `withdraw-release:${id}`)).toBe(1);
    const [note] = await notificationsOf(player.token);
    expect(note).toMatchObject({ title: 'Withdrawal declined', status: 'warning' });
    expect(note?.message).toContain('The IFSC code belongs to another bank');
    const [audit] = await executeRows<{ action: string; reason: string }>(
      h.db,
      sql`select action, reason from audit_log where target_type = 'withdrawal'
          and target_id = ${id} and actor_type = 'staff'`,
    );
    expect(audit).toEqual({
      action: 'withdrawal.decline',
      reason: 'The IFSC code belongs to another bank',
    });
    const player2 = (await get(h, '/api/withdrawRequest/get', player.token)).json().data.items[0];
    expect(player2).toMatchObject({
      id,
      status: 'declined',
      reason: expect.any(String) as unknown,
    });
  });

  it('100 concurrent approve/decline pairs on one request: one decision, one posting', async () => {
    const player = await newPlayer(h, 1000);
    const id = await pendingWithdrawal(h, player, 700);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 2 === 0 ? [approve(id), decline(id)] : [decline(id), approve(id)],
      ).flat(),
    );
    const won = answers.filter((res) => res.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(codes(answers).filter((code) => code === '409 REQUEST_ALREADY_DECIDED')).toHaveLength(
      199,
    );
    const status = won[0]?.json().data.status as string;
    const payouts = await transactionsKeyed(h, `withdraw-payout:${id}`);
    const releases = await transactionsKeyed(h, `withdraw-release:${id}`);
    expect(payouts + releases).toBe(1);
    expect(await statusOf(id)).toBe(status);
    expect(await balancePaise(h, player.id, 'withdrawal_hold')).toBe(0n);
    expect(await walletOf(h, player.id)).toMatchObject(
      status === 'approved' ? { balance: 300, cash: 300 } : { balance: 1000, cash: 1000 },
    );
    expect(
      (
        await executeRows<{ n: string | number }>(
          h.db,
          sql`select count(*) as n from audit_log where target_type = 'withdrawal'
              and target_id = ${id} and actor_type = 'staff'`,
        )
      ).map((row) => Number(row.n)),
    ).toEqual([1]);
    const totals = await ledgerTotals(h.db);
    expect(totals.postingsSum).toBe(0n);
    expect(totals.playerRowsDisagreeing).toBe(0);
    expect(totals.unbalancedTransactions).toBe(0);
  });

  it('player cancel racing staff approve: exactly one wins, the hold leaves once', async () => {
    const player = await newPlayer(h, 5000);
    const bankId = await addBank(h, player);
    for (let round = 0; round < 6; round += 1) {
      const otp = await withdrawOtp(h, player);
      const created = await post(
        h,
        '/api/withdrawRequest/create',
        { amount: 500, bankId, otp, idempotencyKey: idempotencyKey() },
        { token: player.token },
      );
      const id = created.json().data.withdrawal.id as string;
      const cancel = () => post(h, '/api/withdrawRequest/cancel', { id }, { token: player.token });
      const answers = await Promise.all(
        round % 2 === 0 ? [cancel(), approve(id), cancel()] : [approve(id), cancel(), approve(id)],
      );
      expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
      expect(codes(answers).filter((code) => code === '409 REQUEST_ALREADY_DECIDED')).toHaveLength(
        2,
      );
      const payouts = await transactionsKeyed(h, `withdraw-payout:${id}`);
      const releases = await transactionsKeyed(h, `withdraw-release:${id}`);
      expect(payouts + releases).toBe(1);
      expect(await statusOf(id)).toBe(payouts === 1 ? 'approved' : 'cancelled');
    }
    expect(await balancePaise(h, player.id, 'withdrawal_hold')).toBe(0n);
    const approved = (
      await executeRows<{ n: string | number }>(
        h.db,
        sql`select count(*) as n from withdraw_requests where player_id = ${player.id} and status = 'approved'`,
      )
    ).map((row) => Number(row.n))[0]!;
    const cashPaise = 500_000n - BigInt(approved) * 50_000n;
    expect(await balancePaise(h, player.id, 'cash')).toBe(cashPaise);
  });

  it('staff routes refuse player tokens (401); agents outside the downline read nothing and decide nothing', async () => {
    const player = await newPlayer(h, 1000);
    const id = await pendingWithdrawal(h, player, 200);
    const agent = await agentToken(h);
    for (const res of [
      await get(h, '/api/staff/withdrawals', player.token),
      await get(h, `/api/staff/withdrawals/${id}`, player.token),
      await approve(id, {}, player.token),
      await decline(id, 'Not allowed here', player.token),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().errorCode).toBe('UNAUTHORIZED');
    }
    const list = await get(h, '/api/staff/withdrawals', agent);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.items.map((row: { id: string }) => row.id)).not.toContain(id);
    const one = await get(h, `/api/staff/withdrawals/${id}`, agent);
    expect(one.statusCode).toBe(404);
    expect(one.json().errorCode).toBe('WITHDRAWAL_NOT_FOUND');
    for (const res of [
      await approve(id, {}, agent),
      await decline(id, 'Not allowed here', agent),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().errorCode).toBe('FORBIDDEN');
    }
    expect((await call(h, 'GET', '/api/staff/withdrawals')).statusCode).toBe(401);
    expect(await statusOf(id)).toBe('pending');
    expect(await balancePaise(h, player.id, 'withdrawal_hold')).toBe(20_000n);
    const missing = await approve('999999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errorCode).toBe('WITHDRAWAL_NOT_FOUND');
  });
});

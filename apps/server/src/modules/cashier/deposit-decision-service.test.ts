import { depositSchema, type Deposit } from '@spm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { ledgerTotals } from '../wallet/ledger/ledger-repository.ts';
import { drivers, makeTempDir, startHarness, type Harness } from '../../test/harness.ts';
import { post, randomIp, registerPlayer } from '../../test/identity.ts';
import { multipartBody, pngBytes } from '../../test/multipart.ts';
import { adminToken } from '../../test/staff.ts';
import { startDepositExpirySweeper } from './deposit-service.ts';
import { getWallet } from '../wallet/ledger/ledger-service.ts';

const PAIRS = 100;
const MINUTE = 60_000;

describe.each(drivers)('deposit decisions under concurrency, and expiry, on %s', (driver) => {
  let h: Harness;
  let uploads: { dir: string; remove: () => Promise<void> };

  beforeAll(async () => {
    uploads = await makeTempDir('spm-deposit-race-');
    h = await startHarness(driver, { env: { UPLOAD_DIR: uploads.dir } });
  });
  afterAll(async () => {
    await h?.close();
    await uploads?.remove();
  });

  async function pendingDeposit(token: string, amount: string): Promise<Deposit> {
    const body = multipartBody([
      { name: 'gateway', value: 'm_paytm' },
      { name: 'amount', value: amount },
      { name: 'reference', value: `RACE${Math.random().toString(36).slice(2, 12)}` },
      { name: 'proof', data: pngBytes() },
    ]);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/deposit/create',
      headers: { ...body.headers, authorization: token },
      payload: body.payload,
      remoteAddress: randomIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return depositSchema.parse(res.json().data);
  }

  it(`${PAIRS} concurrent approve/decline pairs decide once and credit at most once`, async () => {
    const admin = await adminToken(h);
    const player = await registerPlayer(h);
    const playerId = Number(player.user.id);
    const deposit = await pendingDeposit(player.token, '2500');
    const ip = randomIp();

    const requests = Array.from({ length: PAIRS }, (_, index) => [
      post(
        h,
        `/api/staff/deposits/${deposit.id}/approve`,
        { note: `a${index}` },
        {
          token: admin,
          ip,
        },
      ),
      post(
        h,
        `/api/staff/deposits/${deposit.id}/decline`,
        { reason: `Race number ${index}` },
        {
          token: admin,
          ip,
        },
      ),
    ]).flat();
    const answers = await Promise.all(requests);

    const ok = answers.filter((res) => res.statusCode === 200);
    expect(ok).toHaveLength(1);
    const refused = answers.filter((res) => res.statusCode !== 200);
    expect(refused).toHaveLength(2 * PAIRS - 1);
    for (const res of refused) {
      expect(res.statusCode).toBe(409);
      expect(res.json().errorCode).toBe('REQUEST_ALREADY_DECIDED');
    }

    const winner = ok[0]!.json().data as Deposit;
    const approved = winner.status === 'approved';
    expect(['approved', 'declined']).toContain(winner.status);

    const [ledger] = await executeRows<{
      transactions: string | number;
      postings: string | number;
    }>(
      h.db,
      sql`select count(distinct t.id) as transactions, count(p.id) as postings
          from ledger_transactions t join ledger_postings p on p.transaction_id = t.id
          where t.player_id = ${playerId} and t.kind = 'deposit'`,
    );
    expect(Number(ledger?.transactions)).toBe(approved ? 1 : 0);
    expect(Number(ledger?.postings)).toBe(approved ? 2 : 0);
    expect((await getWallet(h.db, playerId)).cash).toBe(approved ? 2500 : 0);

    const decisions = await executeRows<{ action: string }>(
      h.db,
      sql`select action from audit_log where target_type = 'deposit' and target_id = ${deposit.id}
          and action in ('deposit.approve', 'deposit.decline')`,
    );
    expect(decisions).toEqual([{ action: approved ? 'deposit.approve' : 'deposit.decline' }]);
    const [notes] = await executeRows<{ n: string | number }>(
      h.db,
      sql`select count(*) as n from notifications where user_id = ${playerId}
          and title in ('Deposit approved', 'Deposit declined')`,
    );
    expect(Number(notes?.n)).toBe(1);

    const totals = await ledgerTotals(h.db);
    expect(totals.postingsSum).toBe(0n);
    expect(totals.playerRowsSum + totals.systemPostingsSum).toBe(0n);
    expect(totals.playerRowsDisagreeing).toBe(0);
    expect(totals.unbalancedTransactions).toBe(0);
  });

  it('the sweeper expires due requests on its own, audited, and stops cleanly', async () => {
    const player = await registerPlayer(h);
    const deposit = await pendingDeposit(player.token, '300');
    const deps = { db: h.db, clock: h.clock, realtime: h.app.realtime, log: h.app.log };
    const sweeper = startDepositExpirySweeper(deps, 20);
    try {
      const status = async () => {
        const [row] = await executeRows<{ status: string; reason: string | null }>(
          h.db,
          sql`select status, reason from deposit_requests where id = ${Number(deposit.id)}`,
        );
        return row;
      };
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await status())?.status).toBe('pending');

      h.clock.advance(1440 * MINUTE + 1);
      const deadline = Date.now() + 10_000;
      while ((await status())?.status === 'pending' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await status()).toEqual({ status: 'expired', reason: 'Expired: no decision in time' });
      const audits = await executeRows<{ actor_type: string }>(
        h.db,
        sql`select actor_type from audit_log where action = 'deposit.expire'
            and target_id = ${deposit.id}`,
      );
      expect(audits).toEqual([{ actor_type: 'system' }]);
      const [note] = await executeRows<{ title: string; status: string }>(
        h.db,
        sql`select title, status from notifications where user_id = ${Number(player.user.id)}
            order by id desc limit 1`,
      );
      expect(note).toEqual({ title: 'Deposit expired', status: 'warning' });
    } finally {
      await sweeper.stop();
    }
  });
});

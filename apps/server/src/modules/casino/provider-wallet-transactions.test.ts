import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { providerWalletKit } from '../../test/casino-wallet.ts';
import { drivers, useHarness } from '../../test/use-harness.ts';
import { insertTestProvider, type TestProvider } from './provider-wallet-fixtures.ts';

/** Idempotency, ordering and the per-round rules of bet, win and rollback. */
describe.each(drivers)('casino provider wallet transactions on %s', (driver) => {
  const h = useHarness(driver);
  const { call, session, cash, expectLedgerBalanced } = providerWalletKit(h);
  let seq = 0;
  const next = (prefix: string) => `${prefix}-${++seq}-${Date.now()}`;

  /** A session and helpers that send its bets, wins and rollbacks in one round. */
  async function table(
    paise = 1_000_000n,
    limits?: { minBetPaise?: bigint; maxBetPaise?: bigint },
  ) {
    const provider: TestProvider = await insertTestProvider(h.db, limits);
    const { playerId, base } = await session(provider, paise);
    const roundId = next('round');
    const send = (operation: 'bet' | 'win' | 'rollback', fields: Record<string, unknown>) =>
      call(provider, operation, { requestId: next('req'), ...base, roundId, ...fields });
    return {
      provider,
      playerId,
      base,
      roundId,
      bet: (transactionId: string, amount: number, over: Record<string, unknown> = {}) =>
        send('bet', { transactionId, amount, ...over }),
      win: (transactionId: string, amount: number, over: Record<string, unknown> = {}) =>
        send('win', { transactionId, amount, ...over }),
      rollback: (transactionId: string, referenceTransactionId: string) =>
        send('rollback', { transactionId, referenceTransactionId }),
    };
  }

  async function roundRow(t: { provider: TestProvider; roundId: string }) {
    const [row] = await executeRows<Record<string, string>>(
      h.db,
      sql`select status, staked_paise::text as staked, won_paise::text as won,
                 refunded_paise::text as refunded from casino_rounds
          where provider_id = ${t.provider.providerId} and provider_round_id = ${t.roundId}`,
    );
    return row;
  }

  it('answers a replayed bet, win and rollback with the first answer, balance included', async () => {
    const t = await table(100_000n);
    const first = await t.bet('b1', 10_000);
    expect(first).toMatchObject({ status: 'RS_OK', balance: 90_000 });
    expect(await t.bet('b2', 20_000)).toMatchObject({ status: 'RS_OK', balance: 70_000 });
    const replay = await t.bet('b1', 10_000);
    // The same balance as the first time, not today's; the same transaction id.
    expect(replay).toEqual({ ...first, requestId: replay.requestId });
    expect(await cash(t.playerId)).toBe(70_000n);

    const rolled = await t.rollback('r2', 'b2');
    expect(rolled).toMatchObject({ status: 'RS_OK', balance: 90_000 });
    expect(await t.rollback('r2', 'b2')).toEqual({ ...rolled, requestId: expect.any(String) });
    const won = await t.win('w1', 30_000);
    expect(won).toMatchObject({ status: 'RS_OK', balance: 120_000, credited: 30_000 });
    expect(await t.win('w1', 30_000)).toEqual({ ...won, requestId: expect.any(String) });
    expect(await cash(t.playerId)).toBe(120_000n);
    expect(await roundRow(t)).toEqual({
      status: 'closed',
      staked: '10000',
      won: '30000',
      refunded: '20000',
    });
    await expectLedgerBalanced();
  });

  it('replays a refusal too, and refuses the same id with another body as a duplicate', async () => {
    const t = await table(5_000n);
    const refused = await t.bet('big', 6_000);
    expect(refused).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: 5_000 });
    // The first answer stands even once the money would be there.
    expect((await t.bet('big', 6_000)).status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    expect(await t.bet('ok', 1_000)).toMatchObject({ status: 'RS_OK', balance: 4_000 });
    expect((await t.bet('ok', 2_000)).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect((await t.bet('ok', 1_000, { roundId: next('other') })).status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
    expect((await t.win('ok', 1_000)).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await cash(t.playerId)).toBe(4_000n);
    await expectLedgerBalanced();
  });

  it('applies two identical concurrent bets, wins and rollbacks once', async () => {
    const t = await table(100_000n);
    const bets = await Promise.all([1, 2, 3, 4].map(() => t.bet('same-bet', 7_000)));
    expect(new Set(bets.map((a) => `${a.status}:${a.balance}:${a.transactionId}`)).size).toBe(1);
    expect(bets[0]).toMatchObject({ status: 'RS_OK', balance: 93_000 });
    const rollbacks = await Promise.all([1, 2, 3].map(() => t.rollback('same-rb', 'same-bet')));
    expect(new Set(rollbacks.map((a) => `${a.status}:${a.balance}`)).size).toBe(1);
    expect(rollbacks[0]).toMatchObject({ status: 'RS_OK', balance: 100_000 });
    expect((await t.bet('second', 5_000)).status).toBe('RS_OK');
    const wins = await Promise.all([1, 2, 3].map(() => t.win('same-win', 9_000)));
    expect(new Set(wins.map((a) => `${a.status}:${a.balance}`)).size).toBe(1);
    expect(wins[0]).toMatchObject({ status: 'RS_OK', balance: 104_000 });
    expect(await cash(t.playerId)).toBe(104_000n);
    const [count] = await executeRows<{ n: string | number }>(
      h.db,
      sql`select count(*) as n from wallet_operations where player_id = ${t.playerId}`,
    );
    expect(Number(count!.n)).toBe(4);
    await expectLedgerBalanced();
  });

  it('refuses the late bet of a rollback that came first, and a second rollback of a bet', async () => {
    const t = await table(100_000n);
    expect(await t.rollback('early-rb', 'late-bet')).toMatchObject({
      status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      balance: 100_000,
    });
    // The round the early rollback opened has nothing in it: rolled back, for its history.
    expect(await roundRow(t)).toEqual({
      status: 'rolled_back',
      staked: '0',
      won: '0',
      refunded: '0',
    });
    expect((await t.bet('late-bet', 10_000)).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect((await t.bet('late-bet', 10_000)).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect((await t.rollback('early-rb', 'late-bet')).status).toBe(
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
    );
    expect(await cash(t.playerId)).toBe(100_000n);

    expect((await t.bet('b', 10_000)).status).toBe('RS_OK');
    expect((await t.rollback('rb1', 'b')).status).toBe('RS_OK');
    expect((await t.rollback('rb2', 'b')).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    // A refused bet has nothing to refund.
    expect((await t.bet('tiny', 1)).status).toBe('RS_ERROR_BET_LIMIT');
    expect((await t.rollback('rb3', 'tiny')).status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(await cash(t.playerId)).toBe(100_000n);
    expect(await roundRow(t)).toMatchObject({ status: 'rolled_back', staked: '0' });
    await expectLedgerBalanced();
  });

  it("refuses a rollback after the round's win, and a bet or a win on a closed round", async () => {
    const t = await table(100_000n);
    expect((await t.bet('b', 10_000)).status).toBe('RS_OK');
    expect((await t.win('w', 0)).status).toBe('RS_OK');
    expect(await cash(t.playerId)).toBe(90_000n);
    expect((await t.rollback('rb', 'b')).status).toBe('RS_ERROR_ROUND_CLOSED');
    expect((await t.bet('b2', 10_000)).status).toBe('RS_ERROR_ROUND_CLOSED');
    expect((await t.win('w2', 10_000)).status).toBe('RS_ERROR_ROUND_CLOSED');
    expect(await cash(t.playerId)).toBe(90_000n);
    expect(await roundRow(t)).toEqual({
      status: 'closed',
      staked: '10000',
      won: '0',
      refunded: '0',
    });

    // A win that leaves the round open: bets go on, but its bets no longer roll back.
    const open = await table(100_000n);
    expect((await open.bet('b', 10_000)).status).toBe('RS_OK');
    expect((await open.win('w', 5_000, { roundClosed: false })).status).toBe('RS_OK');
    expect((await open.bet('b2', 10_000)).status).toBe('RS_OK');
    expect((await open.rollback('rb', 'b2')).status).toBe('RS_ERROR_ROUND_CLOSED');
    expect(await cash(open.playerId)).toBe(85_000n);
    await expectLedgerBalanced();
  });

  it("refuses a bet outside the game's limits or past 7,500 points in the round", async () => {
    const t = await table(2_000_000n, { minBetPaise: 1_000n, maxBetPaise: 500_000n });
    expect((await t.bet('low', 999)).status).toBe('RS_ERROR_BET_LIMIT');
    expect((await t.bet('high', 500_001)).status).toBe('RS_ERROR_BET_LIMIT');
    expect((await t.bet('a', 500_000)).status).toBe('RS_OK');
    expect((await t.bet('b', 250_000)).status).toBe('RS_OK');
    // 7,500 points exactly is allowed; one paisa more is not.
    expect(await t.bet('c', 1_000)).toMatchObject({
      status: 'RS_ERROR_LIMIT_REACHED',
      balance: 1_250_000,
    });
    // A refund makes room again.
    expect((await t.rollback('rb', 'b')).status).toBe('RS_OK');
    expect((await t.bet('d', 250_000)).status).toBe('RS_OK');
    expect(await cash(t.playerId)).toBe(1_250_000n);
    expect(await roundRow(t)).toMatchObject({ staked: '750000', refunded: '250000' });
    // Another round starts from zero.
    expect((await t.bet('e', 1_000, { roundId: next('r2') })).status).toBe('RS_OK');
    await expectLedgerBalanced();
  });

  it('caps the wins of a round at 75,000 points and answers what was credited', async () => {
    const t = await table(1_000_000n);
    expect((await t.bet('b', 500_000)).status).toBe('RS_OK');
    expect(await t.win('w1', 5_000_000, { roundClosed: false })).toMatchObject({
      status: 'RS_OK',
      credited: 5_000_000,
      balance: 5_500_000,
    });
    expect(await t.win('w2', 5_000_000)).toMatchObject({
      status: 'RS_OK',
      credited: 2_500_000,
      balance: 8_000_000,
    });
    expect(await roundRow(t)).toMatchObject({ status: 'closed', won: '7500000' });
    const [stored] = await executeRows<{ amount: string; applied: string }>(
      h.db,
      sql`select amount_paise::text as amount, applied_paise::text as applied
          from casino_transactions
          where provider_id = ${t.provider.providerId} and provider_transaction_id = 'w2'`,
    );
    expect(stored).toEqual({ amount: '5000000', applied: '2500000' });
    await expectLedgerBalanced();
  });

  it('pays a win and a rollback after the session expired, but refuses a bet; slides a live session', async () => {
    const t = await table(100_000n);
    expect((await t.bet('b1', 10_000)).status).toBe('RS_OK');
    expect((await t.bet('b2', 10_000)).status).toBe('RS_OK');
    h.clock.advance(11 * 3_600_000);
    // Used at 11 h: the session now runs to 23 h.
    expect((await call(t.provider, 'balance', { requestId: 'x', ...t.base })).status).toBe('RS_OK');
    h.clock.advance(11 * 3_600_000);
    expect((await call(t.provider, 'balance', { requestId: 'y', ...t.base })).status).toBe('RS_OK');
    h.clock.advance(12 * 3_600_000 + 1_000);
    expect((await call(t.provider, 'balance', { requestId: 'z', ...t.base })).status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    expect((await t.bet('b3', 10_000)).status).toBe('RS_ERROR_INVALID_TOKEN');
    // The bet that was taken is replayed whatever the session's state.
    expect((await t.bet('b1', 10_000)).status).toBe('RS_OK');
    expect(await t.rollback('rb', 'b2')).toMatchObject({ status: 'RS_OK', balance: 90_000 });
    expect(await t.win('w', 25_000)).toMatchObject({ status: 'RS_OK', balance: 115_000 });
    await expectLedgerBalanced();
  });

  it('keeps a play-money player in points against play money, never below zero', async () => {
    const provider = await insertTestProvider(h.db);
    const { playerId, base } = await session(provider, 50_000n, true);
    expect(base.currency).toBe('PTS');
    const roundId = next('round');
    const send = (operation: 'bet' | 'win', transactionId: string, amount: number) =>
      call(provider, operation, { requestId: 'p', ...base, roundId, transactionId, amount });
    expect((await send('bet', 'pb', 20_000)).status).toBe('RS_OK');
    expect((await send('bet', 'pb2', 40_000)).status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    expect(await send('win', 'pw', 40_000)).toMatchObject({ status: 'RS_OK', balance: 70_000 });
    const counterparties = await executeRows<{ kind: string }>(
      h.db,
      sql`select distinct a.kind from ledger_postings p
          join ledger_accounts a on a.id = p.account_id
          join ledger_transactions t on t.id = p.transaction_id
          where t.player_id = ${playerId} and a.owner = 'system'
            and t.idempotency_key like 'wallet:casino:%'`,
    );
    expect(counterparties.map((c) => c.kind)).toEqual(['play_money']);
    expect(await cash(playerId)).toBe(70_000n);
    await expectLedgerBalanced();
  });
});

import {
  accountKey,
  applyTransaction,
  playerAccount,
  systemAccount,
  transfer,
  type Paise,
  type Posting,
} from '@spm/core';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../../db/database.ts';
import { ledgerTotals } from './ledger-repository.ts';
import { drivers, startHarness, type Harness } from '../../../test/harness.ts';
import { recordingEmitter } from '../../../test/sockets.ts';
import { fund, insertPlayer } from '../../../test/wallet.ts';
import {
  getWallet,
  ledgerContextOf,
  ledgerTransaction,
  post,
  type LedgerDeps,
} from './ledger-service.ts';

const silentRealtime = recordingEmitter();

describe.each(drivers)('ledger service on %s', (driver) => {
  let h: Harness;
  let deps: LedgerDeps;

  beforeAll(async () => {
    h = await startHarness(driver);
    deps = { db: h.db, clock: h.clock, realtime: silentRealtime };
  });
  afterAll(async () => {
    await h?.close();
  });

  async function expectLedgerBalanced() {
    const totals = await ledgerTotals(h.db);
    expect(totals.postingsSum).toBe(0n);
    expect(totals.playerRowsSum + totals.systemPostingsSum).toBe(0n);
    expect(totals.playerRowsDisagreeing).toBe(0);
    expect(totals.unbalancedTransactions).toBe(0);
  }

  it('credits and debits a wallet, and refuses to go below zero', async () => {
    const player = await insertPlayer(h.db);
    expect(await getWallet(h.db, player)).toEqual({
      balance: 0,
      cash: 0,
      coins: 0,
      sports: 0,
      wicket: 0,
      exposure: 0,
    });
    const funded = await fund(deps, player, 15_050n);
    expect(funded.ok).toBe(true);
    expect((await getWallet(h.db, player)).balance).toBe(150.5);
    const cash = playerAccount(String(player), 'cash');
    const tooMuch = await post(deps, {
      kind: 'adjustment_debit',
      postings: transfer(cash, systemAccount('house'), 15_051n),
      description: 'x',
      reference: 'x',
    });
    expect(tooMuch).toEqual({ ok: false, code: 'INSUFFICIENT_FUNDS' });
    // Exposure: a hold moves cash aside; balance drops, cash (the total) stays.
    const held = await post(deps, {
      kind: 'bet_hold',
      postings: transfer(cash, playerAccount(String(player), 'exposure_hold'), 5_000n),
      description: 'hold',
      reference: 'BET-1',
    });
    expect(held.ok).toBe(true);
    expect(await getWallet(h.db, player)).toMatchObject({
      balance: 100.5,
      cash: 150.5,
      exposure: 50,
    });
    await expectLedgerBalanced();
  });

  it("a transaction's handle leads to its ledger context only while its work runs", async () => {
    let handle: object | undefined;
    let seenInside: unknown;
    const answer = await ledgerTransaction(deps, async (ctx) => {
      handle = ctx.tx;
      seenInside = ledgerContextOf(ctx.tx);
      return ctx;
    });
    expect(seenInside).toBe(answer);
    expect(ledgerContextOf(handle as never)).toBeUndefined();
    const failed = ledgerTransaction(deps, async (ctx) => {
      handle = ctx.tx;
      throw new Error('the work failed');
    });
    await expect(failed).rejects.toThrow('the work failed');
    expect(ledgerContextOf(handle as never)).toBeUndefined();
  });

  it('refuses malformed transactions as typed results', async () => {
    const player = await insertPlayer(h.db);
    const cash = playerAccount(String(player), 'cash');
    const base = { kind: 'adjustment_credit' as const, description: 'x', reference: 'x' };
    expect(await post(deps, { ...base, postings: [{ account: cash, amountPaise: 1n }] })).toEqual({
      ok: false,
      code: 'EMPTY_TRANSACTION',
    });
    expect(
      await post(deps, {
        ...base,
        postings: [
          { account: cash, amountPaise: 2n },
          { account: systemAccount('house'), amountPaise: -1n },
        ],
      }),
    ).toEqual({ ok: false, code: 'UNBALANCED' });
  });

  it('a replay returns the first result and creates nothing; another body is refused', async () => {
    const player = await insertPlayer(h.db);
    const input = {
      kind: 'adjustment_credit' as const,
      postings: transfer(systemAccount('house'), playerAccount(String(player), 'cash'), 700n),
      idempotencyKey: `k-${player}`,
      requestHash: 'hash-a',
      description: 'once',
      reference: 'R',
      playerId: player,
    };
    const first = await post(deps, input);
    const count = async () =>
      (
        await executeRows<{ n: string | number }>(
          h.db,
          sql`select count(*) as n from ledger_postings`,
        )
      )[0]?.n;
    const postingsBefore = Number(await count());
    const again = await post(deps, input);
    expect(first.ok && again.ok).toBe(true);
    if (!first.ok || !again.ok) return;
    expect(again.transactionId).toBe(first.transactionId);
    expect(again.replay).toBe(true);
    expect(again.wallets.get(player)?.balancePaise).toBe(700n);
    expect(Number(await count())).toBe(postingsBefore);
    expect(await post(deps, { ...input, requestHash: 'hash-b' })).toEqual({
      ok: false,
      code: 'IDEMPOTENCY_MISMATCH',
    });
    expect((await getWallet(h.db, player)).balance).toBe(7);
  });

  it('postings cannot be changed in place: the amount check and no update path', async () => {
    await expect(
      h.db.execute(
        sql`insert into ledger_postings (transaction_id, account_id, amount_paise, created_at)
            select id, (select min(id) from ledger_accounts), 0, now() from ledger_transactions limit 1`,
      ),
    ).rejects.toThrow();
    await expect(
      h.db.execute(sql`update ledger_accounts set balance_paise = -1 where owner = 'player'`),
    ).rejects.toThrow();
  });

  it('1,000 parallel debits of 1 point against 100 points: exactly 100 succeed', async () => {
    const player = await insertPlayer(h.db);
    await fund(deps, player, 10_000n);
    const cash = playerAccount(String(player), 'cash');
    const results = await Promise.all(
      Array.from({ length: 1000 }, () =>
        post(deps, {
          kind: 'adjustment_debit',
          postings: transfer(cash, systemAccount('house'), 100n),
          description: 'race',
          reference: 'RACE',
          playerId: player,
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(100);
    expect(results.filter((r) => !r.ok && r.code === 'INSUFFICIENT_FUNDS')).toHaveLength(900);
    expect((await getWallet(h.db, player)).balance).toBe(0);
    const [lowest] = await executeRows<{ m: string | bigint | null }>(
      h.db,
      sql`select min(p.balance_after_paise) as m from ledger_postings p
          join ledger_accounts a on a.id = p.account_id where a.player_id = ${player}`,
    );
    expect(BigInt(lowest?.m ?? -1)).toBe(0n);
    await expectLedgerBalanced();
  });

  it('matches core applyTransaction over random sequences and always sums to zero', async () => {
    const players = [await insertPlayer(h.db), await insertPlayer(h.db), await insertPlayer(h.db)];
    const kinds = ['cash', 'coins', 'exposure_hold'] as const;
    const account = fc.oneof(
      fc
        .record({ p: fc.constantFrom(...players), k: fc.constantFrom(...kinds) })
        .map(({ p, k }) => playerAccount(String(p), k)),
      fc.constantFrom(systemAccount('house'), systemAccount('bonus_pool')),
    );
    const step = fc
      .tuple(account, account, fc.bigInt({ min: 1n, max: 5_000n }))
      .filter(([a, b]) => accountKey(a) !== accountKey(b))
      .map(([from, to, amount]): Posting[] => transfer(from, to, amount));
    let model = new Map<string, Paise>();
    // The database carries over between runs, so the model does too.
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        for (const postings of steps) {
          const expected = applyTransaction(model, postings);
          const actual = await post(deps, {
            kind: postings.some((p) => p.account.owner === 'player') ? 'bonus' : 'system_transfer',
            postings,
            description: 'random',
            reference: 'PROP',
          });
          expect(actual.ok).toBe(expected.ok);
          if (expected.ok) model = expected.balances;
          else if (!actual.ok) expect(actual.code).toBe(expected.code);
        }
        for (const player of players) {
          const rows = await executeRows<{ kind: string; balance_paise: string | bigint }>(
            h.db,
            sql`select kind, balance_paise from ledger_accounts where player_id = ${player}`,
          );
          for (const row of rows) {
            expect(BigInt(row.balance_paise)).toBe(model.get(`player:${player}:${row.kind}`) ?? 0n);
          }
        }
      }),
      { numRuns: 30 },
    );
    await expectLedgerBalanced();
  });
});

import { playerAccount, systemAccount, transfer } from '@spm/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../../db/database.ts';
import { eventsOfRow, type OutboxRow } from '../../../outbox/outbox-repository.ts';
import { balanceCheckViolated } from '../../../db/errors.ts';
import { drivers, startHarness, type Harness } from '../../../test/harness.ts';
import { fund, insertPlayer } from '../../../test/wallet.ts';
import { ledgerTotals } from './ledger-repository.ts';
import {
  getVersionedWallet,
  getWallet,
  ledgerTransaction,
  postWithin,
  type LedgerDeps,
  type PostInput,
} from './ledger-service.ts';
import { WalletApi } from '../api/wallet-api.ts';

/*
 * Guards of the ledger and the wallet API that the paths around them used to cover for: each
 * case here fails when its guard is taken out (issue 39 item 11).
 */
describe.each(drivers)('ledger and wallet guards on %s', (driver) => {
  let h: Harness;
  let deps: LedgerDeps;
  let wallet: WalletApi;

  beforeAll(async () => {
    h = await startHarness(driver);
    deps = { db: h.db, clock: h.clock, realtime: h.app.realtime };
    wallet = new WalletApi(deps);
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

  const countOf = async (query: ReturnType<typeof sql>) =>
    Number((await executeRows<{ n: string | number }>(h.db, query))[0]?.n);

  it('postWithin twice in one transaction under one key: the same request replays, another is IDEMPOTENCY_MISMATCH and nothing stays', async () => {
    const player = await insertPlayer(h.db);
    const credit = (requestHash: string): PostInput => ({
      kind: 'adjustment_credit',
      postings: transfer(systemAccount('house'), playerAccount(String(player), 'cash'), 700n),
      idempotencyKey: `within-${player}`,
      requestHash,
      description: 'credit',
      reference: 'R',
      playerId: player,
    });

    // The same request twice in one transaction: the second finds the first's row and
    // answers it (post() never reaches this path: its batch answers replays in memory).
    const same = await ledgerTransaction(deps, async (ctx) => {
      const first = await postWithin(ctx, credit('hash-a'));
      const again = await postWithin(ctx, credit('hash-a'));
      return { ok: true as const, first, again };
    });
    expect(same.ok).toBe(true);
    if (!same.ok) return;
    expect(same.again).toMatchObject({ ok: true, replay: true });
    expect(same.again.transactionId).toBe(same.first.transactionId);
    expect((await getWallet(h.db, player)).balance).toBe(7);

    const transactionsBefore = await countOf(sql`select count(*) as n from ledger_transactions`);
    const other = await ledgerTransaction(deps, async (ctx) => {
      await postWithin(ctx, objectWithKey(credit('hash-b'), `within-2-${player}`));
      await postWithin(ctx, objectWithKey(credit('hash-c'), `within-2-${player}`));
      return { ok: true as const };
    });
    expect(other).toEqual({ ok: false, code: 'IDEMPOTENCY_MISMATCH' });
    // The whole transaction rolled back: the first post of the key is gone with it.
    expect(await countOf(sql`select count(*) as n from ledger_transactions`)).toBe(
      transactionsBefore,
    );
    expect((await getWallet(h.db, player)).balance).toBe(7);
    // And a key stored by an earlier transaction, replayed inside another with another hash.
    const later = await ledgerTransaction(deps, async (ctx) => {
      await postWithin(ctx, credit('hash-z'));
      return { ok: true as const };
    });
    expect(later).toEqual({ ok: false, code: 'IDEMPOTENCY_MISMATCH' });
    expect((await getWallet(h.db, player)).balance).toBe(7);
    await expectLedgerBalanced();
  });

  it('a single stake above the balance answers INSUFFICIENT_FUNDS and writes nothing, debit or hold', async () => {
    const player = await insertPlayer(h.db);
    expect((await fund(deps, player, 5_000n)).ok).toBe(true);
    const operationsOf = () =>
      countOf(sql`select count(*) as n from wallet_operations where player_id = ${player}`);
    const transactionsOf = () =>
      countOf(sql`select count(*) as n from ledger_transactions where player_id = ${player}`);
    const transactionsBefore = await transactionsOf();
    for (const mode of ['debit', 'hold'] as const) {
      // The stake alone (its own transaction) and inside a caller's transaction.
      const alone = await wallet.stake({
        product: 'casino',
        externalId: `over-${mode}-${player}`,
        playerId: player,
        roundId: 'r1',
        amountPaise: 5_001n,
        mode,
      });
      expect(alone).toEqual({ ok: false, code: 'INSUFFICIENT_FUNDS' });
      const within = await ledgerTransaction(deps, async (ctx) =>
        wallet.within(ctx).stake({
          product: 'exchange',
          externalId: `over-within-${mode}-${player}`,
          playerId: player,
          roundId: 'm1',
          amountPaise: 5_001n,
          mode,
        }),
      );
      expect(within).toEqual({ ok: false, code: 'INSUFFICIENT_FUNDS' });
    }
    expect(await operationsOf()).toBe(0);
    expect(await transactionsOf()).toBe(transactionsBefore);
    expect(await getWallet(h.db, player)).toMatchObject({ balance: 50, exposure: 0 });
    // The whole balance is still there to stake.
    expect(
      await wallet.stake({
        product: 'casino',
        externalId: `all-${player}`,
        playerId: player,
        roundId: 'r1',
        amountPaise: 5_000n,
        mode: 'debit',
      }),
    ).toMatchObject({ ok: true, balancePaise: 0n });
    await expectLedgerBalanced();
  });

  it("recognises the database's balance check, the refusal behind the guarded update", async () => {
    const player = await insertPlayer(h.db);
    expect((await fund(deps, player, 100n)).ok).toBe(true);
    const failure = await h.db
      .execute(
        sql`update ledger_accounts set balance_paise = balance_paise - 101
            where player_id = ${player} and kind = 'cash'`,
      )
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeDefined();
    expect(balanceCheckViolated(failure)).toBe(true);
    // Another check is not taken for it.
    const other = await h.db
      .execute(sql`update ledger_accounts set owner = 'nobody' where player_id = ${player}`)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(other).toBeDefined();
    expect(balanceCheckViolated(other)).toBe(false);
    expect(balanceCheckViolated(new Error('no database here'))).toBe(false);
  });

  it('applyMany writes the wallet version it took to the outbox, the operation and the answer', async () => {
    // The app's worker would publish and delete the rows before they are read.
    await h.app.outbox.stop();
    try {
      const player = await insertPlayer(h.db);
      expect((await fund(deps, player, 10_000n)).ok).toBe(true);
      expect((await getVersionedWallet(h.db, player)).version).toBe(1);
      const stake = (externalId: string, amountPaise: bigint) => ({
        operation: 'stake' as const,
        input: {
          product: 'exchange' as const,
          externalId: `${externalId}-${player}`,
          playerId: player,
          roundId: 'm1',
          amountPaise,
          mode: 'hold' as const,
        },
      });
      /** [version, balance] of each update_balance in the player's outbox rows, bundles opened. */
      const versionsInOutbox = async () => {
        const rows = await executeRows<{
          id: string | number;
          topic: OutboxRow['topic'];
          event: string;
          payload: unknown;
        }>(
          h.db,
          sql`select id, topic, event, payload from outbox_events
              where player_id = ${player} order by id`,
        );
        return rows
          .flatMap((row) =>
            eventsOfRow({
              id: Number(row.id),
              playerId: player,
              topic: row.topic,
              event: row.event,
              payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
            }),
          )
          .filter((event) => event.event === 'update_balance')
          .map((event) => {
            const payload = event.payload as { version: number; balance: number };
            return [payload.version, payload.balance];
          });
      };
      const before = (await versionsInOutbox()).length;
      for (const last of [false, true]) {
        const answer = await ledgerTransaction(deps, async (ctx) => ({
          ok: true as const,
          // Two moves of one player in one call: one version for the transaction.
          results: await wallet
            .within(ctx)
            .applyMany([stake(`a-${last}`, 1_000n), stake(`b-${last}`, 500n)], { last }),
        }));
        expect(answer.ok).toBe(true);
        if (!answer.ok) return;
        const expected = last ? 3 : 2;
        expect(answer.results.map((r) => r.ok && r.walletVersion)).toEqual([expected, expected]);
      }
      // update_balance of versions 2 and 3, each with the balance after its transaction.
      expect((await versionsInOutbox()).slice(before)).toEqual([
        [2, 85],
        [3, 70],
      ]);
      const stored = await executeRows<{ wallet_version: string | number }>(
        h.db,
        sql`select wallet_version from wallet_operations where player_id = ${player} order by id`,
      );
      expect(stored.map((row) => Number(row.wallet_version))).toEqual([2, 2, 3, 3]);
      expect(await getVersionedWallet(h.db, player)).toMatchObject({ version: 3, balance: 70 });
    } finally {
      await h.app.outbox.start();
    }
  });
});

function objectWithKey(input: PostInput, idempotencyKey: string): PostInput {
  const copy: PostInput = { ...input };
  copy.idempotencyKey = idempotencyKey;
  return copy;
}

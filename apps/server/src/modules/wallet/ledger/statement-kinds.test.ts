import { STATEMENT_KINDS, statementSchema, type StatementKind } from '@spm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startHarness, type Harness } from '../../../test/harness.ts';
import { call, registerPlayer } from '../../../test/identity.ts';
import { fund } from '../../../test/wallet.ts';
import { LEDGER_TRANSACTION_KINDS, WALLET_OPERATIONS, WALLET_PRODUCTS } from './tables.ts';
import { ledgerTransaction, type LedgerDeps } from './ledger-service.ts';
import { creditDeposit } from '../api/money-operations.ts';
import { statementKindOf } from './statement-kinds.ts';
import { WalletApi } from '../api/wallet-api.ts';

describe('statement kinds by product and operation (issue 41 item 10)', () => {
  it('names every wallet operation and ledger kind with a kind of the contract', () => {
    const answered = new Set<string>();
    for (const ledgerKind of LEDGER_TRANSACTION_KINDS) {
      for (const product of [...WALLET_PRODUCTS, null]) {
        for (const operation of [...WALLET_OPERATIONS, null]) {
          if (ledgerKind === 'system_transfer' && (product === null || operation === null)) {
            expect(() => statementKindOf({ ledgerKind, product, operation })).toThrow();
            continue;
          }
          answered.add(statementKindOf({ ledgerKind, product, operation }));
        }
      }
    }
    const outside = [...answered].filter(
      (kind) => !STATEMENT_KINDS.includes(kind as StatementKind),
    );
    expect(outside).toEqual([]);
    // Every kind has its poster: the bonus module posts its release and forfeit.
    expect(STATEMENT_KINDS.filter((kind) => !answered.has(kind))).toEqual([]);
  });

  it('names a product it does not know by the ledger kind, not by a guess', () => {
    const line = { ledgerKind: 'bet_settlement' as const, product: 'lottery', operation: 'win' };
    expect(statementKindOf(line)).toBe('bet.settlement');
  });

  it('reads a crash win as a cash-out and an exchange stake that lowers its hold as a release', () => {
    expect(
      statementKindOf({ ledgerKind: 'bet_settlement', product: 'crash', operation: 'win' }),
    ).toBe('crash.cashout');
    expect(
      statementKindOf({ ledgerKind: 'bet_release', product: 'exchange', operation: 'stake' }),
    ).toBe('exchange.release');
    expect(
      statementKindOf({ ledgerKind: 'bet_hold', product: 'exchange', operation: 'stake' }),
    ).toBe('exchange.stake');
  });
});

describe.each(drivers)('the statement names each line by product and operation on %s', (driver) => {
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

  /** The player's statement of today, oldest line first, as the route answers it. */
  async function statementOf(token: string) {
    const today = new Date(h.clock.now().getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const res = await call(
      h,
      'GET',
      `/api/getAccountstatement/${today}/${today}?pageSize=100`,
      undefined,
      {
        token,
      },
    );
    expect(res.statusCode).toBe(200);
    // The route's answer parses with the contract's schema: no kind outside the enum.
    const page = statementSchema.parse(res.json().data);
    return page.items
      .reverse()
      .map(({ kind, type, credit, debit }) => ({ kind, type, credit, debit }));
  }

  it('a deposit, casino stake, win and rollback, an exchange hold, release, settlement and its reversal', async () => {
    const player = await registerPlayer(h);
    const playerId = Number(player.user.id);
    expect((await fund(deps, playerId, 100_000n)).ok).toBe(true);
    const deposited = await ledgerTransaction(deps, (ctx) =>
      creditDeposit(ctx, wallet.policies, {
        depositId: playerId,
        playerId,
        amountPaise: 50_000n,
        description: 'UPI',
      }),
    );
    expect(deposited).toMatchObject({ replay: false });

    const casino = { product: 'casino' as const, playerId, mode: 'debit' as const };
    const spin = { ...casino, roundId: `spin-${playerId}`, externalId: `bet-${playerId}` };
    expect(await wallet.stake({ ...spin, amountPaise: 1_000n })).toMatchObject({ ok: true });
    expect(
      await wallet.win({ ...spin, externalId: `win-${playerId}`, amountPaise: 2_500n }),
    ).toMatchObject({ ok: true });
    const voided = { ...casino, roundId: `void-${playerId}`, externalId: `vbet-${playerId}` };
    expect(await wallet.stake({ ...voided, amountPaise: 700n })).toMatchObject({ ok: true });
    expect(
      await wallet.rollback({
        ...voided,
        externalId: `rb-${playerId}`,
        targetExternalId: voided.externalId,
      }),
    ).toMatchObject({ ok: true });

    const market = { product: 'exchange' as const, playerId, roundId: `market-${playerId}` };
    const hold = { ...market, mode: 'hold' as const };
    expect(
      await wallet.stake({
        ...hold,
        externalId: `o1-${playerId}`,
        amountPaise: 3_000n,
        holdToPaise: 3_000n,
      }),
    ).toMatchObject({ ok: true });
    expect(
      await wallet.stake({
        ...hold,
        externalId: `o2-${playerId}`,
        amountPaise: 0n,
        holdToPaise: 2_000n,
      }),
    ).toMatchObject({ ok: true });
    const settleKey = `settle:${market.roundId}:v1:p${playerId}`;
    expect(
      await wallet.settle({
        ...market,
        externalId: settleKey,
        ledgerKey: settleKey,
        payoutPaise: 5_000n,
      }),
    ).toMatchObject({ ok: true });
    const unsettleKey = `unsettle:${market.roundId}:v1:p${playerId}`;
    expect(
      await wallet.reverse({
        ...market,
        externalId: unsettleKey,
        ledgerKey: unsettleKey,
        targetExternalId: settleKey,
        payoutPaise: 5_000n,
        commissionPaise: 0n,
        holdToPaise: 2_000n,
      }),
    ).toMatchObject({ ok: true });

    // The batch path (applyMany, as the casino's batches post) names its lines the same way.
    const table = { ...casino, roundId: `table-${playerId}` };
    const batch = await ledgerTransaction(deps, (ctx) =>
      wallet.within(ctx).applyMany([
        {
          operation: 'stake',
          input: { ...table, externalId: `tb-${playerId}`, amountPaise: 400n },
        },
        { operation: 'win', input: { ...table, externalId: `tw-${playerId}`, amountPaise: 900n } },
      ]),
    );
    expect(batch).toEqual([
      expect.objectContaining({ ok: true }),
      expect.objectContaining({ ok: true }),
    ]);

    expect(await statementOf(player.token)).toEqual([
      { kind: 'adjustment.credit', type: 'adjustment_credit', credit: 1_000, debit: 0 },
      { kind: 'deposit', type: 'deposit', credit: 500, debit: 0 },
      { kind: 'casino.stake', type: expect.any(String), credit: 0, debit: 10 },
      { kind: 'casino.win', type: expect.any(String), credit: 25, debit: 0 },
      { kind: 'casino.stake', type: expect.any(String), credit: 0, debit: 7 },
      { kind: 'casino.rollback', type: expect.any(String), credit: 7, debit: 0 },
      { kind: 'exchange.stake', type: 'bet_hold', credit: 0, debit: 30 },
      { kind: 'exchange.release', type: 'bet_release', credit: 10, debit: 0 },
      { kind: 'exchange.settlement', type: 'bet_settlement', credit: 50, debit: 0 },
      { kind: 'exchange.reversal', type: 'bet_settlement', credit: 0, debit: 50 },
      { kind: 'casino.stake', type: expect.any(String), credit: 0, debit: 4 },
      { kind: 'casino.win', type: expect.any(String), credit: 9, debit: 0 },
    ]);
  });
});

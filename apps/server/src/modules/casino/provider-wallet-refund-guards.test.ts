import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { providerWalletKit } from '../../test/casino-wallet.ts';
import { drivers, useHarness } from '../../test/use-harness.ts';
import { insertTestProvider } from './provider-wallet-fixtures.ts';

/*
 * A rollback naming a bet the casino refused: the casino answers it itself, before the wallet
 * (which never saw the bet and would keep a rollback marker for a bet still to come).
 */
describe.each(drivers)('the refund of a refused casino bet on %s', (driver) => {
  const h = useHarness(driver);
  const { call, session, cash, expectLedgerBalanced } = providerWalletKit(h);
  let seq = 0;
  const next = (prefix: string) => `${prefix}-${++seq}-${Date.now()}`;

  const walletRowsOf = async (playerId: number) =>
    executeRows<{ external_id: string; status: string }>(
      h.db,
      sql`select external_id, status from wallet_operations where player_id = ${playerId}
          order by id`,
    );

  it('answers that the bet was refused and writes no wallet operation nor marker', async () => {
    const provider = await insertTestProvider(h.db, { minBetPaise: 100n });
    const { playerId, base } = await session(provider, 5_000n);
    const roundId = next('round');
    const send = (operation: 'bet' | 'rollback', fields: Record<string, unknown>) =>
      call(provider, operation, { requestId: next('req'), ...base, roundId, ...fields });

    // Two refusals of the casino's own: under the game's minimum, more than the balance.
    expect((await send('bet', { transactionId: 'tiny', amount: 1 })).status).toBe(
      'RS_ERROR_BET_LIMIT',
    );
    expect((await send('bet', { transactionId: 'big', amount: 6_000 })).status).toBe(
      'RS_ERROR_NOT_ENOUGH_MONEY',
    );
    for (const refused of ['tiny', 'big']) {
      const answer = await send('rollback', {
        transactionId: `rb-${refused}`,
        referenceTransactionId: refused,
      });
      expect(answer).toMatchObject({
        status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
        message: 'The bet was refused: nothing to refund.',
        balance: 5_000,
      });
    }
    // Nothing reached the wallet: no operation, no marker for a late bet of that id.
    expect(await walletRowsOf(playerId)).toEqual([]);
    expect(await cash(playerId)).toBe(5_000n);
    // The refused bets replay their refusal; an accepted bet of the round still works.
    expect((await send('bet', { transactionId: 'big', amount: 6_000 })).status).toBe(
      'RS_ERROR_NOT_ENOUGH_MONEY',
    );
    expect(await send('bet', { transactionId: 'ok', amount: 1_000 })).toMatchObject({
      status: 'RS_OK',
      balance: 4_000,
    });
    expect((await walletRowsOf(playerId)).map((row) => row.status)).toEqual(['done']);
    await expectLedgerBalanced();
  });
});

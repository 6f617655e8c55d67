import type { ProviderAnswer } from '@spm/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { providerWalletKit } from '../../test/casino-wallet.ts';
import { databaseRefusal } from '../../test/harness.ts';
import { drivers, useHarness } from '../../test/use-harness.ts';
import { hashToken } from '../../security/tokens.ts';
import { SPEC_ROUND_RULE } from '@spm/core';
import { WalletApi } from '../wallet/index.ts';
import {
  callbackBatchStats,
  RUN_ALONE,
  submitCallback,
  type BatchedCallback,
  type BatchOutcome,
} from './provider-wallet-batch.ts';
import { insertTestProvider } from './provider-wallet-fixtures.ts';
import { signProviderBody } from './provider-signature.ts';
import {
  findSessionByToken,
  writeTransactionsAndRounds,
  type SessionRow,
} from './provider-wallet-repository.ts';
import { handleProviderCall, transactionHash } from './provider-wallet-service.ts';

/**
 * Bets and wins committed in batches (docs/decisions.md "Casino callbacks in batches"): many
 * callbacks sent at once answer exactly what they would one at a time, and a batch whose plan
 * the wallet does not hold falls back to each callback alone.
 */
describe.each(drivers)('casino callbacks in batches on %s', (driver) => {
  const h = useHarness(driver);
  const { call, session, cash, expectLedgerBalanced } = providerWalletKit(h);
  let seq = 0;
  const next = (prefix: string) => `${prefix}-${++seq}-${Date.now()}`;
  /**
   * A wallet of the test's own, so its callback queue is fresh (callbacks submitted in one
   * tick are one batch), registered as buildApp registers the app's.
   */
  const ownWallet = () => {
    const wallet = new WalletApi({ db: h.db, clock: h.clock, realtime: h.app.realtime });
    wallet.policies.setRoundRule(SPEC_ROUND_RULE);
    return wallet;
  };
  /** A bet's body in a new round of the player's session, under a new transaction id. */
  const betOf = (
    who: { base: { token: string; user: string; gameId: string } },
    amount: number,
  ) => ({
    requestId: next('req'),
    ...who.base,
    roundId: next('round'),
    transactionId: next('t'),
    amount,
  });

  it('callbacks queued together share a batch and answer as one at a time would', async () => {
    const provider = await insertTestProvider(h.db, { minBetPaise: 100n, maxBetPaise: 750_000n });
    const rich = await session(provider, 1_000_000n);
    const poor = await session(provider, 30_000n);
    const players = await Promise.all([1, 2, 3, 4].map(() => session(provider, 100_000n)));
    // A service of its own: its queue is fresh, so callbacks submitted in one tick are one batch.
    const service = { deps: h.app.exchange.deps, wallet: ownWallet() };
    const roundOf = new Map<number, string>();
    const sessionRows = new Map<number, SessionRow>();
    for (const who of [rich, poor, ...players]) {
      const row = await findSessionByToken(h.db, provider.providerId, hashToken(who.base.token));
      sessionRows.set(who.playerId, row!);
    }
    const callback = (
      who: { playerId: number; base: { token: string; user: string; gameId: string } },
      kind: 'bet' | 'win',
      transactionId: string,
      amount: number,
    ): BatchedCallback => {
      if (!roundOf.has(who.playerId)) roundOf.set(who.playerId, next('round'));
      const common = {
        requestId: next('req'),
        ...who.base,
        currency: 'INR' as const,
        roundId: roundOf.get(who.playerId)!,
        transactionId,
        amount,
      };
      const request =
        kind === 'bet'
          ? { ...common, kind: 'bet' as const }
          : { ...common, kind: 'win' as const, roundClosed: true };
      return {
        providerId: provider.providerId,
        session: sessionRows.get(who.playerId)!,
        request,
        hash: transactionHash(request),
        currency: 'INR',
        winsWithoutBet: false,
      };
    };
    const together = (callbacks: BatchedCallback[]) =>
      Promise.all(callbacks.map((c) => submitCallback(service, c)));
    const answered = (outcome: BatchOutcome | undefined): ProviderAnswer => {
      if (outcome === undefined || outcome === RUN_ALONE) throw new Error('not answered');
      return outcome;
    };

    const before = { ...callbackBatchStats };
    const duplicateId = next('dup');
    const poorIds = [next('p1'), next('p2')] as const;
    const [poorFirst, poorSecond, richFirst, richSecond, twinA, twinB, ...plain] = await together([
      // 300 points of 300: the second bet cannot be covered.
      callback(poor, 'bet', poorIds[0], 20_000),
      callback(poor, 'bet', poorIds[1], 20_000),
      // 7,500 points of stakes a round at most: 4,000 twice is over.
      callback(rich, 'bet', next('r1'), 400_000),
      callback(rich, 'bet', next('r2'), 400_000),
      // One transaction id twice in a batch: the second waits and runs alone.
      callback(players[0]!, 'bet', duplicateId, 5_000),
      callback(players[0]!, 'bet', duplicateId, 5_000),
      ...players.slice(1).map((p) => callback(p, 'bet', next('b'), 7_000)),
    ]);
    expect(answered(poorFirst)).toMatchObject({ status: 'RS_OK', balance: 10_000 });
    expect(answered(poorSecond)).toMatchObject({
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      balance: 10_000,
    });
    expect(answered(richFirst)).toMatchObject({ status: 'RS_OK', balance: 600_000 });
    expect(answered(richSecond)).toMatchObject({
      status: 'RS_ERROR_LIMIT_REACHED',
      balance: 600_000,
    });
    expect(answered(twinA)).toMatchObject({ status: 'RS_OK', balance: 95_000 });
    expect(twinB).toBe(RUN_ALONE);
    for (const answer of plain) {
      expect(answered(answer)).toMatchObject({ status: 'RS_OK', balance: 93_000 });
    }
    expect(callbackBatchStats.batches - before.batches).toBe(1);

    // Wins together too, the rich player's capped at 75,000 points a round.
    const [bigWin, ...wins] = await together([
      callback(rich, 'win', next('w'), 8_000_000),
      ...players.map((p) => callback(p, 'win', next('w'), 1_000)),
    ]);
    expect(answered(bigWin)).toMatchObject({
      status: 'RS_OK',
      credited: 7_500_000,
      balance: 8_100_000,
    });
    expect(wins.map((w) => answered(w).balance)).toEqual([96_000, 94_000, 94_000, 94_000]);
    expect(callbackBatchStats.batches - before.batches).toBe(2);
    expect(callbackBatchStats.fallbacks).toBe(before.fallbacks);

    // What the batches stored answers the same callbacks again over HTTP.
    const replay = await call(provider, 'bet', {
      requestId: 'again',
      ...poor.base,
      roundId: roundOf.get(poor.playerId),
      transactionId: poorIds[1],
      amount: 20_000,
    });
    expect(replay).toEqual({ ...answered(poorSecond), requestId: 'again' });
    expect(await cash(poor.playerId)).toBe(10_000n);
    expect(await cash(players[0]!.playerId)).toBe(96_000n);
    expect(await cash(rich.playerId)).toBe(8_100_000n);
    await expectLedgerBalanced();
  });

  it('a limit policy refuses its bet alone inside the batch; the batch stays one', async () => {
    const provider = await insertTestProvider(h.db);
    const limited = await session(provider, 100_000n);
    const others = await Promise.all([1, 2].map(() => session(provider, 100_000n)));
    const wallet = ownWallet();
    wallet.addLimitPolicy((request) =>
      request.playerId === limited.playerId
        ? { allow: false, code: 'LIMIT_REACHED', limit: 'daily-loss', until: null }
        : { allow: true },
    );
    const service = { deps: h.app.exchange.deps, wallet };
    const bet = async (who: typeof limited): Promise<BatchedCallback> => {
      const request = {
        requestId: next('req'),
        ...who.base,
        currency: 'INR' as const,
        roundId: next('round'),
        transactionId: next('t'),
        amount: 1_000,
        kind: 'bet' as const,
      };
      const row = await findSessionByToken(h.db, provider.providerId, hashToken(who.base.token));
      return {
        providerId: provider.providerId,
        session: row!,
        request,
        hash: transactionHash(request),
        currency: 'INR',
        winsWithoutBet: false,
      };
    };
    const callbacks = await Promise.all([limited, ...others].map(bet));
    const before = { ...callbackBatchStats };
    const [refused, ...taken] = await Promise.all(callbacks.map((c) => submitCallback(service, c)));
    expect(refused).toMatchObject({
      status: 'RS_ERROR_LIMIT_REACHED',
      balance: 100_000,
      refusal: { code: 'LIMIT_REACHED', limit: 'daily-loss', until: null },
    });
    for (const answer of taken) expect(answer).toMatchObject({ status: 'RS_OK', balance: 99_000 });
    expect(callbackBatchStats.batches - before.batches).toBe(1);
    expect(callbackBatchStats.fallbacks).toBe(before.fallbacks);
    expect(await cash(limited.playerId)).toBe(100_000n);
    await expectLedgerBalanced();
  });

  it('a batch the wallet answers otherwise than planned falls back, each callback alone', async () => {
    const provider = await insertTestProvider(h.db);
    const who = await session(provider, 100_000n);
    // A policy that allows the bet when the batch judges it and refuses it when the wallet's
    // applyMany does (never a real policy: they are pure) makes the wallet answer otherwise
    // than planned.
    let asked = 0;
    const wallet = ownWallet();
    wallet.addLimitPolicy(() =>
      (asked += 1) === 1
        ? { allow: true }
        : { allow: false, code: 'LIMIT_REACHED', limit: 'test-limit', until: null },
    );
    const service = { deps: h.app.exchange.deps, wallet };
    const signed = (operation: string, body: unknown) => {
      const rawBody = JSON.stringify(body);
      const timestampMs = h.clock.now().getTime();
      return handleProviderCall(service, {
        providerId: provider.providerId,
        operation,
        rawBody,
        timestampHeader: String(timestampMs),
        signatureHeader: signProviderBody(
          provider.secret,
          timestampMs,
          { providerId: provider.providerId, operation },
          rawBody,
        ),
      });
    };
    const before = { ...callbackBatchStats };
    const body = betOf(who, 1_000);
    const answer: ProviderAnswer = await signed('bet', body);
    expect(answer).toMatchObject({ status: 'RS_ERROR_LIMIT_REACHED', balance: 100_000 });
    expect(callbackBatchStats.fallbacks).toBe(before.fallbacks + 1);
    // Stored by the callback alone: the retry answers the same.
    expect(await signed('bet', body)).toEqual(answer);
    expect(await cash(who.playerId)).toBe(100_000n);
    await expectLedgerBalanced();
  });

  it("the batch's last write raises, writing nothing, when a transaction id was taken meanwhile", async () => {
    const provider = await insertTestProvider(h.db);
    const who = await session(provider, 100_000n);
    const body = betOf(who, 1_000);
    expect(await call(provider, 'bet', body)).toMatchObject({ status: 'RS_OK' });
    const [stored] = await executeRows<{ round_id: string | number; staked: string | number }>(
      h.db,
      sql`select t.round_id, r.staked_paise as staked from casino_transactions t
          join casino_rounds r on r.id = t.round_id
          where t.provider_id = ${provider.providerId} and t.provider_transaction_id = ${body.transactionId}`,
    );
    const roundId = Number(stored!.round_id);
    const row = {
      providerId: provider.providerId,
      providerTransactionId: body.transactionId,
      kind: 'bet' as const,
      requestHash: 'another',
      roundId,
      providerRoundId: body.roundId,
      playerId: who.playerId,
      gameId: who.base.gameId,
      amountPaise: 1_000n,
      appliedPaise: 1_000n,
      referenceTransactionId: null,
      status: 'RS_OK',
      answer: {},
      walletOperationId: null,
      createdAt: h.clock.now(),
    };
    const round = {
      id: roundId,
      status: 'open' as const,
      stakedPaise: 99_000n,
      wonPaise: 0n,
      refundedPaise: 0n,
      closedAt: null,
    };
    await expect(
      h.db.transaction((tx) =>
        writeTransactionsAndRounds(tx, [row], [round], { commitBehind: true }),
      ),
    ).rejects.toThrow();
    const [after] = await executeRows<{ staked: string | number }>(
      h.db,
      sql`select staked_paise as staked from casino_rounds where id = ${roundId}`,
    );
    // The round's totals moved in the same statement: rolled back with it.
    expect(BigInt(after!.staked)).toBe(BigInt(stored!.staked));
  });

  it('never deletes a round its transactions name (they carry no foreign key to it)', async () => {
    const provider = await insertTestProvider(h.db);
    const who = await session(provider, 100_000n);
    const { roundId, ...body } = betOf(who, 1_000);
    const bet = await call(provider, 'bet', { roundId, ...body });
    expect(bet.status).toBe('RS_OK');
    const remaining = sql`select count(*)::int as n from casino_rounds
      where provider_id = ${provider.providerId} and provider_round_id = ${roundId}`;
    expect((await executeRows<{ n: number }>(h.db, remaining))[0]?.n).toBe(1);
    expect(
      await databaseRefusal(
        h.db.execute(
          sql`delete from casino_rounds
              where provider_id = ${provider.providerId} and provider_round_id = ${roundId}`,
        ),
      ),
    ).toBe('rows of casino_rounds are never deleted: other rows name them');
    expect((await executeRows<{ n: number }>(h.db, remaining))[0]?.n).toBe(1);
  });

  it('a lost round (a win of 0: no money, an event) commits in its batch, not alone', async () => {
    const provider = await insertTestProvider(h.db);
    const who = await session(provider, 100_000n);
    const before = { ...callbackBatchStats };
    const { roundId, ...body } = betOf(who, 1_000);
    const bet = await call(provider, 'bet', { roundId, ...body });
    const win = await call(provider, 'win', {
      requestId: next('req'),
      ...who.base,
      roundId,
      transactionId: next('t'),
      amount: 0,
      roundClosed: true,
    });
    expect([bet.status, win.status]).toEqual(['RS_OK', 'RS_OK']);
    expect(win).toMatchObject({ balance: 99_000 });
    expect(callbackBatchStats.batches).toBe(before.batches + 2);
    expect(callbackBatchStats.fallbacks).toBe(before.fallbacks);
    expect(await cash(who.playerId)).toBe(99_000n);
    await expectLedgerBalanced();
  });
});

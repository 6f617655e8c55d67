import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CASINO_SIGNATURE_HEADER,
  CASINO_TIMESTAMP_HEADER,
  providerAnswerSchema,
  type CasinoProviderOperation,
} from '@spm/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { providerWalletKit } from '../../test/casino-wallet.ts';
import { drivers, useHarness } from '../../test/use-harness.ts';
import { signProviderBody } from './provider-signature.ts';
import { insertLaunch, insertTestProvider } from './provider-wallet-fixtures.ts';
import { casinoProviders } from './tables.ts';

/*
 * What the seamless wallet answers to input no provider should send (issue 39 item 7): text
 * the database cannot store, and addresses that are not a provider operation, always in the
 * provider's shape and never with the code that tells the provider to retry.
 */

// A built player app: its static catch-all GET route is what production has in front of the
// provider addresses (without a build the app's not-found handler alone answers them).
const webDist = mkdtempSync(join(tmpdir(), 'spm-provider-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<html><body>player</body></html>');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

describe.each(drivers)('casino provider protocol edges on %s', (driver) => {
  const h = useHarness(driver, { env: { WEB_DIST: webDist } });
  const { nowMs, call, session, cash, expectLedgerBalanced } = providerWalletKit(h);

  const casinoRowCounts = async () =>
    (
      await executeRows<{ transactions: string; rounds: string }>(
        h.db,
        sql`select (select count(*) from casino_transactions)::text as transactions,
                   (select count(*) from casino_rounds)::text as rounds`,
      )
    )[0];

  it('refuses a NUL or a lone surrogate in any string field of any operation as RS_ERROR_WRONG_SYNTAX, writing nothing', async () => {
    const provider = await insertTestProvider(h.db);
    const { playerId, base } = await session(provider, 100_000n);
    const { launchToken } = await insertLaunch(h.db, {
      ...provider,
      playerId,
      now: h.clock.now(),
    });
    const money = { transactionId: 'tx-1', roundId: 'round-1' };
    const bodies: Record<CasinoProviderOperation, Record<string, unknown>> = {
      authenticate: { requestId: 'r', launchToken },
      balance: { requestId: 'r', ...base },
      bet: { requestId: 'r', ...base, ...money, amount: 1_000 },
      win: { requestId: 'r', ...base, ...money, amount: 1_000, referenceTransactionId: 'tx-0' },
      rollback: { requestId: 'r', ...base, ...money, referenceTransactionId: 'tx-0' },
    };
    const before = await casinoRowCounts();
    const malformed = ['a\u0000b', '\u0000', 'a\ud800b', '\udc00', 'round\ud83d'];
    let cases = 0;
    for (const [operation, body] of Object.entries(bodies) as [
      CasinoProviderOperation,
      Record<string, unknown>,
    ][]) {
      for (const field of Object.keys(body).filter((key) => typeof body[key] === 'string')) {
        for (const text of malformed) {
          const answer = await call(provider, operation, { ...body, [field]: text });
          expect(answer.status, `${operation}.${field} = ${JSON.stringify(text)}`).toBe(
            'RS_ERROR_WRONG_SYNTAX',
          );
          cases += 1;
        }
      }
      // A key the schemas do not know holds it: still syntax, never a database error.
      const answer = await call(provider, operation, { ...body, ['x\u0000']: 1 });
      expect(answer.status).toBe('RS_ERROR_WRONG_SYNTAX');
    }
    expect(cases).toBeGreaterThan(100);
    expect(await casinoRowCounts()).toEqual(before);
    expect(await cash(playerId)).toBe(100_000n);

    // The callbacks read together in one statement are not taken down by a malformed one
    // beside them (a NUL reaching that read failed every callback of the batch).
    const answers = await Promise.all([
      call(provider, 'bet', { ...bodies.bet, transactionId: 'bad\u0000' }),
      call(provider, 'balance', bodies.balance),
      call(provider, 'bet', { ...bodies.bet, transactionId: 'good-1', roundId: 'round-2' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([
      'RS_ERROR_WRONG_SYNTAX',
      'RS_OK',
      'RS_OK',
    ]);
    expect(await cash(playerId)).toBe(99_000n);
    await expectLedgerBalanced();
  });

  it("answers every method on a provider address in the provider's shape, with a built player app in front", async () => {
    const provider = await insertTestProvider(h.db);
    const path = `/api/casino/provider/${provider.providerId}`;
    const body = JSON.stringify({ requestId: 'x' });
    const signedFor = (operation: string) => {
      const timestampMs = nowMs();
      return {
        [CASINO_TIMESTAMP_HEADER]: String(timestampMs),
        [CASINO_SIGNATURE_HEADER]: signProviderBody(
          provider.secret,
          timestampMs,
          { providerId: provider.providerId, operation },
          body,
        ),
      };
    };
    const methods = ['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
    const urls = [
      `${path}/balance`,
      `${path}/bet`,
      `${path}/bet/extra`,
      path,
      '/api/casino/provider',
    ];
    for (const method of methods) {
      for (const url of urls) {
        const response = await h.app.inject({
          method,
          url,
          headers: { 'content-type': 'application/json', ...signedFor('balance') },
          ...(method === 'GET' ? {} : { payload: body }),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(200);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(providerAnswerSchema.parse(response.json()), `${method} ${url}`).toMatchObject({
          status: 'RS_ERROR_WRONG_SYNTAX',
        });
      }
    }
    // HEAD has no body to carry an answer; it must not be the app's 404 either.
    const head = await h.app.inject({ method: 'HEAD', url: `${path}/bet` });
    expect(head.statusCode).toBe(200);
    // The player app is still served beside them, and a POST still reaches the operation.
    const page = await h.app.inject({ method: 'GET', url: '/casino' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('player');
    const posted = await h.app.inject({
      method: 'POST',
      url: `${path}/balance`,
      headers: { 'content-type': 'application/json', ...signedFor('balance') },
      payload: body,
    });
    expect(posted.json()).toMatchObject({ status: 'RS_ERROR_WRONG_SYNTAX', requestId: 'x' });
  });

  it('refuses a win in a round without a bet, writing nothing, unless the provider is allowed to pay one', async () => {
    const provider = await insertTestProvider(h.db);
    const { playerId, base } = await session(provider, 100_000n);
    const win = (transactionId: string, roundId: string, amount = 7_500_000) =>
      call(provider, 'win', {
        requestId: `r-${transactionId}`,
        ...base,
        transactionId,
        roundId,
        amount,
      });
    const before = await casinoRowCounts();
    // Alone, and several at once (the batched path): refused, nothing credited or written.
    const refused = await Promise.all(
      ['w1', 'w2', 'w3', 'w4'].map((id, n) => win(id, `empty-${n % 2}`)),
    );
    for (const answer of refused) {
      expect(answer).toMatchObject({
        status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
        balance: 100_000,
      });
    }
    expect(await cash(playerId)).toBe(100_000n);
    expect(await casinoRowCounts()).toEqual(before);

    // A round whose only bet was refunded holds no bet either.
    expect(
      (
        await call(provider, 'bet', {
          requestId: 'b',
          ...base,
          transactionId: 'b1',
          roundId: 'refunded',
          amount: 10_000,
        })
      ).status,
    ).toBe('RS_OK');
    expect(
      (
        await call(provider, 'rollback', {
          requestId: 'rb',
          ...base,
          transactionId: 'rb1',
          roundId: 'refunded',
          referenceTransactionId: 'b1',
        })
      ).status,
    ).toBe('RS_OK');
    expect((await win('w5', 'refunded')).status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    // A win of 0 closes a round and moves nothing: still answered.
    expect((await win('w6', 'refunded', 0)).status).toBe('RS_OK');

    // Not stored: once the round has its bet, the same win is paid (a win that overtook its bet).
    expect(
      (
        await call(provider, 'bet', {
          requestId: 'b',
          ...base,
          transactionId: 'b2',
          roundId: 'empty-0',
          amount: 10_000,
        })
      ).status,
    ).toBe('RS_OK');
    expect(await win('w1', 'empty-0', 19_800)).toMatchObject({ status: 'RS_OK', credited: 19_800 });
    expect(await cash(playerId)).toBe(109_800n);

    // A provider the operator allows to pay wins without a bet (a free-spins promotion).
    await h.db
      .update(casinoProviders)
      .set({ winsWithoutBet: true })
      .where(eq(casinoProviders.id, provider.providerId));
    expect(await win('w7', 'free-spin', 5_000)).toMatchObject({ status: 'RS_OK', credited: 5_000 });
    expect(await cash(playerId)).toBe(114_800n);
    await expectLedgerBalanced();
  });
});

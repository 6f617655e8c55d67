import {
  CASINO_SIGNATURE_HEADER,
  CASINO_TIMESTAMP_HEADER,
  providerAnswerSchema,
  type ProviderAnswer,
} from '@spm/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeRows } from '../../db/database.ts';
import { useHarness, drivers } from '../../test/use-harness.ts';
import { providerWalletKit } from '../../test/casino-wallet.ts';
import { users } from '../identity/tables.ts';
import { signProviderBody } from './provider-signature.ts';
import { insertLaunch, insertTestProvider } from './provider-wallet-fixtures.ts';
import { casinoGames, casinoProviders, casinoSessions } from './tables.ts';

describe.each(drivers)('casino provider wallet on %s', (driver) => {
  const h = useHarness(driver);
  let seq = 0;
  const next = (prefix: string) => `${prefix}-${++seq}-${Date.now()}`;
  // The kit reads the harness only when its functions run (inside tests).
  const { nowMs, call, session, fundedPlayer, cash, expectLedgerBalanced } = providerWalletKit(h);

  /** A raw POST: for the cases a well-behaved signer cannot produce. */
  async function raw(
    url: string,
    payload: string,
    headers: Record<string, string>,
  ): Promise<ProviderAnswer> {
    const response = await h.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload,
    });
    expect(response.statusCode).toBe(200);
    return providerAnswerSchema.parse(response.json());
  }

  /** The provider and operation a URL of the seamless wallet names (both are signed). */
  const targetOf = (url: string) => {
    const [providerId = '', operation = ''] = url.split('/').slice(4).map(decodeURIComponent);
    return { providerId, operation };
  };
  const signed = (secret: string, url: string, body: string, timestampMs = nowMs()) => ({
    [CASINO_TIMESTAMP_HEADER]: String(timestampMs),
    [CASINO_SIGNATURE_HEADER]: signProviderBody(secret, timestampMs, targetOf(url), body),
  });

  describe('signature', () => {
    it('accepts a correctly signed request and refuses a tampered, stale, wrongly keyed or unsigned one', async () => {
      const provider = await insertTestProvider(h.db);
      const { base } = await session(provider);
      const url = `/api/casino/provider/${provider.providerId}/balance`;
      const body = JSON.stringify({ requestId: next('r'), ...base });
      expect((await raw(url, body, signed(provider.secret, url, body))).status).toBe('RS_OK');

      // One byte of the body changed after signing (a space the JSON parser would not mind).
      const tampered = body.replace('{', '{ ');
      expect((await raw(url, tampered, signed(provider.secret, url, body))).status).toBe(
        'RS_ERROR_INVALID_SIGNATURE',
      );
      for (const skewMs of [-5 * 60_000 - 1000, 5 * 60_000 + 1000]) {
        const at = nowMs() + skewMs;
        expect((await raw(url, body, signed(provider.secret, url, body, at))).status).toBe(
          'RS_ERROR_INVALID_SIGNATURE',
        );
      }
      // Within the window either way is fine (clocks drift).
      const near = nowMs() - 4 * 60_000;
      expect((await raw(url, body, signed(provider.secret, url, body, near))).status).toBe('RS_OK');
      expect((await raw(url, body, signed('another-secret', url, body))).status).toBe(
        'RS_ERROR_INVALID_SIGNATURE',
      );
      expect((await raw(url, body, {})).status).toBe('RS_ERROR_INVALID_SIGNATURE');
      const headers = signed(provider.secret, url, body);
      expect(
        (await raw(url, body, { [CASINO_TIMESTAMP_HEADER]: headers[CASINO_TIMESTAMP_HEADER] }))
          .status,
      ).toBe('RS_ERROR_INVALID_SIGNATURE');
    });

    it('refuses signed bytes sent to another operation or provider: a captured bet cannot be a win', async () => {
      const provider = await insertTestProvider(h.db);
      const other = await insertTestProvider(h.db, { secret: provider.secret });
      const { playerId, base } = await session(provider, 100_000n);
      const path = `/api/casino/provider/${provider.providerId}`;
      // A bet body is also a valid win body (the same fields): only the URL tells them apart.
      const body = JSON.stringify({
        requestId: next('r'),
        ...base,
        transactionId: next('bet'),
        roundId: next('round'),
        amount: 50_000,
      });
      const asBet = signed(provider.secret, `${path}/bet`, body);
      for (const url of [
        `${path}/win`,
        `${path}/rollback`,
        `/api/casino/provider/${other.providerId}/bet`,
      ]) {
        expect((await raw(url, body, asBet)).status).toBe('RS_ERROR_INVALID_SIGNATURE');
      }
      expect(await cash(playerId)).toBe(100_000n);
      // The genuine bet, sent where it was signed for, still goes through and debits.
      expect(await raw(`${path}/bet`, body, asBet)).toMatchObject({
        status: 'RS_OK',
        balance: 50_000,
      });
      expect(await cash(playerId)).toBe(50_000n);
      await expectLedgerBalanced();
    });

    it('answers unknown and disabled providers, unknown operations and bad JSON in the body with HTTP 200', async () => {
      const provider = await insertTestProvider(h.db);
      const body = JSON.stringify({ requestId: 'x' });
      const unknown = await raw(
        '/api/casino/provider/nobody/balance',
        body,
        signed('s', '/api/casino/provider/nobody/balance', body),
      );
      expect(unknown.status).toBe('RS_ERROR_UNKNOWN_PROVIDER');

      const bad = 'not json';
      const path = `/api/casino/provider/${provider.providerId}`;
      expect(
        (await raw(`${path}/balance`, bad, signed(provider.secret, `${path}/balance`, bad))).status,
      ).toBe('RS_ERROR_WRONG_SYNTAX');
      expect(
        (await raw(`${path}/refund`, body, signed(provider.secret, `${path}/refund`, body))).status,
      ).toBe('RS_ERROR_WRONG_SYNTAX');
      const missingFields = await raw(
        `${path}/bet`,
        body,
        signed(provider.secret, `${path}/bet`, body),
      );
      expect(missingFields).toMatchObject({ status: 'RS_ERROR_WRONG_SYNTAX', requestId: 'x' });
      // Another content type is still the raw text the signature covers.
      const asText = await h.app.inject({
        method: 'POST',
        url: `${path}/balance`,
        headers: {
          'content-type': 'text/plain',
          ...signed(provider.secret, `${path}/balance`, body),
        },
        payload: body,
      });
      expect(asText.statusCode).toBe(200);
      expect(asText.json()).toMatchObject({ status: 'RS_ERROR_WRONG_SYNTAX' });
      for (const [method, url] of [
        ['POST', path],
        ['POST', `${path}/bet/extra`],
        ['GET', `${path}/balance`],
      ] as const) {
        const wrong = await h.app.inject({
          method,
          url,
          headers: signed(provider.secret, url, body),
        });
        expect(wrong.statusCode).toBe(200);
        expect(wrong.json()).toMatchObject({ status: 'RS_ERROR_WRONG_SYNTAX' });
      }
      const withNul = JSON.stringify({ requestId: 'x\u0000y' });
      expect(
        (await raw(`${path}/balance`, withNul, signed(provider.secret, `${path}/balance`, withNul)))
          .status,
      ).toBe('RS_ERROR_WRONG_SYNTAX');
      const tooBig = JSON.stringify({ requestId: 'x', pad: 'x'.repeat(40_000) });
      expect(
        (await raw(`${path}/balance`, tooBig, signed(provider.secret, `${path}/balance`, tooBig)))
          .status,
      ).toBe('RS_ERROR_WRONG_SYNTAX');

      await h.db
        .update(casinoProviders)
        .set({ enabled: false })
        .where(eq(casinoProviders.id, provider.providerId));
      expect(
        (await raw(`${path}/balance`, body, signed(provider.secret, `${path}/balance`, body)))
          .status,
      ).toBe('RS_ERROR_PROVIDER_DISABLED');
      // A disabled provider's unsigned request learns nothing more than a bad signature.
      expect((await raw(`${path}/balance`, body, {})).status).toBe('RS_ERROR_INVALID_SIGNATURE');
    });
  });

  describe('authenticate', () => {
    it('exchanges a launch token once for a session token, with the balance and currency', async () => {
      const provider = await insertTestProvider(h.db);
      const playerId = await fundedPlayer(12_345n);
      const { launchToken } = await insertLaunch(h.db, {
        ...provider,
        playerId,
        now: h.clock.now(),
      });
      const first = await call(provider, 'authenticate', { requestId: 'a1', launchToken });
      expect(first).toMatchObject({
        status: 'RS_OK',
        requestId: 'a1',
        user: String(playerId),
        gameId: provider.gameId,
        currency: 'INR',
        balance: 12_345,
      });
      expect(first.token).toMatch(/^[\w-]{40,}$/);
      const [row] = await h.db
        .select()
        .from(casinoSessions)
        .where(eq(casinoSessions.playerId, playerId));
      // Only the hash is kept; the session lasts 12 hours.
      expect(row!.sessionTokenHash).not.toBe(first.token);
      expect(row!.sessionExpiresAt!.getTime() - nowMs()).toBe(12 * 3_600_000);
      const again = await call(provider, 'authenticate', { requestId: 'a2', launchToken });
      expect(again.status).toBe('RS_ERROR_INVALID_TOKEN');
    });

    it('lets only one of two concurrent exchanges win', async () => {
      const provider = await insertTestProvider(h.db);
      const playerId = await fundedPlayer(0n);
      const { launchToken } = await insertLaunch(h.db, {
        ...provider,
        playerId,
        now: h.clock.now(),
      });
      const answers = await Promise.all(
        [1, 2, 3, 4].map((n) =>
          call(provider, 'authenticate', { requestId: `c${n}`, launchToken }),
        ),
      );
      expect(answers.filter((a) => a.status === 'RS_OK')).toHaveLength(1);
      expect(answers.filter((a) => a.status === 'RS_ERROR_INVALID_TOKEN')).toHaveLength(3);
    });

    it('refuses an expired launch token, another provider, a play-money session answers PTS', async () => {
      const provider = await insertTestProvider(h.db);
      const other = await insertTestProvider(h.db);
      const playerId = await fundedPlayer(0n);
      const expired = await insertLaunch(h.db, {
        ...provider,
        playerId,
        now: new Date(nowMs() - 5 * 60_000 - 1),
      });
      expect(
        (await call(provider, 'authenticate', { requestId: 'e', launchToken: expired.launchToken }))
          .status,
      ).toBe('RS_ERROR_INVALID_TOKEN');
      const launch = await insertLaunch(h.db, { ...provider, playerId, now: h.clock.now() });
      expect(
        (await call(other, 'authenticate', { requestId: 'o', launchToken: launch.launchToken }))
          .status,
      ).toBe('RS_ERROR_INVALID_TOKEN');
      const demo = await fundedPlayer(0n, true);
      const play = await insertLaunch(h.db, {
        ...provider,
        playerId: demo,
        playMoney: true,
        now: h.clock.now(),
      });
      expect(
        await call(provider, 'authenticate', { requestId: 'p', launchToken: play.launchToken }),
      ).toMatchObject({ status: 'RS_OK', currency: 'PTS' });
    });
  });

  describe('operations', () => {
    it('answers balance, takes a bet, pays a win and rolls a bet back, with balances', async () => {
      const provider = await insertTestProvider(h.db);
      const { playerId, base } = await session(provider, 100_000n);
      expect(await call(provider, 'balance', { requestId: 'b', ...base })).toMatchObject({
        status: 'RS_OK',
        balance: 100_000,
        currency: 'INR',
        user: String(playerId),
      });
      const roundId = next('round');
      const bet = await call(provider, 'bet', {
        requestId: 'bet1',
        ...base,
        transactionId: next('tx'),
        roundId,
        amount: 10_000,
      });
      expect(bet).toMatchObject({ status: 'RS_OK', requestId: 'bet1', balance: 90_000 });
      expect(bet.transactionId).toEqual(expect.any(String));
      const betTwo = next('tx');
      expect(
        await call(provider, 'bet', {
          requestId: 'bet2',
          ...base,
          transactionId: betTwo,
          roundId,
          amount: 5_000,
        }),
      ).toMatchObject({ status: 'RS_OK', balance: 85_000 });
      expect(
        await call(provider, 'rollback', {
          requestId: 'rb',
          ...base,
          transactionId: next('tx'),
          roundId,
          referenceTransactionId: betTwo,
        }),
      ).toMatchObject({ status: 'RS_OK', balance: 90_000 });
      expect(
        await call(provider, 'win', {
          requestId: 'win',
          ...base,
          transactionId: next('tx'),
          roundId,
          amount: 19_800,
        }),
      ).toMatchObject({ status: 'RS_OK', balance: 109_800, credited: 19_800 });
      expect(await cash(playerId)).toBe(109_800n);
      const [round] = await executeRows<Record<string, string>>(
        h.db,
        sql`select status, staked_paise::text as staked, won_paise::text as won,
                   refunded_paise::text as refunded from casino_rounds
            where provider_id = ${provider.providerId} and provider_round_id = ${roundId}`,
      );
      expect(round).toEqual({ status: 'closed', staked: '10000', won: '19800', refunded: '5000' });
      await expectLedgerBalanced();
    });

    it('checks the session: user, game, currency, expiry, blocked player, disabled game', async () => {
      const provider = await insertTestProvider(h.db);
      const { playerId, base } = await session(provider);
      const bet = (over: Record<string, unknown>) =>
        call(provider, 'bet', {
          requestId: 'r',
          ...base,
          transactionId: next('tx'),
          roundId: next('round'),
          amount: 1_000,
          ...over,
        });
      expect((await bet({ user: String(playerId + 1) })).status).toBe('RS_ERROR_INVALID_TOKEN');
      expect((await bet({ gameId: 'another' })).status).toBe('RS_ERROR_INVALID_TOKEN');
      expect((await bet({ token: 'x'.repeat(43) })).status).toBe('RS_ERROR_INVALID_TOKEN');
      expect((await bet({ currency: 'PTS' })).status).toBe('RS_ERROR_WRONG_CURRENCY');
      expect((await bet({ amount: 50 })).status).toBe('RS_ERROR_BET_LIMIT');

      await h.db
        .update(casinoGames)
        .set({ enabled: false })
        .where(eq(casinoGames.id, provider.gameId));
      expect((await bet({})).status).toBe('RS_ERROR_GAME_DISABLED');
      await h.db
        .update(casinoGames)
        .set({ enabled: true })
        .where(eq(casinoGames.id, provider.gameId));
      await h.db.update(users).set({ status: 'locked' }).where(eq(users.id, playerId));
      expect((await bet({})).status).toBe('RS_ERROR_USER_DISABLED');
      expect((await call(provider, 'balance', { requestId: 'b', ...base })).status).toBe(
        'RS_ERROR_USER_DISABLED',
      );
      await h.db.update(users).set({ status: 'active' }).where(eq(users.id, playerId));
      expect(await cash(playerId)).toBe(100_000n);
    });
  });
});

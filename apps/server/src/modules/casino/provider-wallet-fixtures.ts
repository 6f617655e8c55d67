import { randomBytes } from 'node:crypto';
import {
  CASINO_SIGNATURE_HEADER,
  CASINO_TIMESTAMP_HEADER,
  providerAnswerSchema,
  type CasinoProviderOperation,
  type ProviderAnswer,
} from '@spm/contract';
import type { DbHandle } from '../../db/database.ts';
import { hashToken, randomToken } from '../../security/tokens.ts';
import { signProviderBody } from './provider-signature.ts';
import { casinoGames, casinoProviders, casinoSessions } from './tables.ts';

/*
 * Arranging the seamless wallet's cases (tests and bench/casino-wallet): a provider with a
 * known secret, a game with its limits, and a launched session, as the lobby's launch writes
 * it. Not used by the server itself.
 */

export interface TestProvider {
  providerId: string;
  secret: string;
  gameId: string;
}

/** A provider (enabled, known secret) with one game of these limits (paise). */
export async function insertTestProvider(
  db: DbHandle,
  limits: { minBetPaise?: bigint; maxBetPaise?: bigint; secret?: string } = {},
): Promise<TestProvider> {
  const suffix = randomBytes(4).toString('hex');
  const providerId = `prov-${suffix}`;
  const secret = limits.secret ?? randomBytes(24).toString('hex');
  const gameId = `game-${suffix}`;
  await db.insert(casinoProviders).values({ id: providerId, name: providerId, secret });
  await db.insert(casinoGames).values({
    id: gameId,
    providerId,
    providerGameId: gameId,
    name: gameId,
    family: 'live-casino',
    category: 'Test',
    thumbnail: '/media/test.svg',
    minBetPaise: limits.minBetPaise ?? 100n,
    maxBetPaise: limits.maxBetPaise ?? 750_000n,
    rtpBasisPoints: 9700,
  });
  return { providerId, secret, gameId };
}

/** What the lobby's launch writes: a session row with a launch token valid 5 minutes. */
export async function insertLaunch(
  db: DbHandle,
  input: { providerId: string; gameId: string; playerId: number; playMoney?: boolean; now: Date },
): Promise<{ launchToken: string; sessionId: number }> {
  const launchToken = randomToken();
  const [row] = await db
    .insert(casinoSessions)
    .values({
      launchTokenHash: hashToken(launchToken),
      playerId: input.playerId,
      gameId: input.gameId,
      providerId: input.providerId,
      playMoney: input.playMoney ?? false,
      launchExpiresAt: new Date(input.now.getTime() + 5 * 60_000),
    })
    .returning({ id: casinoSessions.id });
  return { launchToken, sessionId: row!.id };
}

/** A signed provider request over HTTP (`fetch`), as an external provider sends it. */
export async function postSigned(
  baseUrl: string,
  input: {
    providerId: string;
    secret: string;
    operation: CasinoProviderOperation;
    body: unknown;
    timestampMs?: number;
  },
): Promise<ProviderAnswer> {
  const rawBody = JSON.stringify(input.body);
  const timestampMs = input.timestampMs ?? Date.now();
  const response = await fetch(
    `${baseUrl}/api/casino/provider/${input.providerId}/${input.operation}`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [CASINO_TIMESTAMP_HEADER]: String(timestampMs),
        [CASINO_SIGNATURE_HEADER]: signProviderBody(input.secret, timestampMs, input, rawBody),
      },
      body: rawBody,
    },
  );
  return providerAnswerSchema.parse(await response.json());
}

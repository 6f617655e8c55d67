import { betbyErrorAnswerSchema, type BetbyErrorAnswer, type BetbyMethod } from '@spm/contract';
import type { FastifyInstance } from 'fastify';
import { SignJWT, type CryptoKey } from 'jose';
import { randomUUID } from 'node:crypto';
import type { ServiceDeps } from '../../../deps.ts';
import { STAND_IN_BRAND_ID, STAND_IN_ISSUER } from '../sportsbook-keys.ts';

/*
 * The stand-in's side of Betby's operator API (docs/sportsbook.md): each call is the method's
 * fields signed RS256 with the stand-in's key, posted as `{ payload }` to the operator's
 * `POST /api/betby/{method}` exactly as Betby posts it, but in-process (`app.inject`), as SPM
 * Games calls the casino's wallet.
 */

/** What the operator answered: 200 with the method's answer, or 400 with Betby's error. */
export type OperatorAnswer =
  { status: 200; body: unknown } | { status: 400; body: BetbyErrorAnswer };

/**
 * One signed call; throws OperatorUnanswered when no answer came (a timeout, a 5xx, anything
 * but 200 or 400): the caller then does not know whether it applied.
 */
export type OperatorCaller = (
  method: BetbyMethod,
  fields: Record<string, unknown>,
) => Promise<OperatorAnswer>;

export class OperatorUnanswered extends Error {
  override readonly name = 'OperatorUnanswered';
}

/** Past this an unanswered call counts as no answer; settlements retry it under the same id. */
export const OPERATOR_CALL_TIMEOUT_MS = 10_000;

/** Betby's token: who signs, for which brand, when, a unique id, and the method's fields. */
export async function signOperatorCall(
  privateKey: CryptoKey,
  fields: Record<string, unknown>,
  now: Date,
): Promise<string> {
  return new SignJWT({ payload: fields })
    .setProtectedHeader({ alg: 'RS256' })
    .setIssuer(STAND_IN_ISSUER)
    .setAudience(STAND_IN_BRAND_ID)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setJti(randomUUID())
    .sign(privateKey);
}

/** The caller the app uses: signed with the stand-in's key, through `app.inject`. */
export function injectOperatorCaller(
  app: Pick<FastifyInstance, 'inject'>,
  input: {
    deps: Pick<ServiceDeps, 'clock'>;
    apiPrefix: string;
    privateKey: () => Promise<CryptoKey>;
  },
): OperatorCaller {
  return async (method, fields) => {
    const payload = await signOperatorCall(
      await input.privateKey(),
      fields,
      input.deps.clock.now(),
    );
    const response = await withTimeout(
      method,
      app.inject({
        method: 'POST',
        url: `${input.apiPrefix}/betby/${method}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ payload }),
      }),
    );
    if (response.statusCode === 200) return { status: 200, body: response.json() };
    if (response.statusCode === 400) {
      const refusal = betbyErrorAnswerSchema.safeParse(response.json());
      if (refusal.success) return { status: 400, body: refusal.data };
    }
    throw new OperatorUnanswered(`${method} answered HTTP ${response.statusCode}`);
  };
}

async function withTimeout<T>(method: BetbyMethod, call: Promise<T>): Promise<T> {
  let cancel: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    cancel = setTimeout(
      () => reject(new OperatorUnanswered(`${method} was not answered in time`)),
      OPERATOR_CALL_TIMEOUT_MS,
    );
    cancel.unref();
  });
  try {
    return await Promise.race([call, timeout]);
  } catch (error) {
    if (error instanceof OperatorUnanswered) throw error;
    throw new OperatorUnanswered(`${method} failed`, { cause: error });
  } finally {
    clearTimeout(cancel);
  }
}

/** Any call's failure as one that got no answer (a caller a test swaps in may throw anything). */
export async function callOperator(
  caller: OperatorCaller,
  method: BetbyMethod,
  fields: Record<string, unknown>,
): Promise<OperatorAnswer> {
  try {
    return await caller(method, fields);
  } catch (error) {
    if (error instanceof OperatorUnanswered) throw error;
    throw new OperatorUnanswered(`${method} failed`, { cause: error });
  }
}

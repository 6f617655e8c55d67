import {
  CASINO_SIGNATURE_HEADER,
  CASINO_TIMESTAMP_HEADER,
  providerAnswerSchema,
  type CasinoProviderOperation,
  type ProviderAnswer,
} from '@spm/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceDeps } from '../../deps.ts';
import { signProviderBody } from './provider-signature.ts';
import { refusal } from './provider-answers.ts';
import { handleProviderCall } from './provider-wallet-service.ts';

/** Where the seamless wallet's routes are registered, under the API prefix. */
export const PROVIDER_WALLET_PREFIX = '/casino/provider';

/** The seamless wallet's address under the API prefix (docs/casino-provider-api.md). */
export const providerWalletPath = (providerId: string, operation: string) =>
  `${PROVIDER_WALLET_PREFIX}/${encodeURIComponent(providerId)}/${encodeURIComponent(operation)}`;

/** A provider's request is small; anything bigger is not one. */
const BODY_LIMIT_BYTES = 16 * 1024;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** Providers expect HTTP 200 and the status in the body, whatever happened. */
const sendAnswer = (reply: FastifyReply, answer: ProviderAnswer) =>
  reply.code(200).header('cache-control', 'no-store').send(answer);

/**
 * POST {apiPrefix}/casino/provider/:provider/:operation. Its own encapsulated scope: the body
 * is kept as the raw text the signature covers (never parsed and re-serialised before the
 * check), and every error, even one fastify raises before the handler (too big, bad content
 * type), is answered in the provider's shape, not the app's envelope.
 */
export async function providerWalletRoutes(
  app: FastifyInstance,
  { deps }: { deps: ServiceDeps },
): Promise<void> {
  // The app's one wallet (deps.wallet), with the policies registered on it at start.
  const service = { deps, wallet: deps.wallet };
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (_r, body, done) => done(null, body),
  );
  app.setErrorHandler((error, request, reply) => {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === undefined || status >= 500) {
      request.log.error({ err: error }, 'casino provider wallet call failed');
      return sendAnswer(reply, refusal('RS_ERROR_UNKNOWN'));
    }
    const message = error instanceof Error ? error.message : 'Malformed request.';
    return sendAnswer(reply, refusal('RS_ERROR_WRONG_SYNTAX', {}, message));
  });

  // Registered under `{apiPrefix}/casino/provider`: a wrong address below it (a missing
  // operation, a GET) is answered here in the provider's shape, not the app's 404 envelope.
  const noSuchOperation = (_request: FastifyRequest, reply: FastifyReply) =>
    sendAnswer(reply, refusal('RS_ERROR_WRONG_SYNTAX', {}, 'No such provider operation.'));
  app.setNotFoundHandler(noSuchOperation);
  // The not-found handler alone is not enough: once the player app is built, its static
  // files' catch-all GET route (`/*`) matches these addresses first and answers a miss with
  // the app's 404 envelope. Routes of their own, for every method and path below the prefix,
  // win over it (the POST operation route below is more specific still).
  app.all('/', { schema: { hide: true } }, noSuchOperation);
  app.all('/*', { schema: { hide: true } }, noSuchOperation);

  app.post(
    '/:provider/:operation',
    {
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        tags: ['casino'],
        summary:
          'Seamless wallet callback of a game provider (always HTTP 200, status in the body)',
        hide: true,
      },
    },
    async (request, reply) => {
      const params = request.params as { provider: string; operation: string };
      const answer = await handleProviderCall(service, {
        providerId: params.provider,
        operation: params.operation,
        rawBody: typeof request.body === 'string' ? request.body : '',
        timestampHeader: header(request, CASINO_TIMESTAMP_HEADER),
        signatureHeader: header(request, CASINO_SIGNATURE_HEADER),
      });
      return sendAnswer(reply, answer);
    },
  );
}

/** What `callProviderWallet` needs to sign a call as the provider would. */
export interface ProviderWalletCall {
  providerId: string;
  secret: string;
  operation: CasinoProviderOperation;
  body: unknown;
  /** The signature's timestamp (Unix ms); default now. Pass the app's clock when it is manual. */
  timestampMs?: number;
  /** The API prefix the casino module was registered under; default `/api`. */
  apiPrefix?: string;
}

/**
 * Calls the seamless wallet in-process, signed exactly as an external provider signs over
 * HTTP (the body serialised once, that text signed and sent): SPM Games, the built-in
 * provider, moves its players' money this way and no other.
 */
export async function callProviderWallet(
  app: Pick<FastifyInstance, 'inject'>,
  call: ProviderWalletCall,
): Promise<ProviderAnswer> {
  const rawBody = JSON.stringify(call.body);
  const timestampMs = call.timestampMs ?? Date.now();
  const response = await app.inject({
    method: 'POST',
    url: `${call.apiPrefix ?? '/api'}${providerWalletPath(call.providerId, call.operation)}`,
    headers: {
      'content-type': 'application/json',
      [CASINO_TIMESTAMP_HEADER]: String(timestampMs),
      [CASINO_SIGNATURE_HEADER]: signProviderBody(call.secret, timestampMs, call, rawBody),
    },
    payload: rawBody,
  });
  return providerAnswerSchema.parse(response.json());
}

import { LANGUAGE_HEADER, languageOf, type Language } from '@spm/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The player's language for server content (docs/server-content-languages.md): the
 * `accept-language` header the apps send with their UI language; English when none fits.
 * The answer then varies by that header, which caches along the way must know.
 */
export function requestLanguage(request: FastifyRequest, reply?: FastifyReply): Language {
  reply?.header('vary', LANGUAGE_HEADER);
  return languageOf(request.headers[LANGUAGE_HEADER]);
}

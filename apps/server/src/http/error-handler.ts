import type { ErrorCode } from '@spm/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { AppError, isAppError, validationFailed } from './app-error.ts';
import { databaseBoundReached, databaseSessionEnded } from '../db/errors.ts';
import { errorBody } from './envelope.ts';

/** Fastify's own client errors carry a status; map each class onto one catalogue code. */
const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** `/username` from a body of `{username}` reads as `username`; an empty path names the part. */
function fieldName(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return path || context || 'request';
}

function validationError(
  validation: { instancePath: string; message?: string | undefined }[],
  context: string | undefined,
): AppError {
  return validationFailed(
    validation.map((issue) => ({
      field: fieldName(issue.instancePath, context),
      message: issue.message ?? 'Invalid value',
    })),
  );
}

/** Turns anything thrown into an AppError; unknown errors become INTERNAL. */
export function toAppError(error: FastifyError | Error): AppError {
  if (isAppError(error)) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return validationError(error.validation, error.validationContext);
  }
  if ('validation' in error && Array.isArray(error.validation)) {
    return validationError(error.validation, error.validationContext);
  }
  // Our own answer failed its declared schema: a server bug, never the client's problem.
  if (isResponseSerializationError(error)) return new AppError('INTERNAL');
  const status = 'statusCode' in error ? error.statusCode : undefined;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError(CODE_BY_STATUS[status] ?? 'BAD_REQUEST');
  }
  if (status === 503) return new AppError('SERVICE_UNAVAILABLE');
  if (databaseSessionEnded(error) || databaseBoundReached(error)) {
    return new AppError('SERVICE_UNAVAILABLE');
  }
  return new AppError('INTERNAL');
}

export function errorHandler(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const appError = toAppError(error);
  if (appError.statusCode >= 500) {
    // The client gets the catalogue text; the detail (stack, cause) stays in the log.
    request.log.error({ err: error, errorCode: appError.code }, 'request failed');
  } else {
    request.log.info({ errorCode: appError.code, reason: error.message }, 'request rejected');
  }
  return reply.status(appError.statusCode).send(errorBody(appError));
}

import {
  envelopeSchema,
  errorEnvelopeSchema,
  type ErrorEnvelope,
  type SuccessEnvelope,
} from '@spm/contract';
import type { z } from 'zod';
import type { AppError } from './app-error.ts';

/** Wraps a route's result in the success envelope (DESIGN 6). */
export function ok<T>(data: T, message?: string): SuccessEnvelope<T> {
  return message === undefined ? { data, error: false } : { data, error: false, message };
}

export function errorBody(error: AppError): ErrorEnvelope {
  return {
    data:
      error.issues !== undefined
        ? { issues: error.issues }
        : error.refusal !== undefined
          ? { refusal: error.refusal }
          : error.region !== undefined
            ? { region: error.region }
            : null,
    error: true,
    message: error.message,
    errorCode: error.code,
  };
}

/**
 * A route's `schema.response`: the contract's data schema inside the envelope for 200, and
 * the error envelope for 4xx/5xx so OpenAPI shows both and the serializer checks both.
 */
export function envelopeResponses<T extends z.ZodType>(data: T) {
  return {
    200: envelopeSchema(data),
    '4xx': errorEnvelopeSchema,
    '5xx': errorEnvelopeSchema,
  } as const;
}

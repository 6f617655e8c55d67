import { z } from 'zod';
import type { ErrorCode } from './errors.ts';
import type { RegionRefusal } from './regions.ts';

/**
 * Every HTTP answer is wrapped in this envelope (SPEC 3 "API response envelope", DESIGN 6).
 * Success: `error: false` and `data`. Failure: non-2xx status, `error: true`, a stable
 * `errorCode` and an English `message` the client may translate by code.
 */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    data,
    error: z.boolean(),
    message: z.string().optional(),
    errorMessage: z.string().optional(),
    errorCode: z.string().optional(),
  });

export interface SuccessEnvelope<T> {
  data: T;
  error: false;
  message?: string;
}

export interface FieldIssue {
  field: string;
  message: string;
}

/**
 * What refused a stake (LIMIT_REACHED, SELF_EXCLUDED, TIME_OUT, ROUND_LIMIT_REACHED): the
 * limit's name and when it lifts (ISO time), null when unknown or never.
 */
export interface StakeRefusal {
  limit: string | null;
  until: string | null;
}

export interface ErrorEnvelope {
  data: null | { issues: FieldIssue[] } | { refusal: StakeRefusal } | { region: RegionRefusal };
  error: true;
  message: string;
  errorCode: ErrorCode;
}

export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;

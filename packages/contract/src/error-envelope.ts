import { z } from 'zod';
import { errorCodes, type ErrorCode } from './errors.ts';
import { regionRefusalSchema } from './regions.ts';

/** One failed field of a VALIDATION_FAILED answer; `field` is the dotted path in the request. */
export const fieldIssueSchema = z.object({
  field: z.string(),
  message: z.string(),
});

/**
 * The failure side of the envelope (DESIGN 6) as a schema, so routes can declare their
 * error answers in OpenAPI and clients can parse them. Mirrors `ErrorEnvelope`.
 */
/** What refused a stake: the limit's name and when it lifts (ISO), each null when unknown. */
export const stakeRefusalSchema = z.object({
  limit: z.string().nullable(),
  until: z.string().nullable(),
});

export const errorEnvelopeSchema = z.object({
  data: z
    .union([
      z.object({ issues: z.array(fieldIssueSchema) }),
      z.object({ refusal: stakeRefusalSchema }),
      z.object({ region: regionRefusalSchema }),
    ])
    .nullable(),
  error: z.literal(true),
  message: z.string(),
  // The catalogue is a non-empty literal object; Object.keys just loses that tuple-ness.
  errorCode: z.enum(errorCodes as [ErrorCode, ...ErrorCode[]]),
});

import {
  errorCatalogue,
  type ErrorCode,
  type FieldIssue,
  type RegionRefusal,
  type StakeRefusal,
} from '@spm/contract';

/**
 * The one way code below the routes says "answer with this error code". The error handler
 * turns it into the envelope with the catalogue's status; anything else thrown becomes
 * INTERNAL, so internal messages never reach a client by accident.
 */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly issues: FieldIssue[] | undefined;
  /** A refused stake's limit and when it lifts (the envelope's `data.refusal`). */
  readonly refusal: StakeRefusal | undefined;
  /** A REGION_BLOCKED answer's check and place (the envelope's `data.region`). */
  readonly region: RegionRefusal | undefined;

  constructor(
    code: ErrorCode,
    message: string = errorCatalogue[code].message,
    options: {
      issues?: FieldIssue[];
      refusal?: StakeRefusal;
      region?: RegionRefusal;
      cause?: unknown;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.statusCode = errorCatalogue[code].status;
    this.issues = options.issues;
    this.refusal = options.refusal;
    this.region = options.region;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** A 400 VALIDATION_FAILED listing `issues`; its message names the first. */
export function validationFailed(issues: FieldIssue[]): AppError {
  const first = issues[0];
  const message = first
    ? `The request is not valid: ${first.field}: ${first.message}`
    : 'The request is not valid.';
  return new AppError('VALIDATION_FAILED', message, { issues });
}

/** A 400 VALIDATION_FAILED naming one field, shaped as the schema validator's answers. */
export function fieldError(field: string, message: string): AppError {
  return validationFailed([{ field, message }]);
}

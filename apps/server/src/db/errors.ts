/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The constraint (or unique index) a failed insert/update ran into, or undefined when the
 * error is not a unique violation. drizzle wraps the driver's error in `cause`; pg and
 * PGlite both report `code` and `constraint`.
 */
export function uniqueViolationConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && isRecord(current); depth += 1) {
    if (current.code === UNIQUE_VIOLATION) {
      return typeof current.constraint === 'string' ? current.constraint : '';
    }
    current = current.cause;
  }
  return undefined;
}

import type { FastifyRequest } from 'fastify';
import { fieldError } from './app-error.ts';

/**
 * PostgreSQL text cannot hold U+0000: a NUL that reaches a query fails there as a 500. No
 * field of ours has a use for it, so it is refused at the door, for every route at once.
 */
const NUL_MESSAGE = 'Must not contain a NUL character';

/**
 * The dotted path of the first string (or object key) holding a NUL, or null. Iterative, so
 * a 10,000-level nested body cannot overflow the stack; every node is visited once.
 */
export function findNul(value: unknown, root: string): string | null {
  return findText(value, root, (text) => text.includes('\u0000'));
}

/**
 * The dotted path of the first string (or object key) `isBad` holds true of, or null: the
 * walk findNul makes, for other rules on text (the seamless wallet also refuses lone UTF-16
 * surrogates, which PostgreSQL cannot store either).
 */
export function findText(
  value: unknown,
  root: string,
  isBad: (text: string) => boolean,
): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: root }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const current = next.value;
    if (typeof current === 'string') {
      if (isBad(current)) return next.path;
      continue;
    }
    if (typeof current !== 'object' || current === null || Buffer.isBuffer(current)) continue;
    for (const [key, child] of Object.entries(current)) {
      const path = next.path ? `${next.path}.${key}` : key;
      if (isBad(key)) return next.path || 'request';
      stack.push({ value: child, path });
    }
  }
  return null;
}

/** preValidation: a NUL in the params, query or body is 400 VALIDATION_FAILED naming it. */
export async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  const field =
    findNul(request.params, '') ?? findNul(request.query, '') ?? findNul(request.body, '');
  if (field !== null) throw fieldError(field || 'request', NUL_MESSAGE);
}

/** The same rule for the text fields of a multipart form, read after validation. */
export function assertNoNul(fields: Record<string, string>): void {
  const field = findNul(fields, '');
  if (field !== null) throw fieldError(field || 'request', NUL_MESSAGE);
}

import type { z } from 'zod';
import { fromIndiaInputValue, toIndiaInputValue } from '@spm/core';

/** Field name → first failing path of a zod error (e.g. "runners.1", "line"). */
export function issuesByField(error: z.ZodError): Record<string, true> {
  const fields: Record<string, true> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    if (path.length === 0) continue;
    fields[path.join('.')] = true;
    fields[path[0] ?? ''] = true;
  }
  return fields;
}

/** '' → undefined, else the number typed (NaN stays NaN so the schema refuses it). */
export function numberOrUndefined(value: string): number | undefined {
  return value.trim() === '' ? undefined : Number(value);
}

/**
 * An ISO instant as the value of a datetime-local input, in India time: staff type the start
 * time players will read (every screen shows IST), whatever zone their own computer is in.
 */
export function toLocalInput(iso: string): string {
  return toIndiaInputValue(iso);
}

/** A datetime-local value, read as India time, as an ISO instant; '' when empty or invalid. */
export function fromLocalInput(value: string): string {
  return fromIndiaInputValue(value);
}

import type { z } from 'zod';
import { indiaDay } from '@spm/core';

/** The first problem of a failed parse, as "field: message". */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return error.message;
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}

/** An Indian day (YYYY-MM-DD) `days` before `day`. */
export function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** Today in India (the reports' days are Indian days). */
export const indiaToday = (): string => indiaDay(new Date());

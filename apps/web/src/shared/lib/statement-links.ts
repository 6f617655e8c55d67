import { indiaDay } from '@spm/core';

/*
 * The address of one statement line (issue 44 item 4): /statement on the line's Indian day,
 * with the line opened. The dashboard's movements link there; the statement page reads it.
 */

/** Query parameters of /statement: the day to show and the line to open. */
export const STATEMENT_DAY_PARAM = 'day';
export const STATEMENT_ENTRY_PARAM = 'entry';

export function statementEntryPath(entry: { id: string; time: string }): string {
  const query = new URLSearchParams({
    [STATEMENT_DAY_PARAM]: indiaDay(new Date(entry.time)),
    [STATEMENT_ENTRY_PARAM]: entry.id,
  });
  return `/statement?${query.toString()}`;
}

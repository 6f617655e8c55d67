import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** A timestamp column's calendar day (YYYY-MM-DD) in `timeZone`, in SQL. */
export function dayOf(column: SQL | AnyColumn, timeZone: string): SQL {
  return sql`to_char((${column} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
}

/** `column` falls on a day of [fromDate, toDate] in `timeZone` (both ends included). */
export function rangeOf(
  column: SQL | AnyColumn,
  fromDate: string,
  toDate: string,
  timeZone: string,
): SQL {
  return sql`${column} >= (${fromDate}::date)::timestamp at time zone ${timeZone}
    and ${column} < (${toDate}::date + 1)::timestamp at time zone ${timeZone}`;
}

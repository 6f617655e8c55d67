/**
 * A PostgreSQL array literal of these values, to bind as one parameter and cast in SQL
 * (`${pgArray(ids)}::bigint[]`). Every element is double-quoted with `"` and `\` escaped, so
 * text of any content crosses intact; null is NULL.
 *
 * Prefer it to a JSON list (`jsonb_to_recordset`, `jsonb_array_elements_text`) where a list
 * drives a lookup: the planner knows an array's length (`unnest`, `= any`) and probes the
 * index for a few keys, while it guesses 100 rows for a JSON function and may scan the table.
 */
export function pgArray(values: readonly (string | number | bigint | null)[]): string {
  const elements = values.map((value) =>
    value === null ? 'NULL' : `"${String(value).replace(/(["\\])/g, '\\$1')}"`,
  );
  return `{${elements.join(',')}}`;
}

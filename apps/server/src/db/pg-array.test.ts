import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startHarness, type Harness } from '../test/harness.ts';
import { executeRows } from './database.ts';
import { pgArray } from './pg-array.ts';

describe.each(drivers)('pgArray on %s', (driver) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(driver);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('carries text of any content, numbers and nulls intact', async () => {
    const texts = [
      'plain',
      'with,comma',
      'quote"d',
      'back\\slash',
      '{braces}',
      'NULL',
      '',
      ' spaced ',
    ];
    const rows = await executeRows<{ t: string | null }>(
      h.db,
      sql`select t from unnest(${pgArray([...texts, null])}::text[]) with ordinality as x(t, n) order by n`,
    );
    expect(rows.map((r) => r.t)).toEqual([...texts, null]);
    const [summed] = await executeRows<{ s: string }>(
      h.db,
      sql`select sum(v)::text as s from unnest(${pgArray([1, 2n, 9_007_199_254_740_993n])}::bigint[]) as x(v)`,
    );
    expect(summed?.s).toBe('9007199254740996');
  });
});

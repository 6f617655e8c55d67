import { sql } from 'drizzle-orm';
import { executeRows, type DbHandle } from '../../db/database.ts';
import { notifications } from './tables.ts';
import { users } from '../identity/tables.ts';

/**
 * One notification row for every active player the platform does not run itself (demo
 * accounts included), in ONE statement: a broadcast to 100k players is one INSERT … SELECT,
 * never 100k round trips. Answers how many rows it wrote.
 */
export async function insertNotificationForAllPlayers(
  db: DbHandle,
  input: { title: string; message: string; status: string; createdAt: Date },
): Promise<number> {
  const [row] = await executeRows<{ n: string | number }>(
    db,
    sql`with inserted as (
          insert into ${notifications} (user_id, title, message, status, created_at)
          select ${users.id}, ${input.title}::text, ${input.message}::text, ${input.status}::text,
            ${input.createdAt.toISOString()}::timestamptz
          from ${users}
          where ${users.status} = 'active' and not ${users.isSystem}
          returning 1
        )
        select count(*) as n from inserted`,
  );
  return Number(row?.n ?? 0);
}

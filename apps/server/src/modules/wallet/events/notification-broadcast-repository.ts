import type { NotificationTranslations } from '@spm/contract';
import { sql, type SQL } from 'drizzle-orm';
import { executeRows, type DbHandle } from '../../../db/database.ts';
import { notifications } from '../ledger/tables.ts';
import { notRestrictedAt } from '../ledger/wallet-player-repository.ts';

/**
 * One notification row for each of `recipients` (an SQL subquery of player ids that identity
 * gives, e.g. identity's activePlayerIds: the wallet sits below identity and does not read its
 * tables), in ONE statement: a broadcast to 100k players is one INSERT … SELECT, never 100k
 * round trips. A player under a time-out or self-exclusion gets none (issue 42 item 3: no
 * promotional message reaches them). Answers how many rows it wrote.
 */
export async function insertNotificationForAllPlayers(
  db: DbHandle,
  input: {
    title: string;
    message: string;
    translations?: NotificationTranslations | undefined;
    status: string;
    createdAt: Date;
    recipients: SQL;
  },
): Promise<number> {
  const translations = input.translations ? JSON.stringify(input.translations) : null;
  const [row] = await executeRows<{ n: string | number }>(
    db,
    sql`with inserted as (
          insert into ${notifications} (user_id, title, message, translations, status, created_at)
          select r.id, ${input.title}::text, ${input.message}::text, ${translations}::jsonb,
            ${input.status}::text,
            ${input.createdAt.toISOString()}::timestamptz
          from (${input.recipients}) as r(id)
          where ${notRestrictedAt(sql`r.id`, input.createdAt)}
          returning 1
        )
        select count(*) as n from inserted`,
  );
  return Number(row?.n ?? 0);
}

import { REFERRAL_DIRECT_SOURCE } from '@spm/contract';
import { eq, sql, type SQL } from 'drizzle-orm';
import { executeRows, type DbHandle } from '../../db/database.ts';
import { referralRewards } from './tables.ts';

/*
 * The programme's reads (docs/referral.md). Visits are the site's page_visits rows that carry
 * the code (one per browser session, `tracking_id`); sign-ups are identity's users with
 * `referrer_id`; rewards are this module's rows.
 */

/** Most sources one answer lists (the busiest first); the rest are rare referrer pages. */
export const SOURCES_LISTED = 50;

/**
 * A source as the programme counts it: the host of an address (`https://web.whatsapp.com/`
 * -> `web.whatsapp.com`, `www.` dropped), else the text lower-cased (`WhatsApp` ->
 * `whatsapp`), else `direct`; at most 64 characters.
 */
const sourceLabel = (column: SQL): SQL => sql`left(coalesce(
    nullif(regexp_replace(lower(substring(${column} from '^[A-Za-z][A-Za-z0-9+.-]*://([^/:?#]+)')), '^www\\.', ''), ''),
    nullif(lower(btrim(${column})), ''),
    ${REFERRAL_DIRECT_SOURCE}), 64)`;

export interface ReferralCounts {
  visits: number;
  signUps: number;
  rewarded: number;
  rewardsPaise: bigint;
}

export async function referralCounts(
  db: DbHandle,
  referrerId: number,
  code: string | null,
): Promise<ReferralCounts> {
  const [row] = await executeRows<{
    visits: string | number;
    sign_ups: string | number;
    rewarded: string | number;
    rewards_paise: string | bigint;
  }>(
    db,
    sql`select
          (select count(distinct tracking_id) from page_visits
            where ${code}::text is not null and lower(agent_code) = lower(${code}::text)) as visits,
          (select count(*) from users where referrer_id = ${referrerId}) as sign_ups,
          (select count(*) from referral_rewards where referrer_id = ${referrerId}) as rewarded,
          (select coalesce(sum(reward_paise), 0) from referral_rewards
            where referrer_id = ${referrerId}) as rewards_paise`,
  );
  return {
    visits: Number(row?.visits ?? 0),
    signUps: Number(row?.sign_ups ?? 0),
    rewarded: Number(row?.rewarded ?? 0),
    rewardsPaise: BigInt(row?.rewards_paise ?? 0),
  };
}

export interface SourceRow {
  source: string;
  visits: number;
  signUps: number;
  rewarded: number;
}

/** Visits, sign-ups and rewards per source, the most sign-ups first, then visits, then name. */
export async function referralSources(
  db: DbHandle,
  referrerId: number,
  code: string | null,
): Promise<SourceRow[]> {
  const rows = await executeRows<{
    source: string;
    visits: string | number;
    sign_ups: string | number;
    rewarded: string | number;
  }>(
    db,
    sql`with visits as (
          select ${sourceLabel(sql`source`)} as source, count(distinct tracking_id) as n
            from page_visits
           where ${code}::text is not null and lower(agent_code) = lower(${code}::text)
           group by 1),
        children as (
          select ${sourceLabel(sql`u.source`)} as source, count(*) as n, count(r.child_id) as rewarded
            from users u left join referral_rewards r on r.child_id = u.id
           where u.referrer_id = ${referrerId}
           group by 1)
        select coalesce(v.source, c.source) as source, coalesce(v.n, 0) as visits,
               coalesce(c.n, 0) as sign_ups, coalesce(c.rewarded, 0) as rewarded
          from visits v full join children c on c.source = v.source
         order by sign_ups desc, visits desc, source
         limit ${SOURCES_LISTED}`,
  );
  return rows.map((row) => ({
    source: row.source,
    visits: Number(row.visits),
    signUps: Number(row.sign_ups),
    rewarded: Number(row.rewarded),
  }));
}

export interface ChildRow {
  username: string;
  joinedAt: Date;
  source: string;
  rewardPaise: bigint | null;
  rewardedAt: Date | null;
}

/** The invited players, newest first, a page at a time, with how many there are in all. */
export async function referralChildren(
  db: DbHandle,
  referrerId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: ChildRow[]; total: number }> {
  const rows = await executeRows<{
    username: string;
    created_at: string | Date;
    source: string;
    reward_paise: string | bigint | null;
    rewarded_at: string | Date | null;
    total: string | number;
  }>(
    db,
    sql`select u.username, u.created_at, ${sourceLabel(sql`u.source`)} as source,
               r.reward_paise, r.created_at as rewarded_at, count(*) over () as total
          from users u left join referral_rewards r on r.child_id = u.id
         where u.referrer_id = ${referrerId}
         order by u.created_at desc, u.id desc
         limit ${page.limit} offset ${page.offset}`,
  );
  const total =
    rows[0] !== undefined
      ? Number(rows[0].total)
      : Number(
          (
            await executeRows<{ n: string | number }>(
              db,
              sql`select count(*) as n from users where referrer_id = ${referrerId}`,
            )
          )[0]?.n ?? 0,
        );
  return {
    total,
    rows: rows.map((row) => ({
      username: row.username,
      joinedAt: new Date(row.created_at),
      source: row.source,
      rewardPaise: row.reward_paise === null ? null : BigInt(row.reward_paise),
      rewardedAt: row.rewarded_at === null ? null : new Date(row.rewarded_at),
    })),
  };
}

/** What the reward decision needs of the depositing player: who invited them, if anyone. */
export async function referrerOf(
  db: DbHandle,
  childId: number,
): Promise<{ referrerId: number; childUsername: string; referrerActive: boolean } | undefined> {
  const [row] = await executeRows<{
    referrer_id: string | number | null;
    username: string;
    referrer_status: string | null;
  }>(
    db,
    sql`select c.referrer_id, c.username, r.status as referrer_status
          from users c left join users r on r.id = c.referrer_id
         where c.id = ${childId}`,
  );
  if (!row || row.referrer_id === null) return undefined;
  return {
    referrerId: Number(row.referrer_id),
    childUsername: row.username,
    referrerActive: row.referrer_status === 'active',
  };
}

/**
 * Claims the invited player's one reward: true when this call wrote the row. A second deposit
 * of the same player, even one approved at the same moment, waits on the key and finds it.
 */
export async function claimReferralReward(
  db: DbHandle,
  row: typeof referralRewards.$inferInsert,
): Promise<boolean> {
  const inserted = await db
    .insert(referralRewards)
    .values(row)
    .onConflictDoNothing()
    .returning({ childId: referralRewards.childId });
  return inserted.length > 0;
}

/** Takes back a claim whose money could not move (in the same transaction). */
export async function unclaimReferralReward(db: DbHandle, childId: number): Promise<void> {
  await db.delete(referralRewards).where(eq(referralRewards.childId, childId));
}

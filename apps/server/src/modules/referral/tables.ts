import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../identity/tables.ts';

/**
 * The reward an invited player's first qualifying deposit paid the player who invited them
 * (docs/referral.md): one row per invited player at most (the key), written in the deposit's
 * own transaction beside the wallet's posting. `deposit_id` names the deposit request (the
 * cashier sits above this module, so no foreign key).
 */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    childId: bigint('child_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    referrerId: bigint('referrer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    depositId: bigint('deposit_id', { mode: 'number' }).notNull(),
    depositPaise: bigint('deposit_paise', { mode: 'bigint' }).notNull(),
    rewardPaise: bigint('reward_paise', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    check('referral_rewards_reward_check', sql`${table.rewardPaise} > 0`),
    index('referral_rewards_referrer_created_idx').on(table.referrerId, table.createdAt),
  ],
);

import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BONUS_CLAIM_PART_KINDS, BONUS_CLAIM_STATUSES, BONUS_SOURCES } from '@spm/contract';
import type { Translations } from '@spm/contract';
import { timestampTz } from '../../db/columns.ts';
import { staffUsers, users } from '../identity/tables.ts';

/*
 * Bonuses (docs/bonus.md, migration 0040). The money itself is the wallet's: coins granted,
 * converted and forfeited are ledger transactions keyed by the claim; these rows say which
 * bonus they belong to, its terms and its wagering.
 */

const inList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/** A deposit offer staff publish (percent in basis points: 666 % is 66,600). */
export const bonusOffers = pgTable(
  'bonus_offers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    title: text('title').notNull(),
    titleTranslations: jsonb('title_translations')
      .$type<Translations>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    percentBps: integer('percent_bps').notNull(),
    maxBonusPaise: bigint('max_bonus_paise', { mode: 'bigint' }).notNull(),
    minDepositPaise: bigint('min_deposit_paise', { mode: 'bigint' }).notNull(),
    wageringMultiplier: integer('wagering_multiplier').notNull(),
    validDays: integer('valid_days').notNull(),
    firstDepositOnly: boolean('first_deposit_only').notNull(),
    active: boolean('active').notNull(),
    startsAt: timestampTz('starts_at'),
    endsAt: timestampTz('ends_at'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => staffUsers.id),
    createdAt: timestampTz('created_at').notNull(),
    updatedAt: timestampTz('updated_at').notNull(),
  },
  (table) => [
    check(
      'bonus_offers_terms_check',
      sql`${table.percentBps} > 0 and ${table.maxBonusPaise} > 0 and ${table.minDepositPaise} > 0 and ${table.wageringMultiplier} >= 0 and ${table.validDays} > 0`,
    ),
  ],
);

/**
 * A player's bonus: an offer claimed (pending until a qualifying deposit), or coins granted
 * with no offer (a gateway's deposit bonus, a referral reward). At most one pending and one
 * active per player (unique partial indexes): grants while one is active join it.
 */
export const bonusClaims = pgTable(
  'bonus_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    playerId: bigint('player_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    source: text('source', { enum: BONUS_SOURCES }).notNull(),
    offerId: bigint('offer_id', { mode: 'number' }).references(() => bonusOffers.id),
    status: text('status', { enum: BONUS_CLAIM_STATUSES }).notNull(),
    /** The deposit request that granted the offer (the cashier sits above: no foreign key). */
    depositId: bigint('deposit_id', { mode: 'number' }),
    depositPaise: bigint('deposit_paise', { mode: 'bigint' }),
    bonusPaise: bigint('bonus_paise', { mode: 'bigint' }).notNull().default(0n),
    wageringRequiredPaise: bigint('wagering_required_paise', { mode: 'bigint' })
      .notNull()
      .default(0n),
    /** Stakes counted as last checked (final once it ended). */
    wageredPaise: bigint('wagered_paise', { mode: 'bigint' }).notNull().default(0n),
    convertedPaise: bigint('converted_paise', { mode: 'bigint' }),
    forfeitedPaise: bigint('forfeited_paise', { mode: 'bigint' }),
    createdAt: timestampTz('created_at').notNull(),
    activatedAt: timestampTz('activated_at'),
    expiresAt: timestampTz('expires_at'),
    endedAt: timestampTz('ended_at'),
    /** When the sweeper last looked at it: the least recently checked go first. */
    checkedAt: timestampTz('checked_at'),
  },
  (table) => [
    check('bonus_claims_source_check', sql.raw(`source in (${inList(BONUS_SOURCES)})`)),
    check('bonus_claims_status_check', sql.raw(`status in (${inList(BONUS_CLAIM_STATUSES)})`)),
    check(
      'bonus_claims_offer_check',
      sql`(${table.source} = 'offer') = (${table.offerId} is not null)`,
    ),
    check(
      'bonus_claims_active_check',
      sql`${table.status} in ('pending', 'cancelled') or (${table.activatedAt} is not null and ${table.expiresAt} is not null)`,
    ),
    uniqueIndex('bonus_claims_one_pending_key')
      .on(table.playerId)
      .where(sql`${table.status} = 'pending'`),
    uniqueIndex('bonus_claims_one_active_key')
      .on(table.playerId)
      .where(sql`${table.status} = 'active'`),
    index('bonus_claims_player_created_idx').on(table.playerId, table.createdAt),
    index('bonus_claims_offer_idx')
      .on(table.offerId, table.playerId)
      .where(sql`${table.offerId} is not null`),
    index('bonus_claims_active_checked_idx')
      .on(table.checkedAt)
      .where(sql`${table.status} = 'active'`),
  ],
);

/** What happened to a bonus, a line each: claimed, coins granted, converted, forfeited. */
export const bonusClaimParts = pgTable(
  'bonus_claim_parts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    claimId: bigint('claim_id', { mode: 'number' })
      .notNull()
      .references(() => bonusClaims.id),
    kind: text('kind', { enum: BONUS_CLAIM_PART_KINDS }).notNull(),
    amountPaise: bigint('amount_paise', { mode: 'bigint' }).notNull().default(0n),
    wageringAddedPaise: bigint('wagering_added_paise', { mode: 'bigint' }).notNull().default(0n),
    source: text('source', { enum: BONUS_SOURCES }),
    reference: text('reference'),
    actorStaffId: bigint('actor_staff_id', { mode: 'number' }).references(() => staffUsers.id),
    createdAt: timestampTz('created_at').notNull(),
  },
  (table) => [
    check('bonus_claim_parts_kind_check', sql.raw(`kind in (${inList(BONUS_CLAIM_PART_KINDS)})`)),
    index('bonus_claim_parts_claim_idx').on(table.claimId, table.id),
  ],
);

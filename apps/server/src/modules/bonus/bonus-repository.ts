import { and, asc, count, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { BonusClaimPartKind, BonusSource } from '@spm/contract';
import type { DbHandle } from '../../db/database.ts';
import { bonusClaimParts, bonusClaims, bonusOffers } from './tables.ts';

/* The bonus module's rows (docs/bonus.md). Money is the wallet's; these say whose and why. */

export type BonusOfferRow = typeof bonusOffers.$inferSelect;
export type BonusClaimRow = typeof bonusClaims.$inferSelect;
export type BonusClaimPartRow = typeof bonusClaimParts.$inferSelect;

/** Offers a player may claim now: active, started, not ended; newest first. */
export function openOffers(db: DbHandle, now: Date): Promise<BonusOfferRow[]> {
  return db
    .select()
    .from(bonusOffers)
    .where(
      and(
        eq(bonusOffers.active, true),
        or(isNull(bonusOffers.startsAt), lte(bonusOffers.startsAt, now)),
        or(isNull(bonusOffers.endsAt), gt(bonusOffers.endsAt, now)),
      ),
    )
    .orderBy(desc(bonusOffers.id));
}

export async function findOffer(db: DbHandle, offerId: number): Promise<BonusOfferRow | undefined> {
  const [row] = await db.select().from(bonusOffers).where(eq(bonusOffers.id, offerId));
  return row;
}

export async function offersByIds(
  db: DbHandle,
  offerIds: readonly number[],
): Promise<Map<number, BonusOfferRow>> {
  if (offerIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(bonusOffers)
    .where(sql`${bonusOffers.id} = any(${`{${offerIds.join(',')}}`}::bigint[])`);
  return new Map(rows.map((row) => [row.id, row]));
}

/** Every offer, newest first, with its claims and the coins it granted and converted. */
export function offersWithTotals(db: DbHandle) {
  return db
    .select({
      offer: bonusOffers,
      claims: sql<string>`(select count(*) from ${bonusClaims} c where c.offer_id = bonus_offers.id)`,
      grantedPaise: sql<string>`(select coalesce(sum(c.bonus_paise), 0) from ${bonusClaims} c where c.offer_id = bonus_offers.id)`,
      convertedPaise: sql<string>`(select coalesce(sum(c.converted_paise), 0) from ${bonusClaims} c where c.offer_id = bonus_offers.id)`,
    })
    .from(bonusOffers)
    .orderBy(desc(bonusOffers.id));
}

export async function insertOffer(
  db: DbHandle,
  row: typeof bonusOffers.$inferInsert,
): Promise<BonusOfferRow> {
  const [inserted] = await db.insert(bonusOffers).values(row).returning();
  return inserted!;
}

export async function updateOffer(
  db: DbHandle,
  offerId: number,
  changes: Partial<typeof bonusOffers.$inferInsert>,
): Promise<BonusOfferRow | undefined> {
  const [updated] = await db
    .update(bonusOffers)
    .set(changes)
    .where(eq(bonusOffers.id, offerId))
    .returning();
  return updated;
}

/** The offers this player has a claim on that still counts (pending, or granted once). */
export async function offersClaimedBy(db: DbHandle, playerId: number): Promise<Set<number>> {
  const rows = await db
    .select({ offerId: bonusClaims.offerId })
    .from(bonusClaims)
    .where(
      and(
        eq(bonusClaims.playerId, playerId),
        or(eq(bonusClaims.status, 'pending'), sql`${bonusClaims.activatedAt} is not null`),
      ),
    );
  return new Set(rows.flatMap((row) => (row.offerId === null ? [] : [row.offerId])));
}

export async function insertClaim(
  db: DbHandle,
  row: typeof bonusClaims.$inferInsert,
): Promise<BonusClaimRow> {
  const [inserted] = await db.insert(bonusClaims).values(row).returning();
  return inserted!;
}

export async function updateClaim(
  db: DbHandle,
  claimId: number,
  changes: Partial<typeof bonusClaims.$inferInsert>,
): Promise<BonusClaimRow> {
  const [updated] = await db
    .update(bonusClaims)
    .set(changes)
    .where(eq(bonusClaims.id, claimId))
    .returning();
  return updated!;
}

/** A running bonus's wagering as last counted (nothing once it has ended). */
export async function recordWagering(
  db: DbHandle,
  claimId: number,
  count: { wageredPaise: bigint; checkedAt: Date },
): Promise<void> {
  await db
    .update(bonusClaims)
    .set(count)
    .where(and(eq(bonusClaims.id, claimId), eq(bonusClaims.status, 'active')));
}

export async function findClaim(db: DbHandle, claimId: number): Promise<BonusClaimRow | undefined> {
  const [row] = await db.select().from(bonusClaims).where(eq(bonusClaims.id, claimId));
  return row;
}

/** The player's claim in this status (pending or active: one at most), unlocked. */
export function claimInStatus(
  db: DbHandle,
  playerId: number,
  status: 'pending' | 'active',
): Promise<BonusClaimRow | undefined> {
  return claimIn(db, playerId, status, false);
}

/** The same, locked for the rest of the transaction. */
export function lockClaimIn(
  db: DbHandle,
  playerId: number,
  status: 'pending' | 'active',
): Promise<BonusClaimRow | undefined> {
  return claimIn(db, playerId, status, true);
}

async function claimIn(
  db: DbHandle,
  playerId: number,
  status: 'pending' | 'active',
  lock: boolean,
): Promise<BonusClaimRow | undefined> {
  const query = db
    .select()
    .from(bonusClaims)
    .where(and(eq(bonusClaims.playerId, playerId), eq(bonusClaims.status, status)))
    .$dynamic();
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** One claim, locked. */
export async function lockClaim(db: DbHandle, claimId: number): Promise<BonusClaimRow | undefined> {
  const [row] = await db
    .select()
    .from(bonusClaims)
    .where(eq(bonusClaims.id, claimId))
    .for('update');
  return row;
}

export async function playerClaims(
  db: DbHandle,
  playerId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: BonusClaimRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(bonusClaims)
      .where(eq(bonusClaims.playerId, playerId))
      .orderBy(desc(bonusClaims.createdAt), desc(bonusClaims.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(bonusClaims).where(eq(bonusClaims.playerId, playerId)),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

export interface ClaimTotals {
  grantedPaise: bigint;
  convertedPaise: bigint;
  forfeitedPaise: bigint;
}

export async function claimTotalsOf(db: DbHandle, playerId: number): Promise<ClaimTotals> {
  const [row] = await db
    .select({
      granted: sql<string>`coalesce(sum(${bonusClaims.bonusPaise}), 0)`,
      converted: sql<string>`coalesce(sum(${bonusClaims.convertedPaise}), 0)`,
      forfeited: sql<string>`coalesce(sum(${bonusClaims.forfeitedPaise}), 0)`,
    })
    .from(bonusClaims)
    .where(eq(bonusClaims.playerId, playerId));
  return {
    grantedPaise: BigInt(row?.granted ?? 0),
    convertedPaise: BigInt(row?.converted ?? 0),
    forfeitedPaise: BigInt(row?.forfeited ?? 0),
  };
}

/** Active bonuses the sweeper looks at next: the least recently checked first. */
export async function activeClaimsToCheck(db: DbHandle, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: bonusClaims.id })
    .from(bonusClaims)
    .where(eq(bonusClaims.status, 'active'))
    .orderBy(sql`${bonusClaims.checkedAt} asc nulls first`, asc(bonusClaims.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

export async function insertClaimPart(
  db: DbHandle,
  part: {
    claimId: number;
    kind: BonusClaimPartKind;
    amountPaise?: bigint;
    wageringAddedPaise?: bigint;
    source?: BonusSource | null;
    reference?: string | null;
    actorStaffId?: number | null;
    createdAt: Date;
  },
): Promise<void> {
  await db.insert(bonusClaimParts).values(part);
}

export async function claimParts(
  db: DbHandle,
  claimId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: BonusClaimPartRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(bonusClaimParts)
      .where(eq(bonusClaimParts.claimId, claimId))
      .orderBy(desc(bonusClaimParts.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(bonusClaimParts).where(eq(bonusClaimParts.claimId, claimId)),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
}

/** A player's claims, newest first (for staff, the newest `limit`; all for the data export). */
export function allClaimsOf(db: DbHandle, playerId: number, limit?: number) {
  const query = db
    .select()
    .from(bonusClaims)
    .where(eq(bonusClaims.playerId, playerId))
    .orderBy(desc(bonusClaims.createdAt), desc(bonusClaims.id))
    .$dynamic();
  return limit === undefined ? query : query.limit(limit);
}

import { asc, eq } from 'drizzle-orm';
import type { DbHandle } from '../db/database.ts';
import { paymentGateways } from '../db/schema.ts';

export type GatewayRow = typeof paymentGateways.$inferSelect;
export type NewGatewayRow = typeof paymentGateways.$inferInsert;

export function listGatewayRows(db: DbHandle): Promise<GatewayRow[]> {
  return db
    .select()
    .from(paymentGateways)
    .orderBy(asc(paymentGateways.sortOrder), asc(paymentGateways.code));
}

export async function findGatewayRow(db: DbHandle, code: string): Promise<GatewayRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentGateways)
    .where(eq(paymentGateways.code, code))
    .limit(1);
  return row;
}

/** Seeds: inserts rows whose code is absent, leaving operator-edited ones alone. */
export async function insertGatewaysIfAbsent(db: DbHandle, rows: NewGatewayRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(paymentGateways).values(rows).onConflictDoNothing({
    target: paymentGateways.code,
  });
}

export async function updateGatewayRow(
  db: DbHandle,
  code: string,
  changes: Partial<NewGatewayRow>,
): Promise<GatewayRow | undefined> {
  const [row] = await db
    .update(paymentGateways)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(paymentGateways.code, code))
    .returning();
  return row;
}
